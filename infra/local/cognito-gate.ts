/**
 * The platform's Cognito endpoint: a thin layer in front of cognito-local that enforces what the
 * AWS pool enforces and cognito-local does not, from the same definition the CDK stacks build the
 * pool from (infra/definitions/user-pool.ts). The Lambdas, the tests and anyone on the machine
 * reach Cognito here; cognito-local itself listens on another loopback port.
 *
 * - InitiateAuth / AdminInitiateAuth: the flow must be one of the app client's explicit auth
 *   flows ("USER_PASSWORD_AUTH flow not enabled for this client", as AWS says). No client allows
 *   the public password flows, so a client id alone cannot try a password; our Lambdas sign in
 *   with AdminInitiateAuth (in AWS that needs their IAM role, which has no local stand-in: here
 *   the gate is on loopback only).
 * - SignUp: refused while the pool does not allow self sign-up.
 * - Federated users, as AWS keeps them: a stand-in Google user is named Google_<id> (not by its
 *   sub), and an e-mail names only a pool user of our own (never a federated one, which has no
 *   alias); cognito-local would find either by sub or e-mail.
 * - Software-token MFA (TOTP), which cognito-local lacks for the Admin flow: cognito-mfa.ts.
 * - Only the Cognito API and the pool's JWKS: the OAuth2 pages are on the hosted UI's domain
 *   (COGNITO_DOMAIN), so cognito-local's own sign-in form (the pool's password form) is not here.
 */
import { AdminGetUserCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { type AppClientDefinition, type ExplicitAuthFlow, USER_POOL } from '../definitions/user-pool';
import { cognitoClient } from './cognito';
import { CognitoError as AwsError, createMfaStand } from './cognito-mfa';
import { federatedUsername, isStandInGoogleUser, subOfFederatedUsername } from './google';

export interface CognitoGateOptions {
  /** cognito-local (loopback). */
  backend: string;
  userPoolId: string;
  /** The pool's app clients by id, as the definition has them. */
  clients: Record<string, AppClientDefinition>;
  /** Where the MFA secrets and preferences are kept (a JSON file in the platform's data folder). */
  mfaStateFile: string;
}

const TARGET = 'AWSCognitoIdentityProviderService.';

/** The explicit flow each AuthFlow needs, per operation (AdminInitiateAuth takes the ADMIN_ ones). */
const INITIATE_FLOWS: Record<string, ExplicitAuthFlow> = {
  USER_PASSWORD_AUTH: 'ALLOW_USER_PASSWORD_AUTH',
  USER_SRP_AUTH: 'ALLOW_USER_SRP_AUTH',
  CUSTOM_AUTH: 'ALLOW_CUSTOM_AUTH',
  USER_AUTH: 'ALLOW_USER_AUTH',
  REFRESH_TOKEN_AUTH: 'ALLOW_REFRESH_TOKEN_AUTH',
  REFRESH_TOKEN: 'ALLOW_REFRESH_TOKEN_AUTH',
};
const ADMIN_INITIATE_FLOWS: Record<string, ExplicitAuthFlow> = {
  ADMIN_USER_PASSWORD_AUTH: 'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  ADMIN_NO_SRP_AUTH: 'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  CUSTOM_AUTH: 'ALLOW_CUSTOM_AUTH',
  USER_AUTH: 'ALLOW_USER_AUTH',
  REFRESH_TOKEN_AUTH: 'ALLOW_REFRESH_TOKEN_AUTH',
  REFRESH_TOKEN: 'ALLOW_REFRESH_TOKEN_AUTH',
};

/** Operations that name an existing user by `Username`. */
const BY_USERNAME = new Set([
  'AdminGetUser', 'AdminDeleteUser', 'AdminDisableUser', 'AdminEnableUser', 'AdminSetUserPassword', 'AdminUpdateUserAttributes',
  'AdminDeleteUserAttributes', 'AdminAddUserToGroup', 'AdminRemoveUserFromGroup', 'AdminListGroupsForUser', 'AdminUserGlobalSignOut',
  'AdminResetUserPassword', 'AdminConfirmSignUp',
]);

function send(res: ServerResponse, status: number, body: unknown, type?: string) {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', ...(type ? { 'x-amzn-errortype': type } : {}) });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export function createCognitoGate(o: CognitoGateOptions): http.Server {
  // Only reads (AdminGetUser, ListUsers) go through it: safe to send again.
  const c = cognitoClient(o.backend, 3);
  const notFound = () => new AwsError('UserNotFoundException', 'User does not exist.');

  /** cognito-local's username for the user AWS would find under `name`, or UserNotFound. */
  async function resolve(name: string): Promise<string> {
    const federatedSub = subOfFederatedUsername(name);
    if (federatedSub) {
      const u = await c.send(new AdminGetUserCommand({ UserPoolId: o.userPoolId, Username: federatedSub })).catch(() => undefined);
      if (!u || !isStandInGoogleUser(u.UserAttributes)) throw notFound();
      return federatedSub;
    }
    if (name.includes('@')) {
      // An e-mail is an alias of a pool user of our own only.
      const r = await c.send(new ListUsersCommand({ UserPoolId: o.userPoolId, Filter: `email = "${name.replace(/"/g, '')}"` }));
      const own = (r.Users ?? []).filter((u) => !isStandInGoogleUser(u.Attributes));
      if (!own[0]?.Username) throw notFound();
      return own[0].Username;
    }
    // A sub names a pool user of our own; a federated user only by its Google_… name.
    const u = await c.send(new AdminGetUserCommand({ UserPoolId: o.userPoolId, Username: name })).catch(() => undefined);
    if (u && isStandInGoogleUser(u.UserAttributes)) throw notFound();
    return name;
  }

  const mfa = createMfaStand({ backend: o.backend, userPoolId: o.userPoolId, stateFile: o.mfaStateFile, subOf: resolve });

  function requireFlow(clientId: unknown, flow: unknown, table: Record<string, ExplicitAuthFlow>) {
    const client = o.clients[String(clientId)];
    if (!client) return; // cognito-local answers for an unknown client
    const needed = table[String(flow)];
    if (!needed || !client.explicitAuthFlows.includes(needed)) throw new AwsError('InvalidParameterException', `${String(flow)} flow not enabled for this client`);
  }

  /** Checks and rewrites the request; returns what to do with cognito-local's answer. */
  async function enforce(op: string, input: Record<string, unknown>): Promise<((out: Record<string, unknown>) => void) | undefined> {
    switch (op) {
      case 'InitiateAuth':
        requireFlow(input.ClientId, input.AuthFlow, INITIATE_FLOWS);
        return undefined;
      case 'AdminInitiateAuth': {
        requireFlow(input.ClientId, input.AuthFlow, ADMIN_INITIATE_FLOWS);
        const params = input.AuthParameters as Record<string, string> | undefined;
        if (params?.USERNAME) {
          // Wrong user or wrong password: one answer, as AWS gives with user-existence errors prevented.
          params.USERNAME = await resolve(params.USERNAME).catch((e: unknown) => {
            throw e instanceof AwsError ? new AwsError('NotAuthorizedException', 'Incorrect username or password.') : e;
          });
        }
        return undefined;
      }
      case 'SignUp':
        if (!USER_POOL.selfSignUp) throw new AwsError('NotAuthorizedException', 'SignUp is not permitted for this user pool');
        return undefined;
      default:
        if (!BY_USERNAME.has(op) || typeof input.Username !== 'string') return undefined;
        {
          const asked = input.Username;
          input.Username = await resolve(asked);
          // AdminGetUser answers with the pool's name of the user, as asked for a federated one.
          return op === 'AdminGetUser' && input.Username !== asked && subOfFederatedUsername(asked) ? (out) => void (out.Username = federatedUsername(String(input.Username))) : undefined;
        }
    }
  }

  async function api(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const target = String(req.headers['x-amz-target'] ?? '');
    const op = target.startsWith(TARGET) ? target.slice(TARGET.length) : '';
    let input: Record<string, unknown>;
    try {
      input = body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {};
    } catch {
      return send(res, 400, { __type: 'SerializationException', message: 'Malformed JSON' }, 'SerializationException');
    }
    let after: ((out: Record<string, unknown>) => void) | undefined;
    try {
      after = await enforce(op, input);
      const own = await mfa.answer(op, input);
      if (own) return send(res, 200, own);
    } catch (e) {
      if (!(e instanceof AwsError)) throw e;
      return send(res, e.status, { __type: e.type, message: e.message }, e.type);
    }
    const r = await fetch(o.backend, {
      method: 'POST',
      headers: { 'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.1'), 'x-amz-target': target },
      body: JSON.stringify(input),
    });
    const text = await r.text();
    if (!r.ok || (!after && !mfa.rewrites(op))) {
      const headers: Record<string, string> = { 'content-type': r.headers.get('content-type') ?? 'application/x-amz-json-1.1' };
      const type = r.headers.get('x-amzn-errortype');
      if (type) headers['x-amzn-errortype'] = type;
      res.writeHead(r.status, headers);
      return res.end(text);
    }
    const out = mfa.after(op, input, JSON.parse(text) as Record<string, unknown>);
    after?.(out);
    send(res, r.status, out);
  }

  return http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://gate');
      const body = await readBody(req);
      if (req.method === 'POST' && url.pathname === '/') return api(req, res, body);
      // The pool's keys and discovery document (https://cognito-idp.<region>.amazonaws.com/<pool>/.well-known/…).
      if (req.method === 'GET' && url.pathname.startsWith(`/${o.userPoolId}/.well-known/`)) {
        const r = await fetch(`${o.backend}${url.pathname}`);
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
        return res.end(Buffer.from(await r.arrayBuffer()));
      }
      send(res, 404, { message: `Not on the Cognito API: ${req.method} ${url.pathname} (the OAuth2 pages are on the hosted UI's domain)` });
    })().catch((e: unknown) => {
      console.error('[cognito-gate]', e);
      if (!res.headersSent) send(res, 500, { __type: 'InternalErrorException', message: 'The local Cognito gate failed' }, 'InternalErrorException');
      else res.end();
    });
  });
}

/** The definition's clients by the ids cognito-local gave them. */
export function clientsById(ids: Record<keyof typeof USER_POOL.clients, string>): Record<string, AppClientDefinition> {
  return Object.fromEntries(Object.entries(ids).map(([role, id]) => [id, USER_POOL.clients[role as keyof typeof USER_POOL.clients]]));
}
