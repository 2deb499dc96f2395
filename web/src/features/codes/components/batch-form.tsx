import { Card, Radio, RadioGroupField } from '@aws-amplify/ui-react';
import { SubmitButton } from '@/components/button';
import { TextField } from '@/components/fields';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { setServerErrors, useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { useCreateCodeBatchMutation } from '../api/create-code-batch';
import { CODE_BATCH_MAX, batchBody, batchFormSchema, CODE_VALUE_MAX, emptyBatchForm, type Grants, todayIso } from '../lib/batch-form';
import { LecturePicker } from './lecture-picker';
import { TermPicker } from './term-picker';

const FIELDS = ['count', 'value', 'lectureId', 'termId', 'label', 'expiresDay'] as const;

/** A new batch: how many codes, an amount, a lecture or a whole term each, where it is sold, and an optional last day. */
export function BatchForm() {
  const t = useT();
  const [createBatch] = useCreateCodeBatchMutation();
  const { register, handleSubmit, setError, setValue, watch, reset, formState } = useZodForm(batchFormSchema, { defaultValues: emptyBatchForm() });
  const errors = formState.errors as Partial<Record<(typeof FIELDS)[number], { message?: string }>>;
  const grants = watch('grants');

  const onSubmit = handleSubmit(async (f) => {
    const result = await createBatch(batchBody(f));
    if (result.error) {
      const error = renameExpiry(result.error);
      if ((error as ApiFailure).handled) return;
      if (!setServerErrors(error, setError, t, { fields: FIELDS })) void toastError(messageOf(error, t, 'codes.createFailed'));
      return;
    }
    void toastSuccess(t('codes.created', { count: f.count }));
    reset(emptyBatchForm());
  });

  return (
    <Card as="section" variation="outlined" className="codes-card batch-form-card" aria-labelledby="batch-form-title">
      <h2 id="batch-form-title">{t('codes.addTitle')}</h2>
      <form className="batch-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="field-row">
          <TextField label={t('codes.count')} type="number" inputMode="numeric" min={1} max={CODE_BATCH_MAX} dir="ltr" error={errors.count?.message} {...register('count')} />
          <TextField label={t('codes.label')} placeholder={t('codes.labelPlaceholder')} dir="auto" autoComplete="off" error={errors.label?.message} {...register('label')} />
        </div>
        <RadioGroupField
          legend={t('codes.grants')}
          name="grants"
          className="batch-grants"
          value={grants}
          onChange={(e) => setValue('grants', e.target.value as Grants, { shouldDirty: true })}
        >
          <Radio value="value">{t('codes.grantsValue')}</Radio>
          <Radio value="lecture">{t('codes.grantsLecture')}</Radio>
          <Radio value="term">{t('codes.grantsTerm')}</Radio>
        </RadioGroupField>
        {grants === 'value' ? (
          <TextField label={t('codes.value')} type="number" inputMode="decimal" min={1} max={CODE_VALUE_MAX} step={0.01} dir="ltr" error={errors.value?.message} {...register('value')} />
        ) : grants === 'lecture' ? (
          <LecturePicker value={watch('lectureId')} onChange={(id) => setValue('lectureId', id, { shouldDirty: true, shouldValidate: formState.isSubmitted })} error={errors.lectureId?.message} />
        ) : (
          <TermPicker onChange={(id) => setValue('termId', id, { shouldDirty: true, shouldValidate: formState.isSubmitted })} error={errors.termId?.message} />
        )}
        <TextField label={t('codes.expiresOn')} descriptiveText={t('codes.expiresHint')} type="date" min={todayIso()} dir="ltr" error={errors.expiresDay?.message} {...register('expiresDay')} />
        <SubmitButton loading={formState.isSubmitting} className="batch-submit">
          {t('codes.create')}
        </SubmitButton>
      </form>
    </Card>
  );
}

/** The server names the body's expiry `expiresAt`; the form's field is `expiresDay`. */
function renameExpiry(error: unknown): unknown {
  const withBody = error as { data?: { errors?: { field?: string; path?: string }[] } } | undefined;
  const list = withBody?.data?.errors;
  if (!Array.isArray(list)) return error;
  const rename = (name: string | undefined) => (name === 'expiresAt' ? 'expiresDay' : name);
  return { ...withBody, data: { ...withBody!.data, errors: list.map((e) => ({ ...e, field: rename(e.field), path: rename(e.path) })) } };
}
