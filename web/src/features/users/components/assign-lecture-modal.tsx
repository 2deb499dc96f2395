import { skipToken } from '@reduxjs/toolkit/query';
import { type FormEvent, useEffect, useState } from 'react';
import { SubmitButton } from '@/components/button';
import { SelectField } from '@/components/fields';
import { Modal } from '@/components/modal';
import { TermChainFields, useTermChain } from '@/components/term-chain';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { useListTermLecturesQuery } from '@/lib/endpoints/list-term-lectures';
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
  const [lectureId, setLectureId] = useState('');
  const [missing, setMissing] = useState(false);
  const chain = useTermChain(() => setLectureId(''));
  const { termId } = chain;
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

  return (
    <Modal title={t('assign.title')} onClose={onClose}>
      <form className="assign-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <p className="muted" dir="auto">
          {t('assign.to', { name: fullName(user) })} <bdi dir="ltr">({user.email})</bdi>
        </p>
        <TermChainFields
          chain={chain}
          texts={{ course: t('assign.course'), track: t('assign.track'), term: t('assign.term'), pickCourse: t('assign.pickCourse'), pickTrack: t('assign.pickTrack'), pickTerm: t('assign.pickTerm') }}
        />
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
