import { sessionGate } from './session-gate';
import { domainHandler } from '../lib/http';
import { activateAccount } from './activate-account';
import { forgetPassword } from './forget-password';
import { googleCallback } from './google-callback';
import { googleRedirect } from './google-redirect';
import { logIn } from './log-in';
import { logOut } from './log-out';
import { resetPassword } from './reset-password';
import { signUp } from './sign-up';
import { verifyResetCode } from './verify-reset-code';

export const handler = domainHandler('auth', {
  'POST /api/auth/signup': signUp,
  'POST /api/auth/login': logIn,
  'POST /api/auth/logout': logOut,
  'POST /api/auth/forget-password': forgetPassword,
  'POST /api/auth/verify-reset-code': verifyResetCode,
  'POST /api/auth/reset-password': resetPassword,
  'GET /api/auth/google': googleRedirect,
  'GET /api/auth/google/callback': googleCallback,
  'GET /api/auth/activate': activateAccount,
}, sessionGate);
