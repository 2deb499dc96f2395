import { useState, type FormEvent } from 'react';
import { TRACKS, type Track } from '@shared/constants';
import type { Course } from '@shared/schemas/catalogue';
import { Modal } from '@/components/modal';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { errorMessage } from '@/lib/api-client';
import { useAppDispatch } from '@/stores/hooks';
import { addCourse } from '../api/create-course';
import { editCourse } from '../api/update-course';
import { type CourseForm, type CourseFormErrors, validateCourse } from '../lib/course-form';
import { mediaSrc } from '../lib/media';
import { CATALOGUE_TEXTS } from '../lib/texts';
import { FormActions } from './form-actions';
import { ImageField } from './image-field';

/** Add a course (name, image, tracks — both by default) or edit one (name, image). Spec 5. */
export function CourseFormModal({ course, onClose }: { course?: Course; onClose: () => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const [form, setForm] = useState<CourseForm>({ name: course?.name ?? '', image: null, courseFor: [...TRACKS] });
  const [errors, setErrors] = useState<CourseFormErrors>({});
  const [saving, setSaving] = useState(false);

  const set = (patch: Partial<CourseForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    // Re-check the fields already flagged, and the image as soon as it is picked.
    const fresh = validateCourse(next, { needsTrack: !course });
    setErrors((old) => Object.fromEntries(Object.entries(fresh).filter(([k]) => k in old || (k === 'image' && 'image' in patch))) as CourseFormErrors);
  };
  const toggleTrack = (track: Track) =>
    set({ courseFor: form.courseFor.includes(track) ? form.courseFor.filter((x) => x !== track) : TRACKS.filter((x) => x === track || form.courseFor.includes(x)) });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = validateCourse(form, { needsTrack: !course });
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    const result = course
      ? await dispatch(editCourse({ id: course.id, name: form.name, image: form.image ?? undefined }))
      : await dispatch(addCourse({ name: form.name, courseFor: form.courseFor, image: form.image ?? undefined }));
    setSaving(false);
    if (result.meta.requestStatus === 'rejected') return void toastError(errorMessage(result.payload, CATALOGUE_TEXTS.genericError));
    void toastSuccess(course ? t('admin.courseUpdated') : CATALOGUE_TEXTS.courseAdded);
    onClose();
  }

  return (
    <Modal title={course ? t('admin.editCourse') : t('admin.addCourse')} onClose={onClose} closeLabel={t('admin.close')}>
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="course-name">{t('admin.courseName')}</label>
          <input
            id="course-name"
            lang="ar"
            value={form.name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? 'course-name-error' : undefined}
            onChange={(e) => set({ name: e.target.value })}
          />
          {errors.name && (
            <p className="field-error" id="course-name-error" role="alert">
              {t('admin.required')}
            </p>
          )}
        </div>
        <ImageField
          label={t('admin.courseImage')}
          file={form.image}
          currentUrl={mediaSrc(course?.imageUrl)}
          error={errors.image ? CATALOGUE_TEXTS.imageTooBig : undefined}
          onChange={(image) => set({ image })}
        />
        {!course && (
          <fieldset className="field checks">
            <legend>{t('admin.tracks')}</legend>
            {TRACKS.map((track) => (
              <label key={track} className="check" lang="ar">
                <input type="checkbox" checked={form.courseFor.includes(track)} onChange={() => toggleTrack(track)} />
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
        <FormActions saving={saving} uploadingImage={Boolean(form.image)} onCancel={onClose} />
      </form>
    </Modal>
  );
}
