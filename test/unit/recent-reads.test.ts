/** lib/recent.ts: what a class shares, kept a few seconds; never a failure; forgotten after a teacher's write. */
import { forgetRecentReads, recentReads } from '../../functions/lib/recent';

const counting = () => {
  const calls: string[] = [];
  const read = async (id: string) => (calls.push(id), `${id}@${calls.length}`);
  return { calls, read };
};

describe('recentReads', () => {
  it('serves one read to every caller within the time, and reads again after it', async () => {
    const { calls, read } = counting();
    const r = recentReads(read, 1000);
    const [a, b] = await Promise.all([r('x', 0), r('x', 10)]);
    expect([a, b]).toEqual(['x@1', 'x@1']);
    expect(await r('x', 999)).toBe('x@1');
    expect(await r('x', 1000)).toBe('x@2');
    expect(await r('y', 1000)).toBe('y@3');
    expect(calls).toEqual(['x', 'x', 'y']);
  });

  it('keeps no failed read', async () => {
    let fail = true;
    const r = recentReads(async (id: string) => {
      if (fail) throw new Error('store down');
      return id;
    }, 60_000);
    await expect(r('x', 0)).rejects.toThrow('store down');
    fail = false;
    await expect(r('x', 1)).resolves.toBe('x');
  });

  it('forgets one id, or everything after a teacher write', async () => {
    const { calls, read } = counting();
    const r = recentReads(read, 60_000);
    await r('x', 0);
    await r('y', 0);
    r.forget('x');
    await r('x', 1);
    await r('y', 1);
    expect(calls).toEqual(['x', 'y', 'x']);
    forgetRecentReads();
    await r('y', 2);
    expect(calls).toEqual(['x', 'y', 'x', 'y']);
  });

  it('holds at most `max` ids, dropping the oldest', async () => {
    const { calls, read } = counting();
    const r = recentReads(read, 60_000, 2);
    for (const id of ['a', 'b', 'c']) await r(id, 0);
    await r('c', 1);
    await r('b', 1);
    await r('a', 1);
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe("the local platform's store recording (tests that count calls once reads are kept)", () => {
  it('marks a second record and a forgetting in the recording, in order', async () => {
    const { threadStoreStats } = await import('../../infra/local/store-stats');
    const stats = threadStoreStats();
    stats('record');
    forgetRecentReads();
    stats('record');
    expect((stats('recorded') as { op: string }[]).map((c) => c.op)).toEqual(['#forgot-kept-reads', '#mark']);
    forgetRecentReads(); // not recording: nothing kept
    stats('record');
    expect(stats('recorded')).toEqual([]);
  });
});
