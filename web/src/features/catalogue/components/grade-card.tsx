import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Track } from '@shared/constants';
import type { Course } from '@shared/schemas/catalogue';
import { useT } from '@/i18n/use-t';
// Relative on purpose: jest's moduleNameMapper maps `@/` before it stubs images.
import defaultImage from '../../../assets/course-default.svg';
import { mediaSrc, tracksOf } from '../lib/media';

export interface TrackLink {
  to: string;
  state: unknown;
}

/**
 * A grade (course) card: image (default if none) and name; its two track links show on hover,
 * on keyboard focus and on tap (phones have no hover), spec 2.
 */
export function GradeCard({ course, linkFor, actions }: { course: Course; linkFor: (track: Track) => TrackLink; actions?: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <article className={`grade-card${open ? ' is-open' : ''}`} data-testid="grade-card">
      <button type="button" className="grade-card-face" aria-expanded={open} aria-label={t('home.showTracks', { name: course.name })} onClick={() => setOpen((o) => !o)}>
        <img src={mediaSrc(course.imageUrl) ?? defaultImage} alt="" loading="lazy" width={320} height={180} />
      </button>
      <div className="grade-tracks">
        {tracksOf(course.courseFor).map((track) => {
          const link = linkFor(track);
          return (
            <Link key={track} to={link.to} state={link.state} className="button button-primary" lang="ar">
              {track}
            </Link>
          );
        })}
      </div>
      <div className="grade-card-foot">
        <h3 dir="auto">{course.name}</h3>
        {actions}
      </div>
    </article>
  );
}
