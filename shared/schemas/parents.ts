import { z } from 'zod';
import { PARENT_CODE_LENGTH, SCHOOL_YEARS } from '../constants.ts';
import { id, toLatinDigits } from './common.ts';

/**
 * A parent's invite code: Crockford base32 (no I, L, O, U), upper case, shown as XXXX-XXXX. Typed any
 * way it is the same code: any case, with or without the dash or spaces, Arabic digits, and O, I, L
 * read as 0, 1, 1 as Crockford decodes them.
 */
export const PARENT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const normalizeParentCode = (typed: string) =>
  toLatinDigits(typed)
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
/** A normalised code of the right shape (the server still decides whether it is valid). */
export const isParentCodeShape = (code: string) => code.length === PARENT_CODE_LENGTH && [...code].every((c) => PARENT_CODE_ALPHABET.includes(c));
/** XXXX-XXXX, as a student reads it out. */
export const showParentCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** Any text up to 20 characters: a code of the wrong shape is a 400 parent.codeInvalid, as an unknown one. */
export const parentCode = z.string().max(20).overwrite(normalizeParentCode);

export const linkChildBody = z.object({ code: parentCode });
export const childParams = z.object({ studentId: id });
export const userParentParams = z.object({ userId: id, parentId: id });
export const updateParentSettingsBody = z.object({ reportEmail: z.boolean().optional(), reportWhatsApp: z.boolean().optional() });

export const parentInvite = z.object({ data: z.object({ code: z.string(), expiresAt: z.string() }) });
export const child = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  schooleYear: z.enum(SCHOOL_YEARS).nullable(),
  lastActiveAt: z.string().nullable(),
  linkedAt: z.string(),
});
export type Child = z.infer<typeof child>;
export const childResponse = z.object({ data: child });
export const childList = z.object({ data: z.array(child) });
export const childReport = z.object({
  data: z.object({
    child,
    lectures: z.array(z.object({ id: z.string(), name: z.string(), courseName: z.string(), purchasedAt: z.string(), expiresAt: z.string().nullable() })),
    /** The last PARENT_REPORT_WEEKS weeks, newest first: Cairo days, a week being 7 days ending on `to`. */
    weeks: z.array(z.object({ from: z.iso.date(), to: z.iso.date(), watchedSeconds: z.number() })),
    /** Newest first, at most PARENT_REPORT_QUIZZES: each quiz's best attempt (score of total questions right). */
    quizResults: z.array(z.object({ quizId: z.string(), title: z.string(), score: z.number(), total: z.number(), passed: z.boolean(), date: z.string() })),
    lastActiveAt: z.string().nullable(),
  }),
});
export type ChildReport = z.infer<typeof childReport>['data'];
export const parentSettings = z.object({ reportEmail: z.boolean(), reportWhatsApp: z.boolean() });
export const parentSettingsResponse = z.object({ data: parentSettings });
export const userParent = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), mobileNumber: z.string().nullable(), linkedAt: z.string() });
export const userParentList = z.object({ data: z.array(userParent) });
