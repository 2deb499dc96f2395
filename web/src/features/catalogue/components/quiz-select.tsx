import type { QuizOption } from '../api/get-quiz-options';
import { CATALOGUE_TEXTS } from '../lib/texts';

/** A video's quiz: none, or one of the quizzes (none exist until the quiz issue lands). */
export function QuizSelect({ id, label, noneLabel, quizzes, value, onChange, disabled }: {
  id: string;
  label: string;
  noneLabel: string;
  quizzes: QuizOption[];
  value: string;
  onChange: (quizId: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        <option value="">{quizzes.length ? noneLabel : CATALOGUE_TEXTS.noQuizzes}</option>
        {quizzes.map((q) => (
          <option key={q.id} value={q.id}>
            {q.title}
          </option>
        ))}
      </select>
    </div>
  );
}
