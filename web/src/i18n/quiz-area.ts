/**
 * The quiz texts (taking a quiz, its result and the quiz links on a lecture: `quiz.*`; the teacher's
 * quiz screens: `quizAdmin.*`), about 5 KB gzipped in both languages: they join the dictionaries when
 * the first module using them loads, so the first load does not carry them. Every module that uses
 * those keys imports this one.
 */
import { arQuiz } from './ar/quiz';
import { arQuizAdmin } from './ar/quiz-admin';
import { enQuiz } from './en/quiz';
import { enQuizAdmin } from './en/quiz-admin';
import { addArea } from './use-t';

addArea({ en: { ...enQuiz, ...enQuizAdmin }, ar: { ...arQuiz, ...arQuizAdmin } });
