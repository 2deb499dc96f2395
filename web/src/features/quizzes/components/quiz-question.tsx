import type { QuizView } from '../api/get-quiz';
import { useT } from '@/i18n/use-t';
import { optionText } from '../lib/option-text';
import { imageSrc } from '../lib/quiz-state';
import '@/i18n/quiz-area';

type Question = QuizView['questions'][number];

/** One question: its text and picture, its options as one radio group (one answer per question). */
export function QuizQuestion({ question, index, total, value, onChange, disabled }: {
  question: Question;
  index: number;
  total: number;
  value: string | undefined;
  onChange: (answerText: string) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const name = `q-${question.id}`;
  return (
    <fieldset className={`quiz-question${value !== undefined ? ' is-answered' : ''}`} disabled={disabled} data-testid="quiz-question">
      <legend>
        <span className="quiz-question-number">{t('quiz.questionOf', { n: index + 1, total })}</span>
        <span className="quiz-question-text" dir="auto">
          {question.text}
        </span>
      </legend>
      {question.imageUrl && <img className="quiz-question-image" src={imageSrc(question.imageUrl)} alt={t('quiz.questionImage', { n: index + 1 })} loading="lazy" decoding="async" />}
      <div className="quiz-options" role="radiogroup" aria-label={question.text}>
        {question.options.map((option) => (
          <label key={option.id} className={`quiz-option${value === option.text ? ' is-chosen' : ''}`}>
            <input type="radio" name={name} value={option.text} checked={value === option.text} onChange={() => onChange(option.text)} />
            <span dir="auto">{optionText(t, question.type, option.text)}</span>
            {option.imageUrl && <img src={imageSrc(option.imageUrl)} alt="" loading="lazy" decoding="async" />}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
