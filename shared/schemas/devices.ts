/**
 * One account, one student (issue 41): the devices a student signs in from, the teacher's settings
 * that bound them, and the one stream a student plays at a time. docs/devices.md tells the rules.
 */
import { z } from 'zod';
import { SETTINGS_BOUNDS } from '../constants.ts';

/** The web app's random device id (≥ 128 bits, base64url); the server keeps only its handle. */
export const deviceId = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/);
/** A device as the server names it: base64url(SHA-256(deviceId)), its first 22 characters. */
export const deviceHandle = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

export const DEVICE_KINDS = ['phone', 'tablet', 'computer'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** A device's name parts: `name` is English ("Android phone · Chrome"); the web writes others from kind, os and browser. */
export const deviceLabel = z.object({ name: z.string(), kind: z.enum(DEVICE_KINDS), os: z.string(), browser: z.string() });
export type DeviceLabel = z.infer<typeof deviceLabel>;

export const device = deviceLabel.extend({ id: deviceHandle, firstSeenAt: z.string(), lastSeenAt: z.string() });
export type Device = z.infer<typeof device>;

/** The body of 403 auth.deviceLimit beside message and code: the devices, the limit, when one may be removed (null: now), the one-time token to remove one. */
export const deviceLimitRefusal = z.object({
  devices: z.array(device),
  limit: z.number().int(),
  nextRemovalAt: z.string().nullable(),
  removalToken: z.string(),
});

export const removeDeviceWithTokenBody = z.object({ removalToken: z.string().regex(/^[A-Za-z0-9_-]{43}$/), deviceId: deviceHandle });
export const deviceRemoved = z.object({ data: z.object({ removed: z.literal(true) }) });
/** The Google button's start: the web's device id travels through the sign-in's state (an id not of its shape is left out). */
export const startGoogleSignInQuery = z.object({ deviceId: deviceId.optional().catch(undefined) });
export const removalTokenQuery = z.object({ removalToken: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export const deviceLimitDevices = z.object({ data: deviceLimitRefusal.omit({ removalToken: true }) });

export const myDevices = z.object({
  data: z.object({ devices: z.array(device), limit: z.number().int(), removalDays: z.number().int(), nextRemovalAt: z.string().nullable() }),
});
export const deviceParams = z.object({ deviceId: deviceHandle });

export const signIn = deviceLabel.extend({ at: z.string(), ip: z.string() });
export const SHARING_EVENT_KINDS = ['deviceRefused', 'streamTakenOver'] as const;
export type SharingEventKind = (typeof SHARING_EVENT_KINDS)[number];
/** A refused device or a taken-over stream; `device`: the one refused or that took the stream (the web names it in its language). */
export const sharingEvent = z.object({ at: z.string(), kind: z.enum(SHARING_EVENT_KINDS), device: deviceLabel.optional() });
export const userDevices = z.object({
  data: z.object({ devices: z.array(device), signIns: z.array(signIn), events: z.array(sharingEvent), flagged: z.boolean() }),
});
export const devicesReset = z.object({ data: z.object({ reset: z.literal(true), removed: z.number().int() }) });

const b = SETTINGS_BOUNDS;
/** The teacher's switches: one item; each field has its default until set. */
export const settings = z.object({
  deviceLimit: z.number().int().min(b.deviceLimit.min).max(b.deviceLimit.max),
  deviceRemovalDays: z.number().int().min(b.deviceRemovalDays.min).max(b.deviceRemovalDays.max),
  singleSession: z.boolean(),
  sharingFlagThreshold: z.number().int().min(b.sharingFlagThreshold.min).max(b.sharingFlagThreshold.max),
});
export type Settings = z.infer<typeof settings>;
export const updateSettingsBody = settings.partial().strict().refine((s) => Object.keys(s).length > 0, { message: 'Send at least one setting' });
export const settingsResponse = z.object({ data: settings });

/** A played span, seconds from the video's start: [from, to], from < to. */
const span = z
  .tuple([z.number().min(0).max(86_400), z.number().min(0).max(86_400)])
  .refine(([from, to]) => from < to, { message: 'Each watched span runs from a second to a later one' });
/** The player's heartbeat (≤ 30 s apart while playing); `watched`: the spans played since the last one. */
export const savePlaybackProgressBody = z.object({ playbackId: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/), watched: z.array(span).max(200).optional() });
/** A closing page's last report (navigator.sendBeacon: no Authorization header): the playback id, held by the student it was started for, is the proof. */
export const sendProgressBeaconBody = z.object({ userId: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/), playbackId: savePlaybackProgressBody.shape.playbackId, watched: z.array(span).min(1).max(200) });
export const playbackProgressReported = z.object({ data: z.object({ ok: z.literal(true) }) });
