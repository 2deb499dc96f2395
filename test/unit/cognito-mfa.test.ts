/**
 * The local Cognito gate's software-token MFA (infra/local/cognito-mfa.ts) on its own, with a clock:
 * the challenge's session lasts 3 minutes as Cognito's does, holds the tokens back until a right
 * code, stays after a wrong one, and is good for one sign-in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMfaStand, MFA_SESSION_MS } from '../../infra/local/cognito-mfa';
import { newTotpSecret, totpCode } from '../../infra/local/totp';

const SUB = '8d6c5a0e-0000-4000-8000-000000000001';
const unsignedJwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.x`;

function stand(clock: { now: number }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-mfa-'));
  const secret = newTotpSecret();
  const stateFile = path.join(dir, 'mfa.json');
  fs.writeFileSync(stateFile, JSON.stringify({ [SUB]: { secret, verified: true, enabled: true, preferred: true } }));
  const mfa = createMfaStand({ backend: 'http://127.0.0.1:1', userPoolId: 'local_pool', stateFile, subOf: async (u) => u, now: () => clock.now });
  const result = { AuthenticationResult: { IdToken: unsignedJwt({ sub: SUB }), AccessToken: 'a', RefreshToken: 'r' } };
  const challenge = () => mfa.after('AdminInitiateAuth', { AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', ClientId: 'server' }, result) as { ChallengeName: string; Session: string };
  const respond = (Session: string, code: string) =>
    mfa.answer('AdminRespondToAuthChallenge', { ClientId: 'server', ChallengeName: 'SOFTWARE_TOKEN_MFA', Session, ChallengeResponses: { USERNAME: SUB, SOFTWARE_TOKEN_MFA_CODE: code } });
  return { mfa, secret, challenge, respond, result };
}

describe('the gate’s SOFTWARE_TOKEN_MFA challenge', () => {
  it('holds the tokens back until a right code; a wrong one leaves it standing; one use only', async () => {
    const clock = { now: Date.now() };
    const { secret, challenge, respond, result } = stand(clock);
    const c = challenge();
    expect(c).toEqual({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: expect.stringMatching(/^[\w-]{64}$/), ChallengeParameters: { USER_ID_FOR_SRP: SUB } });
    await expect(respond(c.Session, totpCode(secret, clock.now - 120_000))).rejects.toMatchObject({ type: 'CodeMismatchException' });
    await expect(respond(c.Session, totpCode(secret, clock.now))).resolves.toEqual({ ChallengeParameters: {}, ...result });
    await expect(respond(c.Session, totpCode(secret, clock.now))).rejects.toMatchObject({ type: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' });
  });

  it('is over after 3 minutes', async () => {
    const clock = { now: Date.now() };
    const { secret, challenge, respond } = stand(clock);
    const c = challenge();
    clock.now += MFA_SESSION_MS;
    await expect(respond(c.Session, totpCode(secret, clock.now))).rejects.toMatchObject({ type: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' });
  });

  it('a refresh (not a password sign-in) is not challenged', () => {
    const clock = { now: Date.now() };
    const { mfa, result } = stand(clock);
    expect(mfa.after('AdminInitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: 'server' }, result)).toBe(result);
  });
});
