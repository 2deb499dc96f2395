/**
 * Recharge codes and the wallet, as a teacher and a crowd of students meet them:
 *  - the shop rush: BENCH_WALLET (default 1,000) students each redeem one code worth the lecture's
 *    price and buy that lecture from their balance, 50 at a time. Goals: exactly one purchase per
 *    student, every balance 0 and equal to the sum of its ledger, p99 < 500 ms for each step, no 5xx.
 *  - a batch of 5,000 codes made, then its CSV downloaded (the codes decrypted). Goals: each in 10 s
 *    (the wallet Lambda's timeout).
 *  - the class rush on one batch: BENCH_ONE_BATCH (default 500) students each redeem a code of the same
 *    batch, 50 at a time (a class at the centre handed one pack of cards). Goals: every code credited
 *    once, the batch counting them all, p99 < 500 ms, no 5xx.
 */
import type { PlatformInfo } from '../infra/local/platform';
import { type Judged, pct, pool, request, timedRun } from './bench-http';
import { findLecture } from './bench-exam';

const STUDENTS = Number(process.env.BENCH_WALLET ?? 1000);
const BIG_BATCH = 5000;
const RUSH_BATCH = 250;
const ONE_BATCH = Number(process.env.BENCH_ONE_BATCH ?? 500);
const json = { 'content-type': 'application/json' };

/** The codes of a CSV (UTF-8 with a BOM, a header row, the code first). */
const codesOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((row) => row.split(',')[0]!);

/** A batch made as the teacher makes it: its id (undefined when refused), the status and the time taken. */
async function makeBatch(url: string, token: string, body: Record<string, unknown>): Promise<{ id?: string; status: number; seconds: number }> {
  const t = performance.now();
  const r = await request(`${url}/api/admin/codes/batches`, { method: 'POST', headers: { ...json, authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const id = r.status === 201 ? (JSON.parse(r.text) as { data: { id: string } }).data.id : undefined;
  return { id, status: r.status, seconds: (performance.now() - t) / 1000 };
}
async function downloadCsv(url: string, token: string, batchId: string): Promise<{ codes: string[]; seconds: number }> {
  const t = performance.now();
  const r = await request(`${url}/api/admin/codes/batches/${batchId}/codes.csv`, { headers: { authorization: `Bearer ${token}` } });
  if (r.status !== 200) throw new Error(`the batch's CSV: ${r.status} ${r.text.slice(0, 200)}`);
  return { codes: codesOf(r.text), seconds: (performance.now() - t) / 1000 };
}

export async function codeBatch(url: string): Promise<{ row: Record<string, unknown>; judged: Judged[] }> {
  const { makeUser } = await import('../test/support/platform');
  const admin = await makeUser({ admin: true });
  const made = await makeBatch(url, admin.token, { count: BIG_BATCH, value: 50, label: 'Bench bookshop' });
  const csv = made.id ? await downloadCsv(url, admin.token, made.id) : { codes: [], seconds: 0 };
  const row = { codes: BIG_BATCH, createStatus: made.status, createSeconds: Number(made.seconds.toFixed(2)), csvSeconds: Number(csv.seconds.toFixed(2)), csvCodes: csv.codes.length };
  console.log(`code batch: ${BIG_BATCH} codes made in ${row.createSeconds} s (status ${made.status}), CSV of ${row.csvCodes} codes in ${row.csvSeconds} s`);
  return {
    row,
    judged: [
      { figure: `code batch of ${BIG_BATCH}: made`, value: `${row.createSeconds} s, status ${made.status}`, goal: '<= 10 s, 201', holds: row.createSeconds <= 10 && made.status === 201 },
      { figure: `code batch of ${BIG_BATCH}: its CSV`, value: `${row.csvSeconds} s, ${row.csvCodes} codes`, goal: `<= 10 s, ${BIG_BATCH} codes`, holds: row.csvSeconds <= 10 && row.csvCodes === BIG_BATCH },
    ],
  };
}

export async function shopRush(info: PlatformInfo): Promise<{ row: Record<string, unknown>; judged: Judged[] }> {
  const url = info.url;
  const { makeUser } = await import('../test/support/platform');
  const admin = await makeUser({ admin: true });
  const lectureId = await findLecture(url, admin.token, (l) => !l.isFree && l.price > 0);
  if (!lectureId) throw new Error('no paid lecture in the catalogue (the demo seed makes one): the shop rush cannot run');
  const lecture = JSON.parse((await request(`${url}/api/cours/lectureaaa/${lectureId}`, { headers: { authorization: `Bearer ${admin.token}` } })).text) as { data: { price: number } };
  const price = lecture.data.price;
  // The rush's codes in batches of RUSH_BATCH (their making is not what is measured here).
  const codes: string[] = [];
  for (let left = STUDENTS; left > 0; left -= RUSH_BATCH) {
    const batch = await makeBatch(url, admin.token, { count: Math.min(left, RUSH_BATCH), value: price, label: 'Bench rush' });
    if (!batch.id) throw new Error(`a batch of the rush's codes was refused: ${batch.status}`);
    codes.push(...(await downloadCsv(url, admin.token, batch.id)).codes);
  }
  const students = await pool(Array.from({ length: STUDENTS }, () => () => makeUser()), 25);

  // Each step timed on its own too: the redemption, then the purchase from the balance.
  const steps = { redeem: [] as number[], buy: [] as number[] };
  const timed = async (step: keyof typeof steps, input: string, init: Parameters<typeof request>[1]) => {
    const t = performance.now();
    const r = await request(input, init);
    steps[step].push(performance.now() - t);
    return r.status;
  };
  const rush = await timedRun(
    students.map((s, i) => async () => {
      const h = { ...json, authorization: `Bearer ${s.token}` };
      const redeemed = await timed('redeem', `${url}/api/wallet/redeem`, { method: 'POST', headers: h, body: JSON.stringify({ code: codes[i] }) });
      if (redeemed !== 200) return redeemed;
      return timed('buy', `${url}/api/user/payment-intention/${lectureId}`, { method: 'POST', headers: h, body: JSON.stringify({ useWallet: true }) });
    }),
    50,
  );
  const p99 = (list: number[]) => Math.round(pct([...list].sort((a, b) => a - b), 99));
  const p50 = (list: number[]) => Math.round(pct([...list].sort((a, b) => a - b), 50));

  // What each student holds now: the lecture, and a balance that is the sum of its ledger (0: the code paid the price).
  const held = await pool(
    students.map((s) => async () => {
      const h = { authorization: `Bearer ${s.token}` };
      const [mine, wallet] = await Promise.all([request(`${url}/api/AWS/get-purched`, { headers: h }), request(`${url}/api/wallet`, { headers: h })]);
      const lectures = (JSON.parse(mine.text) as { data: { id: string }[] }).data.filter((l) => l.id === lectureId).length;
      const w = (JSON.parse(wallet.text) as { data: { balance: number; entries: { amount: number }[] } }).data;
      const ledger = Math.round(w.entries.reduce((n, e) => n + e.amount * 100, 0)) / 100;
      return { lectures, balanced: w.balance === ledger && w.balance === 0 };
    }),
    50,
  );
  const purchases = held.reduce((n, h) => n + h.lectures, 0);
  const balanced = held.filter((h) => h.balanced).length;
  const fiveXx = Object.entries(rush.statuses).filter(([st]) => Number(st) >= 500).reduce((n, [, c]) => n + c, 0);
  const row = { students: STUDENTS, price, ...rush, redeem: { p50ms: p50(steps.redeem), p99ms: p99(steps.redeem) }, buy: { p50ms: p50(steps.buy), p99ms: p99(steps.buy) }, purchases, balancesEqualLedger: balanced };
  console.log(
    `shop rush: ${STUDENTS} students redeem a ${price} LE code + buy from the balance @50 conn  total ${rush.totalSeconds} s  p50 ${rush.p50ms} ms  p99 ${rush.p99ms} ms (redeem p50/p99 ${row.redeem.p50ms}/${row.redeem.p99ms}, buy ${row.buy.p50ms}/${row.buy.p99ms})  statuses ${JSON.stringify(rush.statuses)}  purchases ${purchases}  balances = ledger ${balanced}`,
  );
  return {
    row,
    judged: [
      { figure: `shop rush (${STUDENTS} redeem + buy from the balance) purchases`, value: `${purchases}, ${fiveXx} 5xx`, goal: `exactly ${STUDENTS}, 0 5xx`, holds: purchases === STUDENTS && fiveXx === 0 },
      { figure: 'shop rush balances equal to their ledgers', value: `${balanced} of ${STUDENTS}`, goal: `all ${STUDENTS}`, holds: balanced === STUDENTS },
      { figure: 'shop rush p99: redeem / buy from the balance', value: `${row.redeem.p99ms} / ${row.buy.p99ms} ms (p50 ${row.redeem.p50ms} / ${row.buy.p50ms})`, goal: '< 500 ms each', holds: row.redeem.p99ms < 500 && row.buy.p99ms < 500 },
    ],
  };
}

export async function oneBatchRush(url: string): Promise<{ row: Record<string, unknown>; judged: Judged[] }> {
  const { makeUser } = await import('../test/support/platform');
  const admin = await makeUser({ admin: true });
  const made = await makeBatch(url, admin.token, { count: ONE_BATCH, value: 20, label: 'Bench class' });
  if (!made.id) throw new Error(`the class's batch was refused: ${made.status}`);
  const { codes } = await downloadCsv(url, admin.token, made.id);
  const students = await pool(Array.from({ length: ONE_BATCH }, () => () => makeUser()), 25);
  const rush = await timedRun(
    students.map((s, i) => async () => (await request(`${url}/api/wallet/redeem`, { method: 'POST', headers: { ...json, authorization: `Bearer ${s.token}` }, body: JSON.stringify({ code: codes[i] }) })).status),
    50,
  );
  const list = JSON.parse((await request(`${url}/api/admin/codes/batches`, { headers: { authorization: `Bearer ${admin.token}` } })).text) as { data: { id: string; redeemed: number }[] };
  const counted = list.data.find((b) => b.id === made.id)?.redeemed ?? 0;
  const credited = rush.statuses[200] ?? 0;
  const fiveXx = Object.entries(rush.statuses).filter(([st]) => Number(st) >= 500).reduce((n, [, c]) => n + c, 0);
  const row = { students: ONE_BATCH, ...rush, batchRedeemed: counted };
  console.log(`class rush on one batch: ${ONE_BATCH} students redeem @50 conn  total ${rush.totalSeconds} s  p50 ${rush.p50ms} ms  p99 ${rush.p99ms} ms  statuses ${JSON.stringify(rush.statuses)}  batch counts ${counted}`);
  return {
    row,
    judged: [
      { figure: `class rush on one batch (${ONE_BATCH} redeem) credited`, value: `${credited}, batch counts ${counted}, ${fiveXx} 5xx`, goal: `${ONE_BATCH} each, 0 5xx`, holds: credited === ONE_BATCH && counted === ONE_BATCH && fiveXx === 0 },
      { figure: 'class rush on one batch p99', value: `${rush.p99ms} ms (p50 ${rush.p50ms})`, goal: '< 500 ms', holds: rush.p99ms < 500 },
    ],
  };
}
