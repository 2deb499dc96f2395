import { Card } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router';
import { discountedPrice } from '@shared/constants';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import '@/i18n/commerce-area';
import '@/i18n/wallet-area';
import { errorCodeOf, messageOf } from '@/lib/messages';
import { selectToken } from '@/lib/session';
import { type IntentionArgs, useCreatePaymentIntentionQuery } from '../api/create-payment-intention';
import { type AppliedCoupon, CouponBox, couponFailureToast } from '../components/coupon-box';
import { LecturePhoto } from '../components/lecture-photo';
import { PayChoices } from '../components/pay-from-balance';
import { PriceLine } from '../components/price-line';
import { payCrumbs, payLectureOf } from '../lib/pay-state';
import '../components/payments.css';
import { usePageTitle } from '@/lib/page-title';

/**
 * Spec 2: /pay. The lecture comes from the navigation state's last entry. The server prices it
 * (createPaymentIntention): the request is made again whenever the lecture, the session token or
 * the applied coupon changes, and the pay link shows only when that answer is in, for this very
 * lecture, token and coupon, with something left to pay; a spinner otherwise. A 100 % coupon grants
 * the lecture at once: the spec's toast, then /profile/lecPay. Leaving the page drops the coupon
 * (it is this screen's state).
 */
export default function PayRoute() {
  const t = useT();
  const navigate = useNavigate();
  const { state } = useLocation();
  const lecture = payLectureOf(state);
  const token = useSelector(selectToken);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const args: IntentionArgs | undefined = lecture ? { lectureId: lecture.id, couponCode: coupon?.code, token } : undefined;
  const intention = useCreatePaymentIntentionQuery(args!, { skip: !args, refetchOnMountOrArgChange: true });
  const answer = intention.currentData;
  const granted = useRef(false);

  usePageTitle(t('title.payment'));

  // Spec 2: discounted to 0 → the lecture is the student's now.
  useEffect(() => {
    if (!answer?.granted || granted.current) return;
    granted.current = true;
    void toastSuccess(t('pay.granted'));
    navigate('/profile/lecPay');
  }, [answer, navigate, t]);

  // A coupon the server refuses when pricing (its last use went, it expired meanwhile) is dropped at
  // once, so the price without it is asked for, and said as a failed coupon.
  const failureCode = intention.isError ? errorCodeOf(intention.error) : undefined;
  const [rejection, setRejection] = useState<unknown>(null);
  if (coupon && failureCode?.startsWith('coupon.')) {
    setCoupon(null);
    setRejection(intention.error);
  }
  useEffect(() => {
    if (rejection) void couponFailureToast(rejection, t);
  }, [rejection, t]);
  // A Google sign-up without phone and school year gives them first, then comes back here with its lecture.
  useEffect(() => {
    if (failureCode === 'profile.incomplete') navigate('/profile/complete', { replace: true, state: { back: { pathname: '/pay', state } } });
  }, [failureCode, navigate, state]);

  if (!lecture)
    return (
      <section className="page pay-page">
        <h1>{t('pay.title')}</h1>
        <p className="notice">
          {t('pay.noLecture')} <Link to="/">{t('pay.browse')}</Link>
        </p>
      </section>
    );

  const original = answer?.data.originalPrice ?? lecture.price;
  const final = answer ? answer.data.discountedPrice : discountedPrice(original, coupon?.discount);
  const owned = failureCode === 'payment.owned';
  const free = failureCode === 'payment.free';

  return (
    <section className="page pay-page">
      <Breadcrumbs items={payCrumbs(state)} />
      <h1>{t('pay.title')}</h1>
      <div className="pay-layout">
        <Card variation="outlined" className="pay-card pay-lecture">
          <LecturePhoto photoUrl={lecture.photoUrl} />
          <div className="pay-lecture-body">
            <h2 dir="auto">{lecture.lectureName}</h2>
            {lecture.accessDays !== undefined && (
              <p className="pay-access" data-testid="access-period">
                {lecture.accessDays === 1 ? t('pay.accessOneDay') : t('pay.accessDays', { n: lecture.accessDays })}
              </p>
            )}
          </div>
        </Card>
        <Card variation="outlined" className="pay-card pay-summary">
          {owned || free ? (
            <div className="notice pay-owned" role="status">
              <p>{owned ? t('pay.owned') : t('pay.isFree')}</p>
              <Link className="button button-primary" to={`/lec/${lecture.id}`}>
                {t('pay.openLecture')}
              </Link>
            </div>
          ) : (
            <>
              <CouponBox lectureId={lecture.id} applied={coupon} onApply={setCoupon} onCancel={() => setCoupon(null)} />
              <PriceLine original={original} final={final} discount={coupon?.discount} />
              {/* Beyond the spec (issue 40): a student with a balance may pay from it instead of Paymob. */}
              <PayChoices
                what={{ lectureId: lecture.id }}
                couponCode={coupon?.code}
                amount={final}
                paymentUrl={answer && !intention.isFetching ? answer.paymentUrl : ''}
                failure={intention.isError && !failureCode?.startsWith('coupon.') ? messageOf(intention.error, t, 'pay.linkFailed') : undefined}
                onRetry={() => void intention.refetch()}
                onBought={() => {
                  void toastSuccess(t('pay.boughtFromBalance'));
                  navigate('/profile/lecPay');
                }}
              />
            </>
          )}
        </Card>
      </div>
    </section>
  );
}
