import { Link } from 'react-router';
import type { Lecture } from '@shared/schemas/catalogue';
import { Spinner } from '@/components/spinner';
import { useT } from '@/i18n/use-t';
import { useListPendingKioskOrdersQuery } from '@/lib/endpoints/list-pending-kiosk-orders';
import { purchaseTrail } from '../lib/purchase-trail';
import type { Trail } from '../lib/nav-state';

/** A lecture the student has not bought: Buy, or, while a kiosk order of it waits at the outlet, that (with its reference). */
export function Paywall({ lecture, trail }: { lecture: Lecture; trail: Trail | null }) {
  const t = useT();
  const orders = useListPendingKioskOrdersQuery();
  const waiting = orders.data?.find((o) => o.lectureId === lecture.id);
  if (orders.isLoading) return <Spinner label={t('loading')} />;
  if (waiting)
    return (
      <div className="notice player-paywall" role="status" data-testid="awaiting-outlet">
        <p>
          <strong>{t('cat.awaitingOutlet')}</strong>
        </p>
        {waiting.kioskReference && (
          <p>
            {t('cat.awaitingOutletReference')}{' '}
            <bdi dir="ltr" className="kiosk-reference">
              {waiting.kioskReference}
            </bdi>
          </p>
        )}
        <Link to="/profile/lecPay">{t('nav.myLectures')}</Link>
      </div>
    );
  return (
    <div className="notice player-paywall">
      <p>{t('cat.buyToWatch')}</p>
      <Link to="/pay" state={purchaseTrail(trail, lecture, `/lec/${lecture.id}`)} className="button button-primary">
        {t('cat.buyLecture')}
      </Link>
    </div>
  );
}
