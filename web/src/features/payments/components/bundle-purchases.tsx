import { Badge } from '@aws-amplify/ui-react';
import { Link } from 'react-router';
import { useLanguage, useT } from '@/i18n/use-t';
import type { PurchasedBundle } from '../api/list-purchases';
import { amountText, dayText } from '../lib/format';

/** My lectures: each whole term bought, until when, what was paid, and its lectures (each opens /lec/{id}). */
export function BundlePurchases({ bundles }: { bundles: PurchasedBundle[] }) {
  const t = useT();
  const language = useLanguage();
  if (!bundles.length) return null;
  return (
    <section className="bundle-purchases" aria-labelledby="bundles-title">
      <h2 id="bundles-title">{t('bundle.mineTitle')}</h2>
      <ul className="bundle-list">
        {bundles.map((b) => (
          <li key={b.termId} className={`bundle-item${b.expired ? ' is-expired' : ''}`} data-testid="bundle-row">
            <div className="bundle-head">
              <strong>
                <bdi>{b.termName}</bdi>: {t('bundle.mineUntil', { date: dayText(b.expiryDate, language) })}
              </strong>
              <span className="muted">
                {b.pricePaid === 0 ? t('pay.free') : t('bundle.paid', { price: amountText(b.pricePaid) })} · {t('bundle.lectureCount', { n: b.lectures.length })}
              </span>
              <Badge size="small" variation={b.expired ? 'error' : 'success'}>
                {b.expired ? t('mine.expired') : t('mine.active')}
              </Badge>
            </div>
            <ul className="bundle-lectures">
              {b.lectures.map((l) => (
                <li key={l.id}>
                  <Link to={`/lec/${l.id}`} dir="auto">
                    {l.lectureName || l.name}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
