import { skipToken } from '@reduxjs/toolkit/query';
import { type FormEvent, useEffect, useState } from 'react';
import { tracksOf } from '@/lib/tracks';
import { SubmitButton } from '@/components/button';
import { SelectField } from '@/components/fields';
import { Modal } from '@/components/modal';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { useListCoursesQuery } from '@/lib/endpoints/list-courses';
import { useListTermLecturesQuery } from '@/lib/endpoints/list-term-lectures';
import { useListTermsQuery } from '@/lib/endpoints/list-terms';
import { messageOf } from '@/lib/messages';
import { useGrantLectureMutation } from '../api/grant-lecture';
import { amountText, fullName } from '../lib/format';

export interface GrantTarget {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Spec 5: assign a lecture to a student — the chain course → track → term → lecture, each select
 * disabled until the one before it is chosen (a new choice clears those after it). Sends
 * `{email, lectureName, lectureId}` (names repeat across terms). Spec 8: 'Please select a lecture',
 * 'Lecture assigned successfully', 'Failed to assign lecture', 'Failed to load lectures'.
 */
export function AssignLectureModal({ user, onClose }: { user: GrantTarget; onClose: () => void }) {
  const t = useT();
  const [courseId, setCourseId] = useState('');
  const [track, setTrack] = useState('');
  const [termId, setTermId] = useState('');
  const [lectureId, setLectureId] = useState('');
  const [missing, setMissing] = useState(false);
  const courses = useListCoursesQuery();
  const course = courses.data?.find((c) => c.id === courseId);
  const terms = useListTermsQuery(courseId && track ? { courseId, courseFor: track } : skipToken);
  const lectures = useListTermLecturesQuery(termId || skipToken);
  const [grant, { isLoading }] = useGrantLectureMutation();
  const lecture = lectures.data?.find((l) => l.id === lectureId);

  useEffect(() => {
    if (lectures.isError && !(lectures.error as ApiFailure).handled) void toastError(t('assign.loadFailed'));
    // Once per failure, not again on a language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lectures.isError]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!lecture) {
      setMissing(true);
      return;
    }
    const result = await grant({ email: user.email, lectureName: lecture.lectureName || lecture.name, lectureId: lecture.id });
    if ('error' in result) {
      if (!(result.error as ApiFailure).handled) void toastError(messageOf(result.error, t, 'assign.failed'));
      return;
    }
    void toastSuccess(t('assign.done'));
    onClose();
  }

  const pick = (setter: (v: string) => void, ...after: ((v: string) => void)[]) => (e: { target: { value: string } }) => {
    setter(e.target.value);
    for (const clear of after) clear('');
  };

  return (
    <Modal title={t('assign.title')} onClose={onClose}>
      <form className="assign-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <p className="muted" dir="auto">
          {t('assign.to', { name: fullName(user) })} <bdi dir="ltr">({user.email})</bdi>
        </p>
        <SelectField label={t('assign.course')} value={courseId} onChange={pick(setCourseId, setTrack, setTermId, setLectureId)} isDisabled={courses.isLoading}>
          <option value="" disabled>
            {t('assign.pickCourse')}
          </option>
          {(courses.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('assign.track')} value={track} onChange={pick(setTrack, setTermId, setLectureId)} isDisabled={!course}>
          <option value="" disabled>
            {t('assign.pickTrack')}
          </option>
          {(course ? tracksOf(course.courseFor) : []).map((tr) => (
            <option key={tr} value={tr}>
              {tr}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('assign.term')} value={termId} onChange={pick(setTermId, setLectureId)} isDisabled={!track || !terms.data}>
          <option value="" disabled>
            {t('assign.pickTerm')}
          </option>
          {(track ? (terms.data ?? []) : []).map((term) => (
            <option key={term.id} value={term.id}>
              {term.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('assign.lecture')}
          value={lectureId}
          onChange={(e) => {
            setLectureId(e.target.value);
            setMissing(false);
          }}
          isDisabled={!termId || !lectures.data?.length}
          error={missing ? t('assign.required') : undefined}
          descriptiveText={termId && lectures.isFetching ? t('assign.loadingLectures') : termId && lectures.isSuccess && !lectures.data.length ? t('assign.noLectures') : undefined}
        >
          <option value="" disabled>
            {t('assign.pickLecture')}
          </option>
          {(termId ? (lectures.data ?? []) : []).map((l) => (
            <option key={l.id} value={l.id}>
              {`${l.lectureName || l.name} — ${l.isFree || !l.price ? t('assign.free') : amountText(l.price)}`}
            </option>
          ))}
        </SelectField>
        <div className="modal-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t('assign.cancel')}
          </button>
          <SubmitButton loading={isLoading} className="assign-submit">
            {t('assign.submit')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
