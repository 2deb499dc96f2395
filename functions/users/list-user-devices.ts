import { devicesForTeacher } from '../auth/public';
import { type Handler, ok } from '../lib/http';

/** GET /api/admin/users/{userId}/devices → {data: {devices, signIns, events, flagged}}. */
export const listUserDevices: Handler<'GET /api/admin/users/{userId}/devices'> = async ({ params }) => ok({ data: await devicesForTeacher(params.userId) });
