/** Rule codes (shared/rules.ts): every issue of the shared schemas has a stable code, field and English. */
import { englishIssueMessage, englishMessage, ruleOf, RULE_CODES } from '../../shared/rules';
import { createCouponBody } from '../../shared/schemas/commerce';
import { courseForm, createCourseBody, lectureForm, lecturePriceToSend, signedUrlQuery } from '../../shared/schemas/catalogue';
import { imageRule } from '../../shared/schemas/common';
import { quizFormBody } from '../../shared/schemas/quizzes';
import type { z } from 'zod';

const rulesOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value, { error: englishIssueMessage, reportInput: true });
  return r.success ? [] : r.error.issues.map((i) => ({ ...ruleOf(i), message: i.message }));
};

describe('ruleOf', () => {
  it.each([
    [{ code: 'invalid_type', expected: 'string', input: undefined, path: ['firstName'] }, { code: 'required', field: 'firstName', params: {} }],
    [{ code: 'invalid_type', expected: 'number', input: Number.NaN, path: ['price'] }, { code: 'notNumber', field: 'price', params: {} }],
    [{ code: 'invalid_type', expected: 'int', input: 1.5, path: ['discount'] }, { code: 'notInteger', field: 'discount', params: {} }],
    [{ code: 'too_small', origin: 'string', minimum: 1, path: ['name'] }, { code: 'required', field: 'name', params: {} }],
    [{ code: 'too_small', origin: 'string', minimum: 3, path: ['name'] }, { code: 'tooShort', field: 'name', params: { min: 3 } }],
    [{ code: 'too_big', origin: 'array', maximum: 10, path: ['terms'] }, { code: 'tooMany', field: 'terms', params: { max: 10 } }],
    [{ code: 'too_big', origin: 'number', maximum: 100, path: ['discount'] }, { code: 'tooBig', field: 'discount', params: { max: 100 } }],
    [{ code: 'invalid_value', values: ['a', 'b'], input: 'c', path: ['year'] }, { code: 'oneOf', field: 'year', params: { values: 'a, b' } }],
    [{ code: 'invalid_value', values: ['a', 'b'], input: 'c', path: ['content', 0] }, { code: 'someOf', field: 'content', params: { values: 'a, b' } }],
    [{ code: 'invalid_format', format: 'email', path: ['email'] }, { code: 'email', field: 'email', params: {} }],
    [{ code: 'custom', params: { code: 'password.rules', min: 8 }, path: ['password'] }, { code: 'password.rules', field: 'password', params: { min: 8 } }],
    [{ code: 'custom', params: { code: 'oneOf', field: 'track', values: 'x' }, path: ['courseFor', 0] }, { code: 'oneOf', field: 'track', params: { values: 'x' } }],
    [{ code: 'custom', params: { code: 'no such code' }, path: [] }, { code: 'invalid', field: '', params: {} }],
  ])('reads %o', (issue, rule) => expect(ruleOf(issue)).toEqual(rule));

  it('words every rule code in English', () => {
    for (const code of RULE_CODES) expect(englishMessage({ code, field: 'x', params: { min: 1, max: 2, values: 'a' } })).toMatch(/\S/);
    expect(englishMessage({ code: 'image.size', field: 'image', params: {} })).toBe('maximum size for image is 1MB');
    expect(englishMessage({ code: 'password.match', field: 'confirm', params: {} })).toBe('confirm must match password');
  });
});

describe('shared form rules', () => {
  it('coupon discount is a whole 1–100', () => {
    expect(rulesOf(createCouponBody, { code: 'SPRING', discount: '0' })).toEqual([expect.objectContaining({ code: 'tooSmall', field: 'discount', params: { min: 1 } })]);
    expect(rulesOf(createCouponBody, { code: 'SPRING', discount: 101 })).toEqual([expect.objectContaining({ code: 'tooBig', field: 'discount', params: { max: 100 } })]);
    expect(rulesOf(createCouponBody, { code: 'SPRING', discount: 50 })).toEqual([]);
  });

  it('an image is image/* under 1 MB, as a browser File or a multipart part', () => {
    expect(rulesOf(imageRule, { size: 999_999, type: 'image/png' })).toEqual([]);
    expect(rulesOf(imageRule, { filename: 'a.png', mimetype: 'image/png', content: new Uint8Array(1_000_000) })).toEqual([expect.objectContaining({ code: 'image.size' })]);
    expect(rulesOf(imageRule, { size: 10, type: 'text/plain' })).toEqual([expect.objectContaining({ code: 'image.type' })]);
    expect(rulesOf(imageRule, 'a.png')).toEqual([expect.objectContaining({ code: 'image.file' })]);
    expect(rulesOf(courseForm, { name: 'Bio', image: { size: 10, type: 'image/svg+xml' } })).toEqual([expect.objectContaining({ code: 'image.raster', field: 'image' })]);
  });

  it('a JSON field keeps its inner codes and paths; a non-JSON string is json', () => {
    expect(rulesOf(createCourseBody, { name: 'Bio', courseFor: '["x"]', terms: 'nope' })).toEqual([
      { code: 'oneOf', field: 'track', params: { values: 'ثانوي عام, ثانوي لغات' }, message: 'track must be one of: ثانوي عام, ثانوي لغات' },
      { code: 'json', field: 'terms', params: {}, message: 'terms must be JSON' },
    ]);
  });

  it('lecture form: name, subtitle, price unless free (made positive), a video, an image on create', () => {
    expect(rulesOf(lectureForm, { name: ' ', subtitle: '', price: '', isFree: false, videos: [] }).map((r) => `${r.field}:${r.code}`)).toEqual([
      'name:required',
      'subtitle:required',
      'videos:lecture.videos',
      'image:lecture.image',
      'price:lecture.price',
    ]);
    const ok = lectureForm.parse({ name: 'L', subtitle: 'S', price: '-40', isFree: false, videos: [{ videoUrl: 'videos/a.mp4', videoName: 'A' }], image: { size: 10, type: 'image/png' } });
    expect(ok.price).toBe(40);
    expect(lecturePriceToSend({ isFree: true, price: 40 })).toBe(0);
  });

  it('quiz form: title, a question, each question text, every MCQ option, the correct answer among them', () => {
    const quiz = (q: object) => ({ quizData: JSON.stringify({ title: 'T', description: 'D', questions: [{ text: 'Q', type: 'MULTIPLE_CHOICE', options: [{ text: 'a' }, { text: 'b' }], correctAnswerText: 'a', ...q }] }) });
    expect(rulesOf(quizFormBody, quiz({}))).toEqual([]);
    expect(rulesOf(quizFormBody, { quizData: JSON.stringify({ title: ' ', description: '', questions: [] }) }).map((r) => r.code)).toEqual(['quiz.title', 'quiz.questions']);
    expect(rulesOf(quizFormBody, quiz({ text: '', options: [{ text: 'a' }, { text: ' ' }] })).map((r) => r.code)).toEqual(['quiz.questionText', 'quiz.answers']);
    expect(rulesOf(quizFormBody, quiz({ type: 'TRUE_FALSE', options: [], correctAnswerText: 'True' }))).toEqual([]);
    expect(rulesOf(quizFormBody, quiz({ type: 'TRUE_FALSE', options: [], correctAnswerText: 'a' })).map((r) => [r.code, r.field])).toEqual([['quiz.correctAnswer', 'correctAnswerText']]);
    expect(rulesOf(quizFormBody, quiz({ correctAnswerText: 'c' })).map((r) => r.message)).toEqual(['The correct answer must be one of the question options']);
  });

  it('quiz form images: quizImage and questionImages[index or id] as raster images, no other field', () => {
    const png = { filename: 'a.png', mimetype: 'image/png', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) };
    const quizData = JSON.stringify({ title: 'T', description: '', questions: [{ text: 'Q', type: 'TRUE_FALSE', options: [], correctAnswerText: 'False' }] });
    const ok = quizFormBody.safeParse({ quizData, quizImage: png, 'questionImages[0]': png, 'questionImages[01JABC]': png });
    expect(ok.success && Object.keys(ok.data.questionImages)).toEqual(['0', '01JABC']);
    expect(rulesOf(quizFormBody, { quizData, 'questionImages[0]': { ...png, mimetype: 'image/svg+xml' } }).map((r) => r.code)).toEqual(['image.raster']);
    expect(rulesOf(quizFormBody, { quizData, other: png }).map((r) => r.code)).toEqual(['quiz.imageKey']);
  });

  it('a presigned upload: an image under 1 MB, a video at most 5 GB', () => {
    expect(rulesOf(signedUrlQuery, { fileName: 'a.png', fileType: 'image/png', fileSize: '1000000' })).toEqual([expect.objectContaining({ code: 'image.size', field: 'fileSize' })]);
    expect(rulesOf(signedUrlQuery, { fileName: 'a.mp4', fileType: 'video/mp4', fileSize: String(6 * 1024 ** 3) })).toEqual([expect.objectContaining({ code: 'video.size', message: 'a video may be at most 5 GB' })]);
  });
});
