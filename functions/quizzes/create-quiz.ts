import { created, type Handler } from '../lib/http';
import * as quizzes from './quizzes';

/** POST /api/Quiz/quiz (multipart quizData, quizImage, questionImages[index]) → 201 {message, data: the whole quiz}. */
export const createQuiz: Handler<'POST /api/Quiz/quiz'> = async ({ body }) => created({ message: 'Created!', data: await quizzes.createQuiz(body) });
