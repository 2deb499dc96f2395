import { z } from 'zod';
import { IMAGE_MAX_BYTES, PASSWORD_MIN_LENGTH, SCHOOL_YEARS } from '../constants.ts';
import { ruleParams } from '../rules.ts';

/**
 * The shared building blocks of every body. No English here: a standard check is worded by the
 * error map (shared/rules.ts: the server's English, the web's dictionary), and a refinement names
 * its rule with `ruleParams(code)`.
 */

/** Ids are ULIDs, Cognito subs (uuid) for users; both are opaque, bounded strings. */
export const id = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);
export const idParam = z.object({ id });

/**
 * What no typed text needs and what disguises one: the control characters (U+0000–U+001F but tab and
 * newline, so a CRLF becomes a newline; DEL and the C1 controls) and the bidirectional embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder the text that follows: a
 * subject `gnp.exe` after U+202E shows as `exe.png`. The marks LRM, RLM and ALM (U+200E, U+200F,
 * U+061C) stay: they reorder no letter, and Arabic text beside Latin or digits uses them; ZWJ/ZWNJ stay.
 */
// eslint-disable-next-line no-control-regex -- matching the control characters is the point
export const HIDDEN_CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
export const stripControls = (s: string) => s.replace(HIDDEN_CONTROLS, '');
/** The former name (functions/auth/google-oauth.ts still imports it). */
export const stripBidiControls = stripControls;

/**
 * Every text a person types — names, titles, subjects, messages, quiz texts, file names: the controls
 * stripped first (so they neither count towards `max` nor make a blank look filled), then trimmed.
 */
export const freeText = (max: number) => z.string().overwrite(stripControls).trim().max(max);
/** A required free text: not blank, at most `max` characters. */
export const nonBlank = (max = 500) => freeText(max).min(1);
/** A name, title, code or subject. */
export const shortText = (max = 200) => nonBlank(max);

/** At most 254 characters (RFC 5321's path limit): longer is a mistake, and its key would not fit the table's 2 KB. */
export const EMAIL_MAX_LENGTH = 254;
export const email = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).pipe(z.email());

/**
 * Arabic-Indic (٠١٢…٩) and Persian (۰۱۲…۹) digits as 0–9: an Arabic keyboard types those, and a
 * phone number or a code is the same number either way. Other characters stay as they are.
 */
export const toLatinDigits = (s: string) => s.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf));

/** Egyptian mobile numbers: 01[0125] + 8 digits, written locally or with +20 / 0020. Normalised to +20…. */
export const EGYPT_MOBILE = /^(?:\+20|0020|20)?0?(1[0125]\d{8})$/;
export function normaliseEgyptMobile(raw: string): string | null {
  const m = toLatinDigits(raw).replace(/[\s()-]/g, '').match(EGYPT_MOBILE);
  return m ? `+20${m[1]}` : null;
}
export const egyptMobile = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const n = normaliseEgyptMobile(v);
    if (!n) {
      ctx.addIssue({ code: 'custom', input: v, ...ruleParams('phone') });
      return z.NEVER;
    }
    return n;
  });

/** The three live password rules of the sign-up and reset screens (the web words them by `key`). */
export const PASSWORD_RULES = [
  { key: 'length', text: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { key: 'number', text: 'At least 1 number', test: (p: string) => /\d/.test(p) },
  { key: 'case', text: 'At least 1 uppercase and 1 lowercase letter', test: (p: string) => /[A-Z]/.test(p) && /[a-z]/.test(p) },
] as const;
export const passwordRulesHold = (p: string) => PASSWORD_RULES.every((r) => r.test(p));
export const password = z.string().max(128).refine(passwordRulesHold, ruleParams('password.rules', { min: PASSWORD_MIN_LENGTH }));

export const schoolYear = z.enum(SCHOOL_YEARS);

/** A file part of a multipart body, as the Lambda's multipart parser hands it over. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  encoding?: string;
  content: Uint8Array;
}
/** What a browser's File offers that the rules read (a File is one). */
export interface BrowserFile {
  size: number;
  type: string;
  name?: string;
}
const isUploadedFile = (v: unknown): v is UploadedFile =>
  typeof v === 'object' && v !== null && 'content' in v && 'mimetype' in v && (v as UploadedFile).content instanceof Uint8Array;
const isBrowserFile = (v: unknown): v is BrowserFile =>
  typeof v === 'object' && v !== null && typeof (v as BrowserFile).size === 'number' && typeof (v as BrowserFile).type === 'string';

/** Size and type of either kind of file. */
export const fileFacts = (f: UploadedFile | BrowserFile) => (isUploadedFile(f) ? { size: f.content.byteLength, type: f.mimetype } : { size: f.size, type: f.type });

/** The rules of every image that comes with a form: an image/* type, under IMAGE_MAX_BYTES. */
const imageChecks = <S extends z.ZodType<UploadedFile | BrowserFile>>(s: S) =>
  s
    .refine((f) => fileFacts(f).type.startsWith('image/'), ruleParams('image.type'))
    .refine((f) => fileFacts(f).size < IMAGE_MAX_BYTES, ruleParams('image.size', { max: IMAGE_MAX_BYTES }));

/** An image file, as a browser's File ({size, type}) or a multipart UploadedFile alike. */
export const imageRule = imageChecks(z.custom<UploadedFile | BrowserFile>((v) => isUploadedFile(v) || isBrowserFile(v), ruleParams('image.file')));
/** An image part of a multipart body (server side). */
export const uploadedImage = imageChecks(z.custom<UploadedFile>(isUploadedFile, ruleParams('image.file')));
/** An image the browser picked (web side; a File). */
export const browserImage = imageChecks(z.custom<BrowserFile>(isBrowserFile, ruleParams('image.file')));

/**
 * A JSON-encoded value inside a multipart field, e.g. courseFor='["ثانوي عام"]'. The inner
 * schema's issues keep their own codes and paths (courseFor.0); a string that is not JSON is 'json'.
 */
export const jsonField = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v, ctx) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', input: v, ...ruleParams('json') });
      return z.NEVER;
    }
  }, inner);

/** Booleans as a multipart form sends them. */
export const formBoolean = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])]).transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

export const message = z.object({ message: z.string() });
export const empty = z.object({}).strict().optional();
