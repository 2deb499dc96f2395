import { SelectField } from '@/components/fields';
import { useT } from '@/i18n/use-t';
import type { QuizOption } from '@/lib/endpoints/list-quizzes';

/** A video's quiz: none, or one of the quizzes (none exist until the quiz issue lands). */
export function QuizSelect({ id, quizzes, value, onChange, disabled }: {
  id: string;
  quizzes: QuizOption[];
  value: string;
  onChange: (quizId: string) => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <SelectField id={id} label={t('admin.quiz')} value={value} onChange={(e) => onChange(e.target.value)} isDisabled={disabled}>
      <option value="">{quizzes.length ? t('admin.noQuiz') : t('admin.noQuizzes')}</option>
      {quizzes.map((q) => (
        <option key={q.id} value={q.id} dir="auto">
          {q.title}
        </option>
      ))}
    </SelectField>
  );
}
