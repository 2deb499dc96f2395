import { useState, type FormEvent } from 'react';
import type { Lecture } from '@shared/schemas/catalogue';
import { TextField } from '@/components/fields';
import { Modal } from '@/components/modal';
import { toastError, toastSuccess } from '@/components/toast';
import { type MessageKey, useT } from '@/i18n/use-t';
import { messageOf, ruleText } from '@/lib/forms';
import { useAddVideosMutation } from '../api/add-videos';
import { useDeleteVideoMutation } from '../api/delete-video';
import { useListQuizzesQuery } from '../api/list-quizzes';
import { useSaveLectureMutation } from '../api/save-lecture';
import { useUpdateLectureMutation } from '../api/update-lecture';
import { useUpdateVideoMutation } from '../api/update-video';
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
import { wasHandled } from '../lib/query-view';
import { FormActions } from './form-actions';
import { ImageField } from './image-field';
import { QuizSelect } from './quiz-select';
import { VideoUploads } from './video-uploads';

const PROBLEM_TEXT: Record<LectureProblem, MessageKey> = {
  required: 'admin.required',
  priceInvalid: 'admin.priceInvalid',
  imageRequired: 'admin.lectureImageRequired',
  imageTooBig: 'admin.imageTooBig',
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

/** Add a lecture to a section, or edit one (spec 4, 5). Each save refreshes the section's grid (tag Lecture). */
export function LectureFormModal({ contentId, lecture, onClose }: { contentId: string; lecture?: Lecture; onClose: () => void }) {
  const t = useT();
  const [form, setForm] = useState<LectureForm>(() => (lecture ? formOf(lecture) : emptyLectureForm()));
  const [imagePicked, setImagePicked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const quizzes = useListQuizzesQuery();
  const [saveLecture] = useSaveLectureMutation();
  const [updateLecture] = useUpdateLectureMutation();
  const [updateVideo] = useUpdateVideoMutation();
  const [addVideos] = useAddVideosMutation();
  const [deleteVideo] = useDeleteVideoMutation();
  const mode = lecture ? 'edit' : 'add';
  const problem = (p: LectureFormErrors[keyof LectureFormErrors]) => (!p ? undefined : typeof p === 'string' ? t(PROBLEM_TEXT[p]) : ruleText(p, t));
  const set = (patch: Partial<LectureForm>) => setForm((f) => ({ ...f, ...patch }));

  // After the first Save every change re-checks the form (an error clears as its field is fixed);
  // before it, only a picked image is checked (spec 5: under 1 MB).
  const found = validateLecture(form, mode);
  const errors: LectureFormErrors = submitted ? found : imagePicked ? { image: found.image } : {};

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
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
        }).unwrap();
      } else {
        await updateLecture({ id: lecture.id, name: form.name.trim(), subTitle: form.subtitle.trim(), price: priceToSend(form), isFree: form.isFree, imageFile: form.image ?? undefined }).unwrap();
        const plan = videoPlan(form);
        // Change and add first, delete last: a failure half-way loses no video.
        await Promise.all(plan.update.map((v) => updateVideo(v).unwrap()));
        if (plan.add.length) await addVideos({ lectureId: lecture.id, videos: plan.add }).unwrap();
        for (const id of plan.deleteIds) await deleteVideo(id).unwrap();
      }
    } catch (err) {
      setSaving(false);
      if (!wasHandled(err)) void toastError(messageOf(err, t, 'cat.genericError'));
      return;
    }
    void toastSuccess(lecture ? t('admin.lectureUpdated') : t('admin.lectureAdded'));
    onClose();
  }

  const setExisting = (id: string, changes: Partial<LectureForm['existing'][number]>) =>
    setForm((f) => ({ ...f, existing: f.existing.map((v) => (v.id === id ? { ...v, ...changes } : v)) }));

  return (
    <Modal title={lecture ? t('admin.editLecture') : t('admin.addLecture')} onClose={onClose} closeLabel={t('admin.close')}>
      <form onSubmit={onSubmit} noValidate className="lecture-form">
        <TextField id="lecture-name" label={t('admin.lectureName')} dir="auto" value={form.name} error={problem(errors.name)} onChange={(e) => set({ name: e.target.value })} />
        <TextField id="lecture-subtitle" label={t('admin.subtitle')} dir="auto" value={form.subtitle} error={problem(errors.subtitle)} onChange={(e) => set({ subtitle: e.target.value })} />
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
            setImagePicked(true);
          }}
        />
        <fieldset className="field videos-fieldset">
          <legend>{t('admin.videos')}</legend>
          {form.existing.map((v, i) => (
            <div key={v.id} className={`video-row${v.markedForDeletion ? ' is-deleted' : ''}`} data-testid="existing-video">
              <p className="video-row-name" dir="auto">
                {i + 1}. {v.original.videoName}
                {v.markedForDeletion && <span className="status-pill is-locked">{t('admin.willDelete')}</span>}
              </p>
              <div className="video-row-fields">
                {/* Spec 4: an existing video can be renamed; the save changes it in place (same file and order). */}
                <TextField
                  id={`existing-${v.id}-name`}
                  label={t('admin.videoName')}
                  dir="auto"
                  value={v.videoName}
                  isDisabled={v.markedForDeletion}
                  onChange={(e) => setExisting(v.id, { videoName: e.target.value })}
                />
                <QuizSelect
                  id={`existing-${v.id}-quiz`}
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
