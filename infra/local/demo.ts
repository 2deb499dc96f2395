/**
 * Demo content for `npm start`: a course with its terms and sections, a free lecture with a
 * short real video (infra/local/assets, made by scripts/make-demo-video.ts) and a paid one.
 * Idempotent: everything carries DEMO_MARKER and is found again, so a restart adds nothing;
 * a piece that is missing (e.g. a start stopped half-way) is added, and a stored demo video that
 * is not the committed asset (e.g. the old unseekable recording) is replaced by it.
 * Runs in-process after the platform has set the Lambdas' environment.
 */
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import path from 'node:path';
import { CONTENT_TYPES, TERM_NAMES, TRACKS } from '../../shared/constants';
import { courseTree } from '../../functions/catalogue/courses';
import { saveLecture } from '../../functions/catalogue/lectures';
import { allCourses, createCourseTree } from '../../functions/data/course-repo';
import { lecturesOfSection } from '../../functions/data/lecture-repo';
import { sectionsOfTerm } from '../../functions/data/section-repo';
import { s3 } from '../../functions/lib/aws';
import { env } from '../../functions/lib/env';
import { MEDIA_PREFIXES } from '../../functions/lib/media-layout';

export const DEMO_MARKER = 'bioscope-demo-v1';
const ASSETS = path.join(__dirname, 'assets');
const VIDEO_KEY = `${MEDIA_PREFIXES.videos}demo-lecture.webm`;
const IMAGE_KEY = `${MEDIA_PREFIXES.images}demo-course.png`;

const DEMO_LECTURES = [
  { marker: `${DEMO_MARKER}:free`, name: 'المحاضرة الأولى: انقسام الخلية', subtitle: 'محاضرة مجانية للتجربة — Free demo lecture', price: 0, isFree: true },
  { marker: `${DEMO_MARKER}:paid`, name: 'المحاضرة الثانية: الانقسام الميوزي', subtitle: 'محاضرة مدفوعة — Paid demo lecture', price: 150, isFree: false },
];

async function upload(key: string, file: string, contentType: string) {
  await s3.send(new PutObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: key, Body: fs.readFileSync(path.join(ASSETS, file)), ContentType: contentType }));
}

/** Whether the bucket holds `key` with the asset's exact size (the asset is replaced, not edited). */
async function storedAsAsset(key: string, file: string): Promise<boolean> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: key }));
    return head.ContentLength === fs.statSync(path.join(ASSETS, file)).size;
  } catch {
    return false;
  }
}

export async function seedDemo(): Promise<{ seeded: boolean; detail?: string }> {
  let seeded = false;
  let course = (await allCourses()).find((c) => c.demoMarker === DEMO_MARKER);
  if (!course) {
    await upload(IMAGE_KEY, 'demo-course.png', 'image/png');
    // The first school year's: its new lectures ring the bell of that year's students (docs/notifications.md).
    const tree = courseTree({ name: 'الصف الأول الثانوي', courseFor: [...TRACKS], terms: [...TERM_NAMES], content: [...CONTENT_TYPES], schooleYear: 'First year', demoMarker: DEMO_MARKER }, IMAGE_KEY);
    await createCourseTree(tree.course, tree.terms, tree.sections);
    course = tree.course;
    seeded = true;
  }
  if (course.archived) return { seeded, detail: 'demo course archived by the admin' };

  // The lectures go in the first term's lecture section of the first track.
  const firstTerm = course.terms[0];
  const section = firstTerm && (await sectionsOfTerm(firstTerm.id)).find((s) => s.content === CONTENT_TYPES[0]);
  if (!section) return { seeded, detail: 'demo course has no lecture section' };
  const present = new Set((await lecturesOfSection(section.id)).map((l) => l.lecture.demoMarker));
  const missing = DEMO_LECTURES.filter((l) => !present.has(l.marker));
  if (missing.length || !(await storedAsAsset(VIDEO_KEY, 'demo-lecture.webm'))) {
    await upload(VIDEO_KEY, 'demo-lecture.webm', 'video/webm');
    seeded = true;
  }
  const image = { filename: 'demo-course.png', mimetype: 'image/png', content: fs.readFileSync(path.join(ASSETS, 'demo-course.png')) };
  for (const l of missing) {
    await saveLecture({
      name: l.name,
      subtitle: l.subtitle,
      price: l.price,
      isFree: l.isFree,
      contentId: section.id,
      imageFile: image,
      videoUrls: [{ videoUrl: VIDEO_KEY, videoName: 'انقسام الخلية — Cell division', quizId: null }],
      demoMarker: l.marker,
    });
    seeded = true;
  }
  return { seeded, ...(seeded ? {} : { detail: 'present' }) };
}
