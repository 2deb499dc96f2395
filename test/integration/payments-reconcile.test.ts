/**
 * The reconciliation job on the stand-ins (issue 38 item 7), run in this process against the
 * platform's table and Paymob sandbox: an order is in the sparse index of pending orders (AP66) only
 * while it is pending; a run reads only that index; it checks at most its batch, oldest first, and
 * the rest wait for the next run; it starts no check it has no time to finish; and orders pending
 * from before the index are indexed once by the backfill. Other test files share the table, so a run
 * may meet their pending orders too: the assertions hold whatever else is pending.
 */
import type { Context } from 'aws-lambda';
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, type TestUser, useThePlatformHere } from '../support/platform';
import { makeWorld, saveLecture, type World } from './catalogue-fixtures';
import { withReconciler } from '../support/settings-lock';

jest.setTimeout(120_000);

let w: World;
let lectureId: string;
beforeAll(async () => {
  w = await makeWorld();
  lectureId = (await saveLecture(w, { price: '80', accessDays: '7' })).id;
});

/** The payments code in this process, on the platform's table and sandbox. */
async function inProcess() {
  useThePlatformHere({ paymob: true });
  const [reconcile, gateway, client] = await Promise.all([
    import('../../functions/payments/reconcile'),
    import('../../functions/payments/gateway'),
    import('../../functions/data/client'),
  ]);
  return { reconcile, gateway, client };
}

/** The sandbox's gateway, noting the orders asked about, in the order asked. */
async function recordingGateway() {
  const { gateway } = await inProcess();
  const real = gateway.paymobGateway(() => Promise.resolve(platform().paymob.settings), platform().paymob.apiUrl, platform().url);
  const inquired: string[] = [];
  return { inquired, gateway: { ...real, inquire: (id: string) => (inquired.push(id), real.inquire(id)) } };
}

async function link(student: TestUser): Promise<{ orderId: string; paymentUrl: string }> {
  const r = await api('POST', `/api/user/payment-intention/${lectureId}`, { token: student.token, json: {} });
  if (r.status !== 200) throw new Error(`payment-intention: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { orderId: string; paymentUrl: string };
}
/** The sandbox's checkout paid (or declined) as the browser does; `dropCallback` loses Paymob's callback. */
function pay(paymentUrl: string, outcome: 'card' | 'declined', dropCallback = false) {
  const clientSecret = new URL(paymentUrl).searchParams.get('clientSecret')!;
  return fetch(`${platform().paymob.apiUrl}/unifiedcheckout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ clientSecret, publicKey: platform().paymob.settings.publicKey, outcome, ...(dropCallback ? { dropCallback: '1' } : {}) }),
    redirect: 'manual',
  });
}
/** A card payment Paymob took whose callback never came: the order stays pending until the reconciler asks. */
async function paidWithoutNews(): Promise<string> {
  const { orderId, paymentUrl } = await link(await makeUser());
  await pay(paymentUrl, 'card', true);
  return orderId;
}

const orderItem = async (id: string) =>
  (await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `ORDER#${id}`, SK: 'ORDER' }, ConsistentRead: true }))).Item as Record<string, unknown>;
/** The order ids in the index of pending orders (AP66). */
async function indexed(): Promise<Set<string>> {
  const ids = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const r = await ddb().send(
      new QueryCommand({ TableName: platform().tableName, IndexName: 'byLookup', KeyConditionExpression: 'GSI3PK = :pk', ExpressionAttributeValues: { ':pk': 'PENDINGORDERS' }, ExclusiveStartKey: start }),
    );
    for (const i of r.Items ?? []) ids.add(i.id as string);
    start = r.LastEvaluatedKey;
  } while (start);
  return ids;
}
/** Later than every order's 10 quiet minutes, before a card order's 30-minute hold runs out. */
const later = () => new Date(Date.now() + 11 * 60_000);

describe('the index of pending orders', () => {
  it('holds an order while it is pending; paying or declining it takes it out', async () => {
    const paid = await link(await makeUser());
    const declined = await link(await makeUser());
    expect(await orderItem(paid.orderId)).toMatchObject({ status: 'pending', GSI3PK: 'PENDINGORDERS', GSI3SK: `ORDER#${paid.orderId}` });
    expect([...(await indexed())]).toEqual(expect.arrayContaining([paid.orderId, declined.orderId]));

    expect((await pay(paid.paymentUrl, 'card')).status).toBe(302);
    expect((await pay(declined.paymentUrl, 'declined')).status).toBe(302);
    const [a, b] = [await orderItem(paid.orderId), await orderItem(declined.orderId)];
    expect([a.status, 'GSI3PK' in a, 'GSI3SK' in a]).toEqual(['paid', false, false]);
    expect([b.status, 'GSI3PK' in b, 'GSI3SK' in b]).toEqual(['failed', false, false]);
    const now = await indexed();
    expect([now.has(paid.orderId), now.has(declined.orderId)]).toEqual([false, false]);
  });
});

describe('a run', () => {
  it('reads only the index of pending orders (no Scan, no read of all orders by date) and settles the one Paymob paid', () => withReconciler(async () => {
    const { reconcile, client } = await inProcess();
    const { gateway, inquired } = await recordingGateway();
    await reconcile.reconcilePendingOrders(new Date(), gateway); // the one-time backfill, if it has not run
    const quiet = await paidWithoutNews();
    const settled = await link(await makeUser());
    await pay(settled.paymentUrl, 'card');

    const reads: { command: string; input: string }[] = [];
    client.ddb.middlewareStack.add(
      (next, context) => async (args) => {
        if (/^(Query|Scan)/.test(context.commandName ?? '')) reads.push({ command: context.commandName!, input: JSON.stringify(args.input) });
        return next(args);
      },
      { step: 'initialize', name: 'recordReads' },
    );
    try {
      const report = await reconcile.reconcilePendingOrders(later(), gateway);
      expect(report.settled).toBeGreaterThanOrEqual(1);
    } finally {
      client.ddb.middlewareStack.remove('recordReads');
    }
    expect(reads.length).toBeGreaterThanOrEqual(1);
    for (const r of reads) {
      expect(r.command).toBe('QueryCommand');
      expect(JSON.parse(r.input)).toMatchObject({ IndexName: 'byLookup', KeyConditionExpression: 'GSI3PK = :pk', ExpressionAttributeValues: { ':pk': 'PENDINGORDERS' } });
    }
    expect(inquired).toContain(quiet);
    expect(inquired).not.toContain(settled.orderId);
    expect((await orderItem(quiet)).status).toBe('paid');
    expect('GSI3PK' in (await orderItem(quiet))).toBe(false);
  }));

  it('checks at most its batch, oldest first; the orders beyond it wait for the next run', () => withReconciler(async () => {
    const { reconcile } = await inProcess();
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) mine.push(await paidWithoutNews());
    const now = later();
    const runs: string[][] = [];
    for (let run = 0; run < 12 && mine.some((id) => !runs.flat().includes(id)); run++) {
      const { gateway, inquired } = await recordingGateway();
      const report = await reconcile.reconcilePendingOrders(now, gateway, { batch: 2 });
      expect(inquired.length).toBeLessThanOrEqual(2);
      if (run === 0) expect([inquired.length, report.deferred >= 1]).toEqual([2, true]);
      runs.push(inquired);
    }
    // Each of mine was asked about once, in the order they were made (ids are ULIDs), over at least three runs.
    const asked = runs.flat().filter((id) => mine.includes(id));
    expect(asked).toEqual([...mine].sort());
    expect(runs.filter((r) => r.some((id) => mine.includes(id))).length).toBeGreaterThanOrEqual(3);
    for (const id of mine) expect((await orderItem(id)).status).toBe('paid');
  }));

  it('starts no check without the time to finish it: with 5 s left it asks Paymob nothing', () => withReconciler(async () => {
    const { reconcile } = await inProcess();
    const { gateway, inquired } = await recordingGateway();
    const id = await paidWithoutNews();
    const report = await reconcile.reconcilePendingOrders(later(), gateway, { timeLeftMs: () => 5_000 });
    expect(inquired).toEqual([]);
    expect(report.checked).toBe(0);
    expect(report.deferred).toBeGreaterThanOrEqual(1);
    expect((await orderItem(id)).status).toBe('pending');
  }));
});

describe('the Lambda handler', () => {
  it('writes the ReconcileSucceeded metric (EMF) when a run finishes', async () => {
    await inProcess();
    const { handler } = await import('../../functions/payments/reconcile-handler');
    const lines: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (lines.push(String(chunk)), true));
    try {
      const report = await handler({}, { getRemainingTimeInMillis: () => 90_000 } as unknown as Context);
      expect(report).toMatchObject({ checked: expect.any(Number), deferred: expect.any(Number) });
    } finally {
      write.mockRestore();
    }
    const metrics = lines.flatMap((l) => l.split('\n')).filter((l) => l.includes('"CloudWatchMetrics"')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(metrics).toEqual([expect.objectContaining({ ReconcileSucceeded: 1, service: 'bioscope' })]);
    expect((metrics[0]!._aws as { CloudWatchMetrics: unknown[] }).CloudWatchMetrics).toEqual([{ Namespace: 'Bioscope/local', Dimensions: [['service']], Metrics: [{ Name: 'ReconcileSucceeded', Unit: 'Count' }] }]);
  });
});

describe('orders pending from before the index', () => {
  it('are indexed by the first run after the upgrade (read once from the orders by date), then settled', () => withReconciler(async () => {
    const id = await paidWithoutNews();
    const table = platform().tableName;
    // As it was written before AP66: no index keys; and the backfill not yet run.
    await ddb().send(new UpdateCommand({ TableName: table, Key: { PK: `ORDER#${id}`, SK: 'ORDER' }, UpdateExpression: 'REMOVE GSI3PK, GSI3SK' }));
    await ddb().send(new DeleteCommand({ TableName: table, Key: { PK: 'ORDERSMETA', SK: 'PENDINGINDEX' } }));
    expect((await indexed()).has(id)).toBe(false);

    await inProcess();
    let reconcile!: typeof import('../../functions/payments/reconcile');
    let gatewayModule!: typeof import('../../functions/payments/gateway');
    // A fresh Lambda instance: its once-per-instance backfill has not run.
    await jest.isolateModulesAsync(async () => {
      reconcile = await import('../../functions/payments/reconcile');
      gatewayModule = await import('../../functions/payments/gateway');
    });
    const fresh = gatewayModule.paymobGateway(() => Promise.resolve(platform().paymob.settings), platform().paymob.apiUrl, platform().url);
    const report = await reconcile.reconcilePendingOrders(later(), fresh);
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect((await orderItem(id)).status).toBe('paid');
    const state = await ddb().send(new GetCommand({ TableName: table, Key: { PK: 'ORDERSMETA', SK: 'PENDINGINDEX' } }));
    expect(state.Item).toMatchObject({ added: expect.any(Number) });
    expect(state.Item!.added).toBeGreaterThanOrEqual(1);
  }));
});
