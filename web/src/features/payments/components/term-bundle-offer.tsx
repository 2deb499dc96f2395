import { skipToken } from '@reduxjs/toolkit/query';
import { lazy, Suspense, useState } from 'react';
import { ButtonSpinner } from '@/components/spinner';
import { useLanguage, useT } from '@/i18n/use-t';
import { useGetTermBundleQuery } from '../api/get-term-bundle';
import { amountText, dayText } from '../lib/format';
import './term-bundle-offer.css';
import { NAME_SLOT, withIsolatedName } from '@/components/isolated-name';

const TermBundleCheckout = lazy(() => import('./term-bundle-checkout'));


/**
 * On a term's content page: "the whole term for N LE instead of M" (M: its lectures' prices one by
 * one) and a buy button, while the term sells a bundle and the student does not have it. Buying
 * opens the term's checkout (term-bundle-checkout.tsx: coupon, price, the balance or Paymob).
 */
export function TermBundleOffer({ termId }: { termId: string | undefined }) {
  const t = useT();
  const language = useLanguage();
  const { data: bundle } = useGetTermBundleQuery(termId ?? skipToken);
  const [open, setOpen] = useState(false);
  if (!bundle || bundle.owned) return null;

  const preparing = (
    <button type="button" className="button button-primary bundle-offer-buy" disabled aria-busy="true">
      <ButtonSpinner />
      <span>{t('bundle.buying')}</span>
    </button>
  );
  return (
    <aside className="bundle-offer" aria-labelledby="bundle-offer-text" data-testid="bundle-offer">
      <div className="bundle-offer-body">
        <p id="bundle-offer-text" className="bundle-offer-text">
          {t('bundle.offer', { price: amountText(bundle.bundlePrice), sum: amountText(bundle.lecturesPrice) })}
        </p>
        <p className="muted bundle-offer-detail">{withIsolatedName(t('bundle.offerDetail', { name: NAME_SLOT, date: dayText(bundle.endsAt, language) }), bundle.termName)}</p>
      </div>
      {open ? (
        <Suspense fallback={preparing}>
          <TermBundleCheckout bundle={bundle} />
        </Suspense>
      ) : (
        <button type="button" className="button button-primary bundle-offer-buy" onClick={() => setOpen(true)}>
          {t('bundle.buy')}
        </button>
      )}
    </aside>
  );
}
