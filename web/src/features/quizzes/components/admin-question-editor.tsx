import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { QUESTION_TYPES, type QuestionType } from '@shared/constants';
import { SelectField, TextField } from '@/components/fields';
import { TrashIcon } from '@/components/icons';
import { useT } from '@/i18n/use-t';
import { listError, mediaSrc, type QuestionDraft, type QuizDraft } from '../lib/admin-quiz-form';
import { ImageField } from '@/components/image-field';
import { QuestionTagsField } from './question-tags-field';
import '@/i18n/quiz-area';

const TYPE_LABEL = { MULTIPLE_CHOICE: 'quizAdmin.typeMC', TRUE_FALSE: 'quizAdmin.typeTF' } as const;

/**
 * One question of the quiz form: its text, type, answers with the correct one marked, an optional
 * image, its tags; move up/down and remove. A TRUE_FALSE question's answers are 'True'/'False', not editable.
 */
export function AdminQuestionEditor({ index, count, question, register, errors, imageError, tagSuggestions, onType, onCorrect, onOptionEdited, onImage, onTags, onMove, onRemove, removing }: {
  index: number;
  count: number;
  question: QuestionDraft;
  register: UseFormRegister<QuizDraft>;
  errors: FieldErrors<QuestionDraft> | undefined;
  imageError?: string;
  tagSuggestions: readonly string[];
  onType: (type: QuestionType) => void;
  onCorrect: (option: number) => void;
  onOptionEdited: () => void;
  onImage: (file: File | null) => void;
  onTags: (tags: string[]) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  removing: boolean;
}) {
  const t = useT();
  const n = index + 1;
  const tf = question.type === 'TRUE_FALSE';
  const optionsError = listError(errors?.options);
  return (
    <fieldset className="question-editor" data-testid="question-editor">
      <legend className="question-head">
        <span>{t('quizAdmin.questionN', { n })}</span>
      </legend>
      <div className="question-tools">
        <button type="button" className="icon-button" onClick={() => onMove(index - 1)} disabled={index === 0} aria-label={t('quizAdmin.moveUp', { n })} title={t('quizAdmin.moveUp', { n })}>
          ↑
        </button>
        <button type="button" className="icon-button" onClick={() => onMove(index + 1)} disabled={index === count - 1} aria-label={t('quizAdmin.moveDown', { n })} title={t('quizAdmin.moveDown', { n })}>
          ↓
        </button>
        <button type="button" className="icon-button is-danger" onClick={onRemove} disabled={removing} aria-label={t('quizAdmin.removeQuestion', { n })} title={t('quizAdmin.removeQuestion', { n })}>
          <TrashIcon />
        </button>
      </div>
      <TextField label={t('quizAdmin.questionText')} dir="auto" error={errors?.text?.message} {...register(`questions.${index}.text`)} />
      <SelectField label={t('quizAdmin.type')} value={question.type} onChange={(e) => onType(e.target.value as QuestionType)}>
        {QUESTION_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(TYPE_LABEL[type])}
          </option>
        ))}
      </SelectField>
      <div className="answers" role="group" aria-label={t('quizAdmin.questionN', { n })}>
        {tf && <p className="muted field-hint">{t('quizAdmin.tfFixed')}</p>}
        {question.options.map((_, oi) => (
          <div key={oi} className={`answer-row${question.correct === oi ? ' is-correct' : ''}`}>
            <label className="answer-correct" title={t('quizAdmin.correctN', { n: oi + 1 })}>
              <input type="radio" name={`correct-${question.key}`} checked={question.correct === oi} onChange={() => onCorrect(oi)} aria-label={t('quizAdmin.correctN', { n: oi + 1 })} />
              <span aria-hidden="true">{t('quizAdmin.correct')}</span>
            </label>
            <TextField
              label={t('quizAdmin.answerN', { n: oi + 1 })}
              dir="auto"
              isDisabled={tf}
              {...register(`questions.${index}.options.${oi}.text`, { onChange: onOptionEdited })}
            />
          </div>
        ))}
        {optionsError && !tf && (
          <p className="field-error" role="alert" dir="auto">
            {optionsError}
          </p>
        )}
        {errors?.correctAnswerText?.message && (
          <p className="field-error" role="alert" dir="auto">
            {errors.correctAnswerText.message}
          </p>
        )}
      </div>
      <QuestionTagsField tags={question.tags ?? []} suggestions={tagSuggestions} onChange={onTags} />
      <ImageField label={t('quizAdmin.questionImage')} file={question.imageFile} currentUrl={mediaSrc(question.imageUrl)} error={imageError} onChange={onImage} />
    </fieldset>
  );
}
