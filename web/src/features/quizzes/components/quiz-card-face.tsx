import type { ReactNode } from 'react';
import { useT } from '@/i18n/use-t';
import type { QuizSummary } from '@/lib/endpoints/list-quizzes';
import { imageSrc, questionCountText } from '../lib/quiz-state';
import defaultImage from '../../../assets/course-default.svg';

/** A quiz as a lecture-style card shows it: picture, title, description, question count (and `meta`). */
export function QuizCardFace({ quiz, meta }: { quiz: QuizSummary; meta?: ReactNode }) {
  const t = useT();
  return (
    <>
      <div className="lecture-card-photo">
        <img src={imageSrc(quiz.imageUrl) ?? defaultImage} alt="" loading="lazy" width={320} height={180} />
      </div>
      <div className="lecture-card-body">
        <h3 dir="auto">{quiz.title}</h3>
        {quiz.description && (
          <p className="muted" dir="auto">
            {quiz.description}
          </p>
        )}
        <p className="quiz-card-meta">
          {/* A quiz that draws its questions shows how many an attempt has. */}
          <span>{questionCountText(t, quiz.settings.drawCount ?? quiz.questionCount)}</span>
          {meta}
        </p>
      </div>
    </>
  );
}
