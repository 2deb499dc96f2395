import type { ReactNode } from 'react';
import { useT } from '@/i18n/use-t';
import type { MessageKey } from '@/i18n/en';

const icon = (path: ReactNode) => (
  <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    {path}
  </svg>
);

/** Spec 1: six reasons — lecture explanations, exam solutions, quizzes, revision, anywhere, and follow-up. */
const REASONS: { key: string; icon: ReactNode }[] = [
  { key: 'lectures', icon: icon(<path d="M3 5h18v11H3zM8 20h8M12 16v4M10 8.5v4l3.5-2z" />) },
  { key: 'exams', icon: icon(<path d="M7 3h10v18H7zM10 8h4M10 12h4M9.5 16l1.5 1.5 3-3" />) },
  { key: 'quizzes', icon: icon(<path d="M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.5V14M12 17.5v.01" />) },
  { key: 'revision', icon: icon(<path d="M4 12a8 8 0 0 1 14-5.3L20 9M20 4v5h-5M20 12a8 8 0 0 1-14 5.3L4 15M4 20v-5h5" />) },
  { key: 'anywhere', icon: icon(<path d="M7 2h10v20H7zM11 18h2M3 12h2M19 12h2" />) },
  { key: 'followUp', icon: icon(<path d="M4 5h16v11H9l-5 4zM8 9h8M8 12h5" />) },
];

export function WhySection() {
  const t = useT();
  return (
    <section className="why" aria-labelledby="why-heading">
      <h2 id="why-heading">{t('home.whyTitle')}</h2>
      <ul className="why-grid">
        {REASONS.map((r) => (
          <li key={r.key} className="why-item">
            <span className="why-icon">{r.icon}</span>
            <h3>{t(`home.why.${r.key}` as MessageKey)}</h3>
            <p className="muted">{t(`home.why.${r.key}Text` as MessageKey)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
