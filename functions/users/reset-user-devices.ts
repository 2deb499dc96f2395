import { resetDevicesOf } from '../auth/public';
import { type Handler, ok } from '../lib/http';

/** DELETE /api/admin/users/{userId}/devices → {data: {reset: true, removed}}: the student starts afresh on their next sign-ins. */
export const resetUserDevices: Handler<'DELETE /api/admin/users/{userId}/devices'> = async ({ params }) => ok({ data: await resetDevicesOf(params.userId) });
