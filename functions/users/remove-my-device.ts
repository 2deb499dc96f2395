import { removeMyDevice as remove } from '../auth/public';
import { type Handler, ok } from '../lib/http';

/** DELETE /api/user/devices/{deviceId} → {data: {removed: true}}; 429 devices.removalTooSoon within the teacher's period. */
export const removeMyDevice: Handler<'DELETE /api/user/devices/{deviceId}'> = async ({ params, auth }) => {
  await remove(auth.userId, params.deviceId);
  return ok({ data: { removed: true } });
};
