import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { LogoMark } from '@/components/icons';
import { useT } from '@/i18n/use-t';
import { selectHasValidToken } from '@/lib/session';
import { HOME_TEXTS, TEACHER } from '../constants';

/**
 * The minimal home page of the accounts issue; issue 4 replaces it with the full one (rotating
 * logo, why-section, grade cards).
 */
export default function HomeRoute() {
  const t = useT();
  const signedIn = useSelector(selectHasValidToken);

  useEffect(() => {
    document.title = 'Bioscope | Home';
  }, []);

  return (
    <div className="home">
      <section className="hero">
        <div className="hero-logo">
          <LogoMark size={112} />
        </div>
        <div className="hero-text">
          <p className="hero-role">{t('home.teacherRole')}</p>
          <h1 lang="ar">{TEACHER.name}</h1>
          <p className="muted" lang="ar">
            {TEACHER.qualifications}
          </p>
          {/* Spec 2: only when no signed-in (valid) token exists. */}
          {!signedIn && (
            <Link to="/auth" className="button button-primary" lang="ar">
              {HOME_TEXTS.loginButton}
            </Link>
          )}
        </div>
      </section>
      <section className="grades" aria-labelledby="grades-heading">
        <h2 id="grades-heading" lang="ar">
          {HOME_TEXTS.gradesHeading}
        </h2>
        {!signedIn && (
          <p className="notice" lang="ar">
            {HOME_TEXTS.gradesSignedOut}
          </p>
        )}
      </section>
    </div>
  );
}
