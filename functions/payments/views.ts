/** The order as the student (pending ones on /profile/lecPay) and the teacher (sales) see it. */
import type { Order } from '../../shared/schemas/commerce';
import type { OrderRecord } from '../data/order-repo';

export const toOrder = (o: OrderRecord): Order => ({
  id: o.id,
  kind: o.kind ?? 'lecture',
  lectureId: o.lectureId,
  lectureName: o.lectureName,
  ...(o.termId ? { termId: o.termId } : {}),
  status: o.status,
  method: o.method,
  originalPrice: o.originalPrice,
  amount: o.amount,
  couponCode: o.couponCode,
  discount: o.discount,
  kioskReference: o.kioskReference,
  createdAt: o.createdAt,
  paidAt: o.paidAt,
  ...(o.refundReason ? { refundReason: o.refundReason } : {}),
});
