/**
 * localStorage that never throws (private mode, disabled storage, quota): reads fall back to
 * null, writes are best effort.
 */
export const STORAGE_KEYS = {
  user: 'user',
  theme: 'theme',
  language: 'language',
  forgotPasswordEmail: 'forgotPasswordEmail',
} as const;

export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the value lives in memory only */
  }
}

export const writeJson = (key: string, value: unknown) => writeString(key, JSON.stringify(value));

export function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* nothing stored */
  }
}
