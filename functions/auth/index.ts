import { sessionGate } from './session-gate';
import { domainHandler } from '../lib/http';
import { listRefusalDevices } from './list-refusal-devices';
import { removeDeviceWithToken } from './remove-device-with-token';
import { activateAccount } from './activate-account';
import { finishMfaSetup } from './finish-mfa-setup';
import { finishMfaSignIn } from './finish-mfa-sign-in';
import { getMfaStatus } from './get-mfa-status';
import { startMfaSetup } from './start-mfa-setup';
import { forgetPassword } from './forget-password';
import { logIn } from './log-in';
import { logOut } from './log-out';
import { finishGoogleSignIn } from './finish-google-sign-in';
import { logInWithGoogle } from './log-in-with-google';
import { sendActivationMail } from './send-activation-mail';
import { resetPassword } from './reset-password';
import { signUp } from './sign-up';
import { startGoogleSignIn } from './start-google-sign-in';
import { verifyResetCode } from './verify-reset-code';

export const handler = domainHandler('auth', {
  'POST /api/auth/signup': signUp,
  'POST /api/auth/login': logIn,
  'POST /api/auth/login/mfa': finishMfaSignIn,
  'GET /api/auth/mfa': getMfaStatus,
  'POST /api/auth/mfa/setup': startMfaSetup,
  'POST /api/auth/mfa/finish': finishMfaSetup,
  'POST /api/auth/logout': logOut,
  'POST /api/auth/forget-password': forgetPassword,
  'POST /api/auth/verify-reset-code': verifyResetCode,
  'POST /api/auth/reset-password': resetPassword,
  'GET /api/auth/google': startGoogleSignIn,
  'GET /api/auth/google/callback': finishGoogleSignIn,
  'POST /api/auth/google/exchange': logInWithGoogle,
  'GET /api/auth/activate': activateAccount,
  'POST /api/auth/resend-activation': sendActivationMail,
  'POST /api/auth/devices/remove': removeDeviceWithToken,
  'GET /api/auth/devices': listRefusalDevices,
}, sessionGate);
