import { skipToken } from '@reduxjs/toolkit/query';
import { SelectField } from '@/components/fields';
import { TermChainFields, type TermChainTexts, useTermChain } from '@/components/term-chain';
import { useT } from '@/i18n/use-t';
import { useListTermLecturesQuery } from '@/lib/endpoints/list-term-lectures';

/** The chain's words on the codes' form: one "Choose…" for every select. */
export function useChainTexts(): TermChainTexts {
  const t = useT();
  const choose = t('codes.choose');
  return { course: t('codes.course'), track: t('codes.track'), term: t('codes.term'), pickCourse: choose, pickTrack: choose, pickTerm: choose };
}

/** The lecture a lecture batch grants: course → track → term → lecture, each choice clearing those after it. */
export function LecturePicker({ value, onChange, error }: { value: string; onChange: (lectureId: string) => void; error?: string }) {
  const t = useT();
  const chain = useTermChain(() => onChange(''));
  const lectures = useListTermLecturesQuery(chain.termId || skipToken);

  return (
    <div className="lecture-picker">
      <TermChainFields chain={chain} texts={useChainTexts()} />
      <SelectField label={t('codes.lecture')} name="lectureId" value={value} isDisabled={!chain.termId || !lectures.data?.length} onChange={(e) => onChange(e.target.value)} error={error}>
        <option value="" disabled>
          {t('codes.choose')}
        </option>
        {(chain.termId ? (lectures.data ?? []) : []).map((l) => (
          <option key={l.id} value={l.id}>
            {l.lectureName || l.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
