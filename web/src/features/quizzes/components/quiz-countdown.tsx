import { useT } from '@/i18n/use-t';
import { formatRemaining } from '../lib/quiz-state';
import '@/i18n/quiz-area';

/** A timed attempt's time left, from the server's deadline; announced politely, urgent in the last minute. */
export function QuizCountdown({ remainingMs }: { remainingMs: number }) {
  const t = useT();
  return (
    <div className={`quiz-countdown${remainingMs <= 60_000 ? ' is-urgent' : ''}`} role="timer" aria-live="off" data-testid="quiz-countdown">
      <span>{t('quiz.timeLeft')}</span>
      <bdi dir="ltr">{formatRemaining(remainingMs)}</bdi>
    </div>
  );
}
