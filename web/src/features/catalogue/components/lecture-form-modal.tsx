import { useState, type FormEvent } from 'react';
import type { Lecture } from '@shared/schemas/catalogue';
import { Modal } from '@/components/modal';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import type { MessageKey } from '@/i18n/en';
import { errorMessage } from '@/lib/api-client';
import { addVideos } from '../api/add-videos';
import { deleteVideo } from '../api/delete-video';
import { updateVideo } from '../api/update-video';
import { getQuizOptions } from '../api/get-quiz-options';
import { saveLecture } from '../api/save-lecture';
import { updateLecture } from '../api/update-lecture';
import {
  emptyLectureForm,
  type LectureForm,
  type LectureFormErrors,
  type LectureProblem,
  numberOfLectures,
  priceToSend,
  validateLecture,
  videoPlan,
} from '../lib/lecture-form';
import { mediaSrc } from '../lib/media';
import { CATALOGUE_TEXTS } from '../lib/texts';
import { useLoad } from '../lib/use-load';
import { FormActions } from './form-actions';
import { ImageField } from './image-field';
import { QuizSelect } from './quiz-select';
import { VideoUploads } from './video-uploads';

const PROBLEM_TEXT: Record<LectureProblem, MessageKey | { verbatim: string }> = {
  required: 'admin.required',
  priceInvalid: 'admin.priceInvalid',
  imageRequired: { verbatim: CATALOGUE_TEXTS.lectureImageRequired },
  imageTooBig: { verbatim: CATALOGUE_TEXTS.imageTooBig },
  videoRequired: 'admin.videoRequired',
  videoName: 'admin.videoNameRequired',
  uploading: 'admin.waitUploads',
  uploadFailed: 'admin.fixUploads',
};

const formOf = (l: Lecture): LectureForm => ({
  ...emptyLectureForm(),
  name: l.lectureName || l.name,
  subtitle: l.subTitle,
  price: l.isFree ? '' : String(l.price),
  isFree: l.isFree,
  existing: [...(l.videos ?? [])]
    .sort((a, b) => a.order - b.order)
    .map((v) => ({ id: v.id, videoName: v.videoName || v.name, videoUrl: v.videoUrl, quizId: v.quizId ?? '', original: { videoName: v.videoName || v.name, quizId: v.quizId ?? '' }, markedForDeletion: false })),
});

/** Add a lecture to a section, or edit one (spec 4, 5). */
export function LectureFormModal({ contentId, lecture, onClose, onSaved }: { contentId: string; lecture?: Lecture; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const [form, setForm] = useState<LectureForm>(() => (lecture ? formOf(lecture) : emptyLectureForm()));
  const [errors, setErrors] = useState<LectureFormErrors>({});
  const [saving, setSaving] = useState(false);
  const quizzes = useLoad(getQuizOptions, 'quizzes');
  const mode = lecture ? 'edit' : 'add';
  const problem = (p: LectureProblem | undefined) => {
    if (!p) return undefined;
    const text = PROBLEM_TEXT[p];
    return typeof text === 'string' ? t(text) : text.verbatim;
  };
  const set = (patch: Partial<LectureForm>) => setForm((f) => ({ ...f, ...patch }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = validateLecture(form, mode);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      if (!lecture) {
        await saveLecture({
          name: form.name.trim(),
          subtitle: form.subtitle.trim(),
          price: priceToSend(form),
          isFree: form.isFree,
          contentId,
          imageFile: form.image!,
          videoUrls: videoPlan(form).add,
        });
      } else {
        await updateLecture(lecture.id, { name: form.name.trim(), subTitle: form.subtitle.trim(), price: priceToSend(form), isFree: form.isFree, imageFile: form.image ?? undefined });
        const plan = videoPlan(form);
        // Change and add first, delete last: a failure half-way loses no video.
        await Promise.all(plan.update.map(({ id, ...fields }) => updateVideo(id, fields)));
        if (plan.add.length) await addVideos(lecture.id, plan.add);
        for (const id of plan.deleteIds) await deleteVideo(id);
      }
    } catch (err) {
      setSaving(false);
      onSaved();
      return void toastError(errorMessage(err, CATALOGUE_TEXTS.genericError));
    }
    void toastSuccess(lecture ? CATALOGUE_TEXTS.lectureUpdated : CATALOGUE_TEXTS.lectureAdded);
    onSaved();
    onClose();
  }

  const setExisting = (id: string, changes: Partial<LectureForm['existing'][number]>) =>
    setForm((f) => ({ ...f, existing: f.existing.map((v) => (v.id === id ? { ...v, ...changes } : v)) }));

  return (
    <Modal title={lecture ? t('admin.editLecture') : t('admin.addLecture')} onClose={onClose} closeLabel={t('admin.close')}>
      <form onSubmit={onSubmit} noValidate className="lecture-form">
        <TextInput id="lecture-name" label={t('admin.lectureName')} value={form.name} error={problem(errors.name)} onChange={(name) => set({ name })} />
        <TextInput id="lecture-subtitle" label={t('admin.subtitle')} value={form.subtitle} error={problem(errors.subtitle)} onChange={(subtitle) => set({ subtitle })} />
        <div className="field-row">
          <div className="field">
            <label htmlFor="lecture-price">{t('admin.price')}</label>
            <input
              id="lecture-price"
              type="number"
              inputMode="decimal"
              min={0}
              dir="ltr"
              value={form.isFree ? '0' : form.price}
              disabled={form.isFree}
              aria-invalid={errors.price ? true : undefined}
              onChange={(e) => set({ price: e.target.value })}
              // Spec 5: a negative price is turned positive.
              onBlur={() => form.price.trim() && Number.isFinite(Number(form.price)) && set({ price: String(Math.abs(Number(form.price))) })}
            />
            {errors.price && (
              <p className="field-error" role="alert">
                {problem(errors.price)}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="lecture-count">{t('admin.numberOfLectures')}</label>
            <input id="lecture-count" readOnly value={numberOfLectures(form)} dir="ltr" />
          </div>
        </div>
        <label className="check">
          <input type="checkbox" checked={form.isFree} onChange={(e) => set({ isFree: e.target.checked })} />
          {t('admin.free')}
        </label>
        <ImageField
          label={t('admin.lectureImage')}
          hint={lecture ? t('admin.keepImage') : undefined}
          file={form.image}
          currentUrl={mediaSrc(lecture?.photoUrl)}
          error={problem(errors.image)}
          onChange={(image) => {
            set({ image });
            setErrors((old) => ({ ...old, image: validateLecture({ ...form, image }, mode).image }));
          }}
        />
        <fieldset className="field videos-fieldset">
          <legend>{t('admin.videos')}</legend>
          {form.existing.map((v, i) => (
            <div key={v.id} className={`video-row${v.markedForDeletion ? ' is-deleted' : ''}`} data-testid="existing-video">
              <p className="video-row-name" lang="ar">
                {i + 1}. {v.original.videoName}
                {v.markedForDeletion && <span className="status-pill is-locked">{t('admin.willDelete')}</span>}
              </p>
              <div className="video-row-fields">
                {/* Spec 4: an existing video can be renamed; the save changes it in place (same file and order). */}
                <div className="field">
                  <label htmlFor={`existing-${v.id}-name`}>{t('admin.videoName')}</label>
                  <input
                    id={`existing-${v.id}-name`}
                    lang="ar"
                    value={v.videoName}
                    disabled={v.markedForDeletion}
                    onChange={(e) => setExisting(v.id, { videoName: e.target.value })}
                  />
                </div>
                <QuizSelect
                  id={`existing-${v.id}-quiz`}
                  label={t('admin.quiz')}
                  noneLabel={t('admin.noQuiz')}
                  quizzes={quizzes.data ?? []}
                  value={v.quizId}
                  disabled={v.markedForDeletion || !v.videoUrl}
                  onChange={(quizId) => setExisting(v.id, { quizId })}
                />
              </div>
              <button type="button" className="link-button is-danger" onClick={() => setExisting(v.id, { markedForDeletion: !v.markedForDeletion })}>
                {v.markedForDeletion ? t('admin.keepVideo') : t('admin.markDelete')}
              </button>
            </div>
          ))}
          <VideoUploads form={form} setForm={setForm} quizzes={quizzes.data ?? []} />
          {errors.videos && (
            <p className="field-error" role="alert">
              {problem(errors.videos)}
            </p>
          )}
        </fieldset>
        <FormActions saving={saving} uploadingImage={Boolean(form.image)} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function TextInput({ id, label, value, error, onChange }: { id: string; label: string; value: string; error?: string; onChange: (v: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} lang="ar" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => onChange(e.target.value)} />
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
