import { Card } from '@aws-amplify/ui-react';
import { type DataColumn, DataTable } from '@/components/data-table';
import { useT } from '@/i18n/use-t';
import '@/i18n/wallet-area';
import { moneyText } from '@/lib/money';

/** Codes redeemed in the range, by the batch's label (which shop sells most). */
export interface CodeRedemptions {
  label: string;
  redemptions: number;
  credited: number;
}

/** Lectures bought from wallets in the range (not Paymob's revenue: the money came in by codes and top-ups). */
export interface WalletPurchases {
  purchases: number;
  amount: number;
}

/** Issue 40 on the sales page: recharge codes by where they are sold, and purchases paid from the wallet, beside Paymob's. */
export function WalletSales({ codes, wallet }: { codes: readonly CodeRedemptions[]; wallet: WalletPurchases }) {
  const t = useT();
  const currency = t('currency');
  const columns: DataColumn<CodeRedemptions>[] = [
    { header: t('sales.colBatch'), dir: 'auto', cell: (c) => <bdi>{c.label}</bdi> },
    { header: t('sales.colRedemptions'), cell: (c) => c.redemptions },
    { header: t('sales.colCredited'), cell: (c) => <bdi dir="ltr">{moneyText(c.credited, currency)}</bdi> },
  ];
  const byRedemptions = [...codes].sort((a, b) => b.redemptions - a.redemptions);
  return (
    <div className="sales-two">
      <section className="sales-block" aria-labelledby="code-redemptions">
        <h2 id="code-redemptions">{t('sales.codesTitle')}</h2>
        <DataTable columns={columns} rows={byRedemptions} rowKey={(c) => c.label} rowTestId="code-sales-row" empty={t('sales.noCodes')} />
      </section>
      <section className="sales-block" aria-labelledby="wallet-purchases">
        <h2 id="wallet-purchases">{t('sales.walletTitle')}</h2>
        <Card variation="outlined" className="pay-card sales-total" data-testid="wallet-purchases">
          <strong>{t('sales.walletPurchases', { count: wallet.purchases, amount: moneyText(wallet.amount, currency) })}</strong>
        </Card>
      </section>
    </div>
  );
}

/** The report's issue-40 fields, read tolerantly (an older server has none). */
export function walletSalesOf(report: unknown): { codes: CodeRedemptions[]; wallet: WalletPurchases } {
  const r = report as { codeRedemptions?: CodeRedemptions[]; walletPurchases?: Partial<WalletPurchases> } | undefined;
  return {
    codes: Array.isArray(r?.codeRedemptions) ? r.codeRedemptions : [],
    wallet: { purchases: Number(r?.walletPurchases?.purchases ?? 0), amount: Number(r?.walletPurchases?.amount ?? 0) },
  };
}
