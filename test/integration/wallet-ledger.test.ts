/**
 * The wallet's ledger (issue 40), run in this process against the platform's table: moves of one
 * wallet made at once all land, one after another (consecutive entry numbers, each balance after
 * the one before plus its amount); a debit beyond the balance is 402 and writes nothing; a failed
 * condition of the caller's item writes nothing and names that item; the balance is the sum of
 * the entries.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, platform, uniq, useThePlatformHere } from '../support/platform';

jest.setTimeout(120_000);

async function inProcess() {
  useThePlatformHere();
  return import('../../functions/data/wallet-repo');
}

const cents = (le: number) => Math.round(le * 100);
const sum = (xs: number[]) => xs.reduce((a, b) => a + cents(b), 0) / 100;

it('20 parallel moves of one wallet all land, with consecutive entries whose balances follow', async () => {
  const { moveWallet, walletOf } = await inProcess();
  const userId = uniq('w');
  const amounts = Array.from({ length: 20 }, (_, i) => (i % 4 === 3 ? -1.25 : 10.5 + i));
  await moveWallet(userId, { amount: 100, kind: 'adjustment', ref: 'start' });
  const results = await Promise.all(amounts.map((amount, i) => moveWallet(userId, { amount, kind: i % 2 ? 'code' : 'topUp', ref: `r${i}` })));
  expect(new Set(results.map((r) => r.entry.id)).size).toBe(20);

  const { balance, entries } = await walletOf(userId);
  expect(entries.map((e) => e.id)).toEqual(Array.from({ length: 21 }, (_, i) => String(21 - i)));
  const oldestFirst = [...entries].reverse();
  oldestFirst.forEach((e, i) => expect(cents(e.balanceAfter)).toBe(cents(i === 0 ? 0 : oldestFirst[i - 1]!.balanceAfter) + cents(e.amount)));
  expect(balance).toBe(sum([100, ...amounts]));
  expect(balance).toBe(sum(entries.map((e) => e.amount)));
  expect(entries[0]!.balanceAfter).toBe(balance);
});

it('a debit beyond the balance is 402 wallet.insufficient with the balance, and writes nothing', async () => {
  const { moveWallet, walletOf, WalletInsufficient } = await inProcess();
  const userId = uniq('w');
  await moveWallet(userId, { amount: 30.5, kind: 'code', ref: 'c1' });
  const attempt = moveWallet(userId, { amount: -30.51, kind: 'purchase', ref: 'o1' });
  await expect(attempt).rejects.toBeInstanceOf(WalletInsufficient);
  await expect(attempt).rejects.toMatchObject({ status: 402, code: 'wallet.insufficient', extra: { balance: 30.5 } });
  expect(await walletOf(userId)).toMatchObject({ balance: 30.5, entries: [{ id: '1', kind: 'code', amount: 30.5, balanceAfter: 30.5, ref: 'c1' }] });
  // Down to zero is allowed.
  const r = await moveWallet(userId, { amount: -30.5, kind: 'purchase', ref: 'o1' });
  expect([r.balance, r.entry.id, r.entry.amount]).toEqual([0, '2', -30.5]);
});

it('a failed condition of the caller’s item writes nothing and names the item', async () => {
  const { moveWallet, walletOf, WalletAlsoFailed } = await inProcess();
  const userId = uniq('w');
  const table = platform().tableName;
  const guard = { PK: `TEST#${userId}`, SK: 'GUARD' };
  await ddb().send(new PutCommand({ TableName: table, Item: { ...guard, used: true } }));
  const free = { PK: `TEST#${userId}`, SK: 'FREE' };
  const attempt = moveWallet(userId, { amount: 5, kind: 'code', ref: 'c' }, [
    { Put: { TableName: table, Item: { ...free, used: true }, ConditionExpression: 'attribute_not_exists(PK)' } },
    { Update: { TableName: table, Key: guard, UpdateExpression: 'SET n = :one', ConditionExpression: 'attribute_not_exists(used)', ExpressionAttributeValues: { ':one': 1 } } },
  ]);
  await expect(attempt).rejects.toBeInstanceOf(WalletAlsoFailed);
  await expect(attempt).rejects.toMatchObject({ index: 1, status: 409 });
  expect(await walletOf(userId)).toEqual({ balance: 0, entries: [] });
  expect((await ddb().send(new GetCommand({ TableName: table, Key: free }))).Item).toBeUndefined();
});

it('the latest entries come newest first, as many as asked', async () => {
  const { moveWallet, walletOf } = await inProcess();
  const userId = uniq('w');
  for (const amount of [1, 2, 3]) await moveWallet(userId, { amount, kind: 'adjustment', ref: `a${amount}` });
  expect(await walletOf(userId, { limit: 2 })).toMatchObject({ balance: 6, entries: [{ id: '3', amount: 3, balanceAfter: 6 }, { id: '2', amount: 2, balanceAfter: 3 }] });
});
