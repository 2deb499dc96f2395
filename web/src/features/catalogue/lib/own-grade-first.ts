import type { SchoolYear } from '@shared/constants';

/** Words that name a school year in a grade's name ("الصف الثاني الثانوي", "Grade 2", "Second year"). */
const YEAR_WORDS: Record<SchoolYear, RegExp> = {
  'First year': /(^|[\s\-_/])(ال)?(أول|اول|أولى|اولى)(\s|$)|\bfirst\b|\b1(st)?\b|(^|\D)[1١](\D|$)/iu,
  'Second year': /(^|[\s\-_/])(ال)?(ثاني|ثانى|ثانية)(\s|$)|\bsecond\b|\b2(nd)?\b|(^|\D)[2٢](\D|$)/iu,
  'Third year': /(^|[\s\-_/])(ال)?(ثالث|ثالثة)(\s|$)|\bthird\b|\b3(rd)?\b|(^|\D)[3٣](\D|$)/iu,
};

/** Whether a grade's name says the student's school year (the track word "الثانوي" alone says none). */
export const isGradeOfYear = (name: string, year: SchoolYear) => YEAR_WORDS[year].test(name.replace(/الثانوي|ثانوي/g, ' '));

/** The grades with the student's own school year first; the others keep their order. */
export function ownGradeFirst<T extends { name: string }>(grades: readonly T[], year: SchoolYear | undefined): T[] {
  if (!year) return [...grades];
  const own = grades.filter((g) => isGradeOfYear(g.name, year));
  return [...own, ...grades.filter((g) => !own.includes(g))];
}
