/**
 * Every text a person types loses the characters that disguise it: control characters (but tab and
 * newline) and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
 * so `gnp.exe` cannot show as `exe.png` in the teacher's inbox or tables. Arabic text, its joiners
 * and the marks LRM/RLM/ALM (which reorder nothing) stay as typed.
 */
import { signupBody } from '../../shared/schemas/auth';
import { addVideosBody, createCourseBody, signedUrlQuery, updateLectureBody, updateVideoBody } from '../../shared/schemas/catalogue';
import { couponCode } from '../../shared/schemas/commerce';
import { freeText, nonBlank, shortText, stripControls } from '../../shared/schemas/common';
import { contactBody, grantLectureBody, updateProfileBody } from '../../shared/schemas/people';
import { quizAnswer, quizData, quizTitle } from '../../shared/schemas/quizzes';
import { startVideoUploadBody } from '../../shared/schemas/uploads';

const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
const BIDI_OVERRIDES = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
/** U+0000–U+001F but tab (U+0009) and newline (U+000A); DEL and the C1 controls too. */
const CONTROL_CHARS = [...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).filter((c) => c !== '\t' && c !== '\n'), '\u007F', '\u0085', '\u009F'];
const MARKS = ['\u200E', '\u200F', '\u061C'];

describe('stripControls', () => {
  it.each([...BIDI_OVERRIDES, ...CONTROL_CHARS].map((c) => [hex(c), c]))('drops %s', (_name, c) => {
    expect(stripControls(`Ah${c}med${c}`)).toBe('Ahmed');
  });

  it('keeps tab and newline, Arabic letters, digits, spaces, the joiners (ZWJ, ZWNJ) and the marks LRM, RLM, ALM', () => {
    const arabic = 'محمد\u200Cعلي \u200D ٠١٢ Ali\tline\nnext \u200Eسعر 50\u200F ج.م\u061C';
    expect(stripControls(arabic)).toBe(arabic);
  });

  it.each(MARKS.map((c) => [hex(c), c]))('keeps the mark %s', (_name, c) => {
    expect(stripControls(`سعر${c} 50`)).toBe(`سعر${c} 50`);
  });

  it('turns a CRLF line break into a newline', () => {
    expect(stripControls('one\r\ntwo')).toBe('one\ntwo');
  });

  it('turns the classic disguise back into what it is', () => {
    // Displayed as "Ahmedgpj.exe" in a right-to-left override; stored as typed minus the override.
    expect(stripControls('Ahmed\u202Eexe.jpg')).toBe('Ahmedexe.jpg');
    expect(stripControls('invoice\u202Egnp.exe')).toBe('invoicegnp.exe');
  });
});

describe('shortText', () => {
  const s = shortText(10);
  it('strips before trimming and counting, so controls alone are blank and do not use up the length', () => {
    expect(s.parse(' \u202EAli\u202C ')).toBe('Ali');
    expect(s.safeParse('\u202E\u202C').success).toBe(false);
    expect(s.parse(`${'\u202E'.repeat(20)}abcdefghij`)).toBe('abcdefghij');
    expect(s.safeParse('abcdefghijk').success).toBe(false);
  });
});

describe('freeText and nonBlank', () => {
  it('strip before trimming and counting; nonBlank is not blank after stripping', () => {
    expect(freeText(5).parse(' \u202E\u0000ab\u0007c\u2069 ')).toBe('abc');
    expect(freeText(5).parse('\u202E')).toBe('');
    expect(nonBlank(5).safeParse('\u202E\u0001').success).toBe(false);
    expect(nonBlank(3).parse(`\u0000\u0000\u0000abc`)).toBe('abc');
  });
});

describe('every free text of the schemas uses it', () => {
  const rlo = (t: string) => `\u202E${t}\u0000\u2066`;

  it('sign-up and profile names', () => {
    const body = { firstName: rlo('Salma'), lastName: rlo('Nabil'), email: 'a@b.test', password: 'Passw0rdOk', confirm: 'Passw0rdOk', mobileNumber: '01012345678', schooleYear: 'First year' };
    expect(signupBody.parse(body)).toMatchObject({ firstName: 'Salma', lastName: 'Nabil' });
    expect(updateProfileBody.parse({ firstName: rlo('سلمى'), lastName: rlo('نبيل') })).toMatchObject({ firstName: 'سلمى', lastName: 'نبيل' });
  });

  it('course names and term names, lecture names and subtitles, video names, file names', () => {
    expect(createCourseBody.parse({ name: rlo('Biology'), terms: JSON.stringify([rlo('Term 1')]) })).toMatchObject({ name: 'Biology', terms: ['Term 1'] });
    expect(updateLectureBody.parse({ name: rlo('Cells'), subTitle: rlo('Part 1') })).toMatchObject({ name: 'Cells', subTitle: 'Part 1' });
    expect(addVideosBody.parse([{ videoUrl: 'videos/x', videoName: rlo('One') }])).toMatchObject([{ videoName: 'One' }]);
    expect(updateVideoBody.parse({ videoName: rlo('Two') })).toMatchObject({ videoName: 'Two' });
    expect(startVideoUploadBody.parse({ fileName: rlo('lesson.mp4'), fileType: 'video/mp4', fileSize: 10 })).toMatchObject({ fileName: 'lesson.mp4' });
    expect(signedUrlQuery.parse({ fileName: rlo('cover.png'), fileType: 'image/png', fileSize: '10' })).toMatchObject({ fileName: 'cover.png' });
  });

  it('the quiz: title, description, question texts, options, the correct answer, and a student\'s answer', () => {
    expect(quizTitle.parse(rlo('Quiz 1'))).toBe('Quiz 1');
    expect(quizTitle.safeParse('\u202E').success).toBe(false);
    const quiz = quizData.parse({
      title: rlo('Quiz'),
      description: rlo('Read\ncarefully'),
      questions: [{ text: rlo('Which?'), type: 'MULTIPLE_CHOICE', options: [{ text: rlo('gnp.exe') }, { text: 'b' }], correctAnswerText: rlo('gnp.exe') }],
    });
    expect(quiz).toMatchObject({ title: 'Quiz', description: 'Read\ncarefully', questions: [{ text: 'Which?', options: [{ text: 'gnp.exe' }, { text: 'b' }], correctAnswerText: 'gnp.exe' }] });
    expect(quizAnswer.parse({ questionId: 'q1', answerText: rlo('gnp.exe') })).toEqual({ questionId: 'q1', answerText: 'gnp.exe' });
  });

  it('coupon codes (the marks go too: a code is matched, not read)', () => {
    expect(couponCode.parse(rlo('RAMADAN50'))).toBe('RAMADAN50');
    expect(couponCode.parse('\u200Fرمضان50\u200E')).toBe('رمضان50');
  });

  it('the contact subject and message, and a lecture grant\'s name', () => {
    expect(contactBody.parse({ subject: rlo('gnp.exe'), message: rlo('see\r\nattached\u0008') })).toEqual({ subject: 'gnp.exe', message: 'see\nattached' });
    expect(contactBody.safeParse({ subject: 'Hi', message: '\u202E\u0000' }).success).toBe(false);
    expect(contactBody.parse({ subject: '\u200Fسؤال', message: 'الدرس \u200E5\u200E' })).toEqual({ subject: '\u200Fسؤال', message: 'الدرس \u200E5\u200E' });
    expect(grantLectureBody.parse({ email: 'a@b.test', lectureName: rlo('Cells') })).toMatchObject({ lectureName: 'Cells' });
  });
});
