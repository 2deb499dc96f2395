/**
 * Profile, the teacher's users and the contact messages: the bodies both sides validate and the
 * shapes they read (spec 3 "User", "Contact message", "Lecture grant"; 5 profile edit, assign
 * lecture, contact form, user search).
 */
import { z } from 'zod';
import { SCHOOL_YEARS, USERS_PAGE_SIZE } from '../constants.ts';
import { ruleParams } from '../rules.ts';
import { MIN_SEARCH_CHARS, searchTooShort } from '../search-text.ts';
import { user } from './auth.ts';
import { purchasedLecture } from './commerce.ts';
import { egyptMobile, email, id, nonBlank, password, schoolYear, shortText } from './common.ts';
import { wallet } from './wallet.ts';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = z.preprocess(blankToUndefined, z.string().max(128).optional());

/**
 * Spec 5 lists all five fields of /profile/edit as required. Ours: the names are required; the three
 * password fields go together — all empty changes the names only, any one filled asks for all three
 * (the current password, a new one under the sign-up rules, and its confirmation).
 */
export const updateProfileBody = z
  .object({
    firstName: shortText(50),
    lastName: shortText(50),
    Password: optionalText,
    newPassword: optionalText,
    confirmNPassword: optionalText,
  })
  .superRefine((b, ctx) => {
    if (b.Password === undefined && b.newPassword === undefined && b.confirmNPassword === undefined) return;
    for (const key of ['Password', 'newPassword', 'confirmNPassword'] as const) {
      if (b[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], input: b[key], ...ruleParams('required') });
    }
    if (b.newPassword !== undefined && !password.safeParse(b.newPassword).success) ctx.addIssue({ code: 'custom', path: ['newPassword'], input: b.newPassword, ...ruleParams('password.rules') });
    if (b.newPassword !== undefined && b.confirmNPassword !== undefined && b.newPassword !== b.confirmNPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmNPassword'], input: b.confirmNPassword, ...ruleParams('password.match', { other: 'newPassword' }) });
    }
  });
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** The "complete your profile" step after a first Google sign-in: the sign-up form's phone and school year. */
export const completeProfileBody = z.object({ mobileNumber: egyptMobile, schooleYear: schoolYear });

/**
 * Spec 5 user search: name, phone or e-mail; pages of USERS_PAGE_SIZE, newest first. A search needs a
 * word of MIN_SEARCH_CHARS (one letter would read half the school); the web waits for it.
 */
export const usersQuery = z.object({
  search: z
    .string()
    .trim()
    .max(100)
    .refine((s) => !searchTooShort(s), ruleParams('tooShort', { min: MIN_SEARCH_CHARS }))
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(USERS_PAGE_SIZE),
  /** 'true': only the users flagged for account sharing now (docs/devices.md). */
  flagged: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  /** 'true': only the parents (issue 43), newest first; the flag and the sort are then not used. */
  parents: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  /** 'lastActive': the latest signed in or watching first (docs/watching.md); without a search or the flag. Default: newest first. */
  sort: z.enum(['newest', 'lastActive']).optional(),
});

export const contactBody = z.object({ subject: shortText(200), message: nonBlank(5000) });

/** Beyond the spec: the teacher's reply to a contact message. */
export const replyBody = z.object({ text: nonBlank(2000) });

/** Spec 7 `{email, lectureName}`; the modal also sends the lecture id, since names repeat across terms. */
export const grantLectureBody = z.object({ email, lectureName: nonBlank(200), lectureId: id.optional() });

export const userIdParams = z.object({ userId: id });

/** A user as the teacher's table and page see them. */
export const userRow = user.extend({
  createdAt: z.string(),
  /** Last successful sign-in (password or Google), when known. */
  lastSignInAt: z.string().nullable(),
  /** Refused devices and taken-over streams passed the teacher's threshold within 7 days (docs/devices.md). */
  flagged: z.boolean(),
});
export type UserRow = z.infer<typeof userRow>;

/** /dashboard/users/{id}: the student's profile, lectures owned and quiz results. */
export const userDetails = z.object({
  user: userRow,
  lectures: z.array(purchasedLecture),
  results: z.array(
    z.object({ quizId: z.string(), title: z.string(), bestScore: z.number().nullable(), lastScore: z.number().nullable(), passed: z.boolean(), attempts: z.number(), updatedAt: z.string() }),
  ),
  /** The balance and the latest entries of the ledger. */
  wallet,
});

/** The teacher's contact details, shown on /contact: set once (platform settings; CDK context in AWS). */
export const contactInfo = z.object({
  location: z.string(),
  phone: z.string(),
  email: z.string(),
  /** A messaging chat (WhatsApp link or similar). */
  chatUrl: z.string(),
  social: z.array(z.object({ name: z.string(), url: z.string() })),
});
export type ContactInfo = z.infer<typeof contactInfo>;

export { SCHOOL_YEARS };
