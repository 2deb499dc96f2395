/**
 * What the payments domain offers the other domains (import only this file from outside payments/):
 *
 * - `listPurchases(userId)`: a student's purchases and grants as /profile/lecPay shows them
 *   (purchasedLecture rows with dates and the expired flag) and the orders still waiting;
 * - `expiryAfter(current, now, accessDays)`: a purchase's new expiry — counted from the end of an
 *   unexpired one, as paying again extends it (a grant extends the same way).
 */
export { listPurchases } from './orders';
export { expiryAfter } from './transaction';
