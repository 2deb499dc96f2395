import { useEffect } from 'react';

/** A plain page for a screen a later issue builds; it names what is coming and shows no data. */
export function ComingSoon({ title, issue }: { title: string; issue: string }) {
  useEffect(() => {
    document.title = `Bioscope | ${title}`;
  }, [title]);
  return (
    <section className="page coming-soon">
      <h1>{title}</h1>
      <p>
        {title} — coming with the {issue} issue
      </p>
    </section>
  );
}
