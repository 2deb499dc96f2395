import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { PAYMENT_REDIRECT_MS } from '@shared/constants';
import { useT } from '@/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';
import '@/i18n/commerce-area';
import '../components/payments.css';

/** Spec 2, 9: /fail, where Paymob's return lands when a payment did not go through: the failure, then / after 3 s. */
export default function PaymentFailureRoute() {
  const t = useT();
  const navigate = useNavigate();
  usePageTitle(t('title.paymentFailed'));
  useEffect(() => {
    const timer = setTimeout(() => navigate('/', { replace: true }), PAYMENT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <section className="page payment-result is-failure" data-testid="payment-failure">
      <svg className="failure-cross" viewBox="0 0 52 52" aria-hidden="true">
        <circle cx="26" cy="26" r="24" fill="none" />
        <path fill="none" d="M18 18l16 16M34 18L18 34" />
      </svg>
      <h1>{t('failed.title')}</h1>
      <p className="muted">{t('failed.text')}</p>
      <p className="muted">{t('failed.redirecting')}</p>
      <Link to="/" replace>
        {t('failed.home')}
      </Link>
    </section>
  );
}
