import type { FieldError } from 'react-hook-form';
import { SCHOOL_YEARS, type SchoolYear, TRACKS, type Track } from '@shared/constants';
import { type Course, courseForm } from '@shared/schemas/catalogue';
import { SelectField, TextField } from '@/components/fields';
import { Modal } from '@/components/modal';
import { toastError, toastSuccess } from '@/components/toast';
import { type Translate, useT } from '@/i18n/use-t';
import { setServerErrors, useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { useCreateCourseMutation } from '../api/create-course';
import { useUpdateCourseMutation } from '../api/update-course';
import { mediaSrc } from '../lib/media';
import { wasHandled } from '../lib/query-view';
import { FormActions } from './form-actions';
import { ImageField } from '@/components/image-field';

/** An empty name reads as the form's 'This field is required'; other rules in their dictionary words. */
const nameText = (e: FieldError | undefined, t: Translate) => (!e ? undefined : e.type === 'too_small' || e.type === 'invalid_type' ? t('admin.required') : e.message);

/**
 * Add a course (name, image, tracks — both by default) or edit one (name, image). Spec 5: the rules
 * are shared/schemas' `courseForm` (name required, image under 1 MB, at least one track), the ones
 * the server applies. An error shows on Save (the image's as soon as it is picked) and clears as
 * the field is fixed.
 */
export function CourseFormModal({ course, onClose }: { course?: Course; onClose: () => void }) {
  const t = useT();
  const [createCourse, created] = useCreateCourseMutation();
  const [updateCourse, updated] = useUpdateCourseMutation();
  const { register, handleSubmit, setValue, watch, setError, formState } = useZodForm(courseForm, {
    defaultValues: { name: course?.name ?? '', courseFor: course ? undefined : [...TRACKS], image: undefined, schooleYear: course?.schooleYear ?? '' },
  });
  const { errors } = formState;
  const image = watch('image') as File | undefined;
  const tracks = (watch('courseFor') ?? []) as Track[];
  const saving = created.isLoading || updated.isLoading;

  const toggleTrack = (track: Track) =>
    setValue('courseFor', tracks.includes(track) ? tracks.filter((x) => x !== track) : TRACKS.filter((x) => x === track || tracks.includes(x)), {
      shouldValidate: formState.isSubmitted,
    });

  const onSubmit = handleSubmit(async (values) => {
    const file = values.image as File | undefined;
    const schooleYear = (values.schooleYear || undefined) as SchoolYear | undefined;
    const result = course
      ? await updateCourse({ id: course.id, name: values.name, image: file, schooleYear: schooleYear !== course.schooleYear ? schooleYear : undefined })
      : await createCourse({ name: values.name, courseFor: (values.courseFor ?? [...TRACKS]) as Track[], image: file, schooleYear });
    if (result.error) {
      setServerErrors(result.error, setError, t, { fields: ['name', 'image'] });
      if (!wasHandled(result.error)) void toastError(messageOf(result.error, t, 'cat.genericError'));
      return;
    }
    void toastSuccess(course ? t('admin.courseUpdated') : t('admin.courseAdded'));
    onClose();
  });

  return (
    <Modal title={course ? t('admin.editCourse') : t('admin.addCourse')} onClose={onClose} closeLabel={t('admin.close')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField id="course-name" label={t('admin.courseName')} dir="auto" error={nameText(errors.name, t)} {...register('name')} />
        <ImageField
          label={t('admin.courseImage')}
          file={image ?? null}
          currentUrl={mediaSrc(course?.imageUrl)}
          error={errors.image?.message}
          onChange={(file) => setValue('image', file ?? undefined, { shouldValidate: true })}
        />
        <SelectField label={t('admin.courseSchoolYear')} {...register('schooleYear')}>
          <option value="">{t('admin.courseSchoolYearNone')}</option>
          {SCHOOL_YEARS.map((y) => (
            <option key={y} value={y}>
              {t(`schoolYear.${y}`)}
            </option>
          ))}
        </SelectField>
        {!course && (
          <fieldset className="field checks">
            <legend>{t('admin.tracks')}</legend>
            {TRACKS.map((track) => (
              <label key={track} className="check" lang="ar">
                <input type="checkbox" checked={tracks.includes(track)} onChange={() => toggleTrack(track)} />
                {track}
              </label>
            ))}
            {errors.courseFor && (
              <p className="field-error" role="alert">
                {t('admin.pickTrack')}
              </p>
            )}
          </fieldset>
        )}
        <FormActions saving={saving} uploadingImage={Boolean(image)} onCancel={onClose} />
      </form>
    </Modal>
  );
}
