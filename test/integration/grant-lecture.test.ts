/**
 * Granting a lecture (issue 38 item 8): by its id, as the assign modal sends it; by its name only as
 * the spec's fallback, read from the name index (byLookup, AP68) — never a Scan of the table. A name
 * is found however it is spelled (case, spacing), a renamed lecture by its new name only, an
 * archived one not at all; a name of two lectures is 409; an unknown id is 404 whatever name comes
 * with it. Lectures made before the index are indexed once, from the catalogue.
 */
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, callsDuring, ddb, makeUser, platform, uniq } from '../support/platform';
import { courseForm, makeWorld, saveLecture, type World } from './catalogue-fixtures';

jest.setTimeout(120_000);

let w: World;
beforeAll(async () => {
  w = await makeWorld();
});

const grant = (json: Record<string, unknown>) => api('POST', '/api/admin/grant-lecture', { token: w.admin.token, json });
/** A lecture name no other lecture has, already in the index's spelling (lower case, single spaces). */
const uniqueName = () => uniq('genetics part ').toLowerCase();
const lectureItem = async (id: string) => (await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `LECTURE#${id}`, SK: 'LECTURE' } }))).Item!;
const rename = (id: string, name: string) => api('PATCH', `/api/AWS/lectures/${id}`, { token: w.admin.token, form: courseForm({ name }) });

describe('by id', () => {
  it('grants the lecture the id names, whatever name comes with it', async () => {
    const u = await makeUser();
    const l = await saveLecture(w);
    const r = await grant({ email: u.email, lectureName: 'not its name', lectureId: l.id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Lecture assigned successfully', data: { email: u.email, lectureId: l.id } });
  });

  it('an unknown id is 404 lecture.notFound, even with the name of an existing lecture', async () => {
    const name = uniqueName();
    await saveLecture(w, { name });
    const r = await grant({ email: w.student.email, lectureName: name, lectureId: '01J0000000000000000000000Z' });
    expect([r.status, r.body.code, r.body.message]).toEqual([404, 'lecture.notFound', 'Lecture not found']);
  });
});

describe('by name, through the index', () => {
  it('reads the byLookup index (a Query), never a Scan', async () => {
    const u = await makeUser();
    const name = uniqueName();
    const l = await saveLecture(w, { name });
    expect(await lectureItem(l.id)).toMatchObject({ GSI3PK: `LECTURENAME#${name}`, GSI3SK: `LECTURE#${l.id}` });
    let r!: Awaited<ReturnType<typeof grant>>;
    const calls = await callsDuring([name], async () => (r = await grant({ email: u.email, lectureName: name })));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ lectureId: l.id, lectureName: name });
    // (The first name grant of the platform also runs the one-time backfill: its UpdateItems name the lecture too.)
    expect(calls.map((c) => c.op).filter((op) => op !== 'UpdateItem')).toEqual(['Query']);
    expect(calls.find((c) => c.op === 'Query')!.input).toMatchObject({ IndexName: 'byLookup', KeyConditionExpression: 'GSI3PK = :pk' });
  });

  it('finds the name spelled with other case and spacing', async () => {
    const u = await makeUser();
    const name = uniq('Genetics  Part ');
    const l = await saveLecture(w, { name });
    const r = await grant({ email: u.email, lectureName: `  ${name.toUpperCase().replace(/ +/g, '   ')} ` });
    expect([r.status, r.body.data?.lectureId]).toEqual([200, l.id]);
  });

  it('a renamed lecture is found by its new name, not its old one; an archived one is not found', async () => {
    const u = await makeUser();
    const [before, after] = [uniqueName(), uniqueName()];
    const l = await saveLecture(w, { name: before });
    expect((await rename(l.id, after)).status).toBe(200);
    expect((await grant({ email: u.email, lectureName: before })).body.code).toBe('lecture.notFound');
    expect((await grant({ email: u.email, lectureName: after })).body.data).toMatchObject({ lectureId: l.id });
    // Bought (granted) lectures are archived, not deleted.
    expect((await api('DELETE', `/api/v/lecture/${l.id}`, { token: w.admin.token })).status).toBe(200);
    expect((await lectureItem(l.id)).archived).toBe(true);
    const gone = await grant({ email: u.email, lectureName: after });
    expect([gone.status, gone.body.code]).toEqual([404, 'lecture.notFound']);
  });

  it('a name of two lectures is 409 grant.ambiguous; an unknown name is 404', async () => {
    const name = uniqueName();
    await saveLecture(w, { name });
    await saveLecture(w, { name: name.toUpperCase() });
    const two = await grant({ email: w.student.email, lectureName: name });
    expect([two.status, two.body.code]).toEqual([409, 'grant.ambiguous']);
    const none = await grant({ email: w.student.email, lectureName: uniqueName() });
    expect([none.status, none.body.code]).toEqual([404, 'lecture.notFound']);
  });
});

describe('lectures made before the index', () => {
  it('are indexed once from the catalogue (courses → terms → lectures), then found by name', async () => {
    const name = uniqueName();
    const l = await saveLecture(w, { name });
    const table = platform().tableName;
    // As it was written before AP68: no name key; and the backfill not yet run.
    await ddb().send(new UpdateCommand({ TableName: table, Key: { PK: `LECTURE#${l.id}`, SK: 'LECTURE' }, UpdateExpression: 'REMOVE GSI3PK, GSI3SK' }));
    await ddb().send(new DeleteCommand({ TableName: table, Key: { PK: 'LECTURESMETA', SK: 'NAMEINDEX' } }));
    const byName = async () =>
      (await ddb().send(new QueryCommand({ TableName: table, IndexName: 'byLookup', KeyConditionExpression: 'GSI3PK = :pk', ExpressionAttributeValues: { ':pk': `LECTURENAME#${name}` } }))).Items ?? [];
    expect(await byName()).toEqual([]);

    const p = platform();
    Object.assign(process.env, { TABLE_NAME: p.tableName, DYNAMODB_ENDPOINT: p.dynamoEndpoint, AWS_REGION: 'eu-central-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_MAX_ATTEMPTS: '1', LOG_LEVEL: 'SILENT' });
    // A fresh users Lambda instance: its once-per-instance backfill has not run.
    let people!: typeof import('../../functions/users/people');
    await jest.isolateModulesAsync(async () => {
      people = await import('../../functions/users/people');
    });
    const u = await makeUser();
    const r = await people.grantLecture({ email: u.email, lectureName: name });
    expect(r.data).toMatchObject({ lectureId: l.id });
    expect((await byName()).map((i) => i.id)).toEqual([l.id]);
    const state = await ddb().send(new GetCommand({ TableName: table, Key: { PK: 'LECTURESMETA', SK: 'NAMEINDEX' } }));
    expect(state.Item!.indexed).toBeGreaterThanOrEqual(1);
  });
});
