/**
 * Software-token MFA for the local Cognito gate, as Cognito documents it; cognito-local lacks it
 * for the Admin flow our Lambdas use (no AdminRespondToAuthChallenge, no AdminSetUserMFAPreference,
 * no challenge from AdminInitiateAuth). The gate answers these operations itself:
 *
 * - AssociateSoftwareToken / VerifySoftwareToken / SetUserMFAPreference with the user's access
 *   token (verified against the pool's keys); AdminSetUserMFAPreference by Username.
 * - AdminInitiateAuth: cognito-local checks the password; when the user prefers TOTP the tokens are
 *   held back and the answer is the SOFTWARE_TOKEN_MFA challenge with a Session (3 minutes, as the
 *   app client's default AuthSessionValidity). AdminRespondToAuthChallenge hands them out for a
 *   right code (TOTP, totp.ts); a wrong one leaves the challenge standing.
 * - AdminGetUser tells UserMFASettingList and PreferredMfaSetting.
 *
 * Secrets and preferences survive restarts in one JSON file in the platform's data folder.
 */
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { USER_POOL } from '../definitions/user-pool';
import { newTotpSecret, verifyTotp } from './totp';

export const MFA_SESSION_MS = 3 * 60_000;
const TOTP = 'SOFTWARE_TOKEN_MFA';

export class CognitoError extends Error {
  constructor(readonly type: string, message: string, readonly status = 400) {
    super(message);
  }
}

interface UserMfa {
  /** Associated, not yet verified. */
  pending?: string;
  secret?: string;
  verified?: boolean;
  enabled?: boolean;
  preferred?: boolean;
}
interface Challenge {
  sub: string;
  clientId: string;
  result: Record<string, unknown>;
  expiresAt: number;
}

type Out = Record<string, unknown>;
/** Operations cognito-local answers whose answers the MFA state changes. */
const REWRITTEN = new Set(['AdminInitiateAuth', 'AdminGetUser', 'AdminDeleteUser']);

export function createMfaStand(o: { backend: string; userPoolId: string; stateFile: string; subOf: (username: string) => Promise<string>; now?: () => number }) {
  const now = o.now ?? Date.now;
  const jwks = createRemoteJWKSet(new URL(`${o.backend}/${o.userPoolId}/.well-known/jwks.json`));
  const users: Record<string, UserMfa> = fs.existsSync(o.stateFile) ? (JSON.parse(fs.readFileSync(o.stateFile, 'utf8')) as Record<string, UserMfa>) : {};
  const challenges = new Map<string, Challenge>();
  const save = () => {
    fs.mkdirSync(path.dirname(o.stateFile), { recursive: true });
    fs.writeFileSync(`${o.stateFile}.tmp`, JSON.stringify(users, null, 2));
    fs.renameSync(`${o.stateFile}.tmp`, o.stateFile);
  };
  const requirePoolMfa = () => {
    if (!USER_POOL.mfa.softwareToken) throw new CognitoError('SoftwareTokenMFANotFoundException', 'Software Token MFA is not enabled for the user pool.');
  };
  const totpOn = (sub: string) => USER_POOL.mfa.softwareToken && !!users[sub]?.enabled && users[sub]?.verified === true;

  async function subOfAccessToken(token: unknown): Promise<string> {
    try {
      const { payload } = await jwtVerify(String(token), jwks, { algorithms: ['RS256'] });
      if (payload.token_use !== 'access' || typeof payload.sub !== 'string') throw new Error('not an access token');
      return payload.sub;
    } catch {
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
  }

  function setPreference(sub: string, input: Out) {
    const settings = input.SoftwareTokenMfaSettings as { Enabled?: boolean; PreferredMfa?: boolean } | undefined;
    if ((input.SMSMfaSettings as { Enabled?: boolean } | undefined)?.Enabled) throw new CognitoError('InvalidParameterException', 'SMS MFA is not enabled for the user pool.');
    if (!settings) return {};
    const u = (users[sub] ??= {});
    if (settings.Enabled && !u.verified) throw new CognitoError('InvalidParameterException', 'User has not verified software token mfa');
    u.enabled = !!settings.Enabled;
    u.preferred = !!settings.Enabled && !!settings.PreferredMfa;
    save();
    return {};
  }

  /** The gate's own answer to `op`, or undefined to pass it on to cognito-local. */
  async function answer(op: string, input: Out): Promise<Out | undefined> {
    switch (op) {
      case 'AssociateSoftwareToken': {
        requirePoolMfa();
        if (!input.AccessToken) throw new CognitoError('InvalidParameterException', 'AssociateSoftwareToken needs an AccessToken (the MFA_SETUP session is not used here)');
        const sub = await subOfAccessToken(input.AccessToken);
        // The new secret replaces the one in use only once a code of it is verified.
        const u = (users[sub] ??= {});
        u.pending = newTotpSecret();
        save();
        return { SecretCode: u.pending };
      }
      case 'VerifySoftwareToken': {
        requirePoolMfa();
        const sub = await subOfAccessToken(input.AccessToken);
        const u = users[sub];
        if (!u?.pending) throw new CognitoError('InvalidParameterException', 'User has not associated a software token');
        if (!verifyTotp(u.pending, String(input.UserCode ?? ''))) throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch');
        u.secret = u.pending;
        u.verified = true;
        delete u.pending;
        save();
        return { Status: 'SUCCESS' };
      }
      case 'SetUserMFAPreference':
        return setPreference(await subOfAccessToken(input.AccessToken), input);
      case 'AdminSetUserMFAPreference':
        return setPreference(await o.subOf(String(input.Username)), input);
      case 'AdminRespondToAuthChallenge':
      case 'RespondToAuthChallenge': {
        if (input.ChallengeName !== TOTP) return undefined;
        const session = String(input.Session ?? '');
        const c = challenges.get(session);
        if (!c || c.expiresAt <= now()) {
          challenges.delete(session);
          throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
        }
        const responses = (input.ChallengeResponses ?? {}) as Record<string, string>;
        const sub = await o.subOf(String(responses.USERNAME)).catch(() => undefined);
        if (sub !== c.sub || input.ClientId !== c.clientId) throw new CognitoError('NotAuthorizedException', 'Invalid session for the user.');
        const secret = users[sub]?.secret;
        if (!secret || !verifyTotp(secret, String(responses.SOFTWARE_TOKEN_MFA_CODE ?? ''), now())) throw new CognitoError('CodeMismatchException', 'Invalid code received for user');
        challenges.delete(session);
        return { ChallengeParameters: {}, ...c.result };
      }
      default:
        return undefined;
    }
  }

  /** Rewrites cognito-local's successful answer to `op` (one of REWRITTEN). */
  function after(op: string, input: Out, out: Out): Out {
    if (op === 'AdminInitiateAuth') {
      const result = out.AuthenticationResult as { IdToken?: string } | undefined;
      const flow = String(input.AuthFlow);
      if (!result?.IdToken || !flow.startsWith('ADMIN_')) return out;
      const sub = String(decodeJwt(result.IdToken).sub);
      if (!totpOn(sub)) return out;
      const session = randomBytes(48).toString('base64url');
      for (const [k, c] of challenges) if (c.expiresAt <= now()) challenges.delete(k);
      challenges.set(session, { sub, clientId: String(input.ClientId), result: { AuthenticationResult: result }, expiresAt: now() + MFA_SESSION_MS });
      return { ChallengeName: TOTP, Session: session, ChallengeParameters: { USER_ID_FOR_SRP: sub } };
    }
    if (op === 'AdminGetUser') {
      const sub = (out.UserAttributes as { Name: string; Value: string }[] | undefined)?.find((a) => a.Name === 'sub')?.Value;
      const on = sub !== undefined && totpOn(sub);
      return { ...out, UserMFASettingList: on ? [TOTP] : undefined, PreferredMfaSetting: on && users[sub]?.preferred ? TOTP : undefined };
    }
    if (op === 'AdminDeleteUser') {
      const sub = String(input.Username);
      if (users[sub]) {
        delete users[sub];
        save();
      }
    }
    return out;
  }

  return { answer, after, rewrites: (op: string) => REWRITTEN.has(op) };
}
