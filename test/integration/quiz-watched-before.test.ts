/**
 * The quiz results' "Watched before" (issue 42): each submit keeps how much of the video the quiz
 * gates the student had watched then; the results table shows the latest attempt's figure.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform } from '../support/platform';
import { makeQuiz, makeWorld, saveLecture } from './catalogue-fixtures';

jest.setTimeout(120_000);

it("keeps the gating video's watched percent with each submit; a student who never watched it shows null", async () => {
  const w = await makeWorld();
  const lecture = await saveLecture(w, { price: '0', isFree: 'true' }, 1);
  const video = lecture.videos[0]!;
  const assetId = /^videos\/([0-9A-Z]{26})-/.exec(video.videoUrl)![1];
  await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `ASSET#${assetId}`, SK: 'ASSET' }, UpdateExpression: 'SET durationSeconds = :l', ExpressionAttributeValues: { ':l': 600 } }));
  const quiz = (await makeQuiz(w.admin)) as { id: string; questions?: { id: string }[] };
  const answers = [{ questionId: quiz.questions![0]!.id, answerText: 'True' }];
  expect((await api('PATCH', `/api/AWS/lectures/video/${video.id}`, { token: w.admin.token, json: { quizId: quiz.id } })).status).toBe(200);

  const [watcher, stranger] = await Promise.all([makeUser(), makeUser()]);
  const { playbackId } = (await api('POST', `/api/AWS/lectures/${lecture.id}/videos/${video.id}/playback`, { token: watcher.token, json: {} })).body;
  expect((await api('POST', `/api/AWS/lectures/${lecture.id}/videos/${video.id}/progress`, { token: watcher.token, json: { playbackId, watched: [[0, 270]] } })).status).toBe(200);

  for (const u of [watcher, stranger]) expect((await api('POST', `/api/Quizz/submit/${quiz.id}`, { token: u.token, json: { answers } })).status).toBe(200);

  const rows = (await api('GET', `/api/Quiz/students-results/${quiz.id}`, { token: w.admin.token })).body.data as { userId: string; watchedBefore: unknown }[];
  const byUser = Object.fromEntries(rows.map((r) => [r.userId, r.watchedBefore]));
  expect(byUser).toEqual({ [watcher.id]: { videoId: video.id, percent: 45 }, [stranger.id]: null });
});
