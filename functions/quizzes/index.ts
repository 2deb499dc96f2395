import { sessionGate } from '../auth/public';
import { domainHandler } from '../lib/http';
import { assignQuiz } from './assign-quiz';
import { checkQuizStatus } from './check-quiz-status';
import { createQuiz } from './create-quiz';
import { deleteQuestion } from './delete-question';
import { deleteQuiz } from './delete-quiz';
import { getQuiz } from './get-quiz';
import { listMyAttempts } from './list-my-attempts';
import { listQuestionBank } from './list-question-bank';
import { listQuizResults } from './list-quiz-results';
import { listQuizzes } from './list-quizzes';
import { listQuizzesToTake } from './list-quizzes-to-take';
import { listSectionQuizzes } from './list-section-quizzes';
import { listStudentAttempts } from './list-student-attempts';
import { removeQuiz } from './remove-quiz';
import { saveQuizAnswers } from './save-quiz-answers';
import { submitQuiz } from './submit-quiz';
import { unassignQuiz } from './unassign-quiz';
import { updateQuiz } from './update-quiz';

/** The quizzes domain's Lambda: authoring, assignment, taking and scoring, results. */
export const handler = domainHandler('quizzes', {
  'GET /api/Quizz/{quizId}': getQuiz,
  'POST /api/Quizz/submit/{quizId}': submitQuiz,
  'GET /api/Quizz/status/check/{quizId}': checkQuizStatus,
  'PUT /api/Quizz/answers/{quizId}': saveQuizAnswers,
  'GET /api/Quizz/attempts/{quizId}': listMyAttempts,
  'GET /api/Quizz/section/{contentId}': listQuizzesToTake,
  'DELETE /api/Quizz/questions/{quizId}/{questionId}': deleteQuestion,
  'GET /api/Quiz/quizzes/{contentId}': listSectionQuizzes,
  'POST /api/Quiz/associate-quiz/{contentId}/{quizId}': assignQuiz,
  'DELETE /api/Quiz/unassign-from-content/{quizId}': unassignQuiz,
  'POST /api/Quiz/quiz': createQuiz,
  'GET /api/Quiz/AllQuizz': listQuizzes,
  'DELETE /api/Quiz/{quizId}': deleteQuiz,
  'PATCH /api/Quiz/{quizId}': updateQuiz,
  'GET /api/Quiz/students-results/{quizId}': listQuizResults,
  'GET /api/Quiz/students-results/{quizId}/{userId}/attempts': listStudentAttempts,
  'DELETE /api/v/quizzes/{id}': removeQuiz,
  'GET /api/admin/question-bank': listQuestionBank,
}, sessionGate);
