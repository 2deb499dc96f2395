/**
 * Every coupons route on the stand-ins: access levels, the form's rules, codes unique in any letter
 * case (Arabic included), validation with the teacher's limits, and the use count held by
 * conditional writes when many students take the last use at the same instant.
 */
import { TransactWriteCommand, UpdateCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, type TestUser, uniq } from '../support/platform';
import { makeWorld, saveLecture, type World } from './catalogue-fixtures';

jest.setTimeout(60_000);

let w: World;
let admin: TestUser;
let student: TestUser;
beforeAll(async () => {
  w = await makeWorld();
  admin = w.admin;
  student = w.student;
});

const create = (json: object, token = admin.token) => api('POST', '/api/Coupan/create', { token, json });
const validate = (code: string, token = student.token, lectureId?: string) =>
  api('POST', `/api/Coupan/validate/${encodeURIComponent(code)}${lectureId ? `?lectureId=${lectureId}` : ''}`, { token });
const code = () => uniq('C').replace(/[^\w]/g, '');
async function made(json: object) {
  const r = await create({ code: code(), discount: 50, ...json });
  if (r.status !== 201) throw new Error(`create coupon: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as { id: string; code: string; discount: number; uses: number; held: number };
}
const couponItem = async (c: string) => {
  const { normalizeCouponCode } = await import('../../shared/schemas/commerce');
  return (await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `COUPON#${normalizeCouponCode(c)}`, SK: 'COUPON' } }))).Item;
};

/** The repository the payments domain uses, pointed at the test platform. */
async function couponRepo() {
  const p = platform();
  Object.assign(process.env, { TABLE_NAME: p.tableName, DYNAMODB_ENDPOINT: p.dynamoEndpoint, AWS_REGION: 'eu-central-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_MAX_ATTEMPTS: '1' });
  return import('../../functions/data/coupon-repo');
}

describe('access', () => {
  it('refuses anonymous callers on every route and students on the teacher’s', async () => {
    const c = await made({});
    for (const [method, path] of [['POST', '/api/Coupan/create'], ['GET', '/api/Coupan/all'], ['DELETE', `/api/Coupan/${c.id}`], ['POST', `/api/Coupan/validate/${c.code}`]] as const) {
      expect((await api(method, path, method === 'GET' ? {} : { json: { code: 'X', discount: 5 } })).status).toBe(401);
    }
    expect((await create({ code: code(), discount: 10 }, student.token)).status).toBe(403);
    expect((await api('GET', '/api/Coupan/all', { token: student.token })).status).toBe(403);
    expect((await api('DELETE', `/api/Coupan/${c.id}`, { token: student.token })).status).toBe(403);
    expect((await api('GET', '/api/Coupan/all', { token: admin.token })).body.data.some((x: { id: string }) => x.id === c.id)).toBe(true);
  });
});

describe('the teacher’s coupons', () => {
  it('creates a coupon and lists it with its uses and holds', async () => {
    const c = code();
    const r = await create({ code: c, discount: '25' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ message: expect.any(String), data: { id: expect.any(String), code: c, discount: 25, uses: 0, held: 0, expiresAt: null, maxUses: null, oncePerStudent: false, courseIds: null } });
    const list = await api('GET', '/api/Coupan/all', { token: admin.token });
    expect(list.body.data.find((x: { code: string }) => x.code === c)).toMatchObject({ discount: 25 });
  });

  it('refuses a code that exists in another letter case with 409 and a readable message', async () => {
    const c = code();
    await made({ code: c.toUpperCase() });
    const again = await create({ code: c.toLowerCase(), discount: 10 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'coupon.duplicate', message: 'A coupon with this code already exists' });
  });

  it('takes Arabic codes and matches them whatever digits the student types', async () => {
    const arabic = `رمضان${Date.now() % 100000}`.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
    await made({ code: arabic, discount: 30 });
    const latin = arabic.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660));
    expect(await validate(latin)).toMatchObject({ status: 200, body: { code: arabic, discount: 30 } });
    expect((await create({ code: latin, discount: 5 })).status).toBe(409);
  });

  it.each<[string, object, string, string]>([
    ['a discount of 0', { discount: 0 }, 'discount', 'tooSmall'],
    ['a discount of 101', { discount: 101 }, 'discount', 'tooBig'],
    ['a discount of 12.5', { discount: 12.5 }, 'discount', 'notInteger'],
    ['a discount that is no number', { discount: 'lots' }, 'discount', 'notNumber'],
    ['no discount', { discount: undefined }, 'discount', 'required'],
    ['a blank code', { code: '  ' }, 'code', 'required'],
    ['a code with spaces', { code: 'two words' }, 'code', 'coupon.chars'],
    ['an expiry in the past', { expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt', 'coupon.expiry'],
    ['a limit of 0 uses', { maxUses: 0 }, 'maxUses', 'tooSmall'],
    ['a course id that is no id', { courseIds: ['../x'] }, 'courseIds', 'invalid'],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_, json, field, rule) => {
    const c = code();
    const r = await create({ code: c, discount: 10, ...json });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code: rule })]));
    expect(await couponItem(c)).toBeUndefined();
  });

  it('deletes a coupon: it no longer validates, a second delete is 404, and the code can be made again', async () => {
    const c = await made({});
    const del = await api('DELETE', `/api/Coupan/${c.id}`, { token: admin.token });
    expect(del).toMatchObject({ status: 200, body: { id: c.id } });
    expect((await api('DELETE', `/api/Coupan/${c.id}`, { token: admin.token })).body).toMatchObject({ code: 'coupon.notFound' });
    expect(await validate(c.code)).toMatchObject({ status: 404, body: { code: 'coupon.invalid' } });
    expect((await create({ code: c.code, discount: 20 })).status).toBe(201);
  });
});

describe('validate (the student)', () => {
  it('answers code and discount for a good code, 404 for an unknown one', async () => {
    const c = await made({ discount: 40 });
    expect(await validate(c.code.toLowerCase())).toMatchObject({ status: 200, body: { code: c.code, discount: 40 } });
    expect(await validate('NOSUCHCODE')).toMatchObject({ status: 404, body: { code: 'coupon.invalid' } });
  });

  it('refuses an expired coupon with 410', async () => {
    const c = await made({ expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await validate(c.code)).status).toBe(200);
    const { normalizeCouponCode } = await import('../../shared/schemas/commerce');
    await ddb().send(
      new UpdateCommand({ TableName: platform().tableName, Key: { PK: `COUPON#${normalizeCouponCode(c.code)}`, SK: 'COUPON' }, UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': '2021-01-01T00:00:00.000Z' } }),
    );
    expect(await validate(c.code)).toMatchObject({ status: 410, body: { code: 'coupon.expired' } });
  });

  it('keeps a course-limited coupon to its courses when the lecture is named', async () => {
    const lecture = await saveLecture(w);
    const other = await makeWorld();
    const mine = await made({ courseIds: [w.course.id] });
    const theirs = await made({ courseIds: [other.course.id] });
    expect((await validate(mine.code, student.token, lecture.id)).status).toBe(200);
    expect(await validate(theirs.code, student.token, lecture.id)).toMatchObject({ status: 400, body: { code: 'coupon.notForCourse' } });
    expect((await validate(theirs.code, student.token)).status).toBe(200);
    expect(await validate(mine.code, student.token, '01NOSUCHLECTURE000000000000')).toMatchObject({ status: 404, body: { code: 'lecture.notFound' } });
  });

  it('says a used-up coupon is used up', async () => {
    const c = await made({ maxUses: 1 });
    const { normalizeCouponCode } = await import('../../shared/schemas/commerce');
    await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `COUPON#${normalizeCouponCode(c.code)}`, SK: 'COUPON' }, UpdateExpression: 'SET taken = :one', ExpressionAttributeValues: { ':one': 1 } }));
    expect(await validate(c.code)).toMatchObject({ status: 409, body: { code: 'coupon.usedUp' } });
  });
});

describe('the use count under a race', () => {
  const takeAsOrder = async (c: { code: string; oncePerStudent: boolean }, userId: string) => {
    const repo = await couponRepo();
    const orderId = uniq('O');
    const items = [
      ...repo.takeUseItems(c, userId, orderId, new Date()),
      { Put: { TableName: platform().tableName, Item: { PK: `TESTORDER#${orderId}`, SK: 'ORDER', userId } } },
    ];
    return ddb()
      .send(new TransactWriteCommand({ TransactItems: items }))
      .then(
        () => 'taken',
        (e: Error) => e.name,
      );
  };

  it('gives the last use of a limited coupon to exactly one of twenty students applying it at once', async () => {
    const c = await made({ maxUses: 5 });
    const { normalizeCouponCode } = await import('../../shared/schemas/commerce');
    await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `COUPON#${normalizeCouponCode(c.code)}`, SK: 'COUPON' }, UpdateExpression: 'SET taken = :four', ExpressionAttributeValues: { ':four': 4 } }));
    const students = await Promise.all(Array.from({ length: 20 }, () => makeUser()));
    const outcomes = await Promise.all(students.map((s) => takeAsOrder({ code: c.code, oncePerStudent: false }, s.id)));
    expect(outcomes.filter((o) => o === 'taken')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'taken').every((o) => o === 'TransactionCanceledException')).toBe(true);
    expect(await couponItem(c.code)).toMatchObject({ taken: 5, uses: 0 });
  });

  it('lets one student hold a once-per-student coupon once, however many tabs ask at once, and gives it back', async () => {
    const c = await made({ oncePerStudent: true });
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => takeAsOrder({ code: c.code, oncePerStudent: true }, student.id)));
    expect(outcomes.filter((o) => o === 'taken')).toHaveLength(1);
    expect(await validate(c.code)).toMatchObject({ status: 409, body: { code: 'coupon.alreadyUsed' } });
    const repo = await couponRepo();
    await ddb().send(new TransactWriteCommand({ TransactItems: repo.giveBackItems({ code: c.code, oncePerStudent: true }, student.id) }));
    expect(await couponItem(c.code)).toMatchObject({ taken: 0 });
    expect((await validate(c.code)).status).toBe(200);
  });
});
