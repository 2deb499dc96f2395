import { Card } from '@aws-amplify/ui-react';
import { SubmitButton } from '@/components/button';
import { TextField } from '@/components/fields';
import { toastError, toastSuccess } from '@/components/toast';
import { WalletEntries } from '@/components/wallet-entries';
import { useT } from '@/i18n/use-t';
import '@/i18n/wallet-area';
import type { ApiFailure } from '@/lib/api';
import type { Wallet } from '@/lib/endpoints/get-wallet';
import { setServerErrors, useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { moneyText } from '@/lib/money';
import { useAdjustWalletMutation } from '../api/adjust-wallet';
import { walletFormSchema } from '../lib/wallet-form';

/**
 * A student's wallet on their page: the balance, a credit or debit with its reason (written to the
 * ledger), and the ledger's entries.
 */
export function UserWallet({ userId, wallet }: { userId: string; wallet: Wallet }) {
  const t = useT();
  const [adjust] = useAdjustWalletMutation();
  const { register, handleSubmit, setError, reset, formState } = useZodForm(walletFormSchema, { defaultValues: { amount: '', reason: '' } });
  const { errors } = formState;

  const onSubmit = handleSubmit(async ({ amount, reason }) => {
    const result = await adjust({ userId, amount, reason });
    if (result.error) {
      if ((result.error as ApiFailure).handled) return;
      if (!setServerErrors(result.error, setError, t, { fields: ['amount', 'reason'] })) void toastError(messageOf(result.error, t, 'userWallet.failed'));
      return;
    }
    void toastSuccess(t('userWallet.done', { amount: moneyText(result.data.balance ?? wallet.balance + amount, t('currency')) }));
    reset({ amount: '', reason: '' });
  });

  return (
    <div className="user-wallet">
      <p className="user-wallet-balance" data-testid="user-wallet-balance">
        <strong>{t('userWallet.balance', { amount: moneyText(wallet.balance, t('currency')) })}</strong>
      </p>
      <Card as="section" variation="outlined" className="people-card user-wallet-form" aria-label={t('userWallet.title')}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="user-wallet-fields">
          <TextField label={t('userWallet.amount')} type="number" inputMode="decimal" step="any" dir="ltr" error={errors.amount?.message} {...register('amount')} />
          <TextField label={t('userWallet.reason')} dir="auto" autoComplete="off" error={errors.reason?.message} {...register('reason')} />
          <SubmitButton loading={formState.isSubmitting}>{t('userWallet.submit')}</SubmitButton>
        </form>
      </Card>
      <WalletEntries entries={wallet.entries} />
    </div>
  );
}
