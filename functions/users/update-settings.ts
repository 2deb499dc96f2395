import { saveSettings } from '../data/settings-repo';
import { type Handler, ok } from '../lib/http';

/** PATCH /api/admin/settings {some of the settings} → {data: the settings}; they hold from the next sign-in or request. */
export const updateSettings: Handler<'PATCH /api/admin/settings'> = async ({ body }) => ok({ data: await saveSettings(body) });
