import { ButtonSpinner } from '@/components/spinner';
import { useT } from '@/i18n/use-t';
import { amountText } from '../lib/format';

/**
 * Spec 2, 8: the link to Paymob's checkout (same tab) only when there is something to pay and the
 * link for the current lecture, token and coupon is ready; otherwise a spinner — also when the
 * link could not be made (then the reason and a retry under it).
 */
export function PayLink({ url, amount, text, failure, onRetry }: { url: string; amount: number; text?: string; failure?: string; onRetry: () => void }) {
  const t = useT();
  if (amount > 0 && url)
    return (
      <div className="pay-action">
        <a className="button button-primary button-block pay-link" href={url}>
          {text ?? t('pay.payNow', { amount: amountText(amount) })}
        </a>
        <p className="muted pay-methods">{t('pay.methods')}</p>
      </div>
    );
  return (
    <div className="pay-action">
      <div className="button button-primary button-block pay-waiting" aria-busy="true">
        <ButtonSpinner />
        <span>{t('pay.preparing')}</span>
      </div>
      {failure && (
        <div className="pay-failure">
          <p className="field-error" role="alert" dir="auto">
            {failure}
          </p>
          <button type="button" className="link-button" onClick={onRetry}>
            {t('commerce.tryAgain')}
          </button>
        </div>
      )}
    </div>
  );
}
