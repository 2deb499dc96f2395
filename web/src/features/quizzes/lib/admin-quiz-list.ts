import type { QuizSummary } from '@/lib/endpoints/list-quizzes';

/** Spec 5: the quiz list search is a case-insensitive title contains. */
export const matchesTitle = (quiz: QuizSummary, query: string) => quiz.title.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase());
