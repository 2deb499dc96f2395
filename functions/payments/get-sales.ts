import { type Handler, ok } from '../lib/http';
import * as sales from './sales';

/** GET /api/payments/sales?from&to (admin) → {data: the sales report over those Cairo days}. */
export const getSales: Handler<'GET /api/payments/sales'> = async ({ query }) => ok({ data: await sales.getSales(query) });
