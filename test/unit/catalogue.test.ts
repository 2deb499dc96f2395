/** The catalogue's pure rules: prices, who may watch, media keys and URL signing. */
import { generateKeyPairSync } from 'node:crypto';
import { canWatch, isFreeLecture, isUnexpired } from '../../functions/catalogue/access';
import { gatePlan } from '../../functions/quizzes/public';
import { courseTree } from '../../functions/catalogue/courses';
import { imageKey, type MediaOrigins, safeFileName, uploadKey, videoKeyOf } from '../../functions/catalogue/media';
import { lecturePrice } from '../../functions/catalogue/pricing';
import { cloudFrontMediaUrls, parseSigningKey, reusingUrls, sitePath } from '../../functions/lib/media-urls';
import type { PurchaseRecord } from '../../functions/data/purchase-repo';

describe('lecturePrice (spec 3 and 5)', () => {
  it.each([
    [{ price: 150, isFree: false }, undefined, { price: 150, isFree: false }],
    [{ price: -80 }, undefined, { price: 80, isFree: false }],
    [{ price: 150, isFree: true }, undefined, { price: 0, isFree: true }],
    [{ price: 0, isFree: false }, undefined, { price: 0, isFree: true }],
    [{ isFree: true }, undefined, { price: 0, isFree: true }],
    [{}, { price: 120, isFree: false }, { price: 120, isFree: false }],
    [{ isFree: true }, { price: 120, isFree: false }, { price: 0, isFree: true }],
    [{ price: 90 }, { price: 0, isFree: true }, { price: 90, isFree: false }],
    [{ isFree: false }, { price: 0, isFree: true }, { price: 0, isFree: true }],
  ])('%j over %j → %j', (input, current, expected) => {
    expect(lecturePrice(input, current)).toEqual(expected);
  });
});

describe('canWatch', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const student = { userId: 'u1', isAdmin: false };
  const paid = { price: 150, isFree: false };
  const purchase = (expiryDate: string): PurchaseRecord => ({ userId: 'u1', lectureId: 'l1', purchaseDate: '2026-02-01T00:00:00Z', expiryDate, source: 'payment' });

  it('lets an admin watch anything', () => expect(canWatch({ userId: 'a', isAdmin: true }, paid, undefined, now)).toBe(true));
  it('lets anyone watch a free lecture (isFree, 0, "0" or null)', () => {
    expect(canWatch(student, { price: 150, isFree: true }, undefined, now)).toBe(true);
    expect(canWatch(student, { price: 0, isFree: false }, undefined, now)).toBe(true);
    expect(canWatch(student, { price: '0', isFree: false }, undefined, now)).toBe(true);
    expect(canWatch(student, { price: null, isFree: false }, undefined, now)).toBe(true);
    expect(isFreeLecture({ price: '150', isFree: false })).toBe(false);
  });
  it('needs an unexpired purchase for a paid lecture', () => {
    expect(canWatch(student, paid, undefined, now)).toBe(false);
    expect(canWatch(student, paid, purchase('2026-03-01T12:00:01Z'), now)).toBe(true);
    expect(canWatch(student, paid, purchase('2026-03-01T12:00:00Z'), now)).toBe(false);
    expect(canWatch(student, paid, purchase('2026-02-28T00:00:00Z'), now)).toBe(false);
    expect(isUnexpired(purchase('not a date'), now)).toBe(false);
  });
  it('never gates an admin, nor a lecture whose only quiz is on its last video (read only to say whether it is passed)', () => {
    const admin = gatePlan({ userId: 'a', isAdmin: true }, [{ id: 'v1', quizId: 'q1', order: 1 }, { id: 'v2', quizId: null, order: 2 }]);
    expect(admin.keys).toEqual([]);
    expect(admin.locks([], new Set(['q1'])).size).toBe(0);
    const lastOnly = gatePlan(student, [{ id: 'v1', quizId: null, order: 1 }, { id: 'v2', quizId: 'q2', order: 2 }]);
    expect(lastOnly.keys).toHaveLength(1);
    expect(lastOnly.locks([undefined], new Set(['q2'])).size).toBe(0);
    // A quiz on the first video: its result is read, and an unpassed one locks the second.
    const gated = gatePlan(student, [{ id: 'v1', quizId: 'q1', order: 1 }, { id: 'v2', quizId: null, order: 2 }]);
    expect(gated.keys).toHaveLength(1);
    expect([...gated.locks([undefined], new Set(['q1'])).entries()]).toEqual([['v2', { reason: 'quiz', videoNumber: 1, quizId: 'q1' }]]);
    expect(gated.locks([{ passed: true }], new Set(['q1'])).size).toBe(0);
    expect(gated.locks([undefined], new Set()).size).toBe(0); // a deleted quiz gates nothing
  });
});

describe('media keys', () => {
  it('makes safe file names', () => {
    expect(safeFileName('درس 1 Cells.mp4')).toBe('1-Cells.mp4');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('محاضرة')).toBe('file');
    expect(safeFileName('a  b?.webm')).toBe('a-b.webm');
  });
  it('names uploads by type and images by their mimetype', () => {
    expect(uploadKey('video/mp4', 'Lesson 1.mp4', '01ABC')).toBe('videos/01ABC-Lesson-1.mp4');
    expect(uploadKey('image/png', 'cover.png', '01ABC')).toBe('images/01ABC-cover.png');
    expect(imageKey('image/jpeg', '01ABC')).toBe('images/01ABC.jpg');
    expect(sitePath('images/01ABC.jpg')).toBe('/media/images/01ABC.jpg');
  });

  const origins: MediaOrigins = { bucket: 'bioscope-media', region: 'eu-central-1', publicUrl: 'https://d1.cloudfront.net', s3Endpoints: ['http://127.0.0.1:4569'] };
  it.each([
    ['videos/01A-a.mp4', 'videos/01A-a.mp4'],
    ['/media/videos/01A-a.mp4', 'videos/01A-a.mp4'],
    ['https://d1.cloudfront.net/media/videos/01A-a.mp4?Expires=1', 'videos/01A-a.mp4'],
    ['http://127.0.0.1:4569/bioscope-media/videos/01A-a%20b.mp4?X-Amz-Signature=x', 'videos/01A-a b.mp4'],
    ['https://bioscope-media.s3.eu-central-1.amazonaws.com/videos/01A-a.mp4', 'videos/01A-a.mp4'],
    ['https://evil.example/media/videos/01A-a.mp4', undefined],
    ['https://other-bucket.s3.amazonaws.com/videos/01A-a.mp4', undefined],
    ['http://127.0.0.1:4569/other-bucket/videos/01A-a.mp4', undefined],
    ['images/01A.png', undefined],
    ['videos/', undefined],
    ['videos/../images/x.png', undefined],
    ['videos/%2e%2e/images/x.png', undefined],
    ['videos//x.mp4', undefined],
  ])('videoKeyOf(%s) → %s', (url, key) => {
    expect(videoKeyOf(url, origins)).toBe(key);
  });
});

describe('courseTree', () => {
  it('makes one term per track and term name, one section per term and content type, in order', () => {
    const { course, terms, sections } = courseTree({ name: 'G1', courseFor: ['ثانوي عام', 'ثانوي لغات'], terms: ['الترم الأول', 'الترم الثاني'], content: ['شرح محاضرات', 'حل امتحانات', 'Quiz'] });
    expect(course.courseFor).toBe('ثانوي عام, ثانوي لغات');
    expect(terms.map((t) => [t.courseFor, t.name, t.order, t.isLocked])).toEqual([
      ['ثانوي عام', 'الترم الأول', 0, false],
      ['ثانوي عام', 'الترم الثاني', 1, false],
      ['ثانوي لغات', 'الترم الأول', 0, false],
      ['ثانوي لغات', 'الترم الثاني', 1, false],
    ]);
    expect(sections).toHaveLength(12);
    expect(course.terms).toEqual(terms.map((t) => ({ id: t.id, name: t.name, courseFor: t.courseFor })));
    expect(1 + terms.length + sections.length).toBeLessThanOrEqual(100);
  });
});

describe('CloudFront signed URLs', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();

  it('signs /media/<key> on the site with the key pair, reading the key once', async () => {
    const load = jest.fn(async () => ({ keyPairId: 'K2ABC', privateKey: pem }));
    const urls = cloudFrontMediaUrls(load, 'https://d1.cloudfront.net/');
    const a = new URL(await urls.playbackUrl('videos/01A-a b.mp4', 7200));
    await urls.playbackUrl('videos/other.mp4', 7200);
    expect(load).toHaveBeenCalledTimes(1);
    expect(a.origin + a.pathname).toBe('https://d1.cloudfront.net/media/videos/01A-a%20b.mp4');
    expect(a.searchParams.get('Key-Pair-Id')).toBe('K2ABC');
    expect(a.searchParams.get('Signature')).toBeTruthy();
    const expires = Number(a.searchParams.get('Expires'));
    expect(expires * 1000).toBeGreaterThan(Date.now() + 7100 * 1000);
    expect(expires * 1000).toBeLessThan(Date.now() + 7300 * 1000);
  });

  it('retries a failed key read on the next request', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('throttled')).mockResolvedValue({ keyPairId: 'K', privateKey: pem });
    const urls = cloudFrontMediaUrls(load, 'https://d1.cloudfront.net');
    await expect(urls.playbackUrl('videos/a.mp4', 60)).rejects.toThrow('throttled');
    await expect(urls.playbackUrl('videos/a.mp4', 60)).resolves.toMatch(/Signature=/);
  });

  it('hands a signed URL out again only while 95 % of its life is left (at most 5 minutes), per key and lifetime; never a failure', async () => {
    let n = 0;
    let failNext = false;
    const sign = jest.fn(async (key: string, expiresIn: number) => {
      if (failNext) throw ((failNext = false), new Error('no key'));
      return `${key}?expires=${expiresIn}&n=${++n}`;
    });
    const urls = reusingUrls({ playbackUrl: sign });
    const first = await urls.playbackUrl('videos/a.mp4', 7200, 0);
    expect(await urls.playbackUrl('videos/a.mp4', 7200, 299_999)).toBe(first);
    expect(await urls.playbackUrl('videos/a.mp4', 7200, 300_000)).not.toBe(first);
    expect(await urls.playbackUrl('videos/b.mp4', 7200, 300_000)).not.toBe(first);
    // A short life is reused for a twentieth of it only: 60 s → 3 s.
    const short = await urls.playbackUrl('videos/a.mp4', 60, 0);
    expect(await urls.playbackUrl('videos/a.mp4', 60, 2_999)).toBe(short);
    expect(await urls.playbackUrl('videos/a.mp4', 60, 3_000)).not.toBe(short);
    failNext = true;
    await expect(urls.playbackUrl('bad', 60, 0)).rejects.toThrow('no key');
    await expect(urls.playbackUrl('bad', 60, 1)).resolves.toMatch(/^bad\?/);
  });

  it('reads the secret as a PEM or as JSON', () => {
    expect(parseSigningKey(pem, 'ENV')).toEqual({ keyPairId: 'ENV', privateKey: pem.trim() });
    expect(parseSigningKey(JSON.stringify({ keyPairId: 'K9', privateKey: pem }), 'ENV')).toEqual({ keyPairId: 'K9', privateKey: pem });
    expect(() => parseSigningKey('{"keyPairId":"K"}', 'ENV')).toThrow(/privateKey/);
  });
});
