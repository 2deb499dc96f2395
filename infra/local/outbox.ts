import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ServerResponse } from 'node:http';
import { ddb, TABLE } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import type { Mail } from '../../functions/data/mailer';
import { type LocalRoute, sendJson } from './gateway';

type StoredMail = Mail & { id: string; sentAt: string };

/** Newest first; `to` filters by recipient. */
async function mails(to?: string | null): Promise<StoredMail[]> {
  const r = await ddb.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.outboxPk }, ScanIndexForward: false, Limit: 200 }));
  return (r.Items ?? [])
    .map(({ PK, SK, expiresAt, ...m }) => m as StoredMail)
    .filter((m) => !to || m.to.toLowerCase() === to.toLowerCase());
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, list: StoredMail[]) {
  const rows = list
    .map(
      (m) => `<article><header><b>${esc(m.subject)}</b> → ${esc(m.to)} <time>${esc(m.sentAt)}</time></header>
<pre>${esc(m.text)}</pre>${m.code ? `<p>Code: <code class="code">${esc(m.code)}</code></p>` : ''}${m.link ? `<p><a href="${esc(m.link)}">${esc(m.link)}</a></p>` : ''}</article>`,
    )
    .join('\n');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Bioscope local outbox</title><style>body{font:15px system-ui,sans-serif;max-width:760px;margin:1rem auto;padding:0 1rem;background:#111;color:#eee}
article{border:1px solid #444;border-radius:8px;padding:.6rem 1rem;margin:.8rem 0}pre{white-space:pre-wrap}a{color:#7cf}.code{font-size:1.4rem;letter-spacing:.2rem}time{color:#999;font-size:.8rem}</style></head>
<body><h1>Local outbox</h1><p>Every mail the platform sends while running locally. Newest first. <a href="/_local/outbox.json">JSON</a></p>${rows || '<p>No mail yet.</p>'}</body></html>`);
}

/** Everyone's activation links and reset codes: for the machine that runs the platform, or an admin's token (gateway.ts). */
export const outboxRoutes: LocalRoute[] = [
  { method: 'GET', path: '/_local/outbox', access: 'operator', handle: async (_q, res, url) => page(res, await mails(url.searchParams.get('to'))) },
  { method: 'GET', path: '/_local/outbox.json', access: 'operator', handle: async (_q, res, url) => sendJson(res, 200, { data: await mails(url.searchParams.get('to')) }) },
];
