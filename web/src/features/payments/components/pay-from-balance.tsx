import { Radio, RadioGroupField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ButtonSpinner } from '@/components/spinner';
import { type Translate, useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { errorBodyOf, messageOf } from '@/lib/messages';
import { moneyText } from '@/lib/money';
import { type BalancePurchase, useBuyFromWalletMutation } from '../api/buy-from-wallet';
import { useGetWalletQuery } from '@/lib/endpoints/get-wallet';
import { PayLink } from './pay-link';

export type PayWay = 'paymob' | 'wallet';

/** The two ways to pay, beside each other: the balance (with what it holds) and Paymob's checkout (card, wallet, kiosk). */
export function PayWayChoice({ balance, way, onChange }: { balance: number; way: PayWay; onChange: (way: PayWay) => void }) {
  const t = useT();
  return (
    <RadioGroupField legend={t('pay.howTitle')} name="payWay" value={way} onChange={(e) => onChange(e.target.value as PayWay)} className="pay-way">
      <Radio value="wallet">{t('pay.fromBalance', { amount: moneyText(balance, t('currency')) })}</Radio>
      <Radio value="paymob">{t('pay.byPaymob')}</Radio>
    </RadioGroupField>
  );
}

/** A 402's words: the balance and the price the server reported (nothing was taken), of the lecture or of the whole term. */
function shortText(error: unknown, t: Translate, what: BalancePurchase): string | null {
  const body = errorBodyOf(error) as { balance?: unknown; price?: unknown } | undefined;
  if ((error as ApiFailure).status !== 402 || typeof body?.balance !== 'number' || typeof body.price !== 'number') return null;
  return t(what.termId !== undefined ? 'bundle.balanceShort' : 'pay.balanceShort', { balance: moneyText(body.balance, t('currency')), price: moneyText(body.price, t('currency')) });
}

/**
 * Buy from the balance: one button that posts `useWallet: true` (with the applied coupon). Bought →
 * `onBought`; a balance short of the price → the server's balance and price and a link to top up.
 */
export function PayFromBalance({ what, couponCode, amount, onBought }: { what: BalancePurchase; couponCode?: string; amount: number; onBought: () => void }) {
  const t = useT();
  const [buy, { isLoading }] = useBuyFromWalletMutation();
  const [failure, setFailure] = useState<{ text: string; short: boolean } | null>(null);

  async function onBuy() {
    setFailure(null);
    const result = await buy({ ...what, couponCode });
    if (result.error) {
      if ((result.error as ApiFailure).handled) return;
      const short = shortText(result.error, t, what);
      setFailure({ text: short ?? messageOf(result.error, t, 'pay.linkFailed'), short: short !== null });
      return;
    }
    if (result.data.granted) onBought();
  }

  return (
    <div className="pay-action">
      <button type="button" className="button button-primary button-block pay-balance" onClick={() => void onBuy()} disabled={isLoading} aria-busy={isLoading}>
        {isLoading && <ButtonSpinner />}
        {t('pay.buyFromBalance', { amount: moneyText(amount, t('currency')) })}
      </button>
      {failure && (
        <div className="pay-failure" data-testid="balance-failure">
          <p className="field-error" role="alert" dir="auto">
            {failure.text}
          </p>
          {failure.short && <Link to="/profile/wallet">{t('pay.topUpLink')}</Link>}
        </div>
      )}
    </div>
  );
}

/**
 * How to pay `amount` (after the coupon): with a balance, the choice between it and Paymob; the
 * balance's button, or the link to Paymob's checkout (`paymentUrl`, '' while it is being made; a
 * spinner then, with `failure` and a retry when it could not be). /pay's lecture and a term's
 * whole-term offer both pay this way.
 */
export function PayChoices({
  what,
  couponCode,
  amount,
  paymentUrl,
  payText,
  failure,
  onRetry,
  onBought,
}: {
  what: BalancePurchase;
  couponCode?: string;
  amount: number;
  paymentUrl: string;
  /** The Paymob link's words, when not /pay's. */
  payText?: string;
  failure?: string;
  onRetry: () => void;
  onBought: () => void;
}) {
  const wallet = useGetWalletQuery();
  const balance = wallet.data?.balance ?? 0;
  const [way, setWay] = useState<PayWay>('paymob');
  const choice = balance > 0 && amount > 0;
  return (
    <>
      {choice && <PayWayChoice balance={balance} way={way} onChange={setWay} />}
      {choice && way === 'wallet' ? (
        <PayFromBalance what={what} couponCode={couponCode} amount={amount} onBought={onBought} />
      ) : (
        <PayLink url={paymentUrl} amount={amount} text={payText} failure={failure} onRetry={onRetry} />
      )}
    </>
  );
}
