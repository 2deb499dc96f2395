/**
 * A pool user no one can sign in as, whose password check stands in for the one an unknown e-mail
 * or phone would have had: the pool does the same work (and takes the same time) whether or not
 * the account exists. It has no record of ours, so it never appears in the product; its password
 * is random and thrown away.
 */
import { AdminCreateUserCommand, AdminGetUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import { cognito } from '../lib/aws';
import { env } from '../lib/env';
import { Unauthorized } from '../lib/errors';
import { passwordSignIn, WRONG_CREDENTIALS } from './pool';

export const DECOY_USERNAME = 'sign-in-decoy@bioscope.invalid';

const named = (e: unknown, name: string) => e instanceof Error && e.name === name;

async function makeDecoy(): Promise<void> {
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: DECOY_USERNAME }));
    return;
  } catch (e) {
    if (!named(e, 'UserNotFoundException')) throw e;
  }
  try {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: env.USER_POOL_ID,
        Username: DECOY_USERNAME,
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: DECOY_USERNAME }],
      }),
    );
  } catch (e) {
    if (!named(e, 'UsernameExistsException')) throw e; // another Lambda made it first
  }
  const password = `${randomBytes(24).toString('base64url')}Aa1`;
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: env.USER_POOL_ID, Username: DECOY_USERNAME, Password: password, Permanent: true }));
}

let ready: Promise<void> | undefined;
/** Made once per pool (checked once per cold start). */
function decoyReady(): Promise<void> {
  ready ??= makeDecoy().catch((e: unknown) => {
    ready = undefined;
    throw e;
  });
  return ready;
}

/** The password check of an account that does not exist: always the 401 a wrong password gets. */
export async function decoySignIn(password: string): Promise<never> {
  await decoyReady();
  const result = await passwordSignIn(DECOY_USERNAME, password);
  // Only reachable if someone knew the random password: still no account of ours.
  void result;
  throw new Unauthorized(WRONG_CREDENTIALS, 'auth.badCredentials');
}
