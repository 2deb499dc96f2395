/**
 * The question bank: every question of every quiz, for the editor to copy from, filtered by tag and
 * text, a page of quizzes at a time. What a page reads: the quiz items (AP21, one Query: their `tags`
 * say which quizzes hold a tag, and give the bank's tags) and the questions of at most
 * BANK_QUIZZES_PER_PAGE of those quizzes (AP20, one Query each, in parallel); `next` continues after
 * the last quiz read (quizzes in id order, ULIDs: newest first).
 */
import { allQuizzes, quizWithQuestions } from '../data/quiz-repo';
import { sitePath } from '../lib/media-urls';
import { correctTextOf } from './scoring';

export const BANK_QUIZZES_PER_PAGE = 10;

/** One spelling for the text search: Unicode NFKC, lower case, Arabic diacritics and tatweel dropped. */
const searchable = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064B-\u0652\u0640]/g, '');

export async function listQuestionBank(filter: { tag?: string; q?: string; cursor?: string }) {
  const quizzes = await allQuizzes();
  const tags = [...new Set(quizzes.flatMap((q) => q.tags ?? []))].sort();
  // Ordered by id (a ULID: newest first), the order the cursor compares in.
  const holding = quizzes.filter((q) => (!filter.tag || q.tags?.includes(filter.tag)) && (!filter.cursor || q.id < filter.cursor)).sort((a, b) => (a.id < b.id ? 1 : -1));
  const page = holding.slice(0, BANK_QUIZZES_PER_PAGE);
  const words = filter.q ? searchable(filter.q).split(/\s+/).filter(Boolean) : [];
  const read = await Promise.all(page.map((q) => quizWithQuestions(q.id)));
  const data = read.flatMap((qw) =>
    (qw?.questions ?? [])
      .filter((q) => (!filter.tag || q.tags?.includes(filter.tag)) && words.every((w) => searchable(q.text).includes(w)))
      .map((q) => ({
        quizId: qw!.quiz.id,
        quizTitle: qw!.quiz.title,
        questionId: q.id,
        text: q.text,
        type: q.type,
        options: q.options.map((o) => ({ text: o.text })),
        correctAnswerText: correctTextOf(q),
        tags: q.tags ?? [],
        imageUrl: q.imageKey ? sitePath(q.imageKey) : null,
      })),
  );
  return { data, tags, next: holding.length > page.length ? page[page.length - 1]!.id : null };
}
