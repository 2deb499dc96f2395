/**
 * POST /api/auth/resend-activation: a new activation link for an account not activated yet, in the
 * local outbox; the same answer for an unknown or an active e-mail (no mail); limited per e-mail and
 * per source (429 with its code), counted whether or not the e-mail has an account.
 */
import { randomInt } from 'node:crypto';
import { platform, uniq } from '../support/platform';
import { apiFrom, freshSource } from '../support/source';

const PASSWORD = 'Passw0rdOk';
const RESENT = { message: 'If this e-mail has an account waiting for activation, a new link is on its way.' };

async function mailsTo(email: string): Promise<{ subject: string; link?: string }[]> {
  const r = await fetch(`${platform().url}/_local/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await r.json()) as { data: { subject: string; link?: string }[] }).data;
}

async function signedUp(): Promise<string> {
  const email = `${uniq('ra')}@test.local`;
  const body = { firstName: 'Salma', lastName: 'Nabil', email, password: PASSWORD, confirm: PASSWORD, mobileNumber: `010${String(randomInt(1e8)).padStart(8, '0')}`, schooleYear: 'Second year' };
  expect((await apiFrom(freshSource(), 'POST', '/api/auth/signup', body)).status).toBe(201);
  return email;
}

const resend = (email: string, source = freshSource()) => apiFrom(source, 'POST', '/api/auth/resend-activation', { email });

it('mails a new activation link that activates the account; after that, nothing more is mailed', async () => {
  const email = await signedUp();
  const r = await resend(email.toUpperCase());
  expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: RESENT });
  const mails = await mailsTo(email);
  expect(mails.map((m) => m.subject)).toEqual(['Activate your Bioscope account', 'Activate your Bioscope account']);
  // The outbox lists the newest first: the resent link, not the sign-up's.
  expect(mails[0]!.link).not.toBe(mails[1]!.link);
  expect((await fetch(mails[0]!.link!, { redirect: 'manual' })).headers.get('location')).toMatch(/activated=1/);
  const login = await apiFrom(freshSource(), 'POST', '/api/auth/login', { identifier: email, password: PASSWORD });
  expect(login.status).toBe(200);

  expect((await resend(email)).body).toEqual(RESENT);
  expect(await mailsTo(email)).toHaveLength(2);
});

it('answers an unknown e-mail the same, and mails nothing', async () => {
  const email = `${uniq('nobody')}@test.local`;
  const r = await resend(email);
  expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: RESENT });
  expect(await mailsTo(email)).toEqual([]);
});

it('three mails an hour per e-mail, known or not: the fourth is 429 auth.activationMailsCapped and mails nothing', async () => {
  for (const email of [await signedUp(), `${uniq('nobody')}@test.local`]) {
    for (let i = 0; i < 3; i++) expect((await resend(email)).status).toBe(200);
    const before = (await mailsTo(email)).length;
    const r = await resend(email);
    expect({ status: r.status, code: r.body.code }).toEqual({ status: 429, code: 'auth.activationMailsCapped' });
    expect(r.body.retryAfter).toBeGreaterThan(3000);
    expect(await mailsTo(email)).toHaveLength(before);
  }
});

it('ten an hour from one source: the eleventh is 429 auth.tooManyFromNetwork', async () => {
  const source = freshSource();
  for (let i = 0; i < 10; i++) expect((await resend(`${uniq('src')}@test.local`, source)).status).toBe(200);
  const r = await resend(`${uniq('src')}@test.local`, source);
  expect({ status: r.status, code: r.body.code }).toEqual({ status: 429, code: 'auth.tooManyFromNetwork' });
});
