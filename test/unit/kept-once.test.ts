/**
 * keptOnce (functions/lib/kept-once.ts): what a Lambda instance does once — the CloudFront key's read,
 * the users search backfill — is shared by the callers that come together, and a failure is not kept.
 */
import { keptOnce } from '../../functions/lib/kept-once';

describe('keptOnce', () => {
  it('runs once for callers that come together, and keeps the answer', async () => {
    let runs = 0;
    const once = keptOnce(async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 20));
      return runs;
    });
    expect(await Promise.all(Array.from({ length: 50 }, () => once()))).toEqual(Array.from({ length: 50 }, () => 1));
    expect(await once()).toBe(1);
    expect(runs).toBe(1);
  });

  it('does not keep a failure: the callers waiting on it see it, the next call runs again', async () => {
    let runs = 0;
    const once = keptOnce(async () => {
      runs++;
      if (runs === 1) throw new Error('throttled');
      return 'done';
    });
    const together = await Promise.allSettled([once(), once(), once()]);
    expect(together.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await once()).toBe('done');
    expect(await Promise.all([once(), once()])).toEqual(['done', 'done']);
    expect(runs).toBe(2);
  });
});
