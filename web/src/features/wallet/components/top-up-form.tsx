import { Card } from '@aws-amplify/ui-react';
import { SubmitButton } from '@/components/button';
import { TextField } from '@/components/fields';
import { toastError } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { setServerErrors, useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { useCreateTopUpMutation } from '../api/create-top-up';
import { WALLET_TOP_UP_MAX, WALLET_TOP_UP_MIN } from '@shared/constants';
import { topUpFormSchema } from '../lib/top-up-form';

/**
 * Top up by Paymob: an amount in whole pounds, then Paymob's checkout in the same tab, as a
 * lecture's payment; the wallet is credited when the payment settles (/temp, as for a lecture).
 */
export function TopUpForm() {
  const t = useT();
  const [topUp] = useCreateTopUpMutation();
  const { register, handleSubmit, setError, formState } = useZodForm(topUpFormSchema, { defaultValues: { amount: '' } });

  const onSubmit = handleSubmit(async ({ amount }) => {
    const result = await topUp(amount);
    if (result.error) {
      if ((result.error as ApiFailure).handled) return;
      if (!setServerErrors(result.error, setError, t, { fields: ['amount'] })) void toastError(messageOf(result.error, t, 'wallet.topUpFailed'));
      return;
    }
    if (result.data.paymentUrl) window.location.assign(result.data.paymentUrl);
    else void toastError(t('wallet.topUpFailed'));
  });

  return (
    <Card as="section" variation="outlined" className="wallet-card top-up" aria-labelledby="top-up-title">
      <h2 id="top-up-title">{t('wallet.topUpTitle')}</h2>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="top-up-form">
        <TextField label={t('wallet.topUpAmount')} type="number" inputMode="numeric" min={WALLET_TOP_UP_MIN} max={WALLET_TOP_UP_MAX} dir="ltr" error={formState.errors.amount?.message} {...register('amount')} />
        <SubmitButton loading={formState.isSubmitting}>{t('wallet.topUp')}</SubmitButton>
        <p className="muted wallet-methods">{t('wallet.methods')}</p>
      </form>
    </Card>
  );
}
