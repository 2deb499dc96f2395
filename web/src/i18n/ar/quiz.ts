import type { enQuiz } from '../en/quiz';

/** Arabic texts: quiz. Same keys as English (a missing key fails tsc). */
export const arQuiz: Record<keyof typeof enQuiz, string> = {
};
