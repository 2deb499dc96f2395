/**
 * The local stand-in for the WhatsApp Cloud API (issue 43), served by the local gateway under
 * /_local/whatsapp. It speaks the one call our notify code makes (base URL = WHATSAPP_API_URL):
 *   POST /{version}/{phone-number-id}/messages   Bearer <accessToken>   a template message
 * answering as docs/whatsapp.md documents: 200 {messaging_product, contacts:[{input, wa_id}],
 * messages:[{id}]}, or a Graph API error {error:{message, type, code, error_data, fbtrace_id}}:
 *   190    OAuthException, 401    the token is not the settings' token
 *   100    invalid parameter      another phone number id; a `to` that is not E.164; a field missing;
 *                                 a parameter with a new line or tab
 *   132001 404                    no template of that name in that language (whatsapp-templates.ts)
 *   132000 400                    the parameter count is not the template's
 *   131026 400                    the number is not on WhatsApp: here every number starting +2010000
 * (Meta reports 131026 through the webhook after accepting the message; the stand-in answers it at
 * once so a test can see it. The difference is in docs/whatsapp.md.)
 * For tests and people: GET /messages.json?to=+20… (newest first), and / lists what was sent. The
 * messages live in memory: a restart forgets them.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { parameterCount, renderTemplate, TEMPLATE_DEFINITIONS } from '../../functions/notify/whatsapp-templates';
import { type LocalRoute, sendJson } from './gateway';

export const WHATSAPP_STAND_IN_PATH = '/_local/whatsapp';
/** Numbers starting with this are "not on WhatsApp" (131026). */
export const NOT_ON_WHATSAPP_PREFIX = '+2010000';
const KEPT = 20_000;

export interface WhatsAppStandInSettings {
  accessToken: string;
  phoneNumberId: string;
  apiVersion: string;
}
export const localWhatsAppSettings: WhatsAppStandInSettings = { accessToken: 'local-whatsapp-token', phoneNumberId: '100000000000001', apiVersion: 'v23.0' };

export interface StandInMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  params: string[];
  /** The body as the recipient reads it. */
  text: string;
  sentAt: string;
}

interface TemplateRequest {
  messaging_product?: unknown;
  to?: unknown;
  type?: unknown;
  template?: { name?: unknown; language?: { code?: unknown }; components?: { type?: unknown; parameters?: { type?: unknown; text?: unknown }[] }[] };
}

const fbtrace = () => randomBytes(8).toString('base64url');
const graphError = (res: ServerResponse, status: number, code: number, message: string, type = 'OAuthException', details?: string) =>
  sendJson(res, status, { error: { message, type, code, ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}), fbtrace_id: fbtrace() } });

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createWhatsAppStandIn(settings: WhatsAppStandInSettings = localWhatsAppSettings) {
  const sent: StandInMessage[] = [];

  function receive(res: ServerResponse, version: string, phoneNumberId: string, authorization: string | undefined, raw: Buffer) {
    if (authorization !== `Bearer ${settings.accessToken}`) return graphError(res, 401, 190, 'Error validating access token: The access token could not be decrypted');
    if (version !== settings.apiVersion && !/^v\d+\.\d+$/.test(version)) return graphError(res, 400, 2500, `Unknown path components: /${version}`);
    if (phoneNumberId !== settings.phoneNumberId) return graphError(res, 400, 100, `Unsupported post request. Object with ID '${phoneNumberId}' does not exist`, 'GraphMethodException');
    let body: TemplateRequest;
    try {
      body = JSON.parse(raw.toString('utf8')) as TemplateRequest;
    } catch {
      return graphError(res, 400, 100, '(#100) Invalid parameter', 'OAuthException', 'The request body is not JSON');
    }
    if (body.messaging_product !== 'whatsapp') return graphError(res, 400, 100, '(#100) Invalid parameter', 'OAuthException', 'messaging_product must be whatsapp');
    if (typeof body.to !== 'string' || !/^\+?[1-9]\d{7,14}$/.test(body.to)) return graphError(res, 400, 100, '(#100) Invalid parameter', 'OAuthException', 'to is not a phone number');
    if (body.type !== 'template' || !body.template) return graphError(res, 400, 100, '(#100) Invalid parameter', 'OAuthException', 'this stand-in takes template messages only');
    const name = body.template.name;
    const language = body.template.language?.code;
    const definition = typeof name === 'string' ? TEMPLATE_DEFINITIONS[name] : undefined;
    const text = definition && (language === 'ar' || language === 'en') ? definition.body[language] : undefined;
    if (!text) return graphError(res, 404, 132001, '(#132001) Template name does not exist in the translation', 'OAuthException', `template name (${String(name)}) does not exist in ${String(language)}`);
    const params = (body.template.components ?? []).filter((c) => c.type === 'body').flatMap((c) => c.parameters ?? []).map((p) => p.text);
    if (params.some((p) => typeof p !== 'string' || /[\n\t]| {5}/.test(p))) {
      return graphError(res, 400, 100, '(#100) Invalid parameter', 'OAuthException', 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces');
    }
    if (params.length !== parameterCount(text)) {
      return graphError(res, 400, 132000, '(#132000) Number of parameters does not match the expected number of params', 'OAuthException', `body: number of localizable_params (${params.length}) does not match the expected number of params (${parameterCount(text)})`);
    }
    const to = body.to.startsWith('+') ? body.to : `+${body.to}`;
    if (to.startsWith(NOT_ON_WHATSAPP_PREFIX)) return graphError(res, 400, 131026, '(#131026) Message undeliverable', 'OAuthException', 'The recipient is not a WhatsApp user');
    const id = `wamid.${randomBytes(24).toString('base64')}`;
    const strings = params as string[];
    sent.unshift({ id, to, template: name as string, language: language as string, params: strings, text: renderTemplate(text, strings), sentAt: new Date().toISOString() });
    sent.length = Math.min(sent.length, KEPT);
    sendJson(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: to.slice(1) }], messages: [{ id, message_status: 'accepted' }] });
  }

  function page(res: ServerResponse, list: StandInMessage[]) {
    const rows = list
      .slice(0, 200)
      .map((m) => `<article><header><b>${esc(m.template)}</b> (${esc(m.language)}) → ${esc(m.to)} <time>${esc(m.sentAt)}</time></header><p dir="auto">${esc(m.text)}</p></article>`)
      .join('\n');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Bioscope local WhatsApp</title><style>body{font:15px system-ui,sans-serif;max-width:760px;margin:1rem auto;padding:0 1rem;background:#111;color:#eee}
article{border:1px solid #444;border-radius:8px;padding:.6rem 1rem;margin:.8rem 0}a{color:#7cf}time{color:#999;font-size:.8rem}</style></head>
<body><h1>Local WhatsApp</h1><p>Every WhatsApp template message the platform sent while running locally, newest first (${list.length}). <a href="${WHATSAPP_STAND_IN_PATH}/messages.json">JSON</a></p>${rows || '<p>No message yet.</p>'}</body></html>`);
  }

  const byRecipient = (to: string | null) => (to ? sent.filter((m) => m.to === to) : sent);

  const routes: LocalRoute[] = [
    {
      method: 'POST',
      path: `${WHATSAPP_STAND_IN_PATH}/`,
      access: 'operator',
      handle: (req, res, url, body) => {
        const m = /^\/_local\/whatsapp\/([^/]+)\/([^/]+)\/messages$/.exec(url.pathname);
        if (!m) return graphError(res, 400, 2500, `Unknown path components: ${url.pathname.slice(WHATSAPP_STAND_IN_PATH.length)}`);
        receive(res, m[1]!, m[2]!, req.headers.authorization, body);
      },
    },
    {
      method: 'GET',
      path: `${WHATSAPP_STAND_IN_PATH}/`,
      access: 'operator',
      handle: (_req, res, url) => {
        const rest = url.pathname.slice(WHATSAPP_STAND_IN_PATH.length);
        if (rest === '/messages.json') return sendJson(res, 200, { data: byRecipient(url.searchParams.get('to')) });
        if (rest === '/') return page(res, byRecipient(url.searchParams.get('to')));
        sendJson(res, 404, { message: 'Not found' });
      },
    },
  ];
  return { routes, sent: () => sent };
}
