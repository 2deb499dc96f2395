import { Badge } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { type DataColumn, DataTable } from '@/components/data-table';
import { Spinner } from '@/components/spinner';
import { toastWarning } from '@/components/toast';
import { useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/commerce-area';
import type { ApiFailure } from '@/lib/api';
import { messageOf } from '@/lib/messages';
import { type PurchasedLecture, useListPurchasesQuery } from '../api/list-purchases';
import { BundlePurchases } from '../components/bundle-purchases';
import { PendingOrders } from '../components/pending-orders';
import { amountText, dayText } from '../lib/format';
import { payStateFor } from '../lib/pay-state';
import '../components/payments.css';
import { usePageTitle } from '@/lib/page-title';

/**
 * Spec 2: /profile/lecPay, my lectures: lecture, price paid (a grant marked as such), payment date
 * and expiry date; a row opens /lec/{id}; an expired one says so and offers to buy it again. The
 * orders still waiting (a kiosk reference) come first, then the whole terms bought with their lectures. Spec 8: a failed load shows the server's
 * message as a warning toast.
 */
export default function PaidLecturesRoute() {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const purchases = useListPurchasesQuery();

  usePageTitle(t('title.myLectures'));
  useEffect(() => {
    if (purchases.isError && !(purchases.error as ApiFailure).handled) void toastWarning(messageOf(purchases.error, t, 'mine.loadFailed'));
    // Once per failure: a language switch does not replay it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [purchases.isError, purchases.error]);

  const rows = purchases.data?.data ?? [];
  const bundles = purchases.data?.bundles ?? [];
  const nameOf = (l: PurchasedLecture) => l.lectureName || l.name;
  const buyAgain = (l: PurchasedLecture) => navigate('/pay', { state: payStateFor({ id: l.id, price: l.price, photoUrl: l.photoUrl, lectureName: nameOf(l), accessDays: l.accessDays }) });
  const columns: DataColumn<PurchasedLecture>[] = [
    {
      header: t('mine.colLecture'),
      className: 'lecture-cell',
      cell: (l) => (
        <Link to={`/lec/${l.id}`} dir="auto">
          {nameOf(l)}
        </Link>
      ),
    },
    {
      header: t('mine.colPrice'),
      cell: (l) =>
        l.source === 'grant' ? (
          <Badge size="small" variation="info">
            {t('mine.grant')}
          </Badge>
        ) : l.pricePaid === 0 ? (
          t('pay.free')
        ) : (
          <bdi dir="ltr">{amountText(l.pricePaid)}</bdi>
        ),
    },
    { header: t('mine.colPaid'), cell: (l) => <time dateTime={l.purchaseDate}>{dayText(l.purchaseDate, language)}</time> },
    { header: t('mine.colExpires'), cell: (l) => <time dateTime={l.expiryDate}>{dayText(l.expiryDate, language)}</time> },
    {
      header: t('mine.colStatus'),
      cell: (l) =>
        l.expired ? (
          <span className="row-actions">
            <Badge size="small" variation="error">
              {t('mine.expired')}
            </Badge>
            <button type="button" className="button button-primary button-small" onClick={() => buyAgain(l)} aria-label={t('mine.buyAgainNamed', { name: nameOf(l) })}>
              {t('mine.buyAgain')}
            </button>
          </span>
        ) : (
          <Badge size="small" variation="success">
            {t('mine.active')}
          </Badge>
        ),
    },
  ];

  return (
    <section className="page my-lectures">
      <h1>{t('mine.title')}</h1>
      {purchases.isLoading ? (
        <Spinner />
      ) : purchases.isError && !purchases.data ? (
        <div className="notice">
          <p>{t('mine.loadFailed')}</p>
          <button type="button" className="button button-primary" onClick={() => void purchases.refetch()}>
            {t('commerce.tryAgain')}
          </button>
        </div>
      ) : (
        <>
          <PendingOrders orders={purchases.data?.pending ?? []} />
          <BundlePurchases bundles={bundles} />
          {(purchases.data?.pending.length || bundles.length) && rows.length ? <h2>{t('mine.lecturesTitle')}</h2> : null}
          {rows.length || !bundles.length ? (
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(l) => l.id}
              className="my-lectures-table"
              highlightOnHover
              rowTestId="purchase-row"
              rowClassName={(l) => (l.expired ? 'is-expired' : undefined)}
              onOpenRow={(l) => navigate(`/lec/${l.id}`)}
              empty={
                <>
                  {t('mine.empty')} <Link to="/">{t('mine.browse')}</Link>
                </>
              }
            />
          ) : null}
        </>
      )}
    </section>
  );
}
