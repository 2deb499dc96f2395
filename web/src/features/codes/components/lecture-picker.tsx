import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { tracksOf } from '@/lib/tracks';
import { SelectField } from '@/components/fields';
import { useT } from '@/i18n/use-t';
import { useListCoursesQuery } from '@/lib/endpoints/list-courses';
import { useListTermLecturesQuery } from '@/lib/endpoints/list-term-lectures';
import { useListTermsQuery } from '@/lib/endpoints/list-terms';

/** The lecture a lecture batch grants: course → track → term → lecture, each choice clearing those after it. */
export function LecturePicker({ value, onChange, error }: { value: string; onChange: (lectureId: string) => void; error?: string }) {
  const t = useT();
  const [courseId, setCourseId] = useState('');
  const [track, setTrack] = useState('');
  const [termId, setTermId] = useState('');
  const courses = useListCoursesQuery();
  const course = courses.data?.find((c) => c.id === courseId);
  const terms = useListTermsQuery(courseId && track ? { courseId, courseFor: track } : skipToken);
  const lectures = useListTermLecturesQuery(termId || skipToken);
  const choose = t('codes.choose');

  return (
    <div className="lecture-picker">
      <SelectField
        label={t('codes.course')}
        value={courseId}
        onChange={(e) => {
          setCourseId(e.target.value);
          setTrack('');
          setTermId('');
          onChange('');
        }}
      >
        <option value="" disabled>
          {choose}
        </option>
        {(courses.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('codes.track')}
        value={track}
        isDisabled={!course}
        onChange={(e) => {
          setTrack(e.target.value);
          setTermId('');
          onChange('');
        }}
      >
        <option value="" disabled>
          {choose}
        </option>
        {(course ? tracksOf(course.courseFor) : []).map((tr) => (
          <option key={tr} value={tr}>
            {tr}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('codes.term')}
        value={termId}
        isDisabled={!track || !terms.data}
        onChange={(e) => {
          setTermId(e.target.value);
          onChange('');
        }}
      >
        <option value="" disabled>
          {choose}
        </option>
        {(track ? (terms.data ?? []) : []).map((term) => (
          <option key={term.id} value={term.id}>
            {term.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('codes.lecture')} name="lectureId" value={value} isDisabled={!termId || !lectures.data?.length} onChange={(e) => onChange(e.target.value)} error={error}>
        <option value="" disabled>
          {choose}
        </option>
        {(termId ? (lectures.data ?? []) : []).map((l) => (
          <option key={l.id} value={l.id}>
            {l.lectureName || l.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
