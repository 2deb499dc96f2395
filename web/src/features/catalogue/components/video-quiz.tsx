import { Link } from 'react-router';
import { useT } from '@/i18n/use-t';
import { unlockQuizLink } from '../lib/video-lock';
import './video-quiz.css';

/** The badge of a video with a quiz in the lecture's list: "Quiz", or that this student passed it. */
export function VideoQuizBadge({ passed }: { passed: boolean }) {
  const t = useT();
  return (
    <span className={`video-quiz-badge${passed ? ' is-passed' : ''}`} data-testid="video-quiz-badge">
      {passed && <span aria-hidden="true">✓ </span>}
      {t(passed ? 'cat.quizPassedBadge' : 'cat.quizBadge')}
    </span>
  );
}

/**
 * Over the player at the end of a video whose quiz this student has not passed: the quiz, right
 * there. `gating`: a later video waits for it (the offer says so). After the quiz the student comes
 * back to `returnVideoId` (the video it opens).
 */
export function QuizEndCard({ quizId, lectureId, returnVideoId, gating }: { quizId: string; lectureId: string; returnVideoId: string; gating: boolean }) {
  const t = useT();
  const link = unlockQuizLink(quizId, lectureId, returnVideoId);
  return (
    <>
      <p className="vp-end-title">{t(gating ? 'cat.quizEndTitle' : 'cat.quizEndLast')}</p>
      <Link to={link.to} state={link.state} className="button button-primary">
        {t('cat.takeQuiz')}
      </Link>
    </>
  );
}
