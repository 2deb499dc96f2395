import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { LECTURE_ACCESS_DAYS_DEFAULT, LECTURE_ACCESS_DAYS_MAX } from '@shared/constants';
import { VIDEO_VIEW_LIMIT_MAX } from '@shared/video';
import type { Rule } from '@shared/rules';
import type { Lecture } from '@shared/schemas/catalogue';
import { confirm } from '@/components/confirm';
import { TextField } from '@/components/fields';
import { Modal } from '@/components/modal';
import { toastError, toastSuccess } from '@/components/toast';
import { type MessageKey, useT } from '@/i18n/use-t';
import { useZodForm } from '@/lib/forms';
import { messageOf, ruleText } from '@/lib/messages';
import { useAddVideosMutation } from '../api/add-videos';
import { useDeleteVideoMutation } from '../api/delete-video';
import { useGetLectureQuery } from '../api/get-lecture';
import { useListQuizzesQuery } from '@/lib/endpoints/list-quizzes';
import { useSaveLectureMutation } from '../api/save-lecture';
import { useUpdateLectureMutation } from '../api/update-lecture';
import { useUpdateVideoMutation } from '../api/update-video';
import {
  accessDaysToSend,
  emptyLectureForm,
  type ExistingVideo,
  hasUnsavedWork,
  type LectureForm,
  lectureFormSchema,
  type LectureProblem,
  numberOfLectures,
  priceToSend,
  videoPlan,
  viewLimitToSend,
} from '../lib/lecture-form';
import { mediaSrc } from '../lib/media';
import { wasHandled } from '../lib/query-view';
import { FormActions } from './form-actions';
import { ImageField } from '@/components/image-field';
import { QuizSelect } from './quiz-select';
import { reveal, type UpdateVideos, VideoUploads } from './video-uploads';
import { isPreparing, PREPARING_POLL_MS, VideoState } from './video-state';

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
  accessDays: String(l.accessDays ?? LECTURE_ACCESS_DAYS_DEFAULT),
  viewLimit: l.viewLimit ? String(l.viewLimit) : '',
  existing: [...(l.videos ?? [])]
    .sort((a, b) => a.order - b.order)
    .map((v) => ({ id: v.id, videoName: v.videoName || v.name, videoUrl: v.videoUrl, quizId: v.quizId ?? '', original: { videoName: v.videoName || v.name, quizId: v.quizId ?? '' }, markedForDeletion: false })),
});

/**
 * Add a lecture to a section, or edit one (spec 4, 5). The form is react-hook-form over the shared
 * `lectureForm` / `lectureEditForm` rules (lib/lecture-form.ts); the upload list is its `videos`
 * field. An error shows on Save (the image's as soon as it is picked) and clears as soon as its
 * field is fixed. Escape, the backdrop, × and Cancel ask before dropping typed work or running
 * uploads. Each save refreshes the section's grid (tag Lecture).
 */
export function LectureFormModal({ contentId, lecture, onClose }: { contentId: string; lecture?: Lecture; onClose: () => void }) {
  const t = useT();
  const mode = lecture ? 'edit' : 'add';
  const initial = useMemo(() => (lecture ? formOf(lecture) : emptyLectureForm()), [lecture]);
  const word = useCallback((p: LectureProblem | Rule) => (typeof p === 'string' ? t(PROBLEM_TEXT[p]) : ruleText(p, t)), [t]);
  const schema = useMemo(() => lectureFormSchema(mode, word), [mode, word]);
  const { register, handleSubmit, setValue, getValues, getFieldState, trigger, watch, formState } = useZodForm(schema, { defaultValues: initial });
  const { errors, isSubmitting: saving } = formState;
  const form = watch() as LectureForm;
  const uploadList = useRef<HTMLDivElement>(null);
  const asking = useRef(false);
  const quizzes = useListQuizzesQuery();
  const [saveLecture] = useSaveLectureMutation();
  const [updateLecture] = useUpdateLectureMutation();
  const [updateVideo] = useUpdateVideoMutation();
  const [addVideos] = useAddVideosMutation();
  const [deleteVideo] = useDeleteVideoMutation();
  // Each stored video's preparation (issue 16): the lecture is read again every few seconds while one prepares.
  const [preparing, setPreparing] = useState(() => isPreparing(lecture?.videos));
  const live = useGetLectureQuery(lecture?.id ?? skipToken, { pollingInterval: preparing ? PREPARING_POLL_MS : 0 });
  const liveVideos = (live.data ?? lecture)?.videos;
  if (isPreparing(liveVideos) !== preparing) setPreparing(!preparing);
  const stateOf = (id: string) => liveVideos?.find((v) => v.id === id);

  /** Re-checks the fields that show an error, so each clears as soon as it is fixed. */
  const recheck = (...names: ('price' | 'image' | 'videos')[]) => {
    const shown = names.filter((n) => getFieldState(n).error);
    if (shown.length) void trigger(shown);
  };
  const updateVideos: UpdateVideos = (change) => {
    setValue('videos', change(getValues('videos')), { shouldDirty: true });
    recheck('videos');
  };
  const setExisting = (id: string, changes: Partial<ExistingVideo>) => {
    setValue('existing', getValues('existing').map((v) => (v.id === id ? { ...v, ...changes } : v)), { shouldDirty: true });
    recheck('videos');
  };

  // One stable close for Escape, the backdrop, × and Cancel: it asks first when something would be lost.
  const requestClose = useCallback(() => {
    if (asking.current) return;
    const values = getValues();
    if (!hasUnsavedWork(values, initial)) return onClose();
    asking.current = true;
    const uploading = values.videos.some((v) => v.upload === 'uploading');
    void confirm({
      title: t('admin.discardTitle'),
      text: t(uploading ? 'admin.discardUploadsText' : 'admin.discardText'),
      confirmButtonText: t('admin.discard'),
      cancelButtonText: t('admin.keepEditing'),
    }).then((sure) => {
      asking.current = false;
      if (sure) onClose();
    });
  }, [getValues, initial, onClose, t]);

  const onSubmit = handleSubmit(async (f) => {
    try {
      if (!lecture) {
        await saveLecture({
          name: f.name.trim(),
          subtitle: f.subtitle.trim(),
          price: priceToSend(f),
          isFree: f.isFree,
          accessDays: accessDaysToSend(f),
          viewLimit: viewLimitToSend(f),
          contentId,
          imageFile: f.image!,
          videoUrls: videoPlan(f).add,
        }).unwrap();
      } else {
        await updateLecture({
          id: lecture.id,
          name: f.name.trim(),
          subTitle: f.subtitle.trim(),
          price: priceToSend(f),
          isFree: f.isFree,
          accessDays: accessDaysToSend(f),
          viewLimit: viewLimitToSend(f),
          imageFile: f.image ?? undefined,
        }).unwrap();
        const plan = videoPlan(f);
        // Change and add first, delete last: a failure half-way loses no video.
        await Promise.all(plan.update.map((v) => updateVideo(v).unwrap()));
        if (plan.add.length) await addVideos({ lectureId: lecture.id, videos: plan.add }).unwrap();
        for (const id of plan.deleteIds) await deleteVideo(id).unwrap();
      }
    } catch (err) {
      if (!wasHandled(err)) void toastError(messageOf(err, t, 'cat.genericError'));
      return;
    }
    void toastSuccess(lecture ? t('admin.lectureUpdated') : t('admin.lectureAdded'));
    onClose();
  });

  const running = form.videos.filter((v) => v.upload === 'uploading');
  const overall = running.length ? Math.round(running.reduce((sum, v) => sum + v.progress, 0) / running.length) : 0;
  const videosError = errors.videos?.message ?? errors.videos?.root?.message;

  return (
    <Modal title={lecture ? t('admin.editLecture') : t('admin.addLecture')} onClose={requestClose} closeLabel={t('admin.close')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="lecture-form">
        <TextField id="lecture-name" label={t('admin.lectureName')} dir="auto" error={errors.name?.message} {...register('name')} />
        <TextField id="lecture-subtitle" label={t('admin.subtitle')} dir="auto" error={errors.subtitle?.message} {...register('subtitle')} />
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
              onChange={(e) => {
                setValue('price', e.target.value, { shouldDirty: true });
                recheck('price');
              }}
              // Spec 5: a negative price is turned positive.
              onBlur={() => {
                const price = getValues('price');
                if (price.trim() && Number.isFinite(Number(price))) setValue('price', String(Math.abs(Number(price))));
              }}
            />
            {errors.price && (
              <p className="field-error" role="alert">
                {errors.price.message}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="lecture-count">{t('admin.numberOfLectures')}</label>
            <input id="lecture-count" readOnly value={numberOfLectures(form)} dir="ltr" />
          </div>
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={form.isFree}
            onChange={(e) => {
              setValue('isFree', e.target.checked, { shouldDirty: true });
              recheck('price');
            }}
          />
          {t('admin.free')}
        </label>
        {/* A purchase lasts this many days (expiryDate = purchaseDate + the period). */}
        <TextField
          id="lecture-access-days"
          className="access-days-field"
          label={t('access.label')}
          descriptiveText={t('access.hint', { days: LECTURE_ACCESS_DAYS_DEFAULT })}
          type="number"
          inputMode="numeric"
          min={1}
          max={LECTURE_ACCESS_DAYS_MAX}
          dir="ltr"
          error={errors.accessDays?.message}
          {...register('accessDays')}
        />
        {/* Issue 16: how many times a student may watch each video; empty: no limit. */}
        <TextField
          id="lecture-view-limit"
          className="access-days-field"
          label={t('field.viewLimit')}
          descriptiveText={t('admin.viewLimitHint', { max: VIDEO_VIEW_LIMIT_MAX })}
          type="number"
          inputMode="numeric"
          min={1}
          max={VIDEO_VIEW_LIMIT_MAX}
          dir="ltr"
          error={errors.viewLimit?.message}
          {...register('viewLimit')}
        />
        <ImageField
          label={t('admin.lectureImage')}
          hint={lecture ? t('admin.keepImage') : undefined}
          file={form.image}
          currentUrl={mediaSrc(lecture?.photoUrl)}
          error={errors.image?.message}
          // Spec 5: a picked image is checked at once (under 1 MB).
          onChange={(image) => setValue('image', image, { shouldDirty: true, shouldValidate: true })}
        />
        <fieldset className="field videos-fieldset">
          <legend>{t('admin.videos')}</legend>
          {form.existing.map((v, i) => (
            <div key={v.id} className={`video-row${v.markedForDeletion ? ' is-deleted' : ''}`} data-testid="existing-video">
              <p className="video-row-name" dir="auto">
                {i + 1}. {v.original.videoName}
                {v.markedForDeletion && <span className="status-pill is-locked">{t('admin.willDelete')}</span>}
              </p>
              <VideoState video={stateOf(v.id)} />
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
          <VideoUploads ref={uploadList} videos={form.videos} update={updateVideos} quizzes={quizzes.data ?? []} />
          {videosError && (
            <p className="field-error" role="alert">
              {videosError}
            </p>
          )}
        </fieldset>
        <FormActions
          saving={saving}
          uploadingImage={Boolean(form.image)}
          onCancel={requestClose}
          status={
            // On a phone the bars may be a screen away: the foot (always in view) sums them up and leads back to them.
            running.length > 0 && (
              <button type="button" className="uploads-status" onClick={() => reveal(uploadList.current)}>
                <span className="uploads-status-bar" aria-hidden="true">
                  <span style={{ inlineSize: `${overall}%` }} />
                </span>
                {t('admin.uploadsRunning', { n: running.length, percent: overall })}
              </button>
            )
          }
        />
      </form>
    </Modal>
  );
}
