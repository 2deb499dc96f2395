import { myDevices } from '../auth/public';
import { type Handler, ok } from '../lib/http';

/** GET /api/user/devices → {data: {devices, limit, removalDays, nextRemovalAt}}. */
export const listMyDevices: Handler<'GET /api/user/devices'> = async ({ auth }) => ok({ data: await myDevices(auth.userId) });
