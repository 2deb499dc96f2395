import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PAYMENT_REDIRECT_MS } from '@shared/constants';
import { useT } from '@/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';
import '@/i18n/commerce-area';
import '@/i18n/wallet-area';
import '../components/payments.css';

/**
 * Spec 2, 9: /temp, where Paymob's return lands after a payment: the Arabic thank-you, then
 * /profile/lecPay after 3 s; after a top-up of the balance (?for=topUp), /profile/wallet instead.
 */
export default function PaymentSuccessRoute() {
  const t = useT();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = search.get('for') === 'topUp' ? '/profile/wallet' : '/profile/lecPay';
  usePageTitle(t('title.paymentSucceeded'));
  useEffect(() => {
    const timer = setTimeout(() => navigate(next, { replace: true }), PAYMENT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, next]);
  return (
    <section className="page payment-result is-success" data-testid="payment-success">
      <svg className="success-check" viewBox="0 0 52 52" aria-hidden="true">
        <circle className="success-check-circle" cx="26" cy="26" r="24" fill="none" />
        <path className="success-check-tick" fill="none" d="M14 27l8 8 16-17" />
      </svg>
      <h1 lang="ar" dir="rtl">
        {t('paid.thanks')}
      </h1>
      <p className="muted">{t('paid.redirecting')}</p>
      <Link to={next} replace>
        {next === '/profile/wallet' ? t('paid.toMyWallet') : t('paid.toMyLectures')}
      </Link>
    </section>
  );
}
