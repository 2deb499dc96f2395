/**
 * Recharge codes and the wallet on the stand-ins (issue 40): the teacher's batches and their CSV, a
 * student's redemption (forgiving typing, telling a typo from a wrong code, used/stopped/expired
 * codes, guessing slowed per student and per source), a lecture's code, the teacher's adjustment,
 * the student's page and the sales page; one code redeemed by 20 at once credits once; after a storm
 * of redemptions and adjustments every balance is the sum of its entries; the table never holds an
 * unredeemed code in clear.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { checkSymbolOf, formatRechargeCode } from '../../shared/recharge-code';
import { api, ddb, makeUser, platform, type TestUser, uniq, useThePlatformHere } from '../support/platform';
import { makeWorld, saveLecture, type World } from './catalogue-fixtures';

jest.setTimeout(180_000);

let w: World;
beforeAll(async () => {
  w = await makeWorld();
});

const createBatch = (json: Record<string, unknown>) => api('POST', '/api/admin/codes/batches', { token: w.admin.token, json });
const redeem = (u: TestUser, code: string) => api('POST', '/api/wallet/redeem', { token: u.token, json: { code } });

/** The batch's codes as the CSV gives them: [code, state, redeemedBy, redeemedAt] after the header. */
async function csvOf(batchId: string) {
  const r = await fetch(`${platform().url}/api/admin/codes/batches/${batchId}/codes.csv`, { headers: { authorization: `Bearer ${w.admin.token}` } });
  const bytes = new Uint8Array(await r.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const [header, ...rows] = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  return { status: r.status, type: r.headers.get('content-type'), bom: [...bytes.slice(0, 3)], header, rows: rows.map((l) => l.split(',')) };
}

async function newBatch(json: Record<string, unknown>) {
  const r = await createBatch({ label: uniq('Maktabat El-Nour '), ...json });
  if (r.status !== 201) throw new Error(`create batch: ${r.status} ${JSON.stringify(r.body)}`);
  const csv = await csvOf(r.body.data.id);
  return { batch: r.body.data as { id: string; label: string }, codes: csv.rows.map((row) => row[0]!) };
}

/** A well-formed code (its check symbol right) that no batch holds. */
const unknownCode = () => {
  const body = Array.from({ length: 12 }, () => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[Math.floor(Math.random() * 32)]).join('');
  return formatRechargeCode(body + checkSymbolOf(body));
};

/** Every ledger entry of a student, read from the table (AP74), and the wallet item (AP73). */
async function ledgerOf(userId: string) {
  const table = platform().tableName;
  const entries = await ddb().send(new QueryCommand({ TableName: table, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':sk': 'WALLETENTRY#' }, ConsistentRead: true }));
  const item = await ddb().send(new GetCommand({ TableName: table, Key: { PK: `USER#${userId}`, SK: 'WALLET' }, ConsistentRead: true }));
  return { entries: (entries.Items ?? []) as { seq: number; kind: string; amountPiasters: number; balanceAfterPiasters: number }[], wallet: item.Item as { balancePiasters: number; seq: number } | undefined };
}

describe('batches', () => {
  it('a batch of codes worth an amount: 201, listed newest first with none redeemed, its CSV every code unused (UTF-8 with a BOM)', async () => {
    const label = uniq('مكتبة النور ');
    const r = await createBatch({ count: 4, value: 50, label });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ label, value: 50, lectureId: null, count: 4, redeemed: 0, disabled: false, expiresAt: null });
    const list = await api('GET', '/api/admin/codes/batches', { token: w.admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id: r.body.data.id, label, count: 4, redeemed: 0 });
    const csv = await csvOf(r.body.data.id);
    expect([csv.status, csv.type, csv.bom, csv.header]).toEqual([200, 'text/csv; charset=utf-8', [0xef, 0xbb, 0xbf], 'code,state,redeemedBy,redeemedAt']);
    expect(csv.rows).toHaveLength(4);
    for (const row of csv.rows) expect(row).toEqual([expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]$/), 'unused', '', '']);
    expect(new Set(csv.rows.map((row) => row[0])).size).toBe(4);
  });

  it('the table holds no unredeemed code in clear: each is keyed by its keyed hash, and kept sealed', async () => {
    const { batch, codes } = await newBatch({ count: 3, value: 10 });
    const items = (await ddb().send(new QueryCommand({ TableName: platform().tableName, IndexName: 'byParent', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': `CODEBATCH#${batch.id}#CODES` } }))).Items!;
    expect(items).toHaveLength(3);
    const text = JSON.stringify(items);
    for (const code of codes) {
      expect(text).not.toContain(code);
      expect(text).not.toContain(code.replace(/-/g, ''));
    }
    for (const item of items) expect(item).toMatchObject({ PK: expect.stringMatching(/^RCODE#[0-9a-f]{64}$/), SK: 'RCODE', batchId: batch.id, sealed: expect.any(String) });
  });

  it('refuses a batch with both a value and a lecture, or neither, or too many codes; a non-admin is 403', async () => {
    const l = await saveLecture(w);
    for (const body of [{ count: 2, value: 5, lectureId: l.id, label: 'x' }, { count: 2, label: 'x' }, { count: 5001, value: 5, label: 'x' }, { count: 2, value: 0.5, label: 'x' }]) {
      const r = await createBatch(body);
      expect([r.status, r.body.code]).toEqual([400, 'validation']);
    }
    expect((await createBatch({ count: 1, lectureId: '01J0000000000000000000000Z', label: 'x' })).body.code).toBe('lecture.notFound');
    const student = await api('POST', '/api/admin/codes/batches', { token: w.student.token, json: { count: 1, value: 5, label: 'x' } });
    expect(student.status).toBe(403);
  });

  it('5,000 codes are made and their CSV read in a few seconds', async () => {
    const started = Date.now();
    const r = await createBatch({ count: 5000, value: 20, label: uniq('Big ') });
    const made = Date.now() - started;
    expect(r.status).toBe(201);
    const csv = await csvOf(r.body.data.id);
    const read = Date.now() - started - made;
    expect(csv.rows).toHaveLength(5000);
    expect(new Set(csv.rows.map((row) => row[0])).size).toBe(5000);
    // DynamoDB Local on a shared machine; DynamoDB itself is faster.
    expect(made).toBeLessThan(30_000);
    expect(read).toBeLessThan(15_000);
  });
});

describe('redeeming', () => {
  it('credits the wallet once, forgiving spaces, dashes, case and Arabic-Indic digits; the entry names the code', async () => {
    const u = await makeUser();
    const { codes } = await newBatch({ count: 2, value: 50 });
    const code = codes[0]!;
    const typed = ` ${code.toLowerCase().replace(/-/g, ' ')} `.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const r = await redeem(u, typed);
    expect([r.status, r.body]).toEqual([200, { data: { balance: 50, credited: 50 } }]);
    const again = await redeem(u, code);
    expect([again.status, again.body.code]).toEqual([409, 'wallet.codeUsed']);
    const wallet = await api('GET', '/api/wallet', { token: u.token });
    expect(wallet.body).toEqual({ data: { balance: 50, entries: [{ id: '1', kind: 'code', amount: 50, balanceAfter: 50, at: expect.any(String), ref: code }] } });
  });

  it('a typo is 400 wallet.codeMistyped; a well-formed code no batch holds is 404 wallet.codeUnknown', async () => {
    const u = await makeUser();
    const { codes } = await newBatch({ count: 1, value: 5 });
    const code = codes[0]!;
    const typo = code.slice(0, 5) + (code[5] === '7' ? '8' : '7') + code.slice(6);
    expect(await redeem(u, typo).then((r) => [r.status, r.body.code])).toEqual([400, 'wallet.codeMistyped']);
    expect(await redeem(u, 'ABCD').then((r) => [r.status, r.body.code])).toEqual([400, 'wallet.codeMistyped']);
    expect(await redeem(u, unknownCode()).then((r) => [r.status, r.body.code])).toEqual([404, 'wallet.codeUnknown']);
    expect((await api('GET', '/api/wallet', { token: u.token })).body.data).toEqual({ balance: 0, entries: [] });
  });

  it('a disabled batch is 410 wallet.codeDisabled until enabled again; redeemed codes stay redeemed', async () => {
    const u = await makeUser();
    const { batch, codes } = await newBatch({ count: 3, value: 5 });
    expect((await redeem(u, codes[0]!)).status).toBe(200);
    const off = await api('PATCH', `/api/admin/codes/batches/${batch.id}`, { token: w.admin.token, json: { disabled: true } });
    expect([off.status, off.body.data.disabled, off.body.data.redeemed]).toEqual([200, true, 1]);
    expect(await redeem(u, codes[1]!).then((r) => [r.status, r.body.code])).toEqual([410, 'wallet.codeDisabled']);
    expect(await redeem(u, codes[0]!).then((r) => [r.status, r.body.code])).toEqual([409, 'wallet.codeUsed']);
    expect((await csvOf(batch.id)).rows.map((row) => row[1])).toEqual(['redeemed', 'disabled', 'disabled']);
    await api('PATCH', `/api/admin/codes/batches/${batch.id}`, { token: w.admin.token, json: { disabled: false } });
    expect((await redeem(u, codes[1]!)).body.data).toEqual({ balance: 10, credited: 5 });
    const missing = await api('PATCH', '/api/admin/codes/batches/01J0000000000000000000000Z', { token: w.admin.token, json: { disabled: true } });
    expect([missing.status, missing.body.code]).toEqual([404, 'codes.batchNotFound']);
  });

  it('an expired batch is 410 wallet.codeExpired', async () => {
    const u = await makeUser();
    const { codes } = await newBatch({ count: 1, value: 5, expiresAt: new Date(Date.now() + 2500).toISOString() });
    await new Promise((r) => setTimeout(r, 3000));
    expect(await redeem(u, codes[0]!).then((r) => [r.status, r.body.code])).toEqual([410, 'wallet.codeExpired']);
  });

  it('after 5 wrong codes a student is 429 wallet.tooManyCodes, a right code too; right codes are not counted', async () => {
    const u = await makeUser();
    const { codes } = await newBatch({ count: 2, value: 5 });
    expect((await redeem(u, codes[0]!)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await redeem(u, unknownCode())).status).toBe(404);
    const refused = await redeem(u, codes[1]!);
    expect([refused.status, refused.body.code]).toEqual([429, 'wallet.tooManyCodes']);
    expect(refused.body.retryAfter).toBeGreaterThan(800);
    expect(Number(refused.headers.get('retry-after'))).toBe(refused.body.retryAfter);
    // Another student from the same address still redeems.
    expect((await redeem(await makeUser(), codes[1]!)).status).toBe(200);
  });

  it('a code of a lecture grants it for its access period (a purchase), extending one the student has', async () => {
    const u = await makeUser();
    const l = await saveLecture(w, { price: '80', accessDays: '10' });
    const { codes } = await newBatch({ count: 2, lectureId: l.id });
    const before = Date.now();
    const r = await redeem(u, codes[0]!);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ balance: 0, credited: 0, lecture: { lectureId: l.id } });
    const first = Date.parse(r.body.data.lecture.expiryDate);
    expect(first - before).toBeGreaterThanOrEqual(10 * 86400_000 - 1000);
    expect(first - before).toBeLessThan(10 * 86400_000 + 60_000);
    const purchase = (await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${u.id}`, SK: `PURCHASE#${l.id}` } }))).Item;
    expect(purchase).toMatchObject({ source: 'grant', pricePaid: 0, expiryDate: r.body.data.lecture.expiryDate });
    const second = await redeem(u, codes[1]!);
    expect(Date.parse(second.body.data.lecture.expiryDate) - first).toBeGreaterThanOrEqual(10 * 86400_000 - 1000);
    expect((await api('GET', '/api/wallet', { token: u.token })).body.data.entries).toEqual([]);
  });
});

describe('races and the ledger', () => {
  it('20 redemptions of one code at once (one student and several) credit it once', async () => {
    const students = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser()]);
    const { batch, codes } = await newBatch({ count: 1, value: 37.5 });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => redeem(students[i % 4]!, codes[0]!)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(Array(19).fill('wallet.codeUsed'));
    const ledgers = await Promise.all(students.map((s) => ledgerOf(s.id)));
    expect(ledgers.flatMap((l) => l.entries)).toHaveLength(1);
    expect(ledgers.map((l) => l.wallet?.balancePiasters ?? 0).sort((a, b) => b - a)).toEqual([3750, 0, 0, 0]);
    const list = await api('GET', '/api/admin/codes/batches', { token: w.admin.token });
    expect(list.body.data.find((b: { id: string }) => b.id === batch.id)).toMatchObject({ redeemed: 1 });
  });

  it('after a storm of redemptions and adjustments, every balance is the sum of its entries', async () => {
    const students = await Promise.all([makeUser(), makeUser(), makeUser()]);
    const { codes } = await newBatch({ count: 24, value: 7.25 });
    const adjust = (u: TestUser, amount: number) => api('POST', `/api/admin/users/${u.id}/wallet`, { token: w.admin.token, json: { amount, reason: `storm ${amount}` } });
    const storm = [
      ...codes.map((code, i) => () => redeem(students[i % 3]!, code)),
      ...codes.map((code, i) => () => redeem(students[(i + 1) % 3]!, code)),
      ...Array.from({ length: 18 }, (_, i) => () => adjust(students[i % 3]!, i % 2 ? -3.1 : 4.35)),
    ].sort(() => Math.random() - 0.5);
    const results = await Promise.all(storm.map((f) => f()));
    expect(results.filter((r) => ![200, 402, 409].includes(r.status)).map((r) => [r.status, r.body])).toEqual([]);
    expect(results.filter((r) => r.status === 200 && r.body.data.credited !== undefined)).toHaveLength(24);
    for (const s of students) {
      const { entries, wallet } = await ledgerOf(s.id);
      expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
      expect(wallet!.seq).toBe(entries.length);
      expect(wallet!.balancePiasters).toBe(entries.reduce((n, e) => n + e.amountPiasters, 0));
      let running = 0;
      for (const e of entries) expect(e.balanceAfterPiasters).toBe((running += e.amountPiasters));
      expect(entries.every((e) => e.balanceAfterPiasters >= 0)).toBe(true);
      const seen = await api('GET', '/api/wallet', { token: s.token });
      expect(seen.body.data.balance).toBe(wallet!.balancePiasters / 100);
    }
  });
});

describe("the teacher's side", () => {
  it('credits and debits a wallet with a reason; a debit below zero is 402 with the balance and writes nothing', async () => {
    const u = await makeUser();
    const path = `/api/admin/users/${u.id}/wallet`;
    const credit = await api('POST', path, { token: w.admin.token, json: { amount: 20, reason: 'Paid cash at the centre' } });
    expect(credit.body.data).toEqual({ balance: 20, entry: { id: '1', kind: 'adjustment', amount: 20, balanceAfter: 20, at: expect.any(String), ref: 'Paid cash at the centre' } });
    const over = await api('POST', path, { token: w.admin.token, json: { amount: -25, reason: 'Refund' } });
    expect([over.status, over.body.code, over.body.balance]).toEqual([402, 'wallet.insufficient', 20]);
    const down = await api('POST', path, { token: w.admin.token, json: { amount: -20, reason: 'Refund' } });
    expect(down.body.data.balance).toBe(0);
    expect((await ledgerOf(u.id)).entries.map((e) => e.amountPiasters)).toEqual([2000, -2000]);
    for (const json of [{ amount: 0, reason: 'x' }, { amount: 5, reason: '' }, { amount: 1.234, reason: 'x' }]) expect((await api('POST', path, { token: w.admin.token, json })).status).toBe(400);
    expect((await api('POST', '/api/admin/users/nobody123/wallet', { token: w.admin.token, json: { amount: 5, reason: 'x' } })).body.code).toBe('user.notFound');
    expect((await api('POST', path, { token: u.token, json: { amount: 5, reason: 'x' } })).status).toBe(403);
  });

  it("the student's page shows the wallet: its balance and latest entries", async () => {
    const u = await makeUser();
    await api('POST', `/api/admin/users/${u.id}/wallet`, { token: w.admin.token, json: { amount: 12.5, reason: 'Welcome' } });
    const r = await api('GET', `/api/admin/users/${u.id}`, { token: w.admin.token });
    expect(r.body.data.wallet).toEqual({ balance: 12.5, entries: [{ id: '1', kind: 'adjustment', amount: 12.5, balanceAfter: 12.5, at: expect.any(String), ref: 'Welcome' }] });
  });

  it('the sales page counts code redemptions by batch label, with the value they credited', async () => {
    const u = await makeUser();
    const { batch, codes } = await newBatch({ count: 3, value: 15 });
    for (const code of codes.slice(0, 2)) expect((await redeem(u, code)).status).toBe(200);
    const r = await api('GET', '/api/payments/sales', { token: w.admin.token });
    expect(r.status).toBe(200);
    expect(r.body.data.codeRedemptions.find((b: { batchId: string }) => b.batchId === batch.id)).toEqual({ batchId: batch.id, label: batch.label, count: 2, value: 30 });
    const csv = await csvOf(batch.id);
    expect(csv.rows.map((row) => row[1])).toEqual(['redeemed', 'redeemed', 'unused']);
    expect(csv.rows[0]![2]).toMatch(/\S/);
    expect(Date.parse(csv.rows[0]![3]!)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('guessing from one address', () => {
  it('after 30 wrong codes from one source, a further try from it is 429, whoever the student', async () => {
    useThePlatformHere();
    process.env.CODES_SECRET = 'a key of this test process';
    const { redeemCode, WRONG_CODES_PER_SOURCE, WRONG_CODES_PER_STUDENT } = await import('../../functions/wallet/codes');
    const source = `203.0.113.${Math.floor(Math.random() * 250)}-${uniq()}`;
    let n = 0;
    for (let s = 0; n < WRONG_CODES_PER_SOURCE; s++) {
      const student = uniq('s');
      for (let i = 0; i < WRONG_CODES_PER_STUDENT && n < WRONG_CODES_PER_SOURCE; i++, n++) await expect(redeemCode(student, unknownCode(), source)).rejects.toMatchObject({ status: 404 });
    }
    await expect(redeemCode(uniq('fresh'), unknownCode(), source)).rejects.toMatchObject({ status: 429, code: 'wallet.tooManyCodes' });
  });
});
