import { skipToken } from '@reduxjs/toolkit/query';
import { useNavigate } from 'react-router';
import { ButtonSpinner } from '@/components/spinner';
import { toastError, toastSuccess } from '@/components/toast';
import { useLanguage, useT } from '@/i18n/use-t';
import { errorCodeOf, messageOf } from '@/lib/messages';
import { useCreateTermPaymentIntentionMutation } from '../api/create-term-payment-intention';
import { useGetTermBundleQuery } from '../api/get-term-bundle';
import { amountText, dayText } from '../lib/format';
import './term-bundle-offer.css';

/**
 * On a term's content page: "the whole term for N LE instead of M" (M: its lectures' prices one by
 * one) and a buy button, while the term sells a bundle and the student does not have it. Buying asks
 * the server for the checkout at its price, then offers the link to Paymob's checkout (same tab, as
 * /pay's); a grant (nothing left to pay) goes to My lectures.
 */
/** The term's name isolated in a text of the other direction (its own <bdi>), where the text has {name}. */
const NAME = '\u0000';
const withName = (text: string, name: string) => {
  const [before, after] = text.split(NAME);
  return (
    <>
      {before}
      <bdi>{name}</bdi>
      {after}
    </>
  );
};

export function TermBundleOffer({ termId }: { termId: string | undefined }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const { data: bundle } = useGetTermBundleQuery(termId ?? skipToken);
  const [buy, buying] = useCreateTermPaymentIntentionMutation();
  if (!bundle || bundle.owned) return null;

  async function start() {
    const result = await buy({ termId: bundle!.termId });
    if (result.error) {
      if (errorCodeOf(result.error) === 'profile.incomplete') navigate('/profile/complete');
      else void toastError(messageOf(result.error, t, 'bundle.buyFailed'));
      return;
    }
    if (result.data.granted) {
      void toastSuccess(t('bundle.granted'));
      navigate('/profile/lecPay');
    }
  }

  const link = buying.data && !buying.data.granted ? buying.data : undefined;
  const busy = buying.isLoading;
  return (
    <aside className="bundle-offer" aria-labelledby="bundle-offer-text" data-testid="bundle-offer">
      <div className="bundle-offer-body">
        <p id="bundle-offer-text" className="bundle-offer-text">
          {t('bundle.offer', { price: amountText(bundle.bundlePrice), sum: amountText(bundle.lecturesPrice) })}
        </p>
        <p className="muted bundle-offer-detail">{withName(t('bundle.offerDetail', { name: NAME, date: dayText(bundle.endsAt, language) }), bundle.termName)}</p>
      </div>
      {link ? (
        <a className="button button-primary bundle-offer-buy" href={link.paymentUrl}>
          {t('bundle.payNow', { amount: amountText(link.data.discountedPrice) })}
        </a>
      ) : (
        <button type="button" className="button button-primary bundle-offer-buy" onClick={() => void start()} disabled={busy} aria-busy={busy}>
          {busy ? (
            <>
              <ButtonSpinner />
              <span>{t('bundle.buying')}</span>
            </>
          ) : (
            t('bundle.buy')
          )}
        </button>
      )}
    </aside>
  );
}
