import { type Handler, ok } from '../lib/http';
import * as devices from './devices';

/** POST /api/auth/devices/remove {removalToken, deviceId} → {data: {removed: true}}: the refused sign-in frees a place, then signs in again. */
export const removeDeviceWithToken: Handler<'POST /api/auth/devices/remove'> = async ({ body }) => {
  await devices.removeDeviceWithToken(body.removalToken, body.deviceId);
  return ok({ data: { removed: true } });
};
