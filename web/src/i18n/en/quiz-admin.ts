/** English texts: quiz-admin. */
export const enQuizAdmin = {
} as const;
