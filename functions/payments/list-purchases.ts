import { type Handler, ok } from '../lib/http';
import * as orders from './orders';

/** GET /api/AWS/get-purched → {data: the student's purchases and grants, pending: their orders still waiting}. */
export const listPurchases: Handler<'GET /api/AWS/get-purched'> = async ({ auth }) => ok(await orders.listPurchases(auth.userId));
