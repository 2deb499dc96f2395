import { useEffect } from 'react';
import { useT } from '@/i18n/use-t';

/** A plain page for a screen a later issue builds; it names what is coming and shows no data. */
export function ComingSoon({ title, issue }: { title: string; issue: string }) {
  const t = useT();
  useEffect(() => {
    document.title = `Bioscope | ${title}`;
  }, [title]);
  return (
    <section className="page coming-soon">
      <h1 dir="auto">{title}</h1>
      <p dir="auto">{t('comingSoon', { title, issue })}</p>
    </section>
  );
}
