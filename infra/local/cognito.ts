import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  type CreateUserPoolClientCommandInput,
  type ExplicitAuthFlowsType,
  type OAuthFlowType,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { USER_POOL } from '../definitions/user-pool';
import { startChild } from './child';
import { waitForPort } from './ports';

/** cognito-local in its own working folder (it chdirs and keeps its database there). */
export function startCognitoLocal(opts: { port: number; host: string; dir: string; logDir: string }): ChildProcess {
  fs.mkdirSync(path.join(opts.dir, '.cognito'), { recursive: true });
  const config = {
    TokenConfig: { IssuerDomain: `http://${opts.host}:${opts.port}` },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TriggerFunctions: {},
  };
  fs.writeFileSync(path.join(opts.dir, '.cognito', 'config.json'), JSON.stringify(config, null, 2));
  const bin = path.join(path.dirname(require.resolve('cognito-local/package.json')), 'lib', 'bin', 'start.js');
  return startChild('cognito', process.execPath, [bin], {
    cwd: opts.dir,
    env: { PORT: String(opts.port), HOST: opts.host, DEBUG: '' },
    logFile: path.join(opts.logDir, 'cognito.log'),
  });
}

export function cognitoClient(endpoint: string) {
  return new CognitoIdentityProviderClient({ endpoint, region: 'eu-central-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
}

export interface PoolIds {
  userPoolId: string;
  clientId: string;
}

/** Creates the pool, app client and groups from the same definition the CDK stack uses, if missing. */
export async function ensurePool(endpoint: string, publicUrl: string): Promise<PoolIds> {
  const u = new URL(endpoint);
  await waitForPort(Number(u.port), u.hostname, 30000);
  const c = cognitoClient(endpoint);
  const pools = await c.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === USER_POOL.name)?.Id;
  if (!userPoolId) {
    const created = await c.send(
      new CreateUserPoolCommand({
        PoolName: USER_POOL.name,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: USER_POOL.passwordPolicy.minLength,
            RequireNumbers: USER_POOL.passwordPolicy.requireDigits,
            RequireLowercase: USER_POOL.passwordPolicy.requireLowercase,
            RequireUppercase: USER_POOL.passwordPolicy.requireUppercase,
            RequireSymbols: USER_POOL.passwordPolicy.requireSymbols,
          },
        },
        Schema: USER_POOL.customAttributes.map((a) => ({
          Name: a.name,
          AttributeDataType: a.type,
          Mutable: a.mutable,
          StringAttributeConstraints: { MinLength: String(a.minLen), MaxLength: String(a.maxLen) },
        })),
      }),
    );
    userPoolId = created.UserPool!.Id!;
    for (const g of USER_POOL.groups) {
      await c.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: g.name, Description: g.description }));
    }
  }
  const clientSettings = {
    UserPoolId: userPoolId,
    ClientName: USER_POOL.client.name,
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as ExplicitAuthFlowsType[],
    AllowedOAuthFlows: ['code'] as OAuthFlowType[],
    AllowedOAuthFlowsUserPoolClient: true,
    AllowedOAuthScopes: [...USER_POOL.client.oauthScopes],
    CallbackURLs: [new URL(USER_POOL.client.callbackPath, publicUrl).toString()],
    LogoutURLs: [new URL(USER_POOL.client.logoutPath, publicUrl).toString()],
    SupportedIdentityProviders: ['COGNITO'],
    IdTokenValidity: USER_POOL.client.idTokenValidityMinutes,
    RefreshTokenValidity: USER_POOL.client.refreshTokenValidityDays,
    TokenValidityUnits: { IdToken: 'minutes' as const, AccessToken: 'minutes' as const, RefreshToken: 'days' as const },
  } satisfies Omit<CreateUserPoolClientCommandInput, 'ClientName'> & { ClientName: string };
  const clients = await c.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((x) => x.ClientName === USER_POOL.client.name)?.ClientId;
  if (!clientId) {
    clientId = (await c.send(new CreateUserPoolClientCommand(clientSettings)))
      .UserPoolClient!.ClientId!;
  } else {
    // The site URL (port) may differ from the last start: keep the callback URLs current.
    await c.send(new UpdateUserPoolClientCommand({ ...clientSettings, ClientId: clientId }));
  }
  return { userPoolId, clientId };
}
