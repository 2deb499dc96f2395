/** Blocking turns the Cognito user off as well, so the pool itself refuses a sign-in (AWS; cognito-local ignores it). */
import { AdminDisableUserCommand, AdminEnableUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../lib/aws';
import { env } from '../lib/env';

export async function setPoolUserEnabled(email: string, enabled: boolean): Promise<void> {
  const input = { UserPoolId: env.USER_POOL_ID, Username: email };
  await cognito.send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input));
}
