/**
 * Refresh tokens never leave the server: the spec's session ends with the ID token (the browser
 * then signs in again), and our session record decides which ID tokens live. The refresh token
 * Cognito hands out with each sign-in is revoked at once, so nothing can mint new tokens from it.
 */
import { RevokeTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../lib/aws';
import { env } from '../lib/env';
import { logger } from '../lib/log';

export async function revokeRefreshToken(token: string | undefined, clientId = env.USER_POOL_CLIENT_ID): Promise<void> {
  if (!token) return;
  try {
    await cognito.send(new RevokeTokenCommand({ ClientId: clientId, Token: token }));
  } catch (e) {
    // Nobody holds this token (it was never sent anywhere), so the sign-in goes on; the error is ours to look at.
    logger.error('refresh token not revoked', { error: e });
  }
}
