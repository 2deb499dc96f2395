/**
 * Nobody learns whether an e-mail (or phone) has an account from a wrong-password sign-in or a
 * forgot-password request: the same status and body, and the same time (issue 13). Sign-up may
 * still say an e-mail is taken.
 */
import { makeUser, type TestUser, uniq } from '../support/platform';
import { apiFrom, freshSource } from '../support/source';

jest.setTimeout(180_000);

const TRIES = 30;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
/** Close enough to tell nothing: within 5 ms or 15 % of each other. */
const alike = (a: number, b: number) => Math.abs(a - b) < 5 || Math.abs(a - b) < 0.15 * Math.min(a, b);

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const t0 = performance.now();
  const result = await run();
  return { ms: performance.now() - t0, result };
}

/** Runs `known` and `unknown` turn by turn (so a slow spell of the machine hits both alike). */
async function race(known: (i: number) => Promise<{ status: number; body: unknown }>, unknown: (i: number) => Promise<{ status: number; body: unknown }>) {
  const k: number[] = [];
  const u: number[] = [];
  const bodies = new Set<string>();
  for (let i = 0; i < TRIES; i++) {
    const a = await timed(() => known(i));
    const b = await timed(() => unknown(i));
    k.push(a.ms);
    u.push(b.ms);
    bodies.add(JSON.stringify([a.result.status, a.result.body]));
    bodies.add(JSON.stringify([b.result.status, b.result.body]));
  }
  return { known: median(k), unknown: median(u), bodies: [...bodies] };
}

let people: TestUser[];
beforeAll(async () => {
  // Ten accounts with three wrong passwords each stay within every account's free attempts.
  people = [];
  for (let i = 0; i < 10; i++) people.push(await makeUser());
});

describe('a wrong password', () => {
  it(`answers the same, in the same time (medians of ${TRIES}), whether or not the account exists`, async () => {
    const source = freshSource();
    const ghosts = Array.from({ length: 10 }, () => `${uniq('ghost')}@test.local`);
    const login = (identifier: string) => apiFrom(source, 'POST', '/api/auth/login', { identifier, password: 'Wr0ngPassword' });
    const r = await race(
      (i) => login(people[i % people.length]!.email),
      (i) => login(ghosts[i % ghosts.length]!),
    );
    console.log(`login wrong password, median ms: account ${r.known.toFixed(1)}, no account ${r.unknown.toFixed(1)}`);
    expect(r.bodies).toEqual([JSON.stringify([401, { message: 'Incorrect e-mail/phone or password', code: 'auth.badCredentials' }])]);
    expect(alike(r.known, r.unknown)).toBe(true);
  });
});

describe('forgot password', () => {
  it(`answers the same, in the same time (medians of ${TRIES}), whether or not the e-mail has an account`, async () => {
    const source = freshSource();
    const ghosts = Array.from({ length: 10 }, () => `${uniq('ghost')}@test.local`);
    const forget = (email: string) => apiFrom(source, 'POST', '/api/auth/forget-password', { email });
    // Each e-mail is asked 3 times: a code is mailed (or stored for no one) the first time, kept the next two.
    const r = await race(
      (i) => forget(people[i % people.length]!.email),
      (i) => forget(ghosts[i % ghosts.length]!),
    );
    console.log(`forget-password, median ms: account ${r.known.toFixed(1)}, no account ${r.unknown.toFixed(1)}`);
    expect(r.bodies).toEqual([JSON.stringify([200, { message: 'Please check your mail for the reset code.' }])]);
    expect(alike(r.known, r.unknown)).toBe(true);
  });
});
