import { useT } from '@/i18n/use-t';
import { amountText } from '../lib/format';

/** Spec 2: with a coupon the original price is struck through and the discounted one beside it ('free' at 0); in LE. */
export function PriceLine({ original, final, discount }: { original: number; final: number; discount?: number }) {
  const t = useT();
  const reduced = discount !== undefined && final !== original;
  return (
    <div className="price-line" data-testid="price-line">
      <span className="muted">{t('pay.price')}</span>
      <span className="price-values">
        {reduced && (
          <s className="price-original" data-testid="price-original">
            <span className="visually-hidden">{t('pay.originalPrice')} </span>
            <bdi dir="ltr">{amountText(original)}</bdi>
          </s>
        )}
        <strong className={`price-final${final === 0 ? ' is-free' : ''}`} data-testid="price-final">
          {reduced && <span className="visually-hidden">{t('pay.finalPrice')} </span>}
          {final === 0 ? t('pay.free') : <bdi dir="ltr">{amountText(final)}</bdi>}
        </strong>
      </span>
    </div>
  );
}
