import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed, serverMessageOf } from '@/components/load-failed';
import { PreferenceToggles } from '@/components/preference-toggles';
import { Spinner } from '@/components/spinner';
import { useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/wallet-area';
import { moneyText } from '@/lib/money';
import { usePageTitle } from '@/lib/page-title';
import { useGetCodeBatchCsvQuery } from '../api/get-code-batch-csv';
import { useListCodeBatchesQuery } from '../api/list-code-batches';
import { type CardFace, CodeCard } from '../components/code-card';
import { grantText } from '../lib/gives';
import { pagesOf, redeemUrl, unredeemedOf } from '../lib/print-sheet';
import '../components/print-sheet.css';

/**
 * /dashboard/codes/{batchId}/print: the batch's cards on A4 pages, 24 a page, to print and cut (print
 * CSS: only the pages, black on white, each card kept whole). In the page's language: switch it
 * here before printing for the other. The codes come from the batch's CSV, in clear; only those
 * still unredeemed of a batch that works are printed (the sheet says how many it leaves out).
 */
export default function PrintCodesRoute() {
  const t = useT();
  const language = useLanguage();
  const { batchId = '' } = useParams();
  const batches = useListCodeBatchesQuery();
  const codes = useGetCodeBatchCsvQuery(batchId);
  const batch = batches.data?.find((b) => b.id === batchId);
  const [now] = useState(Date.now);

  usePageTitle(batch ? t('codes.sheetTitle', { label: batch.label }) : t('title.printCodes'));

  if (batches.isLoading || codes.isLoading) return <Spinner />;
  if (!batch || !codes.data)
    return (
      <section className="page print-toolbar">
        <Link to="/dashboard/codes">{t('codes.sheetBack')}</Link>
        <LoadFailed message={serverMessageOf(codes.error ?? batches.error) ?? t('codes.sheetFailed')} retryText={t('wallet.tryAgain')} onRetry={() => void Promise.all([batches.refetch(), codes.refetch()])} />
      </section>
    );

  // A stopped or expired batch's codes no longer work, and a redeemed code is spent: neither is printed.
  const stopped = batch.disabled || (batch.expiresAt !== null && Date.parse(batch.expiresAt) <= now);
  const unredeemed = stopped ? [] : unredeemedOf(codes.data.codes);
  const leftOut = codes.data.codes.length - unredeemed.length;
  const faces = cardFaces(unredeemed.map((c) => c.code), {
    teacher: t('home.teacherName'),
    gives: grantText(batch, t) ?? moneyText(batch.value ?? 0, t('currency')),
    scan: t('codes.cardScan'),
    expires: batch.expiresAt ? t('codes.cardExpires', { day: new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium' }).format(new Date(batch.expiresAt)) }) : undefined,
  });
  const pages = pagesOf(faces);

  return (
    <div className="print-codes">
      <header className="print-toolbar">
        <Link to="/dashboard/codes">{t('codes.sheetBack')}</Link>
        <h1 dir="auto">{t('codes.sheetTitle', { label: batch.label })}</h1>
        {faces.length ? (
          <>
            <p className="muted" data-testid="sheet-count">
              {t('codes.sheetCount', { count: faces.length, pages: pages.length })}
            </p>
            {leftOut > 0 && (
              <p className="muted" data-testid="sheet-left-out">
                {t('codes.sheetLeftOut', { count: leftOut })}
              </p>
            )}
          </>
        ) : (
          <p className="notice" role="status" data-testid="sheet-note">
            {t(batch.disabled ? 'codes.sheetStopped' : stopped ? 'codes.sheetExpired' : 'codes.sheetAllRedeemed')}
          </p>
        )}
        <div className="print-toolbar-actions">
          <PreferenceToggles />
          {faces.length > 0 && (
            <button type="button" className="button button-primary" onClick={() => window.print()}>
              {t('codes.printNow')}
            </button>
          )}
        </div>
      </header>
      <div className="print-sheet">
        {pages.map((cards, i) => (
          <section className="sheet-page" key={i} data-testid="sheet-page">
            {cards.map((face) => (
              <CodeCard key={face.code} face={face} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

/** Every card of the sheet: the same words, each its own code and QR link. */
function cardFaces(codes: string[], words: Omit<CardFace, 'code' | 'url'>): CardFace[] {
  const origin = window.location.origin;
  return codes.map((code) => ({ ...words, code, url: redeemUrl(origin, code) }));
}
