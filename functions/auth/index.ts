import { sessionGate } from './session-gate';
import { domainHandler } from '../lib/http';
import { activateAccount } from './activate-account';
import { forgetPassword } from './forget-password';
import { logIn } from './log-in';
import { logOut } from './log-out';
import { finishGoogleSignIn } from './finish-google-sign-in';
import { logInWithGoogle } from './log-in-with-google';
import { resetPassword } from './reset-password';
import { signUp } from './sign-up';
import { startGoogleSignIn } from './start-google-sign-in';
import { verifyResetCode } from './verify-reset-code';

export const handler = domainHandler('auth', {
  'POST /api/auth/signup': signUp,
  'POST /api/auth/login': logIn,
  'POST /api/auth/logout': logOut,
  'POST /api/auth/forget-password': forgetPassword,
  'POST /api/auth/verify-reset-code': verifyResetCode,
  'POST /api/auth/reset-password': resetPassword,
  'GET /api/auth/google': startGoogleSignIn,
  'GET /api/auth/google/callback': finishGoogleSignIn,
  'POST /api/auth/google/exchange': logInWithGoogle,
  'GET /api/auth/activate': activateAccount,
}, sessionGate);
