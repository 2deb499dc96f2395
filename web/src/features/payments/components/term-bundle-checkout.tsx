import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { discountedPrice } from '@shared/constants';
import { toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import '@/i18n/commerce-area';
import '@/i18n/wallet-area';
import type { ApiFailure } from '@/lib/api';
import { errorCodeOf, messageOf } from '@/lib/messages';
import { useCreateTermPaymentIntentionMutation } from '../api/create-term-payment-intention';
import type { TermBundle } from '../api/get-term-bundle';
import { amountText } from '../lib/format';
import { type AppliedCoupon, CouponBox, couponFailureToast } from './coupon-box';
import { PayChoices } from './pay-from-balance';
import { PriceLine } from './price-line';
import './payments.css';

/**
 * The whole term's checkout, as /pay's for a lecture: opened, it asks the server for Paymob's
 * checkout at the term's price; a coupon applies first (the server prices the term with it again);
 * with a balance, the choice to pay from it (`useWallet`) beside the link (same tab). A grant
 * (nothing left to pay, or bought from the balance) goes to My lectures. Loaded when the student
 * presses buy (the coupon's and the balance's texts come with it).
 */
export default function TermBundleCheckout({ bundle }: { bundle: TermBundle }) {
  const t = useT();
  const navigate = useNavigate();
  const [buy, buying] = useCreateTermPaymentIntentionMutation();
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);

  const toMyLectures = (text: string) => {
    void toastSuccess(text);
    navigate('/profile/lecPay');
  };

  async function start(couponCode?: string) {
    const result = await buy({ termId: bundle.termId, couponCode });
    if (result.error) {
      const code = errorCodeOf(result.error);
      if (code === 'profile.incomplete') navigate('/profile/complete');
      // A coupon the server refuses for this term is dropped, said as a failed coupon, and the price without it asked for.
      else if (couponCode && code?.startsWith('coupon.')) {
        setCoupon(null);
        void couponFailureToast(result.error, t);
        void start();
      }
      return;
    }
    if (result.data.granted) toMyLectures(t('bundle.granted'));
  }

  // Once, when opened (not again on a re-render or React's development double mount).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const answer = buying.data && !buying.isLoading ? buying.data : undefined;
  const final = answer && !answer.granted ? answer.data.discountedPrice : discountedPrice(bundle.bundlePrice, coupon?.discount);
  const failure = buying.isError && !(buying.error as ApiFailure).handled ? messageOf(buying.error, t, 'bundle.buyFailed') : undefined;
  return (
    <div className="bundle-offer-checkout">
      <CouponBox
        applied={coupon}
        onApply={(c) => {
          setCoupon(c);
          void start(c.code);
        }}
        onCancel={() => {
          setCoupon(null);
          void start();
        }}
      />
      <PriceLine original={bundle.bundlePrice} final={final} discount={coupon?.discount} />
      <PayChoices
        what={{ termId: bundle.termId }}
        couponCode={coupon?.code}
        amount={final}
        paymentUrl={answer && !answer.granted ? answer.paymentUrl : ''}
        payText={t('bundle.payNow', { amount: amountText(final) })}
        failure={failure}
        onRetry={() => void start(coupon?.code)}
        onBought={() => toMyLectures(t('pay.boughtFromBalance'))}
      />
    </div>
  );
}
