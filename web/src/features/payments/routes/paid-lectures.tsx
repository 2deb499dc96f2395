import { Badge, Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '@/components/spinner';
import { toastWarning } from '@/components/toast';
import { useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/commerce-area';
import type { ApiFailure } from '@/lib/api';
import { messageOf } from '@/lib/forms';
import { type PurchasedLecture, useListPurchasesQuery } from '../api/list-purchases';
import { PendingOrders } from '../components/pending-orders';
import { amountText, dayText } from '../lib/format';
import { payStateFor } from '../lib/pay-state';
import '../components/payments.css';

/**
 * Spec 2: /profile/lecPay, my lectures: lecture, price paid (a grant marked as such), payment date
 * and expiry date; a row opens /lec/{id}; an expired one says so and offers to buy it again. The
 * orders still waiting (a kiosk reference) come first. Spec 8: a failed load shows the server's
 * message as a warning toast.
 */
export default function PaidLecturesRoute() {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const purchases = useListPurchasesQuery();

  useEffect(() => {
    document.title = 'Bioscope | My lectures';
  }, []);
  useEffect(() => {
    if (purchases.isError && !(purchases.error as ApiFailure).handled) void toastWarning(messageOf(purchases.error, t, 'mine.loadFailed'));
    // Once per failure: a language switch does not replay it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [purchases.isError, purchases.error]);

  const rows = purchases.data?.data ?? [];
  const buyAgain = (l: PurchasedLecture) =>
    navigate('/pay', { state: payStateFor({ id: l.id, price: l.price, photoUrl: l.photoUrl, lectureName: l.lectureName || l.name, accessDays: l.accessDays }) });
  const cols = [t('mine.colLecture'), t('mine.colPrice'), t('mine.colPaid'), t('mine.colExpires'), t('mine.colStatus')];

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
          {purchases.data?.pending.length ? <h2>{t('mine.lecturesTitle')}</h2> : null}
          {rows.length === 0 ? (
            <p className="notice">
              {t('mine.empty')} <Link to="/">{t('mine.browse')}</Link>
            </p>
          ) : (
            <div className="data-table-wrap">
              <Table className="data-table stack-on-phone my-lectures-table" size="small" highlightOnHover>
                <TableHead>
                  <TableRow>
                    {cols.map((h) => (
                      <TableCell as="th" key={h} scope="col">
                        {h}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((l) => {
                    const name = l.lectureName || l.name;
                    return (
                      <TableRow
                        key={l.id}
                        className={`clickable-row${l.expired ? ' is-expired' : ''}`}
                        data-testid="purchase-row"
                        onClick={(e) => {
                          if (!(e.target as HTMLElement).closest('a, button')) navigate(`/lec/${l.id}`);
                        }}
                      >
                        <TableCell data-label={cols[0]} className="lecture-cell">
                          <Link to={`/lec/${l.id}`} dir="auto">
                            {name}
                          </Link>
                        </TableCell>
                        <TableCell data-label={cols[1]}>
                          {l.source === 'grant' ? (
                            <Badge size="small" variation="info">
                              {t('mine.grant')}
                            </Badge>
                          ) : l.pricePaid === 0 ? (
                            t('pay.free')
                          ) : (
                            <bdi dir="ltr">{amountText(l.pricePaid)}</bdi>
                          )}
                        </TableCell>
                        <TableCell data-label={cols[2]}>
                          <time dateTime={l.purchaseDate}>{dayText(l.purchaseDate, language)}</time>
                        </TableCell>
                        <TableCell data-label={cols[3]}>
                          <time dateTime={l.expiryDate}>{dayText(l.expiryDate, language)}</time>
                        </TableCell>
                        <TableCell data-label={cols[4]}>
                          {l.expired ? (
                            <span className="row-actions">
                              <Badge size="small" variation="error">
                                {t('mine.expired')}
                              </Badge>
                              <button type="button" className="button button-primary button-small" onClick={() => buyAgain(l)} aria-label={t('mine.buyAgainNamed', { name })}>
                                {t('mine.buyAgain')}
                              </button>
                            </span>
                          ) : (
                            <Badge size="small" variation="success">
                              {t('mine.active')}
                            </Badge>
                          )}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
