import { Link } from 'react-router';
import { useT } from '@/i18n/use-t';

export interface Crumb {
  name: string;
  url?: string;
  /** Navigation state that reopens `url` (the catalogue screens need theirs). */
  state?: unknown;
}

/** Spec 2: breadcrumbs start with a Home link to /. The last crumb is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useT();
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs')}>
      <ol>
        <li>
          <Link to="/">{t('nav.home')}</Link>
        </li>
        {items.map((c, i) => (
          <li key={`${c.name}-${i}`} aria-current={i === items.length - 1 ? 'page' : undefined}>
            {c.url && i < items.length - 1 ? (
              <Link to={c.url} state={c.state}>
                <bdi>{c.name}</bdi>
              </Link>
            ) : (
              <bdi>{c.name}</bdi>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
