/** infra/local/gateway.ts invocations: at most `limit` handler runs at once, the rest in arrival order. */
import { invocations } from '../../infra/local/gateway';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('invocations', () => {
  it('runs at most `limit` at once and starts the waiting ones in arrival order', async () => {
    const invoke = invocations(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const all = gates.map((g, i) =>
      invoke(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await g.promise;
        running--;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    gates.forEach((g) => g.resolve());
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('passes a failure on and frees the place; 0 means no limit', async () => {
    const invoke = invocations(1);
    await expect(invoke(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(invoke(async () => 'next')).resolves.toBe('next');
    const free = invocations(0);
    let running = 0;
    let most = 0;
    await Promise.all(Array.from({ length: 10 }, () => free(async () => ((most = Math.max(most, ++running)), await new Promise((r) => setImmediate(r)), running--))));
    expect(most).toBe(10);
  });
});
