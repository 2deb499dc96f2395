import { useState } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import type { QuestionType } from '@shared/constants';
import { browserImage } from '@shared/schemas/common';
import { quizForm } from '@shared/schemas/quizzes';
import { SubmitButton } from '@/components/button';
import { confirm } from '@/components/confirm';
import { TextField } from '@/components/fields';
import { PlusIcon } from '@/components/icons';
import { toast, toastError, toastSuccess, toastWarning } from '@/components/toast';
import { useLanguage, useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { issueText, useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { useCreateQuizMutation } from '../api/create-quiz';
import { useDeleteQuestionMutation } from '../api/delete-question';
import { useUpdateQuizMutation } from '../api/update-quiz';
import { blankQuestion, copiedQuestion, firstProblem, listError, mediaSrc, type QuizDraft, saveOf, switchType, tagSuggestions, withCorrect } from '../lib/admin-quiz-form';
import { useListQuestionBankQuery } from '../api/list-question-bank';
import { QuestionBankDialog } from './question-bank-dialog';
import { ImageField } from '@/components/image-field';
import { AdminQuestionEditor } from './admin-question-editor';
import '@/i18n/quiz-area';

const handled = (error: unknown) => !!(error as ApiFailure | undefined)?.handled;
const nullableNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/**
 * Create or edit a quiz (spec 2, 4, 5): title, description, optional image; questions with their
 * type, answers, correct answer and optional image, added, moved and removed; the teacher's
 * settings (drawn questions among them); questions copied in from the bank. The rules are the shared `quizForm`; the first problem also comes as spec 5's titled
 * warning. A saved question removed here is deleted on the server at once.
 */
export function AdminQuizForm({ initial, quizId, imageUrl, onDone }: { initial: QuizDraft; quizId?: string; imageUrl?: string | null; onDone: () => void }) {
  const t = useT();
  const language = useLanguage();
  const form = useZodForm(quizForm, { defaultValues: initial as never }) as unknown as UseFormReturn<QuizDraft, unknown, z.output<typeof quizForm>>;
  const { register, handleSubmit, setValue, getValues, watch, formState, trigger } = form;
  const { errors } = formState;
  const { fields, append, move, remove } = useFieldArray({ control: form.control, name: 'questions', keyName: 'fieldKey' });
  const questions = watch('questions') ?? [];
  const image = watch('image');
  const [imageErrors, setImageErrors] = useState<Record<string, string>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [bankOpen, setBankOpen] = useState(false);
  const bankTags = useListQuestionBankQuery({}).data?.tags;
  const suggestions = tagSuggestions(questions, bankTags);
  const [createQuiz, created] = useCreateQuizMutation();
  const [updateQuiz, updated] = useUpdateQuizMutation();
  const [deleteQuestion, deleting] = useDeleteQuestionMutation();
  const saving = created.isLoading || updated.isLoading;
  const revalidate = () => formState.isSubmitted && void trigger('questions');

  // setValue, not the field array's update: the editor keeps its key (no remount, focus stays).
  const setQuestion = (i: number, next: QuizDraft['questions'][number]) => {
    setValue(`questions.${i}`, next);
    revalidate();
  };
  const onType = (i: number, type: QuestionType) => setQuestion(i, switchType(getValues(`questions.${i}`), type));
  const onCorrect = (i: number, option: number) => setQuestion(i, withCorrect({ ...getValues(`questions.${i}`), correct: option }));
  const onOptionEdited = (i: number) => setValue(`questions.${i}.correctAnswerText`, withCorrect(getValues(`questions.${i}`)).correctAnswerText, { shouldValidate: formState.isSubmitted });

  /** image/* under 1 MB, the rule the quiz image follows (browserImage). */
  const imageProblem = (file: File | null) => {
    if (!file) return undefined;
    const r = browserImage.safeParse(file, { error: issueText(language) as never });
    return r.success ? undefined : r.error.issues[0]?.message;
  };
  const onQuestionImage = (i: number, file: File | null) => {
    const q = getValues(`questions.${i}`);
    setImageErrors((e) => ({ ...e, [q.key]: imageProblem(file) ?? '' }));
    setValue(`questions.${i}`, { ...q, imageFile: file ?? undefined });
  };
  const onTags = (i: number, tags: string[]) => setQuestion(i, { ...getValues(`questions.${i}`), tags });

  const onRemove = async (i: number) => {
    const q = getValues(`questions.${i}`);
    if (quizId && q.id) {
      if (!(await confirm())) return;
      const result = await deleteQuestion({ quizId, questionId: q.id });
      if (result.error) {
        if (!handled(result.error)) void toastError(t('quizAdmin.questionDeleteFailed'));
        return;
      }
      void toastSuccess(t('quizAdmin.questionDeleted'));
    }
    remove(i);
    revalidate();
  };

  const onSubmit = handleSubmit(
    async (values) => {
      const drafts = getValues('questions');
      const badImage = drafts.map((q) => imageErrors[q.key]).find(Boolean);
      if (badImage) return void toastWarning(t('quizAdmin.checkForm'), badImage);
      setSaveError(null);
      const save = saveOf(values, drafts);
      const result = quizId ? await updateQuiz({ quizId, ...save }) : await createQuiz(save);
      if (result.error) {
        const message = messageOf(result.error, t, 'quizAdmin.saveFailed');
        setSaveError(message === t('quizAdmin.saveFailed') ? message : t('quizAdmin.errorPrefix', { message }));
        if (!handled(result.error)) void toast({ icon: 'error', title: t('quizAdmin.errorTitle'), text: message });
        return;
      }
      void toastSuccess(t(quizId ? 'quizAdmin.updatedToast' : 'quizAdmin.createdToast'));
      onDone();
    },
    (problems) => {
      const first = firstProblem(problems);
      if (first) void toastWarning(t(first.title), first.text);
    },
  );

  const questionsError = listError(errors.questions);

  return (
    <form className="quiz-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextField label={t('quizAdmin.title')} dir="auto" error={errors.title?.message} {...register('title')} />
      <TextField label={t('quizAdmin.description')} dir="auto" isRequired error={errors.description?.message} {...register('description')} />
      <ImageField
        label={t('quizAdmin.quizImage')}
        file={image}
        currentUrl={mediaSrc(imageUrl)}
        error={errors.image?.message}
        onChange={(file) => setValue('image', file ?? undefined, { shouldValidate: true })}
      />

      <h2 className="quiz-form-section">{t('quizAdmin.questions')}</h2>
      {questionsError && (
        <p className="field-error" role="alert">
          {questionsError}
        </p>
      )}
      {fields.map((field, i) => {
        const q = questions[i] ?? field;
        return (
          <AdminQuestionEditor
            key={field.fieldKey}
            index={i}
            count={fields.length}
            question={q}
            register={register}
            errors={(errors.questions as unknown as Record<number, never> | undefined)?.[i]}
            imageError={imageErrors[q.key] || undefined}
            onType={(type) => onType(i, type)}
            onCorrect={(option) => onCorrect(i, option)}
            onOptionEdited={() => onOptionEdited(i)}
            onImage={(file) => onQuestionImage(i, file)}
            tagSuggestions={suggestions}
            onTags={(tags) => onTags(i, tags)}
            onMove={(to) => to >= 0 && to < fields.length && move(i, to)}
            onRemove={() => void onRemove(i)}
            removing={deleting.isLoading}
          />
        );
      })}
      <button type="button" className="button button-ghost" onClick={() => append(blankQuestion())}>
        <PlusIcon /> {t('quizAdmin.addQuestion')}
      </button>
      <button type="button" className="button button-ghost" onClick={() => setBankOpen(true)}>
        {t('quizAdmin.fromBank')}
      </button>
      {bankOpen && (
        <QuestionBankDialog
          excludeQuizId={quizId}
          onClose={() => setBankOpen(false)}
          onCopy={(picked) => {
            append(picked.map(copiedQuestion));
            setBankOpen(false);
            revalidate();
          }}
        />
      )}

      <fieldset className="field checks quiz-settings">
        <legend>{t('quizAdmin.settings')}</legend>
        <label className="check">
          <input type="checkbox" {...register('settings.revealAnswers')} />
          {t('quizAdmin.revealAnswers')}
        </label>
        <p className="muted field-hint">{t('quizAdmin.revealHint')}</p>
        <label className="check">
          <input type="checkbox" {...register('settings.shuffle')} />
          {t('quizAdmin.shuffle')}
        </label>
        <TextField label={t('quizAdmin.timeLimit')} type="number" inputMode="numeric" min={1} dir="ltr" error={errors.settings?.timeLimitMinutes?.message} {...register('settings.timeLimitMinutes', { setValueAs: nullableNumber })} />
        <TextField label={t('quizAdmin.maxAttempts')} type="number" inputMode="numeric" min={1} dir="ltr" error={errors.settings?.maxAttempts?.message} {...register('settings.maxAttempts', { setValueAs: nullableNumber })} />
        <TextField
          label={t('quizAdmin.drawCount')}
          descriptiveText={t('quizAdmin.drawHint', { count: fields.length })}
          type="number"
          inputMode="numeric"
          min={1}
          max={fields.length}
          dir="ltr"
          error={errors.settings?.drawCount?.message}
          {...register('settings.drawCount', { setValueAs: nullableNumber })}
        />
      </fieldset>

      {saveError && (
        <p className="field-error" role="alert" dir="auto">
          {saveError}
        </p>
      )}
      <div className="quiz-form-actions">
        <button type="button" className="button button-ghost" onClick={onDone}>
          {t('quizAdmin.cancel')}
        </button>
        <SubmitButton loading={saving}>{t('quizAdmin.save')}</SubmitButton>
      </div>
    </form>
  );
}
