/**
 * The local stand-in for the pool's hosted UI with Google as identity provider. COGNITO_DOMAIN
 * points here, so the auth Lambda runs its production code path:
 *   GET  <base>/oauth2/authorize  → "Choose a Google account" (test identities or any e-mail), for
 *                                   an app client that offers Google (identity_provider Google or
 *                                   none); any other sign-in choice is refused, as the AWS hosted UI
 *                                   refuses one its client does not offer
 *   POST <base>/google/choose     → the identity becomes a cognito-local pool user; cognito-local's
 *                                   own /oauth2/authorize issues the code (PKCE, redirect URI checked
 *                                   by it) and the browser goes on to redirect_uri?code&state
 *   POST <base>/oauth2/token      → cognito-local's /oauth2/token; the ID token of a Google user is
 *                                   given what the AWS pool puts in a federated user's token and
 *                                   cognito-local cannot (`identities`, the Google_… username, the
 *                                   authorize request's `nonce`, the mapped names), signed again
 *                                   with cognito-local's own key, so it verifies against the same JWKS
 * It talks to cognito-local directly (it is part of the pool), not through the Cognito gate.
 */
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt, type JWTPayload, SignJWT } from 'jose';
import { createHash, createHmac, createPrivateKey, type KeyObject, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { AppClientDefinition } from '../definitions/user-pool';
import { cognitoClient } from './cognito';
import type { LocalRoute } from './gateway';

/** Where the stand-in lives on the local site; the platform sets COGNITO_DOMAIN to it. */
export const HOSTED_UI_PATH = '/_local/cognito';

export interface GoogleStandInOptions {
  /** cognito-local itself (behind the gate). */
  cognitoEndpoint: string;
  userPoolId: string;
  /** The pool's app clients by id, as the definition has them. */
  clients: Record<string, AppClientDefinition>;
}

const TEST_IDENTITIES = [
  { email: 'mona.adel@gmail.test', givenName: 'Mona', familyName: 'Adel' },
  { email: 'karim.samy@gmail.test', givenName: 'Karim', familyName: 'Samy' },
  { email: 'yara.hassan@gmail.test', givenName: 'Yara', familyName: 'Hassan' },
];
/** The OAuth2 parameters passed through to cognito-local unchanged. */
const OAUTH_PARAMS = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'scope', 'state', 'nonce'] as const;
/** What cognito-local's /oauth2/authorize takes (it knows no nonce: the stand-in keeps it). */
const COGNITO_LOCAL_PARAMS = OAUTH_PARAMS.filter((k) => k !== 'nonce');
/** Pool passwords of stand-in identities; nobody types them, so a fresh secret per start is enough. */
const SECRET = randomBytes(32);

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A stable, uuid-shaped sub per Google e-mail, as Cognito gives each federated user its own sub. */
export function googleSub(email: string): string {
  const h = createHash('sha256').update(`google:${email.toLowerCase()}`).digest('hex');
  return uuidOfHex(`${h.slice(0, 12)}4${h.slice(13, 16)}a${h.slice(17, 32)}`);
}
const uuidOfHex = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;

/**
 * Federated users as the AWS pool has them. cognito-local keeps a stand-in Google user under its
 * sub (its username); the pool's name for it is Google_<the Google account's id>, and here that id
 * is the sub read as one decimal number, so each name leads back to its user without a lookup.
 */
export const federatedUsername = (sub: string) => `Google_${BigInt(`0x${sub.replace(/-/g, '')}`).toString()}`;
export function subOfFederatedUsername(username: string): string | undefined {
  const m = /^google_(\d{1,40})$/i.exec(username);
  if (!m) return undefined;
  const hex = BigInt(m[1]!).toString(16);
  return hex.length > 32 ? undefined : uuidOfHex(hex.padStart(32, '0'));
}
/** A pool user the chooser made (its sub derives from its e-mail; a pool user's own sub is random). */
export function isStandInGoogleUser(attributes: { Name?: string; Value?: string }[] | undefined): boolean {
  const attr = (n: string) => attributes?.find((a) => a.Name === n)?.Value;
  const email = attr('email');
  return !!email && attr('sub') === googleSub(email);
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Choose a Google account (local)</title><style>body{font:15px system-ui,sans-serif;max-width:440px;margin:2rem auto;padding:0 1rem;color:#202124}
form{margin:.5rem 0}button{width:100%;text-align:left;padding:.7rem 1rem;border:1px solid #dadce0;border-radius:8px;background:#fff;cursor:pointer;font:inherit}
button:hover{background:#f1f3f4}small{color:#5f6368}input{width:100%;box-sizing:border-box;padding:.5rem;margin:.2rem 0 .5rem;border:1px solid #dadce0;border-radius:6px}
.note{color:#5f6368;font-size:.85rem}.check{display:block;margin:.2rem 0 .6rem}.check input{width:auto;margin:0 .4rem 0 0}.error{color:#b00020}</style></head><body>${body}</body></html>`);
}

function chooser(base: string, params: URLSearchParams): string {
  const hidden = OAUTH_PARAMS.map((k) => `<input type="hidden" name="${k}" value="${esc(params.get(k) ?? '')}">`).join('');
  const accounts = TEST_IDENTITIES.map(
    (i) => `<form method="POST" action="${base}/google/choose">${hidden}<input type="hidden" name="email" value="${esc(i.email)}">
<input type="hidden" name="given_name" value="${esc(i.givenName)}"><input type="hidden" name="family_name" value="${esc(i.familyName)}">
<button type="submit"><b>${esc(i.givenName)} ${esc(i.familyName)}</b><br><small>${esc(i.email)}</small></button></form>`,
  ).join('\n');
  return `<h1>Choose a Google account</h1><p class="note">Local stand-in for Google sign-in: no Google account is used.</p>${accounts}
<h2>Use another account</h2><form method="POST" action="${base}/google/choose">${hidden}
<label>E-mail<input name="email" type="email" required></label><label>First name<input name="given_name"></label><label>Last name<input name="family_name"></label>
<label class="check"><input type="checkbox" name="email_unverified" value="1"> Address not verified by Google</label>
<button type="submit">Continue</button></form>`;
}

/** Creates the pool user of this Google identity once; sets its (derived) password every time. */
async function ensurePoolUser(o: GoogleStandInOptions, identity: { email: string; givenName: string; familyName: string; emailVerified: boolean }) {
  const c = cognitoClient(o.cognitoEndpoint);
  const sub = googleSub(identity.email);
  try {
    await c.send(new AdminGetUserCommand({ UserPoolId: o.userPoolId, Username: sub }));
  } catch (e) {
    if ((e as Error).name !== 'UserNotFoundException') throw e;
    await c.send(
      new AdminCreateUserCommand({
        UserPoolId: o.userPoolId,
        // Not the e-mail: a password account with the same e-mail is another pool user, as in AWS.
        Username: `google_${sub.replace(/-/g, '')}@accounts.google.test`,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'sub', Value: sub },
          { Name: 'email', Value: identity.email },
          // Google says whether it verified the address; the chooser's "not verified" box says no.
          { Name: 'email_verified', Value: identity.emailVerified ? 'true' : 'false' },
          ...(identity.givenName ? [{ Name: 'given_name', Value: identity.givenName }] : []),
          ...(identity.familyName ? [{ Name: 'family_name', Value: identity.familyName }] : []),
        ],
      }),
    );
  }
  const password = createHmac('sha256', SECRET).update(sub).digest('base64url');
  await c.send(new AdminSetUserPasswordCommand({ UserPoolId: o.userPoolId, Username: sub, Password: password, Permanent: true }));
  return { username: sub, password };
}

/** cognito-local's signing key (public in its package): what the stand-in signs a federated user's tokens with. */
let signingKey: KeyObject | undefined;
function cognitoLocalKey(): KeyObject {
  const file = path.join(path.dirname(require.resolve('cognito-local/package.json')), 'lib', 'keys', 'cognitoLocal.private.json');
  signingKey ??= createPrivateKey((JSON.parse(fs.readFileSync(file, 'utf8')) as { pem: string }).pem);
  return signingKey;
}
const resign = (claims: JWTPayload) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' }).sign(cognitoLocalKey());

/** Why the hosted UI would refuse this authorize request for its client, if it would. */
function refusal(o: GoogleStandInOptions, params: URLSearchParams): string | undefined {
  const client = o.clients[params.get('client_id') ?? ''];
  if (!client?.oauth) return 'unauthorized_client: this app client has no hosted UI sign-in';
  const idp = params.get('identity_provider') ?? 'Google';
  if (idp !== 'Google' || !client.identityProviders.includes('Google')) return `unauthorized_client: the sign-in choice ${idp} is not offered on this app client`;
  return undefined;
}

/** Nonces of the codes the chooser relayed (the AWS hosted UI keeps them with the authorization). */
const NONCE_TTL_MS = 10 * 60_000;
const nonces = new Map<string, { nonce: string; until: number }>();
function rememberNonce(code: string, nonce: string) {
  const now = Date.now();
  for (const [k, v] of nonces) if (v.until < now) nonces.delete(k);
  if (nonce) nonces.set(code, { nonce, until: now + NONCE_TTL_MS });
}
function takeNonce(code: string | null): string | undefined {
  const hit = code ? nonces.get(code) : undefined;
  if (code) nonces.delete(code);
  return hit && hit.until >= Date.now() ? hit.nonce : undefined;
}

/** The ID and access tokens of a stand-in Google user, as the AWS pool issues a federated user's. */
async function asFederated(o: GoogleStandInOptions, tokens: { id_token?: string; access_token?: string }, nonce: string | undefined) {
  if (!tokens.id_token) return tokens;
  const id = decodeJwt(tokens.id_token);
  const sub = String(id.sub ?? '');
  const user = await cognitoClient(o.cognitoEndpoint).send(new AdminGetUserCommand({ UserPoolId: o.userPoolId, Username: sub }));
  if (!isStandInGoogleUser(user.UserAttributes)) return tokens; // not federated: cognito-local's token as it is
  const attr = (n: string) => user.UserAttributes?.find((a) => a.Name === n)?.Value;
  const username = federatedUsername(sub);
  const identity = {
    userId: username.slice('Google_'.length),
    providerName: 'Google',
    providerType: 'Google',
    issuer: null,
    primary: 'true',
    dateCreated: String(user.UserCreateDate?.getTime() ?? Date.now()),
  };
  const idToken = await resign({
    ...id,
    'cognito:username': username,
    identities: [identity],
    // cognito-local makes any stored value true (Boolean("false")); the pool says what Google said.
    email_verified: attr('email_verified') === 'true',
    ...(attr('given_name') ? { given_name: attr('given_name') } : {}),
    ...(attr('family_name') ? { family_name: attr('family_name') } : {}),
    ...(nonce ? { nonce } : {}),
  });
  const accessToken = tokens.access_token ? await resign({ ...decodeJwt(tokens.access_token), username }) : undefined;
  return { ...tokens, id_token: idToken, ...(accessToken ? { access_token: accessToken } : {}) };
}

export function googleRoutes(o: GoogleStandInOptions, base = HOSTED_UI_PATH): LocalRoute[] {
  const cognitoAuthorize = `${o.cognitoEndpoint}/oauth2/authorize`;
  return [
    {
      method: 'GET',
      path: `${base}/oauth2/authorize`,
      handle: async (_req, res, url) => {
        const refused = refusal(o, url.searchParams);
        if (refused) return html(res, 400, `<h1>Sign-in request refused</h1><p class="error">${esc(refused)}</p>`);
        // cognito-local judges client, redirect URI and PKCE parameters now, not after the choice.
        const check = new URLSearchParams(COGNITO_LOCAL_PARAMS.map((k) => [k, url.searchParams.get(k) ?? '']));
        const r = await fetch(`${cognitoAuthorize}?${check}`);
        if (!r.ok) {
          const why = ((await r.json().catch(() => ({}))) as { error_description?: string }).error_description ?? `cognito-local answered ${r.status}`;
          return html(res, 400, `<h1>Sign-in request refused</h1><p class="error">${esc(why)}</p>`);
        }
        html(res, 200, chooser(base, url.searchParams));
      },
    },
    {
      method: 'POST',
      path: `${base}/google/choose`,
      handle: async (_req, res, _url, body) => {
        const form = new URLSearchParams(body.toString('utf8'));
        const refused = refusal(o, form);
        if (refused) return html(res, 400, `<h1>Sign-in request refused</h1><p class="error">${esc(refused)}</p>`);
        const email = (form.get('email') ?? '').trim().toLowerCase();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return html(res, 400, '<h1>Not an e-mail address</h1><p>Go back and type an e-mail address.</p>');
        const identity = { email, givenName: (form.get('given_name') ?? '').trim(), familyName: (form.get('family_name') ?? '').trim(), emailVerified: form.get('email_unverified') !== '1' };
        const { username, password } = await ensurePoolUser(o, identity);
        const signIn = new URLSearchParams(COGNITO_LOCAL_PARAMS.map((k) => [k, form.get(k) ?? '']));
        signIn.set('username', username);
        signIn.set('password', password);
        const r = await fetch(cognitoAuthorize, { method: 'POST', body: signIn, redirect: 'manual' });
        const location = r.headers.get('location');
        const redirectUri = form.get('redirect_uri') ?? '';
        if (r.status !== 302 || !location || !redirectUri || !location.startsWith(`${redirectUri}?`)) {
          return html(res, 502, `<h1>cognito-local did not issue a code</h1><p class="error">It answered ${r.status}.</p>`);
        }
        const code = new URL(location).searchParams.get('code');
        if (code) rememberNonce(code, form.get('nonce') ?? '');
        res.writeHead(302, { location, 'cache-control': 'no-store' });
        res.end();
      },
    },
    {
      method: 'POST',
      path: `${base}/oauth2/token`,
      handle: async (req, res, _url, body) => {
        const form = new URLSearchParams(body.toString('utf8'));
        const client = o.clients[form.get('client_id') ?? ''];
        const grant = form.get('grant_type');
        const allowed =
          grant === 'authorization_code' ? !!client?.oauth?.flows.includes('code') : grant === 'refresh_token' ? !!client?.explicitAuthFlows.includes('ALLOW_REFRESH_TOKEN_AUTH') : false;
        if (!allowed) {
          res.writeHead(400, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          res.end(JSON.stringify({ error: client ? 'unauthorized_client' : 'invalid_client' }));
          return;
        }
        const nonce = grant === 'authorization_code' ? takeNonce(form.get('code')) : undefined;
        const r = await fetch(`${o.cognitoEndpoint}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? 'application/x-www-form-urlencoded' },
          body: new Uint8Array(body),
        });
        let out = Buffer.from(await r.arrayBuffer());
        if (r.ok) out = Buffer.from(JSON.stringify(await asFederated(o, JSON.parse(out.toString('utf8')) as { id_token?: string }, nonce)));
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' });
        res.end(out);
      },
    },
  ];
}
