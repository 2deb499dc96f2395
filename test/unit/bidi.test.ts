/**
 * Names and other short texts lose their bidirectional controls (U+202E and its kin), so a name
 * cannot disguise itself in the teacher's tables; Arabic text and its joiners stay as typed.
 */
import { signupBody } from '../../shared/schemas/auth';
import { addVideosBody, createCourseBody, updateLectureBody, updateVideoBody } from '../../shared/schemas/catalogue';
import { couponCode } from '../../shared/schemas/commerce';
import { shortText, stripBidiControls } from '../../shared/schemas/common';
import { contactBody, updateProfileBody } from '../../shared/schemas/people';
import { quizTitle } from '../../shared/schemas/quizzes';

const CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];

describe('stripBidiControls', () => {
  it.each(CONTROLS.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, c]))('drops %s', (_name, c) => {
    expect(stripBidiControls(`Ah${c}med${c}`)).toBe('Ahmed');
  });

  it('keeps Arabic letters, digits, spaces and the joiners Arabic needs (ZWJ, ZWNJ)', () => {
    const arabic = 'محمد\u200Cعلي \u200D ٠١٢ Ali';
    expect(stripBidiControls(arabic)).toBe(arabic);
  });

  it('turns the classic disguise back into what it is', () => {
    // Displayed as "Ahmedgpj.exe" in a right-to-left override; stored as typed minus the override.
    expect(stripBidiControls('Ahmed\u202Eexe.jpg')).toBe('Ahmedexe.jpg');
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

describe('the schemas of names, titles, codes and subjects use it', () => {
  const rlo = (t: string) => `\u202E${t}\u2066`;

  it('sign-up and profile names', () => {
    const body = { firstName: rlo('Salma'), lastName: rlo('Nabil'), email: 'a@b.test', password: 'Passw0rdOk', confirm: 'Passw0rdOk', mobileNumber: '01012345678', schooleYear: 'First year' };
    expect(signupBody.parse(body)).toMatchObject({ firstName: 'Salma', lastName: 'Nabil' });
    expect(updateProfileBody.parse({ firstName: rlo('سلمى'), lastName: rlo('نبيل') })).toMatchObject({ firstName: 'سلمى', lastName: 'نبيل' });
  });

  it('course names and term names, lecture names and subtitles, video names, quiz titles', () => {
    expect(createCourseBody.parse({ name: rlo('Biology'), terms: JSON.stringify([rlo('Term 1')]) })).toMatchObject({ name: 'Biology', terms: ['Term 1'] });
    expect(updateLectureBody.parse({ name: rlo('Cells'), subTitle: rlo('Part 1') })).toMatchObject({ name: 'Cells', subTitle: 'Part 1' });
    expect(addVideosBody.parse([{ videoUrl: 'videos/x', videoName: rlo('One') }])).toMatchObject([{ videoName: 'One' }]);
    expect(updateVideoBody.parse({ videoName: rlo('Two') })).toMatchObject({ videoName: 'Two' });
    expect(quizTitle.parse(rlo('Quiz 1'))).toBe('Quiz 1');
    expect(quizTitle.safeParse('\u202E').success).toBe(false);
  });

  it('coupon codes and the contact subject', () => {
    expect(couponCode.parse(rlo('RAMADAN50'))).toBe('RAMADAN50');
    expect(contactBody.parse({ subject: rlo('Hello'), message: 'Hi' })).toEqual({ subject: 'Hello', message: 'Hi' });
  });
});
