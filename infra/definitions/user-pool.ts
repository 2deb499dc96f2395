/**
 * The user pool as one definition: the CDK data and api stacks build the Cognito pool and its app
 * clients from it, the local start-up creates the cognito-local pool from it, and the local
 * Cognito gate (infra/local/cognito-gate.ts) enforces its clients' settings, which cognito-local
 * itself ignores.
 */

/** Cognito's names of the app clients' explicit auth flows. */
export type ExplicitAuthFlow =
  | 'ALLOW_USER_PASSWORD_AUTH'
  | 'ALLOW_ADMIN_USER_PASSWORD_AUTH'
  | 'ALLOW_USER_SRP_AUTH'
  | 'ALLOW_CUSTOM_AUTH'
  | 'ALLOW_USER_AUTH'
  | 'ALLOW_REFRESH_TOKEN_AUTH';

export interface AppClientDefinition {
  name: string;
  /**
   * Exactly the flows the client allows. Only ADMIN_USER_PASSWORD_AUTH checks a password, and it
   * needs the caller's IAM permission (cognito-idp:AdminInitiateAuth), which only the auth and
   * users Lambdas hold: no client lets a client id alone try a password.
   */
  explicitAuthFlows: readonly ExplicitAuthFlow[];
  /** Sign-in choices of the hosted UI for this client ('COGNITO' would be the pool's own password form). */
  identityProviders: readonly ('COGNITO' | 'Google')[];
  /** The OAuth2 code flow (the hosted UI); absent: no OAuth at all. We always send PKCE (S256). */
  oauth?: {
    flows: readonly 'code'[];
    scopes: readonly ('openid' | 'email' | 'profile')[];
    /** Path on the site the hosted UI returns to; the full URL is the site origin plus this. */
    callbackPath: string;
    logoutPath: string;
  };
  generateSecret: false;
  idTokenValidityMinutes: number;
  refreshTokenValidityDays: number;
}

export const USER_POOL = {
  name: 'bioscope-users',
  /**
   * Nobody signs up through Cognito itself: our sign-up route makes pool users with the Admin API
   * (functions/auth/pool.ts), after our own checks.
   */
  selfSignUp: false,
  /** E-mail is the username; the phone number is a sign-in alias. */
  signInAliases: { email: true, phone: true },
  standardAttributes: { givenName: true, familyName: true, email: true, phoneNumber: true },
  customAttributes: [{ name: 'schoolYear', type: 'String' as const, minLen: 1, maxLen: 20, mutable: true }],
  /** Our schemas enforce the same rules before Cognito sees a password. */
  passwordPolicy: { minLength: 8, requireDigits: true, requireLowercase: true, requireUppercase: true, requireSymbols: false },
  /**
   * A second factor for whoever sets one up (docs/admin-mfa.md): an authenticator app's codes
   * (TOTP, RFC 6238: SHA-1, 6 digits, 30 s), never SMS. Optional for the pool; once a user's
   * preference is set Cognito asks for a code at every password sign-in. Only ADMIN may set one up.
   */
  mfa: { configuration: 'OPTIONAL', softwareToken: true, sms: false },
  groups: [{ name: 'ADMIN', description: 'Teachers and staff: every /dashboard screen and admin route' }],
  clients: {
    /**
     * The hosted UI's client: its id travels in the Google redirect, so it is public. It offers
     * Google only, the code flow only, and no auth flow that takes a password.
     */
    hostedUi: {
      name: 'bioscope-web',
      explicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
      identityProviders: ['Google'],
      oauth: { flows: ['code'], scopes: ['openid', 'email', 'profile'], callbackPath: '/api/auth/google/callback', logoutPath: '/auth' },
      generateSecret: false,
      idTokenValidityMinutes: 60,
      refreshTokenValidityDays: 30,
    },
    /**
     * Password sign-in, by the auth Lambda only (POST /api/auth/login, and the users Lambda
     * checking a current password): AdminInitiateAuth, which needs the Lambda's IAM role. Its id
     * is only in the Lambdas' environment.
     */
    server: {
      name: 'bioscope-server',
      explicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      identityProviders: ['COGNITO'],
      generateSecret: false,
      idTokenValidityMinutes: 60,
      refreshTokenValidityDays: 30,
    },
  } satisfies Record<string, AppClientDefinition>,
  googleScopes: ['openid', 'email', 'profile'],
} as const;

export type AppClientRole = keyof typeof USER_POOL.clients;
