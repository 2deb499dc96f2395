import { type Ref, useEffect, useId, useRef } from 'react';
import { TextField } from '@/components/fields';
import { ProgressBar } from '@/components/progress-bar';
import { toastError } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/forms';
import { useLazyGetSignedUrlQuery } from '../api/get-signed-url';
import type { QuizOption } from '@/lib/endpoints/list-quizzes';
import { uploadFile, type UploadHandle } from '../api/upload-file';
import { useDeleteVideoUploadMutation } from '../api/delete-video-upload';
import { useFinishVideoUploadMutation } from '../api/finish-video-upload';
import { useLazyListUploadPartsQuery } from '../api/list-upload-parts';
import { useSignUploadPartsMutation } from '../api/sign-upload-parts';
import { useStartVideoUploadMutation } from '../api/start-video-upload';
import { MULTIPART_THRESHOLD, type MultipartApi, uploadMultipart } from '../lib/multipart-upload';
import { type NewVideo, videoNameOf } from '../lib/lecture-form';
import { wasHandled } from '../lib/query-view';
import { QuizSelect } from './quiz-select';

let nextLocalId = 0;

/** Changes the form's `videos` field (a controlled field of the lecture form) from its latest value. */
export type UpdateVideos = (change: (videos: NewVideo[]) => NewVideo[]) => void;

/** Brings an element into view (on a phone the list may be a screen away from the field in use). */
export const reveal = (el: Element | null | undefined) => el?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });

/**
 * Pick one or more videos: each starts uploading at once, with its file name beside its own
 * progress bar, and gets a name (the file's, editable) and an optional quiz. The list is the
 * form's `videos` field; picked videos are scrolled into view.
 */
export function VideoUploads({ videos, update, quizzes, ref }: { videos: NewVideo[]; update: UpdateVideos; quizzes: QuizOption[]; ref?: Ref<HTMLDivElement> }) {
  const t = useT();
  const inputId = useId();
  const uploads = useRef(new Map<string, UploadHandle>());
  const rows = useRef<HTMLDivElement>(null);
  const [getSignedUrl] = useLazyGetSignedUrlQuery();
  const [startUpload] = useStartVideoUploadMutation();
  const [signParts] = useSignUploadPartsMutation();
  const [listParts] = useLazyListUploadPartsQuery();
  const [finishUpload] = useFinishVideoUploadMutation();
  const [cancelUpload] = useDeleteVideoUploadMutation();
  const multipartApi: MultipartApi = {
    start: (f) => startUpload(f).unwrap(),
    sign: (b) => signParts(b).unwrap(),
    list: (r) => listParts(r).unwrap(),
    finish: (b) => finishUpload(b).unwrap(),
    cancel: (r) => cancelUpload(r).unwrap(),
  };

  // Closing the form stops the uploads still running (the form asks before it closes).
  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((u) => u.abort());
  }, []);

  const patch = (localId: string, changes: Partial<NewVideo>) => update((list) => list.map((v) => (v.localId === localId ? { ...v, ...changes } : v)));

  function pick(files: FileList | null) {
    const picked = Array.from(files ?? []);
    for (const file of picked) {
      const localId = `new_${++nextLocalId}`;
      // A large file goes in parts: retried one by one, resumed if the same file is picked again.
      const resumable = file.size > MULTIPART_THRESHOLD;
      const video: NewVideo = { localId, fileName: file.name, videoName: videoNameOf(file.name), quizId: '', progress: 0, upload: 'uploading', resumable };
      update((list) => [...list, video]);
      const handle = resumable
        ? uploadMultipart(file, { api: multipartApi }, ({ percent, secondsLeft }) => patch(localId, { progress: percent, secondsLeft }))
        : uploadFile(file, (f) => getSignedUrl(f).unwrap(), (progress) => patch(localId, { progress }));
      uploads.current.set(localId, handle);
      handle.done.then(
        (key) => patch(localId, { key, upload: 'done', progress: 100, secondsLeft: undefined }),
        (e: unknown) => {
          if ((e as Error)?.name === 'AbortError') return;
          patch(localId, { upload: 'failed' });
          if (!wasHandled(e)) void toastError(messageOf(e, t, 'admin.uploadFailed'));
        },
      );
    }
    // The new bars in view, the first of them on top (a phone's screen holds a few rows).
    if (picked.length) setTimeout(() => reveal(rows.current?.children[rows.current.children.length - picked.length]), 50);
  }

  function remove(localId: string) {
    uploads.current.get(localId)?.abort();
    uploads.current.delete(localId);
    update((list) => list.filter((v) => v.localId !== localId));
  }

  return (
    <div className="video-uploads" ref={ref}>
      <label htmlFor={inputId} className="button button-ghost file-button">
        {t('admin.pickVideos')}
      </label>
      <input
        id={inputId}
        type="file"
        accept="video/*"
        multiple
        className="visually-hidden"
        onChange={(e) => {
          pick(e.target.files);
          e.target.value = '';
        }}
      />
      <div ref={rows}>
        {videos.map((v) => (
          <div key={v.localId} className={`video-row${v.upload === 'failed' ? ' is-failed' : ''}`} data-testid="new-video">
            <div className="upload-line">
              <span className="upload-name" dir="auto" title={v.fileName}>
                {v.fileName}
              </span>
              <ProgressBar label={t('admin.uploading', { name: v.fileName })} percent={v.progress} />
            </div>
            {v.upload === 'uploading' && v.secondsLeft !== undefined && (
              <p className="field-hint muted upload-time-left">
                {v.secondsLeft >= 60 ? t('admin.minutesLeft', { n: Math.ceil(v.secondsLeft / 60) }) : t('admin.secondsLeft', { n: v.secondsLeft })}
              </p>
            )}
            {v.upload === 'failed' && <p className="field-error">{t(v.resumable ? 'admin.uploadResumable' : 'admin.uploadFailed')}</p>}
            <div className="video-row-fields">
              <TextField id={`${v.localId}-name`} label={t('admin.videoName')} dir="auto" value={v.videoName} onChange={(e) => patch(v.localId, { videoName: e.target.value })} />
              <QuizSelect id={`${v.localId}-quiz`} quizzes={quizzes} value={v.quizId} onChange={(quizId) => patch(v.localId, { quizId })} />
            </div>
            <button type="button" className="link-button is-danger" onClick={() => remove(v.localId)}>
              {t('admin.removeUpload')}
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
