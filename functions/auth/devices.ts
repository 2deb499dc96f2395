/**
 * One account, one student (docs/devices.md): a student signs in from at most the teacher's number of
 * devices. The password (or Google) is checked first; then a known device is seen again, a new one
 * is recorded while under the limit (one transaction: two new devices at once cannot both pass), and
 * a further one is refused with the devices and a one-time token to remove one. Admins are not limited.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Locale } from '../../shared/constants';
import type { Device, DeviceLabel, Settings } from '../../shared/schemas/devices';
import { addDevice, type DeviceRecord, deviceOf, devicesOfUser, putRemovalToken, removeDevice, resetDevices, touchDevice, userOfRemovalToken } from '../data/device-repo';
import { settingsOf } from '../data/settings-repo';
import { recordSharingEvent, recordSignIn, sharingEventsOf, SHARING_WINDOW_MS, signInsOf } from '../data/sharing-repo';
import { type UserRecord, userById } from '../data/user-repo';
import { Blocked, Forbidden, HttpError, NotFound, Unauthorized } from '../lib/errors';
import { sourceOf } from './caller-source';
import { deviceHandleOf, deviceLabelOf, maskedAddress } from './device-name';
import { sessionsAfterSignIn } from './session-rules';

const DAY_MS = 86_400_000;
/** How long a refused sign-in's removal token lives. */
export const REMOVAL_TOKEN_TTL_SECONDS = 10 * 60;
const SIGN_INS_ON_STUDENT_PAGE = 20;
const EVENTS_ON_STUDENT_PAGE = 50;

const REFUSED: Record<Locale, string> = {
  en: 'This account is already signed in on as many devices as your teacher allows. Remove one of them, or ask your teacher.',
  ar: 'هذا الحساب مسجَّل بالفعل على أقصى عدد من الأجهزة يسمح به المدرس. احذف أحدها، أو تواصل مع المدرس.',
};
const TOKEN_INVALID = 'This device removal has expired or was already used. Sign in again.';
const NO_DEVICE = 'No device of this account has this id';

/** The device a sign-in comes from, as the request tells it. */
export interface SignInDevice {
  handle: string;
  label: DeviceLabel;
  /** The caller's address cut to its first three octets (or groups). */
  ip: string;
}
type RequestLike = Parameters<typeof sourceOf>[0];
export const signInDeviceOf = (event: RequestLike, deviceId: string | undefined): SignInDevice => {
  const ua = event.headers?.['user-agent'];
  return { handle: deviceHandleOf(deviceId, ua), label: deviceLabelOf(ua), ip: maskedAddress(sourceOf(event)) };
};

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const toDevice = ({ jtis: _jtis, ...d }: DeviceRecord): Device => d;

/** When the student may next remove a device (ISO), or null: now. */
export function nextRemovalAt(user: Pick<UserRecord, 'deviceRemovedAt'>, removalDays: number, now: number): string | null {
  if (!user.deviceRemovedAt) return null;
  const next = Date.parse(user.deviceRemovedAt) + removalDays * DAY_MS;
  return next > now ? new Date(next).toISOString() : null;
}

class DeviceLimit extends Forbidden {
  constructor(locale: Locale, refusal: { devices: Device[]; limit: number; nextRemovalAt: string | null; removalToken: string }) {
    super(REFUSED[locale], 'auth.deviceLimit', refusal);
  }
}

/**
 * After the password (or Google) said yes and before the session starts with `jti`: the device is
 * seen again, recorded, or — a student past the limit — refused (403 auth.deviceLimit, an event
 * that counts towards the sharing flag). A blocked user never gets here; one blocked meanwhile is 403 blocked.
 */
export async function admitDevice(user: UserRecord, device: SignInDevice, jti: string, settings: Settings, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const live = sessionsAfterSignIn(user, jti, settings.singleSession).sessions;
  const seenAgain = async (known: DeviceRecord) => touchDevice(user.id, device.handle, device.label, [...known.jtis.filter((j) => live.includes(j) && j !== jti), jti], at);
  const known = await deviceOf(user.id, device.handle);
  if (known && (await seenAgain(known))) return;
  const limit = user.role === 'USER' ? settings.deviceLimit : null;
  const added = await addDevice(user.id, { id: device.handle, ...device.label, firstSeenAt: at, lastSeenAt: at, jtis: [jti] }, limit);
  if (added === 'added') return;
  if (added === 'known') {
    const again = await deviceOf(user.id, device.handle);
    if (again && (await seenAgain(again))) return;
  }
  const current = await userById(user.id);
  if (!current || current.block) throw new Blocked();
  const removalToken = randomBytes(32).toString('base64url');
  // A student trying the same new phone again (before removing an old one) is one refusal, not several.
  const again = current.lastRefusal?.handle === device.handle && Date.parse(current.lastRefusal.at) > now.getTime() - DAY_MS;
  const [devices] = await Promise.all([
    devicesOfUser(user.id),
    putRemovalToken(sha256(removalToken), user.id, Math.floor(now.getTime() / 1000) + REMOVAL_TOKEN_TTL_SECONDS),
    again ? undefined : recordSharingEvent(current, { at, kind: 'deviceRefused', device: device.label }, settings.sharingFlagThreshold, device.handle),
  ]);
  throw new DeviceLimit(user.locale ?? 'en', { devices: devices.map(toDevice), limit: settings.deviceLimit, nextRemovalAt: nextRemovalAt(current, settings.deviceRemovalDays, now.getTime()), removalToken });
}

/** After the session started: the sign-in on the student page's list. */
export const noteSignIn = (userId: string, device: SignInDevice, at = new Date()) => recordSignIn(userId, { at: at.toISOString(), ...device.label, ip: device.ip });

class RemovalTooSoon extends HttpError {
  constructor(next: string | null) {
    super(429, 'You removed a device recently. You can remove another one later.', 'devices.removalTooSoon', { nextRemovalAt: next });
  }
}

/** One device removed under the once-per-period rule; its sessions end (401 session.deviceRemoved at their next call). */
async function removeOne(user: UserRecord, handle: string, settings: Settings, now: Date, tokenHash?: string): Promise<void> {
  const device = await deviceOf(user.id, handle);
  if (!device) throw new NotFound(NO_DEVICE, 'device.notFound');
  const next = nextRemovalAt(user, settings.deviceRemovalDays, now.getTime());
  if (next) throw new RemovalTooSoon(next);
  const sessions = (user.sessions ?? []).filter((j) => !device.jtis.includes(j));
  const ended = sessions.length < (user.sessions ?? []).length;
  const r = await removeDevice(user.id, handle, {
    sessions,
    ...(ended ? { reason: 'deviceRemoved' as const } : {}),
    removedAt: now.toISOString(),
    notSince: new Date(now.getTime() - settings.deviceRemovalDays * DAY_MS).toISOString(),
    ...(tokenHash ? { tokenHash } : {}),
  });
  if (r === 'gone') throw new NotFound(NO_DEVICE, 'device.notFound');
  if (r === 'tokenUsed') throw new Unauthorized(TOKEN_INVALID, 'auth.removalTokenInvalid');
  if (r === 'tooSoon') {
    const after = await userById(user.id);
    throw new RemovalTooSoon(after ? nextRemovalAt(after, settings.deviceRemovalDays, now.getTime()) : null);
  }
}

async function userOfToken(removalToken: string, now: Date): Promise<UserRecord> {
  const userId = await userOfRemovalToken(sha256(removalToken), Math.floor(now.getTime() / 1000));
  const user = userId ? await userById(userId) : undefined;
  if (!user) throw new Unauthorized(TOKEN_INVALID, 'auth.removalTokenInvalid');
  if (user.block) throw new Blocked();
  return user;
}

/** POST /api/auth/devices/remove: a refused sign-in removes one of its account's devices with its token (once). */
export async function removeDeviceWithToken(removalToken: string, handle: string, now = new Date()): Promise<void> {
  const user = await userOfToken(removalToken, now);
  await removeOne(user, handle, await settingsOf(), now, sha256(removalToken));
}

/** GET /api/auth/devices: what the refusal listed, again, while its token lives (the Google path's login page reads it). */
export async function devicesOfRefusal(removalToken: string, now = new Date()) {
  const user = await userOfToken(removalToken, now);
  const [settings, devices] = await Promise.all([settingsOf(), devicesOfUser(user.id)]);
  return { devices: devices.map(toDevice), limit: settings.deviceLimit, nextRemovalAt: nextRemovalAt(user, settings.deviceRemovalDays, now.getTime()) };
}

async function existingUser(userId: string): Promise<UserRecord> {
  const user = await userById(userId);
  if (!user) throw new NotFound('No user has this id', 'user.notFound');
  return user;
}

/** GET /api/user/devices */
export async function myDevices(userId: string, now = new Date()) {
  const [user, settings, devices] = await Promise.all([existingUser(userId), settingsOf(), devicesOfUser(userId)]);
  return { devices: devices.map(toDevice), limit: settings.deviceLimit, removalDays: settings.deviceRemovalDays, nextRemovalAt: nextRemovalAt(user, settings.deviceRemovalDays, now.getTime()) };
}

/** DELETE /api/user/devices/{deviceId}: at most once per the teacher's period. */
export async function removeMyDevice(userId: string, handle: string, now = new Date()): Promise<void> {
  const [user, settings] = await Promise.all([existingUser(userId), settingsOf()]);
  await removeOne(user, handle, settings, now);
}

/** Whether the record's latest events flag the account now. */
export const isFlagged = (user: Pick<UserRecord, 'flaggedUntil'>, now = Date.now()) => (user.flaggedUntil ?? 0) > now;

/** GET /api/admin/users/{userId}/devices: the devices, the latest sign-ins, the week's events, the flag. */
export async function devicesForTeacher(userId: string, now = new Date()) {
  const user = await existingUser(userId);
  const since = new Date(now.getTime() - SHARING_WINDOW_MS).toISOString();
  const [devices, signIns, events] = await Promise.all([devicesOfUser(userId), signInsOf(userId, SIGN_INS_ON_STUDENT_PAGE), sharingEventsOf(userId, since, EVENTS_ON_STUDENT_PAGE)]);
  return { devices: devices.map(toDevice), signIns, events, flagged: isFlagged(user, now.getTime()) };
}

/** DELETE /api/admin/users/{userId}/devices: every device and the removal period cleared; every session of the student ends. */
export async function resetDevicesOf(userId: string) {
  await existingUser(userId);
  return { reset: true as const, removed: await resetDevices(userId, 'deviceRemoved') };
}

/** A stream moved from another session of the student to the device of `userAgent` (catalogue's startPlayback): counted towards the flag. */
export async function noteStreamTakenOver(userId: string, userAgent: string | undefined, now = new Date()): Promise<void> {
  const [user, settings] = await Promise.all([userById(userId), settingsOf()]);
  if (user) await recordSharingEvent(user, { at: now.toISOString(), kind: 'streamTakenOver', device: deviceLabelOf(userAgent) }, settings.sharingFlagThreshold);
}
