import { z } from 'zod';
import { LOCALES, ROLES, RESET_CODE_LENGTH, SCHOOL_YEARS } from '../constants.ts';
import { ruleParams } from '../rules.ts';
import { deviceId } from './devices.ts';
import { egyptMobile, email, nonBlank, password, schoolYear, shortText, toLatinDigits } from './common.ts';
import { parentCode } from './parents.ts';

/**
 * The confirmation is compared as soon as both are strings, even while other fields still have
 * problems (zod skips an object's refinements otherwise), so a form can check it live.
 */
const confirmMatches = {
  path: ['confirm'],
  when: ({ value }: { value: unknown }) => typeof (value as { password?: unknown })?.password === 'string' && typeof (value as { confirm?: unknown })?.confirm === 'string',
  ...ruleParams('password.match'),
};

/** A student's sign-up (the registration form's schema). */
export const signupBody = z
  .object({
    role: z.literal('USER').optional(),
    firstName: shortText(50),
    lastName: shortText(50),
    email,
    password,
    confirm: z.string(),
    mobileNumber: egyptMobile,
    schooleYear: schoolYear,
    /** The language the student's mails are written in (the interface's at sign-up). */
    locale: z.enum(LOCALES).default('en'),
  })
  .refine((b) => b.password === b.confirm, confirmMatches);

/** A parent's sign-up: the child's invite code instead of a school year (docs/parents.md). */
export const parentSignupBody = z
  .object({
    role: z.literal('PARENT'),
    parentCode,
    firstName: shortText(50),
    lastName: shortText(50),
    email,
    password,
    confirm: z.string(),
    mobileNumber: egyptMobile,
    locale: z.enum(LOCALES).default('en'),
  })
  .refine((b) => b.password === b.confirm, confirmMatches);
/** POST /api/auth/signup: a student's (no role, or USER) or a parent's (role PARENT). */
export const signUpRequest = z.discriminatedUnion('role', [signupBody, parentSignupBody]);
export type SignUpRequest = z.output<typeof signUpRequest>;

/** identifier: an e-mail in any case, or a phone number. */
export const loginBody = z.object({
  identifier: nonBlank(254),
  password: z.string().min(1).max(128),
  /** The web app's random device id (docs/devices.md); absent, the device is told by its user agent. */
  deviceId: deviceId.optional(),
});

export const forgetPasswordBody = z.object({ email });
/** Resend the activation mail (the login screen, for an account not activated yet). */
export const sendActivationMailBody = z.object({ email });
const RESET_CODE = new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`);
export const resetCode = z
  .string()
  .trim()
  .overwrite(toLatinDigits)
  .refine((c) => RESET_CODE.test(c), ruleParams('code.digits', { length: RESET_CODE_LENGTH }));
export const verifyResetCodeBody = z.object({ email, code: resetCode });
export const resetPasswordBody = z
  .object({ email, code: resetCode, password, confirm: z.string().optional() })
  .refine((b) => b.confirm === undefined || b.confirm === b.password, confirmMatches);

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
/** The one-time code a finished Google sign-in hands /auth/google/callback (32 random bytes, base64url). */
export const googleExchangeBody = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

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
  /** No refresh token: a session ends with its ID token and the user signs in again (spec 4). */
  data: user.extend({ token: z.string() }),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** The admin's second factor (docs/admin-mfa.md): the code an authenticator app shows, 6 digits. */
export const mfaCode = z
  .string()
  .trim()
  .overwrite(toLatinDigits)
  .refine((c) => /^\d{6}$/.test(c), ruleParams('code.digits', { length: 6 }));
/** A password sign-in of an account with an authenticator: no tokens yet, the code is asked for. */
export const mfaChallengeResponse = z.object({
  message: z.string(),
  challenge: z.literal('SOFTWARE_TOKEN_MFA'),
  /** Cognito's session of this sign-in (3 minutes), sent back with the code. */
  session: z.string(),
});
export type MfaChallengeResponse = z.infer<typeof mfaChallengeResponse>;
export const logInAnswer = z.union([loginResponse, mfaChallengeResponse]);
export const finishMfaSignInBody = z.object({ identifier: nonBlank(254), session: z.string().min(1).max(4096), code: mfaCode });
/** Setting the authenticator up asks for the password again: a session left open is not enough. */
export const startMfaSetupBody = z.object({ password: z.string().min(1).max(128) });
export const finishMfaSetupBody = startMfaSetupBody.extend({ code: mfaCode });
export const mfaSetupResponse = z.object({ message: z.string(), data: z.object({ secret: z.string(), uri: z.string() }) });
export const mfaStatusResponse = z.object({ data: z.object({ enabled: z.boolean() }) });
