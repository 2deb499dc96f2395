import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
// The home route composes the catalogue's grade cards (the courses store area is the catalogue's).
import { GradeCards } from '@/features/catalogue/components/grades-section';
import { useT } from '@/i18n/use-t';
import { selectHasValidToken } from '@/lib/session';
import { RotatingLogo } from '../components/rotating-logo';
import { WhySection } from '../components/why-section';
import { HOME_TEXTS, TEACHER } from '../constants';

/** Spec 1, 2: hero, why-section and the grades; title 'Bioscope | Home' (meta tags in index.html). */
export default function HomeRoute() {
  const t = useT();
  const signedIn = useSelector(selectHasValidToken);

  useEffect(() => {
    document.title = 'Bioscope | Home';
  }, []);

  return (
    <div className="home">
      <section className="hero">
        <RotatingLogo label={t('appName')} />
        {/* The teacher's texts are Arabic: they read right-to-left in either interface language. */}
        <div className="hero-text" dir="rtl">
          <p className="hero-role">{t('home.teacherRole')}</p>
          <h1 lang="ar">{TEACHER.name}</h1>
          <ul className="hero-qualifications" lang="ar">
            {TEACHER.qualifications.map((q) => (
              <li key={q}>{q}</li>
            ))}
          </ul>
          <blockquote className="hero-message" lang="ar">
            {TEACHER.message}
          </blockquote>
          {/* Spec 2: only when no signed-in (valid) token exists. */}
          {!signedIn && (
            <Link to="/auth" className="button button-primary hero-login" lang="ar">
              {HOME_TEXTS.loginButton}
            </Link>
          )}
        </div>
      </section>
      <WhySection />
      <section className="grades" aria-labelledby="grades-heading">
        <h2 id="grades-heading" lang="ar">
          {HOME_TEXTS.gradesHeading}
        </h2>
        {signedIn ? (
          <GradeCards />
        ) : (
          <p className="notice" lang="ar">
            {HOME_TEXTS.gradesSignedOut}
          </p>
        )}
      </section>
    </div>
  );
}
