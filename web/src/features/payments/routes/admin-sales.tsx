import { Badge, type BadgeProps, Card } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { OrderStatus, PaymentMethod } from '@shared/constants';
import { type DataColumn, DataTable } from '@/components/data-table';
import { TextField } from '@/components/fields';
import { LoadFailed, serverMessageOf } from '@/components/load-failed';
import { Spinner } from '@/components/spinner';
import { StudentName } from '@/components/student-name';
import { type MessageKey, useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/commerce-area';
import { download } from '@/lib/csv';
import { type SalesOrder, type SalesReport, useGetSalesQuery } from '../api/get-sales';
import { RevenueChart } from '../components/revenue-chart';
import { WalletSales } from '../components/wallet-sales';
import { amountText, dateTimeText, dayText } from '../lib/format';
import { everyDay, lastDays, rangeProblem, salesCsv, salesCsvName } from '../lib/sales';
import '../components/payments.css';
import { usePageTitle } from '@/lib/page-title';

const STATUS_BADGE: Record<OrderStatus, BadgeProps['variation']> = { paid: 'success', pending: 'warning', failed: 'error', expired: undefined, cancelled: undefined };
const PRESETS = [7, 30, 90] as const;

/**
 * /dashboard/sales (beyond the spec): over a range of days (the last 30 first) the totals in LE,
 * revenue by day (CSS bars) and by lecture, coupon use, and every order with its status, method
 * and student; the orders as a CSV file. Figures are the server's: a grant is not revenue.
 */
export default function AdminSalesRoute() {
  const t = useT();
  const language = useLanguage();
  const [range, setRange] = useState(() => lastDays(30));
  const problem = rangeProblem(range);
  const sales = useGetSalesQuery(range, { skip: !!problem });
  const report = sales.currentData;

  usePageTitle(t('title.sales'));

  const statusText = (s: OrderStatus) => t(`sales.status.${s}` as MessageKey);
  const methodText = (m: PaymentMethod | null) => (m ? t(`sales.method.${m}` as MessageKey) : '—');
  const lectureColumns: DataColumn<SalesReport['byLecture'][number]>[] = [
    { header: t('sales.colLecture'), cell: (l) => <bdi>{l.termId ? t('bundle.salesName', { name: l.lectureName }) : l.lectureName}</bdi> },
    { header: t('sales.colOrders'), cell: (l) => l.orders },
    { header: t('sales.revenue'), cell: (l) => <bdi dir="ltr">{amountText(l.revenue)}</bdi> },
  ];
  const couponColumns: DataColumn<SalesReport['coupons'][number]>[] = [
    { header: t('sales.colCoupon'), cell: (c) => <bdi>{c.code}</bdi> },
    { header: t('sales.colUses'), cell: (c) => c.uses },
    { header: t('sales.discountGiven'), cell: (c) => <bdi dir="ltr">{amountText(c.discountGiven)}</bdi> },
  ];
  const orderColumns: DataColumn<SalesOrder>[] = [
    { header: t('sales.colDate'), cell: (o) => <time dateTime={o.createdAt}>{dateTimeText(o.createdAt, language)}</time> },
    {
      header: t('sales.colStudent'),
      cell: (o) => (
        <span className="student">
          <StudentName name={o.studentName} deleted={o.studentDeleted} />
          <span className="muted student-contact" dir="ltr">
            {o.studentEmail || o.studentPhone}
          </span>
        </span>
      ),
    },
    { header: t('sales.colLecture'), cell: (o) => <bdi>{o.termId ? t('bundle.salesName', { name: o.lectureName }) : o.lectureName}</bdi> },
    { header: t('sales.colMethod'), cell: (o) => methodText(o.method) },
    {
      header: t('sales.colStatus'),
      cell: (o) => (
        <Badge size="small" variation={STATUS_BADGE[o.status]}>
          {statusText(o.status)}
        </Badge>
      ),
    },
    {
      header: t('sales.colAmount'),
      cell: (o) => (
        <span className="order-amount">
          <bdi dir="ltr">{amountText(o.amount)}</bdi>
          {o.couponCode && (
            <span className="muted order-coupon">
              <bdi>{o.couponCode}</bdi> <bdi dir="ltr">−{o.discount}%</bdi>
            </span>
          )}
        </span>
      ),
    },
  ];
  const onCsv = () =>
    report &&
    download(
      salesCsv(report.orders, {
        headers: [t('sales.colDate'), t('sales.colStudent'), t('sales.colEmail'), t('sales.colPhone'), t('sales.colLecture'), t('sales.colMethod'), t('sales.colStatus'), t('sales.colPrice'), t('sales.colCoupon'), t('sales.colDiscount'), t('sales.colAmount'), t('sales.colPaidAt')],
        status: statusText,
        method: methodText,
      }),
      salesCsvName(report.from, report.to),
    );
  const totals = report?.totals;

  return (
    <section className="page sales-page">
      <div className="page-head">
        <h1>{t('sales.title')}</h1>
        {report && report.orders.length > 0 && (
          <button type="button" className="button button-primary" onClick={onCsv}>
            {t('sales.downloadCsv')}
          </button>
        )}
      </div>
      <Card variation="outlined" className="pay-card sales-range">
        <div className="sales-range-fields">
          <TextField label={t('sales.from')} type="date" dir="ltr" value={range.from} max={range.to || undefined} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
          <TextField label={t('sales.to')} type="date" dir="ltr" value={range.to} min={range.from || undefined} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
        </div>
        <div className="sales-presets" role="group" aria-label={t('sales.presets')}>
          {PRESETS.map((days) => {
            const preset = lastDays(days);
            const current = preset.from === range.from && preset.to === range.to;
            return (
              <button key={days} type="button" className={`chip-button${current ? ' is-active' : ''}`} aria-pressed={current} onClick={() => setRange(preset)}>
                {t('sales.lastDays', { n: days })}
              </button>
            );
          })}
        </div>
        {problem && (
          <p className="field-error" role="alert">
            {problem === 'required' ? t('sales.rangeRequired') : t('rule.sales.range')}
          </p>
        )}
      </Card>
      {problem ? null : sales.isError ? (
        <LoadFailed message={serverMessageOf(sales.error) ?? t('sales.loadFailed')} retryText={t('commerce.tryAgain')} onRetry={() => void sales.refetch()} />
      ) : !report || !totals ? (
        <Spinner />
      ) : (
        <>
          <div className="sales-totals">
            {(
              [
                ['sales.revenue', amountText(totals.revenue), 'is-revenue'],
                ['sales.paid', String(totals.paid), ''],
                ['sales.pending', String(totals.pending), ''],
                ['sales.failed', String(totals.failed), ''],
                ['sales.discountGiven', amountText(totals.discountGiven), ''],
              ] as const
            ).map(([label, value, extra]) => (
              <Card key={label} variation="outlined" className={`pay-card sales-total ${extra}`} data-testid="sales-total">
                <span className="muted">{t(label)}</span>
                <strong dir="ltr">{value}</strong>
              </Card>
            ))}
          </div>

          <section className="sales-block" aria-labelledby="by-day">
            <h2 id="by-day">{t('sales.byDay')}</h2>
            <RevenueChart days={everyDay(report)} />
          </section>

          <div className="sales-two">
            <section className="sales-block" aria-labelledby="by-lecture">
              <h2 id="by-lecture">{t('sales.byLecture')}</h2>
              <DataTable columns={lectureColumns} rows={report.byLecture} rowKey={(l) => l.termId ?? l.lectureId} rowTestId="lecture-sales-row" empty={t('sales.none')} />
            </section>
            <section className="sales-block" aria-labelledby="coupon-use">
              <h2 id="coupon-use">{t('sales.couponUse')}</h2>
              <DataTable columns={couponColumns} rows={report.coupons} rowKey={(c) => c.code} rowTestId="coupon-use-row" empty={t('sales.noCoupons')} />
            </section>
          </div>

          <WalletSales report={report} />

          <section className="sales-block" aria-labelledby="orders">
            <h2 id="orders">
              {t('sales.orders')} <span className="muted">({report.orders.length})</span>
            </h2>
            <DataTable
              columns={orderColumns}
              rows={report.orders}
              rowKey={(o) => o.id}
              className="orders-table"
              highlightOnHover
              rowTestId="order-row"
              empty={t('sales.noOrders', { from: dayText(report.from, language), to: dayText(report.to, language) })}
            />
          </section>
        </>
      )}
    </section>
  );
}
