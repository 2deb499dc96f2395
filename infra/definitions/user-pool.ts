/**
 * The user pool as one definition: the CDK data stack builds the Cognito pool from it and the
 * local start-up creates the cognito-local pool from it.
 */
export const USER_POOL = {
  name: 'bioscope-users',
  /** E-mail is the username; the phone number is a sign-in alias. */
  signInAliases: { email: true, phone: true },
  standardAttributes: { givenName: true, familyName: true, email: true, phoneNumber: true },
  customAttributes: [{ name: 'schoolYear', type: 'String' as const, minLen: 1, maxLen: 20, mutable: true }],
  /** Our schemas enforce the same rules before Cognito sees a password. */
  passwordPolicy: { minLength: 8, requireDigits: true, requireLowercase: true, requireUppercase: true, requireSymbols: false },
  groups: [{ name: 'ADMIN', description: 'Teachers and staff: every /dashboard screen and admin route' }],
  client: {
    name: 'bioscope-web',
    authFlows: { userPassword: true },
    oauthScopes: ['openid', 'email', 'profile'] as const,
    /** Path on the site the hosted UI returns to; the full URL is the site origin plus this. */
    callbackPath: '/api/auth/google/callback',
    logoutPath: '/auth',
    idTokenValidityMinutes: 60,
    refreshTokenValidityDays: 30,
  },
  googleScopes: ['openid', 'email', 'profile'],
} as const;
