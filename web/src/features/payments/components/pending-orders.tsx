import { Badge, Card } from '@aws-amplify/ui-react';
import { KIOSK_HOLD_DAYS } from '@shared/constants';
import { useLanguage, useT } from '@/i18n/use-t';
import type { PendingOrder } from '../api/list-purchases';
import { amountText, dateTimeText } from '../lib/format';

/**
 * Orders still waiting for their payment, above my lectures: a kiosk order's reference large, with
 * how to pay it at an Aman or Masary outlet; the lecture appears once the outlet's payment arrives.
 */
export function PendingOrders({ orders }: { orders: PendingOrder[] }) {
  const t = useT();
  const language = useLanguage();
  if (!orders.length) return null;
  return (
    <section className="pending-orders" aria-labelledby="pending-title">
      <h2 id="pending-title">{t('mine.pendingTitle')}</h2>
      <div className="pending-list">
        {orders.map((o) => (
          <Card key={o.id} variation="outlined" className="pay-card pending-order" data-testid="pending-order">
            <div className="pending-head">
              <h3 dir="auto">{o.lectureName}</h3>
              <Badge size="small" variation="warning">
                {t('mine.pending')}
              </Badge>
            </div>
            <p className="pending-meta">
              <bdi dir="ltr">{amountText(o.amount)}</bdi>
              <span aria-hidden="true"> · </span>
              <time dateTime={o.createdAt}>{dateTimeText(o.createdAt, language)}</time>
            </p>
            {o.kioskReference ? (
              <div className="kiosk">
                <p className="kiosk-label">{t('mine.kioskReference')}</p>
                <p className="kiosk-reference" dir="ltr" data-testid="kiosk-reference">
                  {o.kioskReference}
                </p>
                <ol className="kiosk-steps">
                  <li>{t('mine.kioskStep1')}</li>
                  <li>{t('mine.kioskStep2', { amount: amountText(o.amount) })}</li>
                  <li>{t('mine.kioskStep3')}</li>
                </ol>
                <p className="muted kiosk-hold">{t('mine.kioskHold', { days: KIOSK_HOLD_DAYS })}</p>
              </div>
            ) : (
              <p className="muted">{t('mine.pendingGateway')}</p>
            )}
          </Card>
        ))}
      </div>
    </section>
  );
}
