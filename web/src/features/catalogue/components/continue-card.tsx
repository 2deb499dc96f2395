import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { useT } from '@/i18n/use-t';
import { selectUser } from '@/lib/session';
import { readLastVisit } from '../lib/last-visit';

/** The signed-in home's 'Continue where you stopped': the last term opened, one tap away. */
export function ContinueCard() {
  const t = useT();
  const userId = useSelector(selectUser)?.id;
  const visit = useMemo(() => readLastVisit(userId), [userId]);
  if (!visit) return null;
  const [, grade, term] = visit.trail.breadcrumb;
  return (
    <Link to="/content" state={visit.trail} className="continue-card" data-testid="continue-card">
      <span className="continue-label">{t('home.continue')}</span>
      <span className="continue-place" dir="auto">
        {grade?.name}
      </span>
      <span className="continue-term" dir="auto">
        {term?.name}
      </span>
    </Link>
  );
}
