import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import type { Track } from '@shared/constants';
import type { Course } from '@shared/schemas/catalogue';
import { useT } from '@/i18n/use-t';
// Relative on purpose: jest's moduleNameMapper maps `@/` before it stubs images.
import defaultImage from '../../../assets/course-default.svg';
import { tracksOf } from '@/lib/tracks';
import { mediaSrc } from '../lib/media';
import { useFinePointer } from '../lib/use-fine-pointer';

export interface TrackLink {
  to: string;
  state: unknown;
}

/**
 * A grade (course) card: image (default if none) and name; its two track links show on hover,
 * on keyboard focus and on tap (phones have no hover), spec 2. A second tap closes them. With
 * `hint` the card says so under its name (a student cannot guess that the picture opens them);
 * `note`: a line of the teacher's under the name.
 */
export function GradeCard({ course, linkFor, actions, hint, note }: { course: Course; linkFor: (track: Track) => TrackLink; actions?: ReactNode; hint?: boolean; note?: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const hintId = useId();
  const mouse = useFinePointer();
  return (
    <article className={`grade-card${open ? ' is-open' : ''}`} data-testid="grade-card">
      <button
        type="button"
        className="grade-card-face"
        aria-expanded={open}
        aria-label={t('home.showTracks', { name: course.name })}
        aria-describedby={hint ? hintId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <img src={mediaSrc(course.imageUrl) ?? defaultImage} alt="" loading="lazy" width={320} height={180} />
      </button>
      {/* Open, the band lies over the picture: a tap on it (not on a track) is the second tap that closes. */}
      <div className="grade-tracks" onClick={(e) => e.target === e.currentTarget && setOpen(false)}>
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
        <div className="grade-card-title">
          <h3 dir="auto">{course.name}</h3>
          {hint && (
            <p className="grade-card-hint" id={hintId} dir="auto">
              {mouse ? (open ? t('home.tracksHintClickOpen') : t('home.tracksHintClick')) : open ? t('home.tracksHintOpen') : t('home.tracksHint')}
            </p>
          )}
          {note && (
            <p className="grade-card-hint" data-testid="grade-card-note">
              {note}
            </p>
          )}
        </div>
        {actions}
      </div>
    </article>
  );
}
