/**
 * The local Paymob sandbox's pages (infra/local/paymob-sandbox.ts): the checkout, the kiosk
 * reference, the list of everything. Self-contained HTML with plain forms: no script, no
 * external assets.
 */
import type { PaymobMethod, PaymobSettings, SandboxIntention, SandboxTransaction } from './paymob-sandbox';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Piasters as Egyptian pounds: 15000 → "150.00 EGP". */
export const egp = (piasters: number) => `${(piasters / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} EGP`;

const STYLE = `:root{color-scheme:light dark;--bg:#f3f5f9;--card:#fff;--fg:#1b2330;--muted:#5b6678;--line:#dfe4ec;--brand:#1f4fd6;--ok:#14804a;--bad:#c0392b;--warn:#a15c00}
@media (prefers-color-scheme:dark){:root{--bg:#10141b;--card:#19202b;--fg:#e8edf5;--muted:#9aa6b8;--line:#2c3646;--brand:#6d95ff;--ok:#43c07f;--bad:#ff7b6b;--warn:#f0b35a}}
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:480px;margin:0 auto;padding:1rem}main.wide{max-width:1100px}
.bar{display:flex;align-items:center;justify-content:space-between;margin:.2rem 0 1rem}.logo{font-weight:800;font-size:1.25rem;color:var(--brand);letter-spacing:-.02em}
.tag{font-size:.72rem;font-weight:600;text-transform:uppercase;letter-spacing:.06em;border:1px solid var(--warn);color:var(--warn);border-radius:99px;padding:.1rem .55rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:14px;padding:1rem 1.1rem;margin:0 0 1rem}
h1{font-size:1.15rem;margin:0 0 .6rem}h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:0 0 .6rem}
.row{display:flex;justify-content:space-between;gap:1rem;padding:.35rem 0}.row+.row{border-top:1px dashed var(--line)}
.total{font-size:1.5rem;font-weight:800}.muted{color:var(--muted);font-size:.85rem}
button{width:100%;font:inherit;font-weight:600;border-radius:10px;padding:.8rem 1rem;margin:.3rem 0;cursor:pointer;border:1px solid var(--line);background:var(--card);color:var(--fg);text-align:left;display:flex;justify-content:space-between;align-items:center}
button.primary{background:var(--brand);border-color:var(--brand);color:#fff}button.danger{color:var(--bad);border-color:var(--bad)}
button small{font-weight:400;opacity:.8}label.check{display:flex;gap:.5rem;align-items:flex-start;margin-top:.7rem;font-size:.85rem;color:var(--muted)}
.ref{font:700 2.2rem/1.2 ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.12em;text-align:center;padding:.6rem;border:2px dashed var(--brand);border-radius:12px;margin:.6rem 0}
.ok{color:var(--ok)}.bad{color:var(--bad)}.warn{color:var(--warn)}a{color:var(--brand)}
table{width:100%;border-collapse:collapse;font-size:.85rem}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
td form{display:inline}td form button{display:inline;width:auto;padding:.2rem .5rem;margin:0;font-size:.8rem}code{font-size:.85em;word-break:break-all}`;

function layout(title: string, body: string, wide = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Paymob (local sandbox)</title><style>${STYLE}</style></head>
<body><main${wide ? ' class="wide"' : ''}><div class="bar"><span class="logo">paymob</span><span class="tag">Local sandbox</span></div>${body}</main></body></html>`;
}

export function messagePage(title: string, text: string, back: string): string {
  return layout(title, `<section class="card"><h1>${esc(title)}</h1><p>${esc(text)}</p><p><a href="${esc(back)}">Back to Bioscope</a></p></section>`);
}

const name = (b: Record<string, unknown>) => [b.first_name, b.last_name].filter((v) => typeof v === 'string' && v && v !== 'NA').join(' ');

function orderCard(i: SandboxIntention): string {
  const items = i.items
    .map((it) => `<div class="row"><span dir="auto">${esc(it.name)}${it.quantity > 1 ? ` × ${it.quantity}` : ''}</span><span>${egp(it.amount * it.quantity)}</span></div>`)
    .join('');
  const who = [name(i.billing_data), i.billing_data.email, i.billing_data.phone_number].filter(Boolean).map(esc).join(' · ');
  return `<section class="card"><h2>Bioscope · order ${i.intention_order_id}</h2>${items}
<div class="row"><span>Total</span><span class="total">${egp(i.amount)}</span></div>${who ? `<p class="muted" dir="auto">${who}</p>` : ''}</section>`;
}

export function checkoutPage(p: { base: string; intention: SandboxIntention; methods: PaymobMethod[]; publicKey: string; declinedBefore: boolean; home: string }): string {
  const i = p.intention;
  const button = (outcome: string, cls: string, label: string, hint: string) =>
    `<button type="submit" name="outcome" value="${outcome}" class="${cls}"><span>${label}</span><small>${hint}</small></button>`;
  const buttons = [
    p.methods.includes('card') && button('card', 'primary', 'Pay by card', 'MasterCard •••• 2346'),
    p.methods.includes('card') && button('declined', 'danger', 'Card declined', 'the bank says no'),
    p.methods.includes('wallet') && button('wallet', '', 'Wallet', 'Vodafone Cash 01010101010'),
    p.methods.includes('kiosk') && button('kiosk', '', 'Kiosk (Aman/Masary)', 'pay cash later'),
  ]
    .filter(Boolean)
    .join('\n');
  return layout(
    'Checkout',
    `${orderCard(i)}${p.declinedBefore ? '<p class="card bad">The last attempt was declined. Try again.</p>' : ''}
<section class="card"><h2>Pay with</h2><form method="POST" action="${p.base}/unifiedcheckout/pay">
<input type="hidden" name="clientSecret" value="${esc(i.client_secret)}"><input type="hidden" name="publicKey" value="${esc(p.publicKey)}">
${buttons}
<label class="check"><input type="checkbox" name="dropCallback" value="1"><span>Lose the server callback (test only: the reconciliation job must notice the payment)</span></label>
</form></section>
<p class="muted">A local stand-in for Paymob's checkout: no money moves. Each choice sends the HMAC-signed callback to the shop, then (card, wallet) returns you to it.
<a href="${esc(p.home)}">Back to Bioscope</a></p>`,
  );
}

function callbackLine(t: SandboxTransaction): string {
  return t.callbacks
    .map((c) => {
      const what = c.pending ? 'pending' : c.success ? 'success' : 'failure';
      const how = c.dropped ? '<span class="warn">lost on purpose</span>' : c.delivered ? `<span class="${c.status! < 300 ? 'ok' : 'bad'}">HTTP ${c.status}</span>` : `<span class="bad">${esc(c.error)}</span>`;
      return `<div class="muted">${esc(c.at.slice(11, 19))} UTC ${what} callback: ${how}</div>`;
    })
    .join('');
}

export function kioskPage(p: { base: string; transaction: SandboxTransaction; intention: SandboxIntention; backUrl: string }): string {
  const t = p.transaction;
  const paid = !t.obj.pending && t.obj.success;
  const action = paid
    ? '<p class="ok"><b>Paid at the outlet.</b> Paymob has told the shop.</p>'
    : `<form method="POST" action="${p.base}/kiosk/${t.obj.id}/paid"><button type="submit" class="primary"><span>Paid at the outlet</span><small>cash received</small></button>
<label class="check"><input type="checkbox" name="dropCallback" value="1"><span>Lose the server callback (test only)</span></label></form>`;
  return layout(
    'Kiosk reference',
    `<section class="card"><h1>${paid ? 'Paid' : 'Pay at Aman or Masary'}</h1>
<p>At any Aman or Masary outlet, ask for <b>Madfouaat Accept</b> (مدفوعات أكسبت) and give this reference:</p>
<div class="ref">${esc(t.obj.data.bill_reference)}</div>
<div class="row"><span>Amount</span><span class="total">${egp(t.obj.amount_cents)}</span></div>
<div class="row"><span>Order</span><span>${p.intention.intention_order_id}</span></div>
<div class="row"><span>Status</span><span class="${paid ? 'ok' : 'warn'}">${paid ? 'paid' : 'pending'}</span></div>${callbackLine(t)}</section>
<section class="card"><h2>The outlet (sandbox)</h2>${action}</section>
<p><a href="${esc(p.backUrl)}">Back to Bioscope: my lectures</a></p>`,
  );
}

export function indexPage(p: { base: string; intentions: SandboxIntention[]; transactions: SandboxTransaction[]; publicKey: string; settings: PaymobSettings }): string {
  const rows = [...p.intentions]
    .reverse()
    .slice(0, 200)
    .map((i) => {
      const txs = p.transactions.filter((t) => t.intentionId === i.id);
      const txCell = txs
        .map((t) => {
          const state = t.obj.pending ? '<span class="warn">pending</span>' : t.obj.success ? '<span class="ok">paid</span>' : '<span class="bad">declined</span>';
          const ref = t.method === 'kiosk' ? ` <a href="${p.base}/kiosk/${t.obj.id}">ref ${esc(t.obj.data.bill_reference)}</a>` : '';
          return `<div>#${t.obj.id} ${t.method} ${state}${ref}
<form method="POST" action="${p.base}/transactions/${t.obj.id}/resend?back=index"><button type="submit">Resend callback</button></form>${callbackLine(t)}</div>`;
        })
        .join('');
      const checkout = `${p.base}/unifiedcheckout/?publicKey=${encodeURIComponent(p.publicKey)}&clientSecret=${encodeURIComponent(i.client_secret)}`;
      return `<tr><td>${i.intention_order_id}<br><code>${esc(i.special_reference)}</code></td><td>${esc(i.created.replace('T', ' ').slice(0, 19))}</td>
<td dir="auto">${esc(i.items.map((it) => it.name).join(', '))}</td><td>${egp(i.amount)}</td><td>${i.status === 'intended' ? `<a href="${esc(checkout)}">checkout</a>` : '<span class="ok">paid</span>'}</td><td>${txCell}</td></tr>`;
    })
    .join('\n');
  const ids = p.settings.integrations;
  return layout(
    'Payments',
    `<section class="card"><h1>Local Paymob sandbox</h1>
<p class="muted">Integrations: card ${ids.card}, wallet ${ids.wallet}, kiosk ${ids.kiosk}. Settings in the data folder (paymob/settings.json). <a href="${p.base}/transactions.json">JSON</a></p>
${rows ? `<table><thead><tr><th>Order / reference</th><th>Created (UTC)</th><th>Items</th><th>Amount</th><th>Checkout</th><th>Transactions and callbacks</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No payment intentions yet.</p>'}</section>`,
    true,
  );
}
