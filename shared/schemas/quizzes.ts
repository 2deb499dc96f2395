import { z } from 'zod';

export const quizAnswer = z.object({ questionId: z.string().min(1).max(64), answerText: z.string().max(2000) });
export const submitQuizBody = z.object({ answers: z.array(quizAnswer).min(1, 'answers are required').max(500), isGeneral: z.boolean().optional() });
/** Multipart: quizData is a JSON string; images arrive as files. Refined by the quizzes issue. */
export const quizFormBody = z.object({ quizData: z.string().min(2, 'quizData is required') }).passthrough();
