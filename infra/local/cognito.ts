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
import { type AppClientDefinition, type AppClientRole, USER_POOL } from '../definitions/user-pool';
import { startChild } from './child';
import { waitForPort } from './ports';

/**
 * cognito-local in its own working folder (it chdirs and keeps its database there), on loopback
 * only. Nobody calls it directly but the platform: the Lambdas, the tests and the outside see the
 * Cognito gate in front of it (cognito-gate.ts), whose address is the tokens' issuer.
 */
export function startCognitoLocal(opts: { port: number; host: string; dir: string; logDir: string; issuerDomain: string }): ChildProcess {
  fs.mkdirSync(path.join(opts.dir, '.cognito'), { recursive: true });
  const config = {
    TokenConfig: { IssuerDomain: opts.issuerDomain },
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

/**
 * A client of cognito-local. `maxAttempts` 1 by default: a failure shows as it happened. The gate's
 * reads take 3: cognito-local closes a keep-alive socket idle for 5 s, and a read sent on it just
 * then fails with "socket hang up" (ECONNRESET), which the SDK retries as a transient error.
 */
export function cognitoClient(endpoint: string, maxAttempts = 1) {
  return new CognitoIdentityProviderClient({ endpoint, region: 'eu-central-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts });
}

export interface PoolIds {
  userPoolId: string;
  /** Each app client of the definition by its role (hostedUi, server). */
  clientIds: Record<AppClientRole, string>;
}

/** cognito-local's settings of an app client of the definition (it stores them; the gate enforces them). */
function clientSettings(userPoolId: string, def: AppClientDefinition, publicUrl: string) {
  return {
    UserPoolId: userPoolId,
    ClientName: def.name,
    ExplicitAuthFlows: [...def.explicitAuthFlows] as ExplicitAuthFlowsType[],
    ...(def.oauth
      ? {
          AllowedOAuthFlows: [...def.oauth.flows] as OAuthFlowType[],
          AllowedOAuthFlowsUserPoolClient: true,
          AllowedOAuthScopes: [...def.oauth.scopes],
          CallbackURLs: [new URL(def.oauth.callbackPath, publicUrl).toString()],
          LogoutURLs: [new URL(def.oauth.logoutPath, publicUrl).toString()],
        }
      : { AllowedOAuthFlowsUserPoolClient: false }),
    SupportedIdentityProviders: [...def.identityProviders],
    IdTokenValidity: def.idTokenValidityMinutes,
    RefreshTokenValidity: def.refreshTokenValidityDays,
    TokenValidityUnits: { IdToken: 'minutes' as const, AccessToken: 'minutes' as const, RefreshToken: 'days' as const },
  } satisfies Omit<CreateUserPoolClientCommandInput, 'ClientName'> & { ClientName: string };
}

/** Creates the pool, app clients and groups from the same definition the CDK stacks use, if missing. */
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
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: !USER_POOL.selfSignUp },
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
  const clients = await c.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  const clientIds = {} as Record<AppClientRole, string>;
  for (const [role, def] of Object.entries(USER_POOL.clients) as [AppClientRole, AppClientDefinition][]) {
    const settings = clientSettings(userPoolId, def, publicUrl);
    let clientId = clients.UserPoolClients?.find((x) => x.ClientName === def.name)?.ClientId;
    if (!clientId) {
      clientId = (await c.send(new CreateUserPoolClientCommand(settings))).UserPoolClient!.ClientId!;
    } else {
      // The site URL (port) may differ from the last start: keep the callback URLs current.
      await c.send(new UpdateUserPoolClientCommand({ ...settings, ClientId: clientId }));
    }
    clientIds[role] = clientId;
  }
  return { userPoolId, clientIds };
}
