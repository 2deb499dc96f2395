import { toLatinDigits } from '@shared/schemas/common';

/**
 * A parent's invite code (issue 43): 8 characters of Crockford's base32 (no I, L, O, U), shown as
 * XXXX-XXXX. Typed with or without the dash, spaces, any case, Arabic digits: all read alike here,
 * as the server reads them.
 */
export const PARENT_CODE_LENGTH = 8;
const CODE = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** The code as sent: Latin digits, upper case, without dashes or spaces. */
export const normaliseParentCode = (typed: string) => toLatinDigits(typed).replace(/[\s-]/g, '').toUpperCase();
export const isParentCode = (typed: string) => CODE.test(normaliseParentCode(typed));
/** XXXX-XXXX. */
export const parentCodeText = (code: string) => {
  const c = normaliseParentCode(code);
  return c.length === PARENT_CODE_LENGTH ? `${c.slice(0, 4)}-${c.slice(4)}` : c;
};
/** The sign-up page a parent opens from the invite, its code filled in. */
export const parentSignUpLink = (origin: string, code: string) => `${origin}/auth/registeration?parent=${normaliseParentCode(code)}`;
