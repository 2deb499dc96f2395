import { useEffect, useId, useRef, type Dispatch, type SetStateAction } from 'react';
import { ProgressBar } from '@/components/progress-bar';
import { toastError } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { errorMessage } from '@/lib/api-client';
import type { QuizOption } from '../api/get-quiz-options';
import { uploadFile, type UploadHandle } from '../api/upload-file';
import { type LectureForm, type NewVideo, videoNameOf } from '../lib/lecture-form';
import { CATALOGUE_TEXTS } from '../lib/texts';
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
      const handle = uploadFile(file, (progress) => patch(localId, { progress }));
      uploads.current.set(localId, handle);
      handle.done.then(
        (key) => patch(localId, { key, upload: 'done', progress: 100 }),
        (e: unknown) => {
          if ((e as Error)?.name === 'AbortError') return;
          patch(localId, { upload: 'failed' });
          void toastError(errorMessage(e, CATALOGUE_TEXTS.genericError));
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
            <div className="field">
              <label htmlFor={`${v.localId}-name`}>{t('admin.videoName')}</label>
              <input id={`${v.localId}-name`} value={v.videoName} onChange={(e) => patch(v.localId, { videoName: e.target.value })} />
            </div>
            <QuizSelect
              id={`${v.localId}-quiz`}
              label={t('admin.quiz')}
              noneLabel={t('admin.noQuiz')}
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
