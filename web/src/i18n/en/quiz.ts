/** English texts: quiz. */
export const enQuiz = {
} as const;
