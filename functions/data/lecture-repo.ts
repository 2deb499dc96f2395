import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TRACKS } from '../../shared/constants';
import { Conflict, NotFound, isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import { allCourses } from './course-repo';
import { type TransactItem, queryAll, withoutKeys, writeAll } from './items';
import { keys } from './keys';
import { termsOfCourseTrack } from './term-repo';

export interface LectureRecord {
  id: string;
  name: string;
  subTitle: string;
  price: number;
  isFree: boolean;
  /** Days a purchase lasts; absent on lectures made before it existed (the default applies). */
  accessDays?: number;
  /** How many times a student may watch each video (a view counted per playback started); null or absent: no limit. */
  viewLimit?: number | null;
  /** Key of its image in the media bucket (images/…). */
  imageKey?: string;
  /** How many videos it has; follows every add and delete. */
  numberOfLectures: number;
  contentId: string;
  termId: string;
  courseId: string;
  createdAt: string;
  /** Deleted by the admin while students own it: hidden from lists and from new purchases. */
  archived?: boolean;
  /** Set by the first purchase or grant (purchase-repo); a lecture with it is never deleted outright. */
  firstPurchasedAt?: string;
  demoMarker?: string;
}

export interface VideoRecord {
  id: string;
  lectureId: string;
  videoName: string;
  /** Object key in the media bucket (videos/…). */
  key: string;
  quizId: string | null;
  order: number;
}

export interface LectureWithVideos {
  lecture: LectureRecord;
  videos: VideoRecord[];
}

const isVideo = (i: Record<string, unknown>) => String(i.SK).startsWith(keys.videoSkPrefix);

/** AP10: the lecture and its videos in order, one Query. */
export async function lectureWithVideos(id: string): Promise<LectureWithVideos | undefined> {
  const items = await queryAll({ TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.lecturePk(id) } });
  const head = items.find((i) => i.SK === keys.lecture(id).SK);
  if (!head) return undefined;
  return { lecture: withoutKeys<LectureRecord>(head), videos: items.filter(isVideo).map((i) => withoutKeys<VideoRecord>(i)) };
}

export async function lectureById(id: string): Promise<LectureRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.lecture(id) }));
  return r.Item ? withoutKeys<LectureRecord>(r.Item) : undefined;
}

/** AP11: the section's lectures, oldest first, each with its videos — one Query. */
export async function lecturesOfSection(sectionId: string): Promise<LectureWithVideos[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byParent',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.lecturesOfSectionPk(sectionId) },
  });
  const out: LectureWithVideos[] = [];
  // Sorted by GSI1SK: each lecture comes right before its videos.
  for (const i of items) {
    if (isVideo(i)) out.at(-1)?.videos.push(withoutKeys<VideoRecord>(i));
    else out.push({ lecture: withoutKeys<LectureRecord>(i), videos: [] });
  }
  return out;
}

/** AP12: the term's lectures without videos, oldest first. */
export async function lecturesOfTerm(termId: string): Promise<LectureRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byTerm',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.lecturesOfTermPk(termId) },
  });
  return items.map((i) => withoutKeys<LectureRecord>(i));
}

const putVideo = (sectionId: string, v: VideoRecord): TransactItem[] => [
  {
    Put: {
      TableName: TABLE,
      Item: {
        ...keys.videoOfLecture(v.lectureId, v.order, v.id),
        ...keys.videoOfSection(sectionId, v.lectureId, v.order, v.id),
        ...(v.quizId ? keys.videoOfQuiz(v.quizId, v.lectureId, v.id) : {}),
        ...v,
      },
    },
  },
  // AP13: the video by its id alone, for DELETE /api/AWS/lectures/video/{videoId}.
  { Put: { TableName: TABLE, Item: { ...keys.video(v.id), id: v.id, lectureId: v.lectureId, order: v.order } } },
];

/** The lecture with its videos; the lecture item goes in the first transaction. */
export async function createLecture(lecture: LectureRecord, videos: VideoRecord[]): Promise<void> {
  await writeAll([
    {
      Put: {
        TableName: TABLE,
        Item: {
          ...keys.lecture(lecture.id),
          ...keys.lectureOfSection(lecture.contentId, lecture.id),
          ...keys.lectureOfTerm(lecture.termId, lecture.id),
          ...keys.lectureByName(lecture.name, lecture.id),
          ...lecture,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    ...videos.flatMap((v) => putVideo(lecture.contentId, v)),
  ]);
}

/** Adds videos in transactions that each also raise numberOfLectures by their count. */
export async function addVideos(lecture: LectureRecord, videos: VideoRecord[]): Promise<void> {
  const perTransaction = 33; // 2 items per video + the lecture update, under 100
  for (let i = 0; i < videos.length; i += perTransaction) {
    const chunk = videos.slice(i, i + perTransaction);
    await writeAll(
      [
        {
          Update: {
            TableName: TABLE,
            Key: keys.lecture(lecture.id),
            UpdateExpression: 'ADD numberOfLectures :n',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':n': chunk.length },
          },
        },
        ...chunk.flatMap((v) => putVideo(lecture.contentId, v)),
      ],
      'The lecture no longer exists',
    );
  }
}

/** AP13 */
export async function videoById(id: string): Promise<{ id: string; lectureId: string; order: number } | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.video(id) }));
  return r.Item ? withoutKeys<{ id: string; lectureId: string; order: number }>(r.Item) : undefined;
}

export async function deleteVideo(v: { id: string; lectureId: string; order: number }): Promise<void> {
  await writeAll(
    [
      { Delete: { TableName: TABLE, Key: keys.videoOfLecture(v.lectureId, v.order, v.id), ConditionExpression: 'attribute_exists(PK)' } },
      { Delete: { TableName: TABLE, Key: keys.video(v.id) } },
      { Update: { TableName: TABLE, Key: keys.lecture(v.lectureId), UpdateExpression: 'ADD numberOfLectures :n', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':n': -1 } } },
    ],
    'The video was already deleted',
  );
}

/**
 * A video's name or quiz, changed in place on its lecture item (AP10; the AP11 index copy follows,
 * and AP31 follows its quiz: set with one, removed without).
 */
export async function updateVideo(v: { id: string; lectureId: string; order: number }, fields: Partial<Pick<VideoRecord, 'videoName' | 'quizId'>>): Promise<VideoRecord> {
  const set: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const remove: string[] = [];
  if (fields.quizId) Object.assign(set, keys.videoOfQuiz(fields.quizId, v.lectureId, v.id));
  else if (fields.quizId === null) remove.push('GSI2PK', 'GSI2SK');
  const names = Object.keys(set);
  try {
    const r = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.videoOfLecture(v.lectureId, v.order, v.id),
        UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}${remove.length ? ` REMOVE ${remove.map((_, i) => `#r${i}`).join(', ')}` : ''}`,
        ExpressionAttributeNames: { ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])), ...Object.fromEntries(remove.map((n, i) => [`#r${i}`, n])) },
        ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, set[n]])),
        ConditionExpression: 'attribute_exists(PK)',
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys<VideoRecord>(r.Attributes!);
  } catch (e) {
    if (isConditionFailed(e)) throw new NotFound('Video not found', 'video.notFound');
    throw e;
  }
}

export type LectureChanges = Partial<Pick<LectureRecord, 'name' | 'subTitle' | 'price' | 'isFree' | 'accessDays' | 'viewLimit' | 'imageKey' | 'archived'>>;

/** The lecture's fields changed; a new name moves it in AP68 too. */
export async function updateLecture(id: string, fields: LectureChanges): Promise<LectureRecord> {
  const set: Record<string, unknown> = { ...fields, ...(fields.name !== undefined ? keys.lectureByName(fields.name, id) : {}) };
  const names = Object.keys(set).filter((k) => set[k] !== undefined);
  try {
    const r = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.lecture(id),
        UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
        ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, set[n]])),
        ConditionExpression: 'attribute_exists(PK)',
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys<LectureRecord>(r.Attributes!);
  } catch (e) {
    if (isConditionFailed(e)) throw new NotFound('Lecture not found', 'lecture.notFound');
    throw e;
  }
}

/**
 * Deletes the lecture and its videos unless it has ever been bought: the condition on the
 * lecture item rides in the first transaction, and once the lecture is gone no purchase can be
 * recorded for it (recordPurchase requires it). Returns false when a purchase holds it.
 */
export async function deleteLectureIfUnpurchased({ lecture, videos }: LectureWithVideos): Promise<boolean> {
  try {
    await writeAll([
      { Delete: { TableName: TABLE, Key: keys.lecture(lecture.id), ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(firstPurchasedAt)' } },
      ...videos.flatMap((v): TransactItem[] => [
        { Delete: { TableName: TABLE, Key: keys.videoOfLecture(lecture.id, v.order, v.id) } },
        { Delete: { TableName: TABLE, Key: keys.video(v.id) } },
      ]),
    ]);
    return true;
  } catch (e) {
    if (e instanceof Conflict) return false;
    throw e;
  }
}


/** AP68: the lectures (not archived) whose name is this one, spelled any way (keys.ts normalizeLectureName). */
export async function lecturesNamed(name: string): Promise<{ id: string; name: string }[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byLookup',
    KeyConditionExpression: 'GSI3PK = :pk',
    FilterExpression: 'attribute_not_exists(archived) OR archived = :f',
    ExpressionAttributeValues: { ':pk': keys.lecturesByNamePk(name), ':f': false },
  });
  return items.map((i) => ({ id: i.id as string, name: i.name as string }));
}

/** Whether the one-time backfill of AP68 has run (AP69). */
export async function lectureNamesIndexed(): Promise<boolean> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.lectureNamesState }));
  return r.Item !== undefined;
}

/**
 * The one-time backfill of AP68: every lecture of the catalogue (courses AP5 → terms of each track AP7 →
 * lectures of each term AP12: Queries, no Scan) gets its name key, on condition its name is still the one
 * read (a rename meanwhile wrote its own); then AP69 is marked. Returns how many it indexed. Safe to run
 * twice at once.
 */
export async function backfillLectureNames(now = new Date()): Promise<number> {
  const courses = await allCourses();
  const terms = (await Promise.all(courses.flatMap((c) => TRACKS.map((track) => termsOfCourseTrack(c.id, track))))).flat();
  const lectures = (await Promise.all(terms.map((t) => lecturesOfTerm(t.id)))).flat();
  let indexed = 0;
  const index = async (l: LectureRecord) => {
    const k = keys.lectureByName(l.name, l.id);
    try {
      await ddb.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: keys.lecture(l.id),
          UpdateExpression: 'SET GSI3PK = :pk, GSI3SK = :sk',
          ConditionExpression: 'attribute_exists(PK) AND #n = :name',
          ExpressionAttributeNames: { '#n': 'name' },
          ExpressionAttributeValues: { ':pk': k.GSI3PK, ':sk': k.GSI3SK, ':name': l.name },
        }),
      );
      indexed++;
    } catch (e) {
      if (!isConditionFailed(e)) throw e;
    }
  };
  // A few writes at once: the backfill runs inside a grant request.
  for (let i = 0; i < lectures.length; i += 16) await Promise.all(lectures.slice(i, i + 16).map(index));
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.lectureNamesState, at: now.toISOString(), indexed } }));
  return indexed;
}

/** AP31: the videos a quiz gates, as their lecture item keys. */
export async function videosOfQuiz(quizId: string): Promise<{ id: string; lectureId: string; order: number }[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byTerm',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.videosOfQuizPk(quizId) },
  });
  return items.map((i) => withoutKeys<VideoRecord>(i)).map(({ id, lectureId, order }) => ({ id, lectureId, order }));
}

/** Lifts a deleted quiz's gate: its videos have no quiz any more (AP31 emptied). Returns how many. */
export async function clearQuizOfVideos(quizId: string): Promise<number> {
  const videos = await videosOfQuiz(quizId);
  await Promise.all(
    videos.map((v) =>
      ddb
        .send(
          new UpdateCommand({
            TableName: TABLE,
            Key: keys.videoOfLecture(v.lectureId, v.order, v.id),
            UpdateExpression: 'SET quizId = :none REMOVE GSI2PK, GSI2SK',
            ConditionExpression: 'attribute_exists(PK) AND quizId = :quiz',
            ExpressionAttributeValues: { ':none': null, ':quiz': quizId },
          }),
        )
        // A video deleted or given another quiz meanwhile needs nothing.
        .catch((e: unknown) => {
          if (!isConditionFailed(e)) throw e;
        }),
    ),
  );
  return videos.length;
}
