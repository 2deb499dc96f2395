/**
 * A student's mails come in the language they signed up in: the sign-up carries `locale` ('en' or
 * 'ar', English when absent), the user record keeps it, and the activation mail and every later
 * reset mail are written in it. Against the real platform and its local outbox.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt } from 'node:crypto';
import { ddb, platform, uniq } from '../support/platform';
import { apiFrom, freshSource } from '../support/source';

const PASSWORD = 'Passw0rdOk';
const student = (locale?: string) => ({
  firstName: 'منى',
  lastName: 'حسن',
  email: `${uniq('lang')}@test.local`,
  password: PASSWORD,
  confirm: PASSWORD,
  mobileNumber: `010${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`,
  schooleYear: 'Second year',
  ...(locale ? { locale } : {}),
});
type Mail = { subject: string; text: string; link?: string; code?: string };

async function mailsTo(email: string): Promise<Mail[]> {
  const r = await fetch(`${platform().url}/_local/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await r.json()) as { data: Mail[] }).data;
}

async function recordOf(email: string) {
  const t = platform().tableName;
  const guard = await ddb().send(new GetCommand({ TableName: t, Key: { PK: `EMAIL#${email.toLowerCase()}`, SK: 'EMAIL' } }));
  return (await ddb().send(new GetCommand({ TableName: t, Key: { PK: `USER#${guard.Item?.userId as string}`, SK: 'PROFILE' } }))).Item;
}

const signUp = (body: unknown) => apiFrom(freshSource(), 'POST', '/api/auth/signup', body);
const forgetPassword = (email: string) => apiFrom(freshSource(), 'POST', '/api/auth/forget-password', { email });
const ARABIC = /[\u0600-\u06FF]/;

describe('mails in the language of the sign-up', () => {
  it('Arabic: the record keeps locale ar; the activation mail and the reset mail are in Arabic', async () => {
    const s = student('ar');
    expect((await signUp(s)).status).toBe(201);
    expect(await recordOf(s.email)).toMatchObject({ email: s.email, locale: 'ar' });

    const [activation] = await mailsTo(s.email);
    expect(activation!.subject).toBe('فعّل حسابك على بيوسكوب');
    expect(activation!.text).toContain('أهلاً منى،');
    expect(activation!.text).toContain(activation!.link!);
    expect(activation!.text).toContain('48 ساعة');
    expect(activation!.text.replace(activation!.link!, '')).not.toMatch(/[A-Za-z]{3,}/);

    expect((await fetch(activation!.link!, { redirect: 'manual' })).status).toBe(302);
    expect((await forgetPassword(s.email)).status).toBe(200);
    const reset = (await mailsTo(s.email)).find((m) => m.code);
    expect(reset!.subject).toBe('كود إعادة تعيين كلمة المرور على بيوسكوب');
    expect(reset!.text).toContain(reset!.code!);
    expect(reset!.text).toContain('15 دقيقة');
    expect(reset!.text.replace(reset!.code!, '')).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('English, and a sign-up that names no language: the mails as before', async () => {
    const s = { ...student(), firstName: 'Mona' };
    expect((await signUp(s)).status).toBe(201);
    expect((await recordOf(s.email))?.locale).toBe('en');
    const [activation] = await mailsTo(s.email);
    expect(activation!.subject).toBe('Activate your Bioscope account');
    expect(activation!.text).toMatch(/^Hello Mona,\n/);
    expect(activation!.text).not.toMatch(ARABIC);
  });

  it('refuses a language the product does not speak with 400 and its field', async () => {
    const r = await signUp(student('fr'));
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([expect.objectContaining({ path: 'body.locale', field: 'locale', code: 'oneOf' })]);
  });
});
