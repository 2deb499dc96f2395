/**
 * The catalogue records a whole class reads alike — a course's terms, a term and its sections, a
 * section's lectures, a lecture (with its videos or without), the transcode state of their videos (assets) — kept CLASS_READ_MS in this Lambda's memory for
 * students (lib/recent.ts). An admin always reads afresh, so the teacher sees an edit at once; a
 * student of another Lambda instance sees it within CLASS_READ_MS (a lock, an archive, a new video).
 * A student's own records (purchases, quiz results) and the session are never kept.
 */
import type { Track } from '../../shared/constants';
import { lectureById, lectureWithVideos, lecturesOfSection } from '../data/lecture-repo';
import { sectionById, sectionsOfTerm } from '../data/section-repo';
import { termById, termsOfCourseTrack } from '../data/term-repo';
import { recentReads } from '../lib/recent';
import { type AssetRecord, assetsOfSources } from '../media/public';
import type { Viewer } from './access';

export const CLASS_READ_MS = 5_000;

const recent = {
  term: recentReads(termById, CLASS_READ_MS),
  sections: recentReads(sectionsOfTerm, CLASS_READ_MS),
  section: recentReads(sectionById, CLASS_READ_MS),
  sectionLectures: recentReads(lecturesOfSection, CLASS_READ_MS),
  lecture: recentReads(lectureWithVideos, CLASS_READ_MS),
  lectureRecord: recentReads(lectureById, CLASS_READ_MS),
  assets: recentReads((key: string) => assetsOfSources(JSON.parse(key) as string[]), CLASS_READ_MS),
  terms: recentReads((key: string) => {
    const [courseId, track] = JSON.parse(key) as [string, Track];
    return termsOfCourseTrack(courseId, track);
  }, CLASS_READ_MS),
};

/** The records as this viewer may read them: kept a few seconds for a student, fresh for an admin. */
export const classReads = (viewer: Pick<Viewer, 'isAdmin'> | undefined) => {
  const fresh = viewer?.isAdmin === true;
  return {
    term: (id: string) => (fresh ? termById(id) : recent.term(id)),
    sections: (termId: string) => (fresh ? sectionsOfTerm(termId) : recent.sections(termId)),
    section: (id: string) => (fresh ? sectionById(id) : recent.section(id)),
    sectionLectures: (sectionId: string) => (fresh ? lecturesOfSection(sectionId) : recent.sectionLectures(sectionId)),
    lecture: (id: string) => (fresh ? lectureWithVideos(id) : recent.lecture(id)),
    /** The lecture without its videos (a student's list of their lectures). */
    lectureRecord: (id: string) => (fresh ? lectureById(id) : recent.lectureRecord(id)),
    /** The asset (transcode state) of each video source, one BatchGet: a lecture's or a section's videos. */
    assets: (sourceKeys: string[]): Promise<Map<string, AssetRecord>> => {
      const unique = [...new Set(sourceKeys)].sort();
      return fresh ? assetsOfSources(unique) : recent.assets(JSON.stringify(unique));
    },
    terms: (courseId: string, track: Track) => (fresh ? termsOfCourseTrack(courseId, track) : recent.terms(JSON.stringify([courseId, track]))),
  };
};
