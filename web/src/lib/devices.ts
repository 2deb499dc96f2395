/**
 * Issue 41: a student's devices as the server lists them, and how a person reads one: its name
 * written from its kind, system and browser in the interface's language ("Android phone · Chrome",
 * "هاتف Android · Chrome"), and when it was last used (relative while recent, else the date).
 */
import type { z } from 'zod';
import type { Device, DeviceKind, DeviceLabel, deviceLimitRefusal } from '@shared/schemas/devices';
import type { Language, Translate } from '@/i18n/use-t';

export type { Device };

// Types only from the shared schema: the login page loads no more of it. A kind this web does not know keeps the server's name.
const KINDS: readonly string[] = ['phone', 'tablet', 'computer'] satisfies DeviceKind[];
const isKind = (k: string): k is DeviceKind => KINDS.includes(k);

/** "Android phone · Chrome" in the interface's language. */
export function deviceName(d: DeviceLabel, t: Translate): string {
  if (!isKind(d.kind)) return d.name || t('device.unknown');
  const what = d.os ? t(`device.${d.kind}`, { os: d.os }) : t(`device.${d.kind}Only`);
  return d.browser ? `${what} · ${d.browser}` : what;
}

const locale = (language: Language) => (language === 'ar' ? 'ar-EG' : 'en-GB');
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday" (in Arabic too) within a week; older: the day. */
export function whenText(iso: string, language: Language, nowMs = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const ago = nowMs - at;
  if (ago > 7 * 86_400_000) return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium' }).format(at);
  const rtf = new Intl.RelativeTimeFormat(locale(language), { numeric: 'auto' });
  for (const [unit, ms] of UNITS) if (Math.abs(ago) >= ms) return rtf.format(-Math.round(ago / ms), unit);
  return rtf.format(0, 'minute');
}

/** A day (with its time) in the interface's language: when a removal becomes possible. */
export const dayTimeText = (iso: string, language: Language) => new Intl.DateTimeFormat(locale(language), { dateStyle: 'long', timeStyle: 'short' }).format(Date.parse(iso));

/** Whole days from now until `iso` (at least 1): the wait a removal starts. */
export const daysUntil = (iso: string, nowMs = Date.now()) => Math.max(1, Math.ceil((Date.parse(iso) - nowMs) / 86_400_000));

/**
 * A sign-in refused for one device too many (403 auth.deviceLimit): the account's devices, the
 * limit, when one may next be removed (null: now) and the token that lets this sign-in remove one
 * (POST /api/auth/devices/remove); `removalDays` when the server says.
 */
export type DeviceRefusal = z.infer<typeof deviceLimitRefusal> & { removalDays?: number };

/** The refusal a failed sign-in carries (RTK Query's `{ status, data }`), if it is one. */
export function refusalOf(error: unknown): DeviceRefusal | undefined {
  const body = error && typeof error === 'object' && 'data' in error ? (error as { data: unknown }).data : undefined;
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Partial<DeviceRefusal> & { code?: unknown };
  if (b.code !== 'auth.deviceLimit' || typeof b.removalToken !== 'string') return undefined;
  return { devices: Array.isArray(b.devices) ? b.devices : [], limit: Number(b.limit) || (b.devices?.length ?? 0), nextRemovalAt: b.nextRemovalAt ?? null, removalToken: b.removalToken, removalDays: b.removalDays };
}
