/** The teacher's settings form (issue 41): the shared rules (shared/schemas/devices.ts), each number typed as text. */
import { z } from 'zod';
import { settings } from '@shared/schemas/devices';

const typed = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v), schema);

export const settingsFormSchema = z.object({
  deviceLimit: typed(settings.shape.deviceLimit),
  deviceRemovalDays: typed(settings.shape.deviceRemovalDays),
  singleSession: settings.shape.singleSession,
  sharingFlagThreshold: typed(settings.shape.sharingFlagThreshold),
});

export type SettingsFormValues = z.input<typeof settingsFormSchema>;
