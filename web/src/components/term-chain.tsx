import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import type { Term } from '@shared/schemas/catalogue';
import { SelectField } from '@/components/fields';
import { useListCoursesQuery } from '@/lib/endpoints/list-courses';
import { useListTermsQuery } from '@/lib/endpoints/list-terms';
import { tracksOf } from '@/lib/tracks';

/**
 * The teacher's way to a term (spec 5's assign dialog, the codes' lecture and term pickers): course
 * → track → term, each select disabled until the one before it is chosen, a new choice clearing
 * those after it. `onTerm` hears the term chosen ('' when a choice before it clears it).
 */
export function useTermChain(onTerm: (termId: string) => void) {
  const [courseId, setCourseId] = useState('');
  const [track, setTrack] = useState('');
  const [termId, setTermId] = useState('');
  const courses = useListCoursesQuery();
  const course = courses.data?.find((c) => c.id === courseId);
  const terms = useListTermsQuery(courseId && track ? { courseId, courseFor: track } : skipToken);
  return {
    courseId,
    track,
    termId,
    course,
    courses,
    terms,
    pickCourse(id: string) {
      setCourseId(id);
      setTrack('');
      setTermId('');
      onTerm('');
    },
    pickTrack(tr: string) {
      setTrack(tr);
      setTermId('');
      onTerm('');
    },
    pickTerm(id: string) {
      setTermId(id);
      onTerm(id);
    },
  };
}
export type TermChain = ReturnType<typeof useTermChain>;

export interface TermChainTexts {
  course: string;
  track: string;
  term: string;
  pickCourse: string;
  pickTrack: string;
  pickTerm: string;
}

/** The chain's three selects. `offered` keeps only some terms (e.g. those sold whole); `termError`/`termHint` go under the term. */
export function TermChainFields({ chain, texts, offered, termName, termError, termHint }: { chain: TermChain; texts: TermChainTexts; offered?: (term: Term) => boolean; termName?: string; termError?: string; termHint?: string }) {
  const { course, track, terms } = chain;
  const shown = track ? (terms.data ?? []).filter((term) => !offered || offered(term)) : [];
  return (
    <>
      <SelectField label={texts.course} value={chain.courseId} onChange={(e) => chain.pickCourse(e.target.value)} isDisabled={chain.courses.isLoading}>
        <option value="" disabled>
          {texts.pickCourse}
        </option>
        {(chain.courses.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={texts.track} value={track} onChange={(e) => chain.pickTrack(e.target.value)} isDisabled={!course}>
        <option value="" disabled>
          {texts.pickTrack}
        </option>
        {(course ? tracksOf(course.courseFor) : []).map((tr) => (
          <option key={tr} value={tr}>
            {tr}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={texts.term}
        name={termName}
        value={chain.termId}
        onChange={(e) => chain.pickTerm(e.target.value)}
        isDisabled={!track || !terms.data || !shown.length}
        error={termError}
        descriptiveText={termHint}
      >
        <option value="" disabled>
          {texts.pickTerm}
        </option>
        {shown.map((term) => (
          <option key={term.id} value={term.id}>
            {term.name}
          </option>
        ))}
      </SelectField>
    </>
  );
}
