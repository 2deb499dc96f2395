/**
 * Issue 41: this browser's device id — 128 random bits, base64url, kept in localStorage — sent at
 * every sign-in (the password's body, the Google start's query). The server keys a device by its
 * handle, the first 22 characters of base64url(SHA-256(id)); the same handle here marks "this device"
 * in a list of devices without the id ever leaving the sign-in calls.
 */
import { readString, writeString } from './storage';

const DEVICE_ID_KEY = 'deviceId';
/** What the server accepts (shared schema's deviceId). */
const VALID = /^[A-Za-z0-9_-]{22,64}$/;

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** This browser's device id, made (and kept) at its first use. Storage unavailable: one for this page's life. */
let made: string | undefined;
export function deviceId(): string {
  const kept = readString(DEVICE_ID_KEY);
  if (kept && VALID.test(kept)) return kept;
  made ??= base64url(crypto.getRandomValues(new Uint8Array(16)));
  writeString(DEVICE_ID_KEY, made);
  return made;
}

/** The server's handle of a device id: base64url(SHA-256(id)).slice(0, 22). */
export async function deviceHandle(id: string = deviceId()): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id));
  return base64url(new Uint8Array(digest)).slice(0, 22);
}
