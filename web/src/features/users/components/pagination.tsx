import { useT } from '@/i18n/use-t';
import { pageWindow } from '../lib/page-window';

/**
 * Spec 9: previous, a window of up to PAGINATION_WINDOW page numbers, next. (The design library's
 * Pagination always adds the first and last page with ellipses; the spec's window is this one.)
 */
export function Pagination({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('users.pages')}>
      <button type="button" className="button button-ghost pager-step" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <span aria-hidden="true">‹</span> {t('users.previous')}
      </button>
      <ol>
        {pageWindow(page, pages).map((n) => (
          <li key={n}>
            <button
              type="button"
              className={`button pager-number${n === page ? ' button-primary' : ' button-ghost'}`}
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('users.page', { n })}
              onClick={() => n !== page && onChange(n)}
            >
              {n}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button button-ghost pager-step" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('users.next')} <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
