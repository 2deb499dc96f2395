import type { PaymentMethod } from '@shared/constants';
import { type DataColumn, DataTable } from '@/components/data-table';
import { type MessageKey, useT } from '@/i18n/use-t';
import '@/i18n/wallet-area';
import { moneyText } from '@/lib/money';
import type { SalesReport } from '../api/get-sales';

/** Codes redeemed in the range by batch (which shop sells most): how many, and the LE they credited. */
type CodeRedemptions = SalesReport['codeRedemptions'][number];

/**
 * Issue 40 on the sales page: the lectures' paid orders by how they were paid (Paymob's card, wallet
 * and kiosk beside the balance and 100 % coupons), money put on balances by Paymob top-ups, and
 * recharge codes redeemed by where they are sold.
 */
export function WalletSales({ report }: { report: SalesReport }) {
  const t = useT();
  const currency = t('currency');
  const methodColumns: DataColumn<SalesReport['byMethod'][number]>[] = [
    { header: t('sales.colMethod'), cell: (m) => t(`sales.method.${m.method}` as MessageKey) },
    { header: t('sales.colOrders'), cell: (m) => m.orders },
    { header: t('sales.revenue'), cell: (m) => <bdi dir="ltr">{moneyText(m.revenue, currency)}</bdi> },
  ];
  const codeColumns: DataColumn<CodeRedemptions>[] = [
    { header: t('sales.colBatch'), dir: 'auto', cell: (c) => <bdi>{c.label}</bdi> },
    { header: t('sales.colRedemptions'), cell: (c) => c.count },
    { header: t('sales.colCredited'), cell: (c) => <bdi dir="ltr">{moneyText(c.value, currency)}</bdi> },
  ];
  const byMethod = [...(report.byMethod ?? [])].sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
  const codes = [...(report.codeRedemptions ?? [])].sort((a, b) => b.count - a.count);
  return (
    <div className="sales-two">
      <section className="sales-block" aria-labelledby="by-method">
        <h2 id="by-method">{t('sales.byMethodTitle')}</h2>
        <DataTable columns={methodColumns} rows={byMethod} rowKey={(m) => m.method} rowTestId="method-sales-row" empty={t('sales.none')} />
        {report.topUps && (
          <p className="muted" data-testid="top-ups">
            {t('sales.topUps', { amount: moneyText(report.topUps.amount, currency), paid: report.topUps.paid })}
          </p>
        )}
      </section>
      <section className="sales-block" aria-labelledby="code-redemptions">
        <h2 id="code-redemptions">{t('sales.codesTitle')}</h2>
        <DataTable columns={codeColumns} rows={codes} rowKey={(c) => c.batchId} rowTestId="code-sales-row" empty={t('sales.noCodes')} />
      </section>
    </div>
  );
}

/** Paymob's first, then the ways without a gateway. */
const METHOD_ORDER: PaymentMethod[] = ['card', 'wallet', 'kiosk', 'balance', 'coupon'];

