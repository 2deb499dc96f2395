import { type Handler, ok } from '../lib/http';
import * as devices from './devices';

/** GET /api/auth/devices?removalToken → {data: {devices, limit, nextRemovalAt}}: what a refused sign-in (the Google path's redirect) may remove. */
export const listRefusalDevices: Handler<'GET /api/auth/devices'> = async ({ query }) => ok({ data: await devices.devicesOfRefusal(query.removalToken) });
