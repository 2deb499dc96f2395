/**
 * One stream at a time (issue 41, docs/devices.md): two sessions of one student (two ID tokens, both
 * live) — a start while the other streamed within the last minute is 409 playback.elsewhere; with
 * takeOver the stream moves, and the other player's next heartbeat gets 409 playback.takenOver.
 */
import { AdminInitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { api, cognito, ddb, makeUser, platform, type TestUser } from '../support/platform';
import { makeWorld, saveLecture, type World } from './catalogue-fixtures';

jest.setTimeout(120_000);

let w: World;
let lecture: { id: string; videos: { id: string }[] };
beforeAll(async () => {
  w = await makeWorld();
  lecture = await saveLecture(w, { price: '0', isFree: 'true' }, 2);
});

/** A second live session of the same student: another ID token, its jti added to the record's sessions. */
async function secondSession(u: TestUser): Promise<string> {
  const p = platform();
  const auth = await cognito().send(new AdminInitiateAuthCommand({ UserPoolId: p.userPoolId, ClientId: p.clientId, AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', AuthParameters: { USERNAME: u.email, PASSWORD: u.password } }));
  const token = auth.AuthenticationResult!.IdToken!;
  await ddb().send(
    new UpdateCommand({ TableName: p.tableName, Key: { PK: `USER#${u.id}`, SK: 'PROFILE' }, UpdateExpression: 'SET sessions = list_append(sessions, :j)', ExpressionAttributeValues: { ':j': [decodeJwt(token).jti] } }),
  );
  return token;
}

const start = (token: string, videoId: string, body: Record<string, unknown> = {}) => api('POST', `/api/AWS/lectures/${lecture.id}/videos/${videoId}/playback`, { token, json: body });
const beat = (token: string, videoId: string, body: Record<string, unknown>) => api('POST', `/api/AWS/lectures/${lecture.id}/videos/${videoId}/progress`, { token, json: body });

describe('one stream at a time', () => {
  it('refuses a second session while the first streams, moves the stream on takeOver, and stops the first at its next heartbeat', async () => {
    const u = await makeUser();
    const other = await secondSession(u);
    const [v1, v2] = lecture.videos.map((v) => v.id) as [string, string];

    const first = await start(u.token, v1);
    expect(first.status).toBe(200);
    expect(await beat(u.token, v1, { playbackId: first.body.playbackId, watched: [[0, 5.5]] })).toEqual(expect.objectContaining({ status: 200, body: { data: { ok: true } } }));

    const elsewhere = await start(other, v2);
    expect([elsewhere.status, elsewhere.body.code]).toEqual([409, 'playback.elsewhere']);
    expect(elsewhere.headers.get('set-cookie')).toBeNull();

    const taken = await start(other, v2, { takeOver: true });
    expect(taken.status).toBe(200);
    const stopped = await beat(u.token, v1, { playbackId: first.body.playbackId });
    expect([stopped.status, stopped.body.code]).toEqual([409, 'playback.takenOver']);
    expect((await beat(other, v2, { playbackId: taken.body.playbackId })).status).toBe(200);
    // The first session starting again is refused in turn (the second streams now); the same session may start another video.
    expect((await start(u.token, v1)).body.code).toBe('playback.elsewhere');
    expect((await start(other, v1)).status).toBe(200);

    const events = (await api('GET', `/api/admin/users/${u.id}/devices`, { token: w.admin.token })).body.data.events;
    expect(events).toEqual([{ at: expect.any(String), kind: 'streamTakenOver', device: expect.objectContaining({ name: 'Computer', kind: 'computer' }) }]);
  });

  it('lets another session start once the stream has not been heard from for a minute', async () => {
    const u = await makeUser();
    const other = await secondSession(u);
    const v = lecture.videos[0]!.id;
    expect((await start(u.token, v)).status).toBe(200);
    await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `USER#${u.id}`, SK: 'STREAM' }, UpdateExpression: 'SET #at = :old', ExpressionAttributeNames: { '#at': 'at' }, ExpressionAttributeValues: { ':old': Date.now() - 61_000 } }));
    expect((await start(other, v)).status).toBe(200);
    // No takeover was needed: nothing counts towards the flag.
    expect((await api('GET', `/api/admin/users/${u.id}/devices`, { token: w.admin.token })).body.data.events).toEqual([]);
  });

  it('lets the same student start at once when the session that streamed has ended (signed out, or the phone signed in again)', async () => {
    const u = await makeUser();
    const other = await secondSession(u);
    const v = lecture.videos[0]!.id;
    const first = await start(u.token, v);
    expect(first.status).toBe(200);
    expect((await beat(u.token, v, { playbackId: first.body.playbackId })).status).toBe(200);
    expect((await api('POST', '/api/auth/logout', { token: u.token })).status).toBeLessThan(300);
    // The first session streamed a moment ago, but it is over: no question, no sharing signal.
    expect((await start(other, v)).status).toBe(200);
    expect((await api('GET', `/api/admin/users/${u.id}/devices`, { token: w.admin.token })).body.data.events).toEqual([]);
  });

  it('checks the heartbeat: spans of numbers, from before to, at most 200', async () => {
    const u = await makeUser();
    const v = lecture.videos[0]!.id;
    const { playbackId } = (await start(u.token, v)).body;
    for (const watched of [[[5, 2]], [['a', 3]], [[1, 2, 3]], Array.from({ length: 201 }, (_, i) => [i, i + 1])]) {
      const r = await beat(u.token, v, { playbackId, watched });
      expect({ watched: watched.length, status: r.status, code: r.body.code }).toEqual({ watched: watched.length, status: 400, code: 'validation' });
    }
    expect((await beat(u.token, v, { playbackId, watched: Array.from({ length: 200 }, (_, i) => [i, i + 1]) })).status).toBe(200);
    expect((await beat(u.token, v, {})).status).toBe(400);
  });

  it('does not hold an admin to one stream', async () => {
    const v = lecture.videos[0]!.id;
    expect((await start(w.admin.token, v)).status).toBe(200);
    expect((await beat(w.admin.token, v, { playbackId: 'anything' })).status).toBe(200);
  });
});
