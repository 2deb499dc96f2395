/**
 * The sign-in throttle on the platform's table with a clock the test moves (functions/auth/
 * sign-in-throttle.ts in this process): the delay schedule, and that an owner who knows the
 * password gets in within a minute of a long attack ending — no lockout the attacker controls.
 */
import { platform, uniq } from '../support/platform';

jest.setTimeout(120_000);

async function throttle() {
  const p = platform();
  Object.assign(process.env, { TABLE_NAME: p.tableName, DYNAMODB_ENDPOINT: p.dynamoEndpoint, AWS_REGION: 'eu-central-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_MAX_ATTEMPTS: '1' });
  return import('../../functions/auth/sign-in-throttle');
}

/** What a call answered: granted, or the 429's code and wait. */
async function outcome<T>(p: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; code: string; retryAfter: number }> {
  try {
    return { ok: true, value: await p };
  } catch (e) {
    const err = e as { status?: number; code?: string; extra?: { retryAfter?: number } };
    if (err.status !== 429) throw e;
    return { ok: false, code: String(err.code), retryAfter: Number(err.extra?.retryAfter) };
  }
}

describe('sign-in throttle (moved clock)', () => {
  it('gives 5 free failures, then waits of 1, 2, 4 … seconds, never more than 60', async () => {
    const t = await throttle();
    const account = t.accountOfIdentifier(`${uniq('sched')}@test.local`);
    let now = Date.UTC(2030, 0, 1);
    const first = await outcome(t.beginSignIn(account, '10.0.0.1', now));
    if (!first.ok) throw new Error('the first attempt was refused');
    let pending = first.value;
    const waits: number[] = [];
    for (let failures = 1; failures <= 13; failures++) {
      await pending.failed(now);
      const next = await outcome(t.beginSignIn(account, '10.0.0.1', now));
      if (next.ok) {
        waits.push(0);
        pending = next.value;
        continue;
      }
      expect(next.code).toBe('auth.tooManyAttempts');
      waits.push(next.retryAfter);
      now += next.retryAfter * 1000;
      const granted = await outcome(t.beginSignIn(account, '10.0.0.1', now));
      if (!granted.ok) throw new Error(`refused after waiting ${next.retryAfter} s`);
      pending = granted.value;
    }
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('after 20 minutes of guessing from many addresses, the owner gets in 60 s after the last guess', async () => {
    const t = await throttle();
    const account = t.accountOfUser(uniq('owner'));
    const start = Date.UTC(2030, 0, 2);
    let now = start;
    let tried = 0;
    let refused = 0;
    let longestWait = 0;
    let lastGuess = start;
    // One guess every 2 s, each from another address (no per-source cap helps here).
    for (let i = 0; now < start + 20 * 60_000; i++, now += 2000) {
      const r = await outcome(t.beginSignIn(account, `10.2.${i % 250}.${Math.floor(i / 250)}`, now));
      if (!r.ok) {
        refused++;
        longestWait = Math.max(longestWait, r.retryAfter);
        continue;
      }
      tried++;
      lastGuess = now;
      await r.value.failed(now);
    }
    expect(longestWait).toBeLessThanOrEqual(60);
    // Guesses that reached the password check: 5 free, then about one a minute.
    expect(tried).toBeLessThan(5 + 7 + 20);
    expect(refused).toBeGreaterThan(500);
    const owner = await outcome(t.beginSignIn(account, '10.3.0.1', lastGuess + 60_000));
    expect(owner.ok).toBe(true);
    if (owner.ok) await owner.value.succeeded(lastGuess + 60_000);
    // The owner's success starts the account afresh.
    expect((await outcome(t.beginSignIn(account, '10.3.0.1', lastGuess + 60_001))).ok).toBe(true);
  });

  it('an attacker waiting out every wait keeps untrusted devices slowed, never the owner\'s device (OWASP device cookies)', async () => {
    const t = await throttle();
    const account = t.accountOfUser(uniq('kept'));
    const ownerDevice = uniq('nonce');
    const start = Date.UTC(2030, 0, 4);
    let now = start;
    let ownerRefused = 0;
    const strangerWaits: number[] = [];
    // 20 minutes: the attacker guesses the moment each wait ends; every fifth round the owner tries with the device, and a new device tries.
    for (let i = 0; now < start + 20 * 60_000; i++) {
      const guess = await outcome(t.beginSignIn(account, `10.5.${i % 250}.1`, now));
      if (guess.ok) await guess.value.failed(now);
      if (i % 5 === 0) {
        const owner = await outcome(t.beginSignIn(account, '10.6.0.1', now, ownerDevice));
        if (owner.ok) await owner.value.succeeded(now);
        else ownerRefused++;
        const stranger = await outcome(t.beginSignIn(account, '10.7.0.1', now));
        if (stranger.ok) await stranger.value.failed(now);
        else strangerWaits.push(stranger.retryAfter);
      }
      now += guess.ok ? 2000 : guess.retryAfter * 1000;
    }
    expect(ownerRefused).toBe(0);
    expect(strangerWaits.length).toBeGreaterThan(5);
    expect(Math.max(...strangerWaits)).toBeLessThanOrEqual(60);
    expect(Math.min(...strangerWaits)).toBeGreaterThanOrEqual(1);
  });

  it('forgets the failures 15 minutes after the last one', async () => {
    const t = await throttle();
    const account = t.accountOfIdentifier(`${uniq('forget')}@test.local`);
    const now = Date.UTC(2030, 0, 3);
    for (let i = 0; i < 8; i++) {
      const r = await outcome(t.beginSignIn(account, '10.4.0.1', now + i * 70_000));
      expect(r.ok).toBe(true);
      if (r.ok) await r.value.failed(now + i * 70_000);
    }
    const later = now + 7 * 70_000 + 15 * 60_000 + 1000;
    const fresh = await outcome(t.beginSignIn(account, '10.4.0.1', later));
    expect(fresh.ok).toBe(true);
    if (fresh.ok) await fresh.value.failed(later);
    // Counting starts again at 1: four more free failures at once.
    for (let i = 0; i < 4; i++) {
      const r = await outcome(t.beginSignIn(account, '10.4.0.1', later));
      expect(r.ok).toBe(true);
      if (r.ok) await r.value.failed(later);
    }
    expect((await outcome(t.beginSignIn(account, '10.4.0.1', later))).ok).toBe(false);
  });
});
