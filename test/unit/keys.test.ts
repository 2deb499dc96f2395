import { type Key, keys } from '../../functions/data/keys';

/** Every key builder's key for one user (each argument 'u1'), where it lies in that user's partition. */
function userPartitionKeys(): Key[] {
  const out: Key[] = [];
  for (const build of Object.values(keys)) {
    if (typeof build !== 'function') continue;
    const k = (build as (...a: string[]) => Partial<Key>)('u1', 'u1', 'u1', 'u1');
    if (k.PK === 'USER#u1' && typeof k.SK === 'string') out.push(k as Key);
  }
  return out;
}

describe('AP62: the sort-key range the session gate reads for My lectures', () => {
  const { from, to } = keys.profileToPurchases;
  const inRange = (sk: string) => sk >= from && sk <= to;

  it('holds the record, the pending-order holds and the purchases (term bundles among them), and no other item of the user', () => {
    const all = userPartitionKeys();
    expect(all.length).toBeGreaterThan(5); // results, attempts, views, playbacks, open orders… lie outside
    expect(all.filter((k) => inRange(k.SK)).map((k) => k.SK).sort()).toEqual(['PROFILE', 'PROFILE#ORDERS', 'PURCHASE#TERM#u1', 'PURCHASE#u1']);
  });

  it('holds every purchase whatever the lecture id', () => {
    for (const id of ['0', '01J0000000000000000000000Z', 'zzzz', '\u00ff']) expect(inRange(keys.purchase('u1', id).SK)).toBe(true);
    expect(inRange(keys.user('u1').SK) && inRange(keys.pendingOrders('u1').SK)).toBe(true);
  });
});
