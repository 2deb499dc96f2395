import { ownPurchasesRange } from '../data/purchase-repo';
import { readsAlong, ok } from '../lib/http';
import * as orders from './orders';

/**
 * GET /api/AWS/get-purched → {data: the student's purchases and grants, pending: their orders still waiting}.
 * The session gate reads their record, pending-order holds and purchases in one Query (AP62).
 */
export const listPurchases = readsAlong<'GET /api/AWS/get-purched'>(async ({ auth }) => ok(await orders.listPurchases(auth.userId, new Date(), auth.readAlong)), () => [], { range: ownPurchasesRange });
