/**
 * The local stand-in for the pool's hosted UI with Google as identity provider. COGNITO_DOMAIN
 * points here, so the auth Lambda runs its production code path:
 *   GET  <base>/oauth2/authorize  → "Choose a Google account" (test identities or any e-mail)
 *   POST <base>/google/choose     → the identity becomes a cognito-local pool user; cognito-local's
 *                                   own /oauth2/authorize issues the code (PKCE, redirect URI checked
 *                                   by it) and the browser goes on to redirect_uri?code&state
 *   POST <base>/oauth2/token      → cognito-local's /oauth2/token
 */
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { cognitoClient } from './cognito';
import type { LocalRoute } from './gateway';

/** Where the stand-in lives on the local site; the platform sets COGNITO_DOMAIN to it. */
export const HOSTED_UI_PATH = '/_local/cognito';

export interface GoogleStandInOptions {
  cognitoEndpoint: string;
  userPoolId: string;
}

const TEST_IDENTITIES = [
  { email: 'mona.adel@gmail.test', givenName: 'Mona', familyName: 'Adel' },
  { email: 'karim.samy@gmail.test', givenName: 'Karim', familyName: 'Samy' },
  { email: 'yara.hassan@gmail.test', givenName: 'Yara', familyName: 'Hassan' },
];
/** The OAuth2 parameters passed through to cognito-local unchanged. */
const OAUTH_PARAMS = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'scope', 'state'] as const;
/** Pool passwords of stand-in identities; nobody types them, so a fresh secret per start is enough. */
const SECRET = randomBytes(32);

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A stable, uuid-shaped sub per Google e-mail, as Cognito gives each federated user its own sub. */
export function googleSub(email: string): string {
  const h = createHash('sha256').update(`google:${email.toLowerCase()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Choose a Google account (local)</title><style>body{font:15px system-ui,sans-serif;max-width:440px;margin:2rem auto;padding:0 1rem;color:#202124}
form{margin:.5rem 0}button{width:100%;text-align:left;padding:.7rem 1rem;border:1px solid #dadce0;border-radius:8px;background:#fff;cursor:pointer;font:inherit}
button:hover{background:#f1f3f4}small{color:#5f6368}input{width:100%;box-sizing:border-box;padding:.5rem;margin:.2rem 0 .5rem;border:1px solid #dadce0;border-radius:6px}
.note{color:#5f6368;font-size:.85rem}.error{color:#b00020}</style></head><body>${body}</body></html>`);
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
<button type="submit">Continue</button></form>`;
}

/** Creates the pool user of this Google identity once; sets its (derived) password every time. */
async function ensurePoolUser(o: GoogleStandInOptions, identity: { email: string; givenName: string; familyName: string }) {
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
          { Name: 'email_verified', Value: 'true' },
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

export function googleRoutes(o: GoogleStandInOptions, base = HOSTED_UI_PATH): LocalRoute[] {
  const cognitoAuthorize = `${o.cognitoEndpoint}/oauth2/authorize`;
  return [
    {
      method: 'GET',
      path: `${base}/oauth2/authorize`,
      handle: async (_req, res, url) => {
        // cognito-local judges client, redirect URI and PKCE parameters now, not after the choice.
        const check = new URLSearchParams(OAUTH_PARAMS.map((k) => [k, url.searchParams.get(k) ?? '']));
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
        const email = (form.get('email') ?? '').trim().toLowerCase();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return html(res, 400, '<h1>Not an e-mail address</h1><p><a href="javascript:history.back()">Back</a></p>');
        const identity = { email, givenName: (form.get('given_name') ?? '').trim(), familyName: (form.get('family_name') ?? '').trim() };
        const { username, password } = await ensurePoolUser(o, identity);
        const signIn = new URLSearchParams(OAUTH_PARAMS.map((k) => [k, form.get(k) ?? '']));
        signIn.set('username', username);
        signIn.set('password', password);
        const r = await fetch(cognitoAuthorize, { method: 'POST', body: signIn, redirect: 'manual' });
        const location = r.headers.get('location');
        const redirectUri = form.get('redirect_uri') ?? '';
        if (r.status !== 302 || !location || !redirectUri || !location.startsWith(`${redirectUri}?`)) {
          return html(res, 502, `<h1>cognito-local did not issue a code</h1><p class="error">It answered ${r.status}.</p>`);
        }
        res.writeHead(302, { location, 'cache-control': 'no-store' });
        res.end();
      },
    },
    {
      method: 'POST',
      path: `${base}/oauth2/token`,
      handle: async (req, res, _url, body) => {
        const r = await fetch(`${o.cognitoEndpoint}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? 'application/x-www-form-urlencoded' },
          body: new Uint8Array(body),
        });
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' });
        res.end(Buffer.from(await r.arrayBuffer()));
      },
    },
  ];
}
