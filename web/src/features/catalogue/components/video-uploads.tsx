import { type Ref, useEffect, useId, useRef } from 'react';
import { TextField } from '@/components/fields';
import { ProgressBar } from '@/components/progress-bar';
import { toastError } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/messages';
import { useAppDispatch } from '@/stores/hooks';
import { type FileToUpload, getSignedUrlApi } from '../api/get-signed-url';
import type { QuizOption } from '@/lib/endpoints/list-quizzes';
import { uploadFile, type UploadHandle } from '../api/upload-file';
import { useDeleteVideoUploadMutation } from '../api/delete-video-upload';
import { useFinishVideoUploadMutation } from '../api/finish-video-upload';
import { listUploadPartsApi } from '../api/list-upload-parts';
import { useSignUploadPartsMutation } from '../api/sign-upload-parts';
import { useStartVideoUploadMutation } from '../api/start-video-upload';
import { MULTIPART_THRESHOLD, type MultipartApi, fingerprintOf, uploadMultipart } from '../lib/multipart-upload';
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
 * form's `videos` field; picked videos are scrolled into view. Picking a row's file again (the
 * same name, size and date) replaces that row's upload: the earlier one is stopped (a multipart
 * one also on the server) and a failed large one resumes; a row already uploaded is left as it is.
 * A failed row offers Retry, which uploads its file again (a large one resumes where it stopped).
 *
 * The two reads (the signed URL, the parts stored) are dispatched without a subscription: a lazy
 * query hook keeps one subscription per component, so each new call ended the one before and RTK
 * Query aborted its request (`keepUnusedDataFor: 0`) — choosing three videos failed all but the last.
 */
export function VideoUploads({ videos, update, quizzes, ref }: { videos: NewVideo[]; update: UpdateVideos; quizzes: QuizOption[]; ref?: Ref<HTMLDivElement> }) {
  const t = useT();
  const inputId = useId();
  const uploads = useRef(new Map<string, UploadHandle>());
  /** Each row's file and its fingerprint: to know a file picked again, and to retry it. */
  const files = useRef(new Map<string, { file: File; fingerprint: string }>());
  const rows = useRef<HTMLDivElement>(null);
  const dispatch = useAppDispatch();
  const getSignedUrl = (f: FileToUpload) => dispatch(getSignedUrlApi.endpoints.getSignedUrl.initiate(f, { subscribe: false, forceRefetch: true })).unwrap();
  const [startUpload] = useStartVideoUploadMutation();
  const [signParts] = useSignUploadPartsMutation();
  const [finishUpload] = useFinishVideoUploadMutation();
  const [cancelUpload] = useDeleteVideoUploadMutation();
  const multipartApi: MultipartApi = {
    start: (f) => startUpload(f).unwrap(),
    sign: (b) => signParts(b).unwrap(),
    list: (r) => dispatch(listUploadPartsApi.endpoints.listUploadParts.initiate(r, { subscribe: false, forceRefetch: true })).unwrap(),
    finish: (b) => finishUpload(b).unwrap(),
    cancel: (r) => cancelUpload(r).unwrap(),
  };

  // Closing the form stops the uploads still running (the form asks before it closes).
  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((u) => u.abort());
  }, []);

  const patch = (localId: string, changes: Partial<NewVideo>) => update((list) => list.map((v) => (v.localId === localId ? { ...v, ...changes } : v)));

  function pick(list: FileList | null) {
    const picked = Array.from(list ?? []);
    const shown: string[] = [];
    for (const file of picked) {
      const fingerprint = fingerprintOf(file);
      const earlier = videos.find((v) => files.current.get(v.localId)?.fingerprint === fingerprint);
      if (earlier?.upload === 'done') {
        shown.push(earlier.localId);
        continue;
      }
      const localId = `new_${++nextLocalId}`;
      shown.push(localId);
      // A large file goes in parts: retried one by one, resumed if the same file is picked again.
      const resumable = file.size > MULTIPART_THRESHOLD;
      if (earlier) {
        // The same file again: its row takes the new upload (its name and quiz kept), the earlier one stops.
        stop(earlier.localId);
        const fresh = { localId, progress: 0, upload: 'uploading' as const, resumable, key: undefined, secondsLeft: undefined };
        update((rows) => rows.map((v) => (v.localId === earlier.localId ? { ...v, ...fresh } : v)));
      } else {
        const video: NewVideo = { localId, fileName: file.name, videoName: videoNameOf(file.name), quizId: '', progress: 0, upload: 'uploading', resumable };
        update((rows) => [...rows, video]);
      }
      begin(localId, file);
    }
    // The picked bars in view, the first of them on top (a phone's screen holds a few rows).
    const first = shown[0];
    if (first) setTimeout(() => reveal(rows.current?.querySelector(`[data-local-id="${first}"]`)), 50);
  }

  /** Uploads a row's file, its bar following its own progress. */
  function begin(localId: string, file: File) {
    files.current.set(localId, { file, fingerprint: fingerprintOf(file) });
    const handle =
      file.size > MULTIPART_THRESHOLD
        ? uploadMultipart(file, { api: multipartApi }, ({ percent, secondsLeft }) => patch(localId, { progress: percent, secondsLeft }))
        : uploadFile(file, getSignedUrl, (progress) => patch(localId, { progress }));
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

  /** Uploads a failed row's file again in the same row (its name and quiz kept). */
  function retry(localId: string) {
    const picked = files.current.get(localId);
    if (!picked) return;
    patch(localId, { upload: 'uploading', progress: 0, secondsLeft: undefined });
    begin(localId, picked.file);
  }

  /** Stops a row's upload (a multipart one is also cancelled on the server) and forgets its file. */
  function stop(localId: string) {
    uploads.current.get(localId)?.abort();
    uploads.current.delete(localId);
    files.current.delete(localId);
  }

  function remove(localId: string) {
    stop(localId);
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
          <div key={v.localId} className={`video-row${v.upload === 'failed' ? ' is-failed' : ''}`} data-testid="new-video" data-local-id={v.localId}>
            <div className="upload-line">
              <span className="upload-name" dir="auto" title={v.fileName}>
                {v.fileName}
              </span>
              <ProgressBar label={t('admin.uploading', { name: v.fileName })} percent={v.progress} text={t('admin.uploadPercent', { n: v.progress })} />
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
            <div className="video-row-actions">
              {v.upload === 'failed' && (
                <button type="button" className="link-button" onClick={() => retry(v.localId)}>
                  {t('admin.retryUpload')}
                </button>
              )}
              <button type="button" className="link-button is-danger" onClick={() => remove(v.localId)}>
                {t('admin.removeUpload')}
              </button>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
