import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { SubmitButton } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { toastWarning } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { errorCodeOf, messageOf } from '@/lib/messages';
import { isQuizView, type QuizAdmin, type QuizView, useGetQuizQuery } from '../api/get-quiz';
import { useSaveQuizAnswersMutation } from '../api/save-quiz-answers';
import { useSubmitQuizMutation } from '../api/submit-quiz';
import { MyAttempts } from '../components/my-attempts';
import { QuizCountdown } from '../components/quiz-countdown';
import { QuizQuestion } from '../components/quiz-question';
import { QuizResultView } from '../components/quiz-result';
import '../components/quiz.css';
import { answeredCount, answerList, type Answers, answersFrom, imageSrc, questionCountText, readQuizNav } from '../lib/quiz-state';
import { useDebounced, useNow } from '../lib/quiz-timer';
import '@/i18n/quiz-area';
import { usePageTitle } from '@/lib/page-title';

/** An admin reads the whole quiz; taking it, they see it as a student would (no answers, no attempt). */
const asView = (q: QuizView | QuizAdmin): QuizView =>
  isQuizView(q)
    ? q
    : { ...q, questions: q.questions.map(({ correctAnswerText: _omit, ...question }) => question), attempt: null, attemptsUsed: 0, attemptsLeft: null, passed: false };

/**
 * Spec 2 and 4: /quiz. Loading, answering, submitting, the result (or failed, with retry). The
 * quiz id comes in the navigation state, or `?id=` so a reload works. Every answer is the server's
 * to score, and saved on the server as it is given (a reload keeps it); a timed quiz counts down to
 * the server's deadline and submits at zero. The student's own attempts are listed under the title.
 */
export default function QuizRoute() {
  const t = useT();
  const [search] = useSearchParams();
  const { quizId, returnTo } = readQuizNav(useLocation().state, search);
  const quizQuery = useGetQuizQuery(quizId ?? skipToken);
  // A retry starts a new attempt: the quiz is read again (a timed quiz opens its next attempt), then a fresh form.
  const [round, setRound] = useState(0);
  const [reloading, setReloading] = useState(false);
  const title = quizQuery.currentData?.title;

  usePageTitle(title || t('quiz.title'));

  async function retry() {
    setReloading(true);
    await quizQuery.refetch();
    setRound((r) => r + 1);
    setReloading(false);
  }

  let body;
  if (!quizId || (quizQuery.isError && !quizQuery.isFetching)) {
    body = (
      <div className="notice quiz-failed" role="alert">
        <p lang="ar">{t('quiz.loadFailed')}</p>
        <div className="card-actions">
          {quizId && (
            <button type="button" className="button button-ghost" onClick={() => void quizQuery.refetch()}>
              {t('quiz.retryLoad')}
            </button>
          )}
          <Link to="/" className="button button-primary">
            {t('quiz.home')}
          </Link>
        </div>
      </div>
    );
  } else if (!quizQuery.currentData || reloading) {
    body = <Spinner label={t('quiz.loading')} />;
  } else {
    const student = isQuizView(quizQuery.currentData);
    body = <QuizTaking key={`${quizQuery.currentData.id}:${round}`} quiz={asView(quizQuery.currentData)} student={student} onRetry={() => void retry()} returnTo={returnTo} />;
  }
  return <section className="page quiz-page">{body}</section>;
}

/** `student`: taking it for real (an admin's look saves nothing and has no attempts). */
function QuizTaking({ quiz, student, onRetry, returnTo }: { quiz: QuizView; student: boolean; onRetry: () => void; returnTo?: string }) {
  const t = useT();
  const [answers, setAnswers] = useState<Answers>(() => answersFrom(quiz.attempt?.answers));
  const [warning, setWarning] = useState<{ answered: number; total: number } | null>(null);
  const [submit, submission] = useSubmitQuizMutation();
  const [saveAnswers] = useSaveQuizAnswersMutation();
  const questionIds = useMemo(() => quiz.questions.map((q) => q.id), [quiz.questions]);
  const total = questionIds.length;
  const answered = answeredCount(questionIds, answers);
  const result = submission.data;
  const submitting = submission.isLoading;

  // A timed attempt: the server's deadline, the answers saved as given, submitted at zero.
  const deadline = quiz.attempt?.deadline ? Date.parse(quiz.attempt.deadline) : null;
  const now = useNow(deadline !== null && !result);
  const remaining = deadline === null ? null : deadline - now;
  const timeUp = remaining !== null && remaining <= 0;
  const save = useDebounced((next: Answers) => void saveAnswers({ quizId: quiz.id, answers: answerList(next) }));
  const outOfAttempts = quiz.attemptsLeft === 0 && !quiz.attempt;

  function choose(questionId: string, answerText: string) {
    const next = { ...answers, [questionId]: answerText };
    setAnswers(next);
    if (warning && answeredCount(questionIds, next) === total) setWarning(null);
    if (student) save.call(next);
  }

  function send(list = answerList(answers)) {
    save.cancel();
    void submit({ quizId: quiz.id, answers: list.filter((a) => questionIds.includes(a.questionId)) });
  }

  function onSubmit() {
    if (answered === 0) return;
    if (answered < total) {
      setWarning({ answered, total });
      void toastWarning(t('quiz.allRequired'), t('quiz.answeredOfTotal', { answered, total }));
      return;
    }
    setWarning(null);
    send();
  }

  // At zero the attempt is submitted with what was answered (once); the server closes it otherwise.
  const autoSent = useRef(false);
  const answersRef = useRef(answers);
  useEffect(() => {
    answersRef.current = answers;
  });
  useEffect(() => {
    if (!timeUp || autoSent.current || result) return;
    autoSent.current = true;
    const list = answerList(answersRef.current).filter((a) => questionIds.includes(a.questionId));
    save.cancel();
    if (list.length) void submit({ quizId: quiz.id, answers: list });
  }, [timeUp, result, questionIds, quiz.id, submit, save]);

  const failureCode = submission.isError ? errorCodeOf(submission.error) : undefined;
  const failure = submission.isError
    ? failureCode?.startsWith('quiz.') || (submission.error as ApiFailure | undefined)?.status === 400
      ? messageOf(submission.error, t, 'quiz.submitFailed')
      : t('quiz.submitFailed')
    : null;
  const canResend = submission.isError && failureCode !== 'quiz.noAttemptsLeft' && failureCode !== 'quiz.attemptClosed' && failureCode !== 'quiz.noOpenAttempt';
  const attemptsLeft = result ? result.attemptsLeft : quiz.attemptsLeft;

  return (
    <>
      <header className="quiz-head">
        {quiz.imageUrl && <img className="quiz-head-image" src={imageSrc(quiz.imageUrl)} alt={t('quiz.quizImage')} width={96} height={96} decoding="async" />}
        <div>
          <h1 dir="auto">{quiz.title}</h1>
          {quiz.description && (
            <p className="muted" dir="auto">
              {quiz.description}
            </p>
          )}
          <p className="quiz-meta">
            <span>{questionCountText(t, total)}</span>
            {quiz.settings.timeLimitMinutes !== null && <span>{t('quiz.timeLimit', { n: quiz.settings.timeLimitMinutes })}</span>}
            {attemptsLeft !== null && <span data-testid="quiz-attempts-left">{t('quiz.attemptsLeft', { n: attemptsLeft })}</span>}
          </p>
          {quiz.passed && !result && <p className="quiz-passed">{t('quiz.alreadyPassed')}</p>}
          {student && <MyAttempts quizId={quiz.id} any={quiz.attemptsUsed > 0 || result !== undefined} />}
        </div>
      </header>

      {result ? (
        <>
          <QuizResultView quiz={quiz} result={result} />
          <div className="card-actions quiz-actions">
            {result.attemptsLeft !== 0 && (
              <button type="button" className="button button-primary" onClick={onRetry}>
                {t('quiz.retry')}
              </button>
            )}
            {returnTo && (
              <Link to={returnTo} className="button button-ghost">
                {t('quiz.backToLecture')}
              </Link>
            )}
            <Link to="/" className="button button-ghost">
              {t('quiz.home')}
            </Link>
          </div>
        </>
      ) : outOfAttempts ? (
        <p className="notice" role="alert">
          {t('quiz.noAttemptsLeft')}
        </p>
      ) : (
        <form
          className="quiz-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {remaining !== null && (
            <div className="quiz-timer-bar">
              <QuizCountdown remainingMs={remaining} />
              <span className="muted">{t('quiz.savedAnswers')}</span>
            </div>
          )}
          {quiz.questions.map((question, i) => (
            <QuizQuestion
              key={question.id}
              question={question}
              index={i}
              total={total}
              value={answers[question.id]}
              onChange={(text) => choose(question.id, text)}
              disabled={submitting || timeUp}
            />
          ))}
          <div className="quiz-submit-bar">
            <p className="quiz-progress" aria-live="polite">
              {t('quiz.answered', { answered, total })}
            </p>
            {warning && (
              <p className="quiz-warning" role="alert">
                <span lang="ar">{t('quiz.allRequired')}</span>{' '}
                <bdi dir="ltr">{t('quiz.answeredOfTotal', { answered: warning.answered, total: warning.total })}</bdi>
              </p>
            )}
            {timeUp && !submitting && !failure && <p className="quiz-warning">{answered ? t('quiz.timeUp') : t('quiz.timeUpNoAnswers')}</p>}
            {failure && (
              <div className="quiz-warning" role="alert">
                <span dir="auto">{failure}</span>
                {canResend && (
                  <button type="button" className="button button-ghost" onClick={() => send()}>
                    {t('quiz.retrySubmit')}
                  </button>
                )}
                {!canResend && failureCode !== 'quiz.noAttemptsLeft' && (
                  <button type="button" className="button button-ghost" onClick={onRetry}>
                    {t('quiz.retry')}
                  </button>
                )}
              </div>
            )}
            <SubmitButton loading={submitting} disabled={answered === 0 || (timeUp && answered === 0)}>
              {submitting ? t('quiz.submitting') : t('quiz.submit')}
            </SubmitButton>
          </div>
        </form>
      )}
    </>
  );
}
