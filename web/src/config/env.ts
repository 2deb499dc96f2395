/**
 * The only reader of import.meta.env: read once here, typed for everyone else. (Plain code, not
 * zod: this file is in the first bundle and zod loads later with the forms.)
 */
function baseUrl(raw: unknown): string {
  if (raw === undefined || raw === '') return '';
  if (typeof raw !== 'string' || !/^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(raw)) {
    throw new Error(`VITE_API_BASE_URL must be an http(s) URL or an absolute path, got ${String(raw)}`);
  }
  return raw.replace(/\/+$/, '');
}

export const env = {
  /** The API is same-origin by default (the local gateway and CloudFront serve both). */
  apiBaseUrl: baseUrl(import.meta.env.VITE_API_BASE_URL),
} as const;
