/**
 * What a student's device is called, from its browser's user agent: an English name for the teacher
 * and the API ("Android phone · Chrome"), and its kind, system and browser, from which the web writes
 * it in Arabic. A guess, never a check: a user agent says what its browser wants.
 */
import { createHash } from 'node:crypto';
import type { DeviceKind, DeviceLabel } from '../../shared/schemas/devices';

type Os = 'Android' | 'iOS' | 'iPadOS' | 'Windows' | 'macOS' | 'ChromeOS' | 'Linux' | 'Other';

function osOf(ua: string): Os {
  if (/\bAndroid\b/i.test(ua)) return 'Android';
  if (/\biPad\b/.test(ua)) return 'iPadOS';
  if (/\b(iPhone|iPod)\b/.test(ua)) return 'iOS';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bLinux\b|\bX11\b/.test(ua)) return 'Linux';
  return 'Other';
}

function kindOf(ua: string, os: Os): DeviceKind {
  if (os === 'iPadOS' || /\bTablet\b/i.test(ua) || (os === 'Android' && !/\bMobile\b/i.test(ua))) return 'tablet';
  if (os === 'iOS' || os === 'Android' || /\bMobi/i.test(ua)) return 'phone';
  return 'computer';
}

/** The first that matches: Edge, Opera and Samsung Internet say "Chrome" too, Chrome says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOPiOS\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const browserOf = (ua: string) => BROWSERS.find(([re]) => re.test(ua))?.[1] ?? 'Other';

const DEVICE_WORDS: Record<Os, (kind: DeviceKind) => string> = {
  Android: (kind) => (kind === 'tablet' ? 'Android tablet' : 'Android phone'),
  iOS: () => 'iPhone',
  iPadOS: () => 'iPad',
  ChromeOS: () => 'Chromebook',
  Windows: (kind) => (kind === 'computer' ? 'Windows computer' : `Windows ${kind}`),
  macOS: () => 'Mac',
  Linux: () => 'Linux computer',
  Other: (kind) => kind[0]!.toUpperCase() + kind.slice(1),
};

/** The device's label from its user agent (absent: an unknown computer). */
export function deviceLabelOf(userAgent: string | undefined): DeviceLabel {
  const ua = userAgent ?? '';
  const os = osOf(ua);
  const kind = kindOf(ua, os);
  const browser = browserOf(ua);
  const device = DEVICE_WORDS[os](kind);
  return { name: browser === 'Other' ? device : `${device} · ${browser}`, kind, os, browser };
}

/** The server's name of a device: base64url(SHA-256(id)), 22 characters (132 bits); the web's raw id is never stored. */
export const handleOf = (deviceId: string) => createHash('sha256').update(deviceId).digest('base64url').slice(0, 22);

/** The device of a sign-in: the web's id when sent, else one made from the user agent (so omitting the id still counts as a device). */
export const deviceHandleOf = (deviceId: string | undefined, userAgent: string | undefined) => handleOf(deviceId ?? `user-agent:${userAgent ?? ''}`);

/** An address as the teacher sees it: IPv4's first three octets ("a.b.c.x"), IPv6's first three groups ("a:b:c:x"). */
export function maskedAddress(source: string): string {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(source)) return `${source.split('.').slice(0, 3).join('.')}.x`;
  if (source.includes(':')) return `${source.split(':').slice(0, 3).join(':')}:x`;
  return 'unknown';
}
