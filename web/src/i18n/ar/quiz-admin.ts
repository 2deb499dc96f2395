import type { enQuizAdmin } from '../en/quiz-admin';

/** Arabic texts: quiz-admin. Same keys as English (a missing key fails tsc). */
export const arQuizAdmin: Record<keyof typeof enQuizAdmin, string> = {
};
