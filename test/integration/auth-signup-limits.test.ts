/**
 * Sign-up has limits of its own (docs/auth-limits.md): 5 per source in 10 minutes and 3 per e-mail
 * in an hour (429 with retryAfter, no account, no mail), and no address is mailed more than 5 times
 * an hour, whatever sends the mail.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt } from 'node:crypto';
import { ddb, platform, uniq } from '../support/platform';
import { apiFrom, freshSource } from '../support/source';

jest.setTimeout(120_000);

const student = (email = `${uniq('limit')}@test.local`) => ({
  firstName: 'Salma',
  lastName: 'Nabil',
  email,
  password: 'Passw0rdOk',
  confirm: 'Passw0rdOk',
  mobileNumber: `010${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`,
  schooleYear: 'Second year',
});
const signUp = (source: string, body: ReturnType<typeof student>) => apiFrom(source, 'POST', '/api/auth/signup', body);

async function mailsTo(email: string): Promise<{ subject: string }[]> {
  const r = await fetch(`${platform().url}/_local/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await r.json()) as { data: { subject: string }[] }).data;
}
const accountOf = async (email: string) => (await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `EMAIL#${email}`, SK: 'EMAIL' } }))).Item;

describe('sign-ups per source', () => {
  it('30 at once from one source: 5 get 201 and a mail, 25 get 429 auth.signUpsFromNetwork with no account and no mail', async () => {
    const source = freshSource();
    const bodies = Array.from({ length: 30 }, () => student());
    const answers = await Promise.all(bodies.map((b) => signUp(source, b)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(25);
    for (const r of refused) {
      expect(r.body).toEqual({ message: expect.stringMatching(/^Too many sign-ups from your network\. Try again in \d+ min\.$/), code: 'auth.signUpsFromNetwork', retryAfter: expect.any(Number) });
      expect(r.body.retryAfter).toBeGreaterThan(500);
      expect(r.body.retryAfter).toBeLessThanOrEqual(600);
      expect(r.headers.get('retry-after')).toBe(String(r.body.retryAfter));
    }
    for (const [i, b] of bodies.entries()) {
      const signedUp = answers[i]!.status === 201;
      expect([b.email, Boolean(await accountOf(b.email)), (await mailsTo(b.email)).length]).toEqual([b.email, signedUp, signedUp ? 1 : 0]);
    }
    // Another source is not held back.
    expect((await signUp(freshSource(), student())).status).toBe(201);
  });

  it('the 6th in a row from one source is 429 and sends no mail', async () => {
    const source = freshSource();
    for (let i = 0; i < 5; i++) expect((await signUp(source, student())).status).toBe(201);
    const sixth = student();
    const r = await signUp(source, sixth);
    expect([r.status, r.body.code]).toEqual([429, 'auth.signUpsFromNetwork']);
    expect(await accountOf(sixth.email)).toBeUndefined();
    expect(await mailsTo(sixth.email)).toEqual([]);
  });
});

describe('sign-ups per e-mail', () => {
  it('the 4th try of one e-mail within an hour, from any source, is 429 auth.signUpsForEmail', async () => {
    const email = `${uniq('again')}@test.local`;
    expect((await signUp(freshSource(), student(email))).status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await signUp(freshSource(), student(email.toUpperCase()))).status).toBe(409);
    const r = await signUp(freshSource(), student(email));
    expect(r.body).toEqual({ message: expect.stringMatching(/^Too many sign-ups with this e-mail\. Try again in \d+ min\.$/), code: 'auth.signUpsForEmail', retryAfter: expect.any(Number) });
    expect(r.status).toBe(429);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe('mails per address', () => {
  async function mailer() {
    const p = platform();
    Object.assign(process.env, { TABLE_NAME: p.tableName, DYNAMODB_ENDPOINT: p.dynamoEndpoint, AWS_REGION: 'eu-central-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_MAX_ATTEMPTS: '1', MAIL_TRANSPORT: 'outbox' });
    return import('../../functions/data/mailer');
  }

  it('sends at most 5 mails an hour to one address (in any case); the rest are dropped; other addresses are not affected', async () => {
    const { sendMail } = await mailer();
    const to = `${uniq('mailcap')}@test.local`;
    const sent: boolean[] = [];
    for (let i = 0; i < 8; i++) sent.push(await sendMail({ to: i % 2 ? to.toUpperCase() : to, subject: `Mail ${i}`, text: 'x' }));
    expect(sent).toEqual([true, true, true, true, true, false, false, false]);
    expect((await mailsTo(to)).map((m) => m.subject).sort()).toEqual(['Mail 0', 'Mail 1', 'Mail 2', 'Mail 3', 'Mail 4']);
    const other = `${uniq('mailcap')}@test.local`;
    expect(await sendMail({ to: other, subject: 'Other', text: 'x' })).toBe(true);
  });
});
