/**
 * Recharge-code batches on the stand-ins, beyond wallet-codes.test.ts: a batch that grants a term's
 * bundle (made only for a term sold as a bundle; redeemed into the same bundle a purchase gives, once,
 * and refused to a student who has it), batches listed with the names of what they grant, a batch's
 * redemptions counted on its 16 gates instead of one hot item (disabling closes every gate at once; a
 * batch made before the gates is given them on listing), and decimal values kept exact.
 */
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, type TestUser, uniq } from '../support/platform';
import { makeWorld, saveLecture, type World } from './catalogue-fixtures';

jest.setTimeout(180_000);

const DAY = 86_400_000;
let w: World;
let endsAt: string;
let termName: string;
let lectures: Awaited<ReturnType<typeof saveLecture>>[];
beforeAll(async () => {
  w = await makeWorld();
  lectures = await Promise.all([saveLecture(w, { price: '100' }), saveLecture(w, { price: '60' })]);
  endsAt = new Date(Date.now() + 60 * DAY).toISOString();
  const r = await api('PATCH', `/api/cours/Term/bundle/${w.termId}`, { token: w.admin.token, json: { bundlePrice: 130, endsAt } });
  if (r.status !== 200) throw new Error(`bundle: ${r.status} ${JSON.stringify(r.body)}`);
  termName = w.course.terms.find((t) => t.id === w.termId)!.name as string;
});

const table = () => platform().tableName;
const createBatch = (json: Record<string, unknown>) => api('POST', '/api/admin/codes/batches', { token: w.admin.token, json });
const redeem = (u: TestUser, code: string) => api('POST', '/api/wallet/redeem', { token: u.token, json: { code } });
const listed = async (id: string) => ((await api('GET', '/api/admin/codes/batches', { token: w.admin.token })).body.data as { id: string }[]).find((b) => b.id === id);

async function csvRows(batchId: string) {
  const r = await fetch(`${platform().url}/api/admin/codes/batches/${batchId}/codes.csv`, { headers: { authorization: `Bearer ${w.admin.token}` } });
  const text = new TextDecoder().decode(new Uint8Array(await r.arrayBuffer()));
  return text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1).map((l) => l.split(','));
}
async function newBatch(json: Record<string, unknown>) {
  const r = await createBatch({ label: uniq('Maktabat El-Nour '), ...json });
  if (r.status !== 201) throw new Error(`create batch: ${r.status} ${JSON.stringify(r.body)}`);
  return { batch: r.body.data as { id: string; label: string }, codes: (await csvRows(r.body.data.id)).map((row) => row[0]!) };
}
/** The batch's items in its own partition: the batch (SK BATCH) and its gates (SK GATE#nn). */
async function batchItems(batchId: string) {
  const r = await ddb().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `CODEBATCH#${batchId}` }, ConsistentRead: true }));
  const items = (r.Items ?? []) as { SK: string; redeemed?: number; disabled?: boolean; validUntil?: string }[];
  return { batch: items.find((i) => i.SK === 'BATCH')!, gates: items.filter((i) => i.SK.startsWith('GATE#')) };
}
const termBundle = async (userId: string) =>
  (await ddb().send(new GetCommand({ TableName: table(), Key: { PK: `USER#${userId}`, SK: `PURCHASE#TERM#${w.termId}` }, ConsistentRead: true }))).Item;

describe('a batch that grants a term', () => {
  it('is made for a term sold as a bundle, and listed with the term and lecture names stored on the batch', async () => {
    const r = await createBatch({ count: 2, termId: w.termId, label: uniq('Centre ') });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ value: null, lectureId: null, lectureName: null, termId: w.termId, termName, count: 2, redeemed: 0 });
    const byLecture = await createBatch({ count: 1, lectureId: lectures[0]!.id, label: uniq('Shop ') });
    const lectureName = (await api('GET', `/api/cours/lectureaaa/${lectures[0]!.id}`, { token: w.admin.token })).body.data.name as string;
    expect(byLecture.body.data).toMatchObject({ lectureId: lectures[0]!.id, lectureName, termId: null, termName: null });
    expect(await listed(r.body.data.id)).toMatchObject({ termId: w.termId, termName, lectureName: null });
    expect(await listed(byLecture.body.data.id)).toMatchObject({ lectureId: lectures[0]!.id, lectureName });
    const stored = (await ddb().send(new GetCommand({ TableName: table(), Key: { PK: `CODEBATCH#${r.body.data.id}`, SK: 'BATCH' } }))).Item;
    expect(stored).toMatchObject({ termId: w.termId, termName });
  });

  it('refuses a term with no bundle (400 codes.termNoBundle), an unknown term (404), and two or none of value, lectureId, termId (400)', async () => {
    const other = w.course.terms.find((t) => t.id !== w.termId)!.id;
    const none = await createBatch({ count: 1, termId: other, label: 'x' });
    expect([none.status, none.body.code]).toEqual([400, 'codes.termNoBundle']);
    expect((await api('PATCH', `/api/cours/Term/bundle/${other}`, { token: w.admin.token, json: { bundlePrice: 50, endsAt: new Date(Date.now() - DAY).toISOString() } })).status).toBe(200);
    expect((await createBatch({ count: 1, termId: other, label: 'x' })).body.code).toBe('codes.termNoBundle');
    expect((await createBatch({ count: 1, termId: '01JUNKNOWNTERM000000000000', label: 'x' })).body.code).toBe('term.notFound');
    for (const body of [
      { count: 1, termId: w.termId, value: 5, label: 'x' },
      { count: 1, termId: w.termId, lectureId: lectures[0]!.id, label: 'x' },
      { count: 1, value: 5, lectureId: lectures[0]!.id, label: 'x' },
      { count: 1, label: 'x' },
    ]) {
      const r = await createBatch(body);
      expect([r.status, r.body.code]).toEqual([400, 'validation']);
    }
  });

  it('a code grants the bundle as a purchase does: every lecture of the term, one added later too, until the term ends; My lectures, the CSV and the sales page read it', async () => {
    const { batch, codes } = await newBatch({ count: 2, termId: w.termId });
    const student = await makeUser();
    const r = await redeem(student, codes[0]!);
    expect([r.status, r.body]).toEqual([200, { data: { balance: 0, credited: 0, termId: w.termId, termName } }]);
    expect(await termBundle(student.id)).toMatchObject({ source: 'code', ref: codes[0], pricePaid: 0, expiryDate: endsAt, termId: w.termId, termName });
    const later = await saveLecture(w, { price: '70' });
    for (const l of [...lectures, later]) expect((await api('GET', `/api/cours/lectureaaa/${l.id}`, { token: student.token })).body.data.canWatch).toBe(true);
    const mine = await api('GET', '/api/AWS/get-purched', { token: student.token });
    expect(mine.body.bundles).toEqual([expect.objectContaining({ termId: w.termId, termName, pricePaid: 0, expiryDate: endsAt, expired: false, source: 'code' })]);
    expect(mine.body.bundles[0].lectures.map((l: { id: string }) => l.id)).toEqual(expect.arrayContaining([...lectures, later].map((l) => l.id)));
    expect((await api('GET', '/api/wallet', { token: student.token })).body.data.entries).toEqual([]);
    expect((await csvRows(batch.id)).map((row) => row[1])).toEqual(['redeemed', 'unused']);
    const sales = (await api('GET', '/api/payments/sales', { token: w.admin.token })).body.data;
    expect(sales.codeRedemptions.find((b: { batchId: string }) => b.batchId === batch.id)).toEqual({ batchId: batch.id, label: batch.label, count: 1, value: 0 });
    expect(await listed(batch.id)).toMatchObject({ redeemed: 1 });
  });

  it('a student who has the bundle gets 409 wallet.termOwned and the code stays unused for another', async () => {
    const { codes } = await newBatch({ count: 2, termId: w.termId });
    const student = await makeUser();
    expect((await redeem(student, codes[0]!)).status).toBe(200);
    const again = await redeem(student, codes[1]!);
    expect([again.status, again.body.code]).toEqual([409, 'wallet.termOwned']);
    expect((await redeem(await makeUser(), codes[1]!)).body.data).toEqual({ balance: 0, credited: 0, termId: w.termId, termName });
  });

  it('20 redemptions of one term code at once grant one bundle', async () => {
    const { batch, codes } = await newBatch({ count: 1, termId: w.termId });
    // Twenty students: one who wins and tries again may be told either that the code is used or that they have the term.
    const students = await Promise.all(Array.from({ length: 20 }, () => makeUser()));
    const results = await Promise.all(students.map((s) => redeem(s, codes[0]!)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).map((r) => [r.status, r.body.code])).toEqual(Array(19).fill([409, 'wallet.codeUsed']));
    expect((await Promise.all(students.map((s) => termBundle(s.id)))).filter(Boolean)).toHaveLength(1);
    expect(await listed(batch.id)).toMatchObject({ redeemed: 1 });
  });
});

describe('names of batches made before they were stored', () => {
  it('a lecture batch without its stored name is listed with the lecture’s name, written back once', async () => {
    const { batch } = await newBatch({ count: 1, lectureId: lectures[1]!.id });
    await ddb().send(new UpdateCommand({ TableName: table(), Key: { PK: `CODEBATCH#${batch.id}`, SK: 'BATCH' }, UpdateExpression: 'REMOVE lectureName' }));
    const lectureName = (await api('GET', `/api/cours/lectureaaa/${lectures[1]!.id}`, { token: w.admin.token })).body.data.name as string;
    expect(await listed(batch.id)).toMatchObject({ lectureId: lectures[1]!.id, lectureName, termId: null, termName: null });
    const stored = (await ddb().send(new GetCommand({ TableName: table(), Key: { PK: `CODEBATCH#${batch.id}`, SK: 'BATCH' }, ConsistentRead: true }))).Item;
    expect(stored).toMatchObject({ lectureName });
  });
});

describe("a batch's redemptions spread over its gates", () => {
  it('a batch has 16 gates; redemptions count on them (never on the batch item), the list sums them', async () => {
    const { batch, codes } = await newBatch({ count: 20, value: 5 });
    const made = await batchItems(batch.id);
    expect(made.gates.map((g) => g.SK)).toEqual(Array.from({ length: 16 }, (_, i) => `GATE#${String(i).padStart(2, '0')}`));
    expect(made.gates.every((g) => g.disabled === false && g.redeemed === 0)).toBe(true);
    const students = await Promise.all(Array.from({ length: 5 }, () => makeUser()));
    const results = await Promise.all(codes.map((code, i) => redeem(students[i % 5]!, code)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const after = await batchItems(batch.id);
    expect(after.batch.redeemed).toBe(0);
    expect(after.gates.reduce((n, g) => n + g.redeemed!, 0)).toBe(20);
    expect(after.gates.filter((g) => g.redeemed! > 0).length).toBeGreaterThan(8);
    expect(await listed(batch.id)).toMatchObject({ redeemed: 20 });
  });

  it('disabling closes every gate in one write: a code of any gate is 410; enabling opens them again', async () => {
    const { batch, codes } = await newBatch({ count: 18, value: 5 });
    const u = await makeUser();
    const off = await api('PATCH', `/api/admin/codes/batches/${batch.id}`, { token: w.admin.token, json: { disabled: true } });
    expect([off.status, off.body.data.disabled]).toEqual([200, true]);
    expect((await batchItems(batch.id)).gates.map((g) => g.disabled)).toEqual(Array(16).fill(true));
    const refused = await Promise.all(codes.slice(0, 16).map((c) => redeem(u, c)));
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array(16).fill([410, 'wallet.codeDisabled']));
    await api('PATCH', `/api/admin/codes/batches/${batch.id}`, { token: w.admin.token, json: { disabled: false } });
    expect((await batchItems(batch.id)).gates.map((g) => g.disabled)).toEqual(Array(16).fill(false));
    expect((await redeem(u, codes[16]!)).status).toBe(200);
  });

  it('an expiring batch copies its end onto every gate', async () => {
    const expiresAt = new Date(Date.now() + DAY).toISOString();
    const { batch } = await newBatch({ count: 1, value: 5, expiresAt });
    expect((await batchItems(batch.id)).gates.map((g) => g.validUntil)).toEqual(Array(16).fill(expiresAt));
  });

  it('a batch made before the gates is given them when listed, keeps its count, redeems and stops', async () => {
    const { batch, codes } = await newBatch({ count: 4, value: 5 });
    // As a batch was stored before: no gates, the count on the batch item.
    const { gates } = await batchItems(batch.id);
    await Promise.all(gates.map((g) => ddb().send(new DeleteCommand({ TableName: table(), Key: { PK: `CODEBATCH#${batch.id}`, SK: g.SK } }))));
    await ddb().send(new UpdateCommand({ TableName: table(), Key: { PK: `CODEBATCH#${batch.id}`, SK: 'BATCH' }, UpdateExpression: 'SET redeemed = :two REMOVE gates', ExpressionAttributeValues: { ':two': 2 } }));
    expect(await listed(batch.id)).toMatchObject({ redeemed: 2 });
    expect((await batchItems(batch.id)).gates).toHaveLength(16);
    const u = await makeUser();
    expect((await redeem(u, codes[0]!)).status).toBe(200);
    expect(await listed(batch.id)).toMatchObject({ redeemed: 3 });
    await api('PATCH', `/api/admin/codes/batches/${batch.id}`, { token: w.admin.token, json: { disabled: true } });
    expect((await redeem(u, codes[1]!)).status).toBe(410);
  });
});

describe('decimal values', () => {
  it('a batch worth 19.99 LE credits exactly 1999 piasters per code; 3 decimals or under 1 LE are refused', async () => {
    const { batch, codes } = await newBatch({ count: 3, value: 19.99 });
    const u = await makeUser();
    for (const code of codes) expect((await redeem(u, code)).status).toBe(200);
    const wallet = (await api('GET', '/api/wallet', { token: u.token })).body.data;
    expect(wallet.balance).toBe(59.97);
    expect(wallet.entries.map((e: { amount: number; balanceAfter: number }) => [e.amount, e.balanceAfter])).toEqual([
      [19.99, 59.97],
      [19.99, 39.98],
      [19.99, 19.99],
    ]);
    const item = (await ddb().send(new GetCommand({ TableName: table(), Key: { PK: `USER#${u.id}`, SK: 'WALLET' }, ConsistentRead: true }))).Item;
    expect(item).toMatchObject({ balancePiasters: 5997 });
    const sales = (await api('GET', '/api/payments/sales', { token: w.admin.token })).body.data;
    expect(sales.codeRedemptions.find((b: { batchId: string }) => b.batchId === batch.id)).toMatchObject({ count: 3, value: 59.97 });
    for (const value of [19.999, 0.99, 10000.01]) expect((await createBatch({ count: 1, value, label: 'x' })).status).toBe(400);
    expect((await createBatch({ count: 1, value: 10000, label: uniq('x') })).status).toBe(201);
  });
});
