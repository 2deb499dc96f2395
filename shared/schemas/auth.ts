import { z } from 'zod';
import { ROLES, RESET_CODE_LENGTH, SCHOOL_YEARS } from '../constants';
import { egyptMobile, email, nonBlank, password, schoolYear } from './common';

export const signupBody = z
  .object({
    firstName: nonBlank('firstName', 50),
    lastName: nonBlank('lastName', 50),
    email,
    password,
    confirm: z.string({ error: 'confirm is required' }),
    mobileNumber: egyptMobile,
    schooleYear: schoolYear,
  })
  .refine((b) => b.password === b.confirm, { message: 'confirm must match password', path: ['confirm'] });

/** identifier: an e-mail in any case, or a phone number. */
export const loginBody = z.object({
  identifier: nonBlank('identifier', 254),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(128, 'password is too long'),
});

export const forgetPasswordBody = z.object({ email });
export const resetCode = z
  .string({ error: 'code is required' })
  .trim()
  .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), `code must be ${RESET_CODE_LENGTH} digits`);
export const verifyResetCodeBody = z.object({ email, code: resetCode });
export const resetPasswordBody = z
  .object({ email, code: resetCode, password, confirm: z.string().optional() })
  .refine((b) => b.confirm === undefined || b.confirm === b.password, { message: 'confirm must match password', path: ['confirm'] });

/**
 * Both are opened by a browser, not by our client: a bad value must still end in a redirect to
 * the login page with a reason, never in a JSON 400, so nothing here can fail (the handler judges).
 */
const lenient = (max: number) => z.string().min(1).max(max).optional().catch(undefined);
export const activateQuery = z.object({ token: lenient(200) });
export const googleCallbackQuery = z.object({
  code: lenient(2048),
  state: lenient(2048),
  error: lenient(500),
  error_description: lenient(2000),
});

export const user = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobileNumber: z.string().optional(),
  schooleYear: z.enum(SCHOOL_YEARS).optional(),
  role: z.enum(ROLES),
  block: z.boolean(),
});
export type User = z.infer<typeof user>;

export const loginResponse = z.object({
  message: z.string(),
  data: user.extend({ token: z.string(), refreshToken: z.string().optional() }),
});
export type LoginResponse = z.infer<typeof loginResponse>;
