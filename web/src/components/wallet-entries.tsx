import { type MessageKey, useLanguage, useT } from '@/i18n/use-t';
import type { WalletEntry } from '@/lib/endpoints/get-wallet';
import { moneyText } from '@/lib/money';
import { type DataColumn, DataTable } from './data-table';

/**
 * A wallet's ledger, newest first: what moved the balance (a code, a top-up, a purchase, a refund,
 * the teacher's adjustment), by how much, the balance after it and when. The student's wallet and
 * the teacher's view of a student show the same table (texts: i18n/wallet-area.ts, which the screen loads).
 */
export function WalletEntries({ entries }: { entries: readonly WalletEntry[] }) {
  const t = useT();
  const language = useLanguage();
  const currency = t('currency');
  const when = new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const columns: DataColumn<WalletEntry>[] = [
    { header: t('wallet.colKind'), cell: (e) => t(`wallet.kind.${e.kind}` as MessageKey) },
    {
      header: t('wallet.colAmount'),
      cell: (e) => (
        <bdi dir="ltr" className={e.amount < 0 ? 'wallet-debit' : 'wallet-credit'}>
          {moneyText(e.amount, currency, true)}
        </bdi>
      ),
    },
    { header: t('wallet.colBalanceAfter'), cell: (e) => <bdi dir="ltr">{moneyText(e.balanceAfter, currency)}</bdi> },
    { header: t('wallet.colDate'), cell: (e) => <time dateTime={e.at}>{Number.isNaN(Date.parse(e.at)) ? e.at : when.format(new Date(e.at))}</time> },
  ];
  const newestFirst = [...entries].sort((a, b) => b.at.localeCompare(a.at));
  return <DataTable columns={columns} rows={newestFirst} rowKey={(e) => e.id} rowTestId="wallet-entry" empty={t('wallet.noEntries')} className="wallet-entries" />;
}
