import { Badge } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '@/components/data-table';
import { ProgressBar } from '@/components/progress-bar';
import { type Language, useLanguage, useT } from '@/i18n/use-t';
import { moneyText } from '@/lib/money';
import type { CodeBatch } from '../api/list-code-batches';
import { grantText } from '../lib/gives';

const dayOf = (iso: string, language: Language) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium' }).format(d);
};

/**
 * The teacher's batches: where each is sold, what a code gives, how many of its codes are redeemed
 * (a bar), when it was made and ends, whether it works; its CSV, its printed sheet, and stop.
 */
export function BatchesTable({ batches, onCsv, onDisable, busy }: { batches: CodeBatch[]; onCsv: (b: CodeBatch) => void; onDisable: (b: CodeBatch) => void; busy: string | null }) {
  const t = useT();
  const language = useLanguage();
  const [now] = useState(Date.now);
  const expired = (b: CodeBatch) => b.expiresAt !== null && Date.parse(b.expiresAt) <= now;
  const columns: DataColumn<CodeBatch>[] = [
    { header: t('codes.colLabel'), dir: 'auto', cell: (b) => <strong>{b.label}</strong> },
    {
      header: t('codes.colValue'),
      cell: (b) => {
        const grant = grantText(b, t);
        return grant === null ? (
          <bdi dir="ltr" data-testid="batch-gives">
            {moneyText(b.value ?? 0, t('currency'))}
          </bdi>
        ) : (
          <bdi data-testid="batch-gives">{grant}</bdi>
        );
      },
    },
    {
      header: t('codes.colRedeemed'),
      className: 'batch-progress',
      cell: (b) => {
        const text = t('codes.redeemedOf', { redeemed: b.redeemed, count: b.count });
        return (
          <div data-testid="batch-redeemed">
            <ProgressBar label={`${b.label}: ${text}`} percent={b.count ? Math.round((100 * b.redeemed) / b.count) : 0} />
            <span className="muted">{text}</span>
          </div>
        );
      },
    },
    { header: t('codes.colCreated'), cell: (b) => <time dateTime={b.createdAt}>{dayOf(b.createdAt, language)}</time> },
    { header: t('codes.colExpires'), cell: (b) => (b.expiresAt ? <time dateTime={b.expiresAt}>{dayOf(b.expiresAt, language)}</time> : t('codes.never')) },
    {
      header: t('codes.colState'),
      cell: (b) => (
        <Badge size="small" variation={b.disabled || expired(b) ? 'error' : 'success'} data-testid="batch-state">
          {t(b.disabled ? 'codes.disabled' : expired(b) ? 'codes.expired' : 'codes.active')}
        </Badge>
      ),
    },
    {
      header: '',
      label: null,
      className: 'batch-actions',
      cell: (b) => (
        <>
          <button type="button" className="button button-ghost" onClick={() => onCsv(b)} disabled={busy === b.id} aria-label={`${t('codes.csv')}: ${b.label}`}>
            {t('codes.csv')}
          </button>
          {/* A stopped or expired batch's codes no longer work: nothing of it is printed. */}
          {!b.disabled && !expired(b) && (
            <Link className="button button-ghost" to={`/dashboard/codes/${b.id}/print`} aria-label={`${t('codes.print')}: ${b.label}`}>
              {t('codes.print')}
            </Link>
          )}
          {!b.disabled && (
            <button type="button" className="button button-ghost is-danger" onClick={() => onDisable(b)} disabled={busy === b.id} aria-label={`${t('codes.disable')}: ${b.label}`}>
              {t('codes.disable')}
            </button>
          )}
        </>
      ),
    },
  ];
  return <DataTable columns={columns} rows={batches} rowKey={(b) => b.id} rowTestId="batch-row" rowClassName={(b) => (b.disabled ? 'is-disabled' : undefined)} className="batches-table" />;
}
