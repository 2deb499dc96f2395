import { settingsOf } from '../data/settings-repo';
import { type Handler, ok } from '../lib/http';

/** GET /api/admin/settings → {data: {deviceLimit, deviceRemovalDays, singleSession, sharingFlagThreshold}}. */
export const getSettings: Handler<'GET /api/admin/settings'> = async () => ok({ data: await settingsOf() });
