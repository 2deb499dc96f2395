import { type MessageKey, useT } from '@/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';

/** A plain page for a screen not built yet: its title and 'not ready yet', in the user's language. */
export function ComingSoon({ titleKey }: { titleKey: MessageKey }) {
  const t = useT();
  const title = t(titleKey);
  usePageTitle(title);
  return (
    <section className="page coming-soon">
      <h1 dir="auto">{title}</h1>
      <p dir="auto">{t('comingSoon')}</p>
    </section>
  );
}
