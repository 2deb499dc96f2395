import { z } from 'zod';
import { IMAGE_MAX_BYTES, PASSWORD_MIN_LENGTH, SCHOOL_YEARS } from '../constants';

/** Ids are ULIDs, Cognito subs (uuid) for users; both are opaque, bounded strings. */
export const id = z.string().trim().min(1, 'id is required').max(64, 'id is too long').regex(/^[A-Za-z0-9_-]+$/, 'id is not valid');
export const idParam = z.object({ id });

export const nonBlank = (label: string, max = 500) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long (${max} characters at most)`);

export const email = z.string({ error: 'email is required' }).trim().toLowerCase().pipe(z.email('email is not a valid e-mail address'));

/** Egyptian mobile numbers: 01[0125] + 8 digits, written locally or with +20 / 0020. Normalised to +20…. */
export const EGYPT_MOBILE = /^(?:\+20|0020|20)?0?(1[0125]\d{8})$/;
export function normaliseEgyptMobile(raw: string): string | null {
  const m = raw.replace(/[\s()-]/g, '').match(EGYPT_MOBILE);
  return m ? `+20${m[1]}` : null;
}
export const egyptMobile = z
  .string({ error: 'mobileNumber is required' })
  .trim()
  .transform((v, ctx) => {
    const n = normaliseEgyptMobile(v);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: 'mobileNumber must be an Egyptian mobile number (01xxxxxxxxx)' });
      return z.NEVER;
    }
    return n;
  });

/** The three live password rules of the sign-up and reset screens. */
export const PASSWORD_RULES = [
  { key: 'length', text: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { key: 'number', text: 'At least 1 number', test: (p: string) => /\d/.test(p) },
  { key: 'case', text: 'At least 1 uppercase and 1 lowercase letter', test: (p: string) => /[A-Z]/.test(p) && /[a-z]/.test(p) },
] as const;
export const password = z
  .string({ error: 'password is required' })
  .max(128, 'password is too long')
  .refine((p) => PASSWORD_RULES.every((r) => r.test(p)), {
    message: `password needs at least ${PASSWORD_MIN_LENGTH} characters, a number, an uppercase and a lowercase letter`,
  });

export const schoolYear = z.enum(SCHOOL_YEARS, { error: `schooleYear must be one of: ${SCHOOL_YEARS.join(', ')}` });

/** A file part of a multipart body, as the Lambda's multipart parser hands it over. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  encoding?: string;
  content: Uint8Array;
}
const isUploadedFile = (v: unknown): v is UploadedFile =>
  typeof v === 'object' && v !== null && 'content' in v && 'mimetype' in v && (v as UploadedFile).content instanceof Uint8Array;
export const imageFile = (label: string) =>
  z
    .custom<UploadedFile>(isUploadedFile, `${label} must be an uploaded file`)
    .refine((f) => f.mimetype.startsWith('image/'), `${label} must be an image`)
    .refine((f) => f.content.byteLength < IMAGE_MAX_BYTES, 'maximum size for image is 1MB');

/** A JSON-encoded list inside a multipart field, e.g. courseFor='["ثانوي عام"]'. */
export const jsonField = <T extends z.ZodType>(label: string, inner: T) =>
  z.union([z.string(), z.array(z.unknown())]).transform((v, ctx) => {
    let parsed: unknown = v;
    if (typeof v === 'string') {
      try {
        parsed = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label} must be JSON` });
        return z.NEVER;
      }
    }
    const r = inner.safeParse(parsed);
    if (!r.success) {
      for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: `${label}: ${i.message}`, path: i.path as PropertyKey[] });
      return z.NEVER;
    }
    return r.data as z.output<T>;
  });

/** Booleans as a multipart form sends them. */
export const formBoolean = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])]).transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

export const message = z.object({ message: z.string() });
export const empty = z.object({}).strict().optional();
