import type { ReactNode } from 'react';
import { isFreePrice } from '@shared/constants';
import type { Lecture } from '@shared/schemas/catalogue';
import defaultImage from '../../../assets/course-default.svg';
import { mediaSrc } from '../lib/media';
import { useT } from '@/i18n/use-t';

export const isFreeLecture = (l: Pick<Lecture, 'isFree' | 'price'>) => l.isFree || isFreePrice(l.price);

/** Photo, name, subtitle and price; `badge` and `footer` are the screen's own (owned, edit/delete). */
export function LectureCard({ lecture, badge, footer }: { lecture: Lecture; badge?: ReactNode; footer?: ReactNode }) {
  const t = useT();
  const free = isFreeLecture(lecture);
  return (
    <article className="lecture-card" data-testid="lecture-card">
      <div className="lecture-card-photo">
        <img src={mediaSrc(lecture.photoUrl) ?? defaultImage} alt="" loading="lazy" width={320} height={180} />
        {badge}
      </div>
      <div className="lecture-card-body">
        <h3 dir="auto">{lecture.lectureName || lecture.name}</h3>
        <p className="muted" dir="auto">
          {lecture.subTitle}
        </p>
        <p className={`price${free ? ' is-free' : ''}`}>
          {/* Spec 9: currency shown as LE (ج.م in Arabic); a free lecture says 'free'. */}
          <bdi dir="ltr">{free ? t('cat.free') : `${lecture.price} ${t('currency')}`}</bdi>
        </p>
      </div>
      {footer}
    </article>
  );
}
