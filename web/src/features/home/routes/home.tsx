import { type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { useT } from '@/i18n/use-t';
import { selectHasValidToken } from '@/lib/session';
import { RotatingLogo } from '../components/rotating-logo';
import { WhySection } from '../components/why-section';
import { usePageTitle } from '@/lib/page-title';

const QUALIFICATIONS = ['home.qualification1', 'home.qualification2', 'home.qualification3'] as const;

/**
 * Spec 1, 2: hero, why-section and the grades; title 'Bioscope | Home' (meta tags in index.html).
 * The grade cards and 'continue where you stopped' are the catalogue's: the app composes them in
 * (`grades`, `resume`), so home imports no other feature. A signed-in student came for the
 * lectures: the grades (and the last term opened) come first, the hero and the why-section after
 * them (issue 9: on a phone they were about 1,900 px down). Signed out, the order is the spec's.
 */
export default function HomeRoute({ grades, resume }: { grades?: ReactNode; resume?: ReactNode }) {
  const t = useT();
  const signedIn = useSelector(selectHasValidToken);

  usePageTitle(t('title.home'));

  const gradesSection = (
    <section className="grades" aria-labelledby="grades-heading">
      <h2 id="grades-heading" lang="ar">
        {t('home.gradesTitle')}
      </h2>
      {signedIn ? (
        grades
      ) : (
        <p className="notice" lang="ar">
          {t('home.gradesSignedOut')}
        </p>
      )}
    </section>
  );

  return (
    <div className={`home${signedIn ? ' is-signed-in' : ''}`}>
      {signedIn && resume}
      {signedIn && gradesSection}
      <section className="hero">
        <RotatingLogo label={t('appName')} />
        {/* The teacher's texts are Arabic: they read right-to-left in either interface language. */}
        <div className="hero-text" dir="rtl">
          <p className="hero-role">{t('home.teacherRole')}</p>
          <h1 lang="ar">{t('home.teacherName')}</h1>
          <ul className="hero-qualifications" lang="ar">
            {QUALIFICATIONS.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
          <blockquote className="hero-message" lang="ar">
            {t('home.teacherMessage')}
          </blockquote>
          {/* Spec 2: only when no signed-in (valid) token exists. */}
          {!signedIn && (
            <Link to="/auth" className="button button-primary hero-login" lang="ar">
              {t('home.logIn')}
            </Link>
          )}
        </div>
      </section>
      <WhySection />
      {!signedIn && gradesSection}
    </div>
  );
}
