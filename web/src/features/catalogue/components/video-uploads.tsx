import { useEffect, useId, useRef, type Dispatch, type SetStateAction } from 'react';
import { TextField } from '@/components/fields';
import { ProgressBar } from '@/components/progress-bar';
import { toastError } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/forms';
import { useLazyGetSignedUrlQuery } from '../api/get-signed-url';
import type { QuizOption } from '../api/list-quizzes';
import { uploadFile, type UploadHandle } from '../api/upload-file';
import { type LectureForm, type NewVideo, videoNameOf } from '../lib/lecture-form';
import { wasHandled } from '../lib/query-view';
import { QuizSelect } from './quiz-select';

let nextLocalId = 0;

/**
 * Pick one or more videos: each starts uploading at once, with its own progress bar, and gets a
 * name (the file's, editable) and an optional quiz.
 */
export function VideoUploads({ form, setForm, quizzes }: { form: LectureForm; setForm: Dispatch<SetStateAction<LectureForm>>; quizzes: QuizOption[] }) {
  const t = useT();
  const inputId = useId();
  const uploads = useRef(new Map<string, UploadHandle>());
  const [getSignedUrl] = useLazyGetSignedUrlQuery();

  // Closing the form stops the uploads still running.
  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((u) => u.abort());
  }, []);

  const patch = (localId: string, changes: Partial<NewVideo>) =>
    setForm((f) => ({ ...f, videos: f.videos.map((v) => (v.localId === localId ? { ...v, ...changes } : v)) }));

  function pick(files: FileList | null) {
    for (const file of Array.from(files ?? [])) {
      const localId = `new_${++nextLocalId}`;
      const video: NewVideo = { localId, fileName: file.name, videoName: videoNameOf(file.name), quizId: '', progress: 0, upload: 'uploading' };
      setForm((f) => ({ ...f, videos: [...f.videos, video] }));
      const handle = uploadFile(file, (f) => getSignedUrl(f).unwrap(), (progress) => patch(localId, { progress }));
      uploads.current.set(localId, handle);
      handle.done.then(
        (key) => patch(localId, { key, upload: 'done', progress: 100 }),
        (e: unknown) => {
          if ((e as Error)?.name === 'AbortError') return;
          patch(localId, { upload: 'failed' });
          if (!wasHandled(e)) void toastError(messageOf(e, t, 'admin.uploadFailed'));
        },
      );
    }
  }

  function remove(localId: string) {
    uploads.current.get(localId)?.abort();
    uploads.current.delete(localId);
    setForm((f) => ({ ...f, videos: f.videos.filter((v) => v.localId !== localId) }));
  }

  return (
    <div className="video-uploads">
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
      {form.videos.map((v) => (
        <div key={v.localId} className={`video-row${v.upload === 'failed' ? ' is-failed' : ''}`} data-testid="new-video">
          <ProgressBar label={t('admin.uploading', { name: v.fileName })} percent={v.progress} />
          {v.upload === 'failed' && <p className="field-error">{t('admin.uploadFailed')}</p>}
          <div className="video-row-fields">
            <TextField id={`${v.localId}-name`} label={t('admin.videoName')} dir="auto" value={v.videoName} onChange={(e) => patch(v.localId, { videoName: e.target.value })} />
            <QuizSelect
              id={`${v.localId}-quiz`}
              quizzes={quizzes}
              value={v.quizId}
              onChange={(quizId) => patch(v.localId, { quizId })}
            />
          </div>
          <button type="button" className="link-button is-danger" onClick={() => remove(v.localId)}>
            {t('admin.removeUpload')}
          </button>
        </div>
      ))}
    </div>
  );
}
