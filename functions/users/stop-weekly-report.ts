import { type Handler } from '../lib/http';
import { stopWeeklyReport as stop } from '../reports/public';

/** GET /api/reports/stop?p&c&t → that channel of the parent's weekly report off, and a page saying so. */
export const stopWeeklyReport: Handler<'GET /api/reports/stop'> = async ({ query }) => {
  const page = await stop(query.p, query.c, query.t);
  return { status: 200, bytes: new TextEncoder().encode(page), headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } };
};
