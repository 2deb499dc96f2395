import type { Translate } from '@/i18n/use-t';
import type { CodeBatch } from '../api/list-code-batches';

/** What a lecture's or a term's batch gives, by name ("Lecture: Meiosis", "Whole term: …"); null for an amount's. */
export function grantText(b: CodeBatch, t: Translate): string | null {
  if (b.termId !== null) return t('codes.givesTerm', { name: b.termName ?? '' });
  if (b.lectureId !== null) return b.lectureName ? t('codes.givesLecture', { name: b.lectureName }) : t('codes.aLecture');
  return null;
}
