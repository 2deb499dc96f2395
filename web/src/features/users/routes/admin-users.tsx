import { useState } from 'react';
import { MIN_SEARCH_CHARS, searchTooShort } from '@shared/search-text';
import { TextField } from '@/components/fields';
import { Spinner } from '@/components/spinner';
import { useT } from '@/i18n/use-t';
import '@/i18n/users-area';
import '@/i18n/devices-area';
import { failureText } from '../lib/failure-text';
import { useListUsersQuery } from '../api/list-users';
import { Pagination } from '../components/pagination';
import { UsersTable } from '../components/users-table';
import { useDebounced } from '../lib/use-debounced';
import { useExportUsers } from '../lib/use-export-users';
import { useUserActions } from '../lib/use-user-actions';
import '../components/users.css';
import '../components/devices.css';
import { usePageTitle } from '@/lib/page-title';

/**
 * Spec 2: /dashboard/users — search by name, phone or e-mail (asked once the typing pauses and it
 * has a word of MIN_SEARCH_CHARS, as the server requires), the table newest first in pages of
 * USERS_PAGE_SIZE with a window of page numbers (spec 9), block, delete and the assign-lecture
 * modal; a row opens the student's page. A search at a big school may answer "at least N": the
 * count says so and the pager reaches the matches found. Issue 41: a filter keeps the students
 * flagged for sharing.
 */
export default function AdminUsersRoute() {
  const t = useT();
  const [typed, setTyped] = useState('');
  const settled = useDebounced(typed.trim());
  const tooShort = searchTooShort(settled);
  const search = tooShort ? '' : settled;
  // A new search starts at its first page.
  // Issue 41: only the students flagged for sharing.
  const [flagged, setFlagged] = useState(false);
  // Issue 42: the latest active first instead of the newest.
  const [lastActive, setLastActive] = useState(false);
  // Issue 43: only the parents (then the two above do not apply).
  const [parents, setParents] = useState(false);
  const [paging, setPaging] = useState({ search: '', flagged: false, lastActive: false, parents: false, page: 1 });
  const page = paging.search === search && paging.flagged === flagged && paging.lastActive === lastActive && paging.parents === parents ? paging.page : 1;
  const setPage = (n: number) => setPaging({ search, flagged, lastActive, parents, page: n });
  const users = useListUsersQuery(parents ? { search, page, parents } : { search, page, flagged, lastActive });
  // The last row of a page deleted: show the page before it.
  const exporter = useExportUsers(search, parents);
  const actions = useUserActions({ onDeleted: () => page > 1 && users.data?.data.length === 1 && setPage(page - 1) });

  usePageTitle(t('title.users'));

  const pages = users.data?.pages ?? 0;
  const rows = users.data?.data ?? [];
  const total = users.data?.total ?? 0;
  const countText = users.data?.totalIsLowerBound ? t('users.countAtLeast', { total }) : total === 1 ? t('users.countOne') : t('users.count', { total });
  return (
    <section className="page users-page">
      <div className="page-head">
        <h1>{t('users.title')}</h1>
        {users.data ? (
          <span className="muted" data-testid="users-count">
            {countText}
          </span>
        ) : null}
        {rows.length ? (
          <button type="button" className="button button-ghost users-export" disabled={exporter.busy} aria-busy={exporter.busy} onClick={() => void exporter.exportUsers()}>
            {t('users.exportCsv')}
          </button>
        ) : null}
      </div>
      <TextField
        className="users-search"
        type="search"
        inputMode="search"
        label={t('users.search')}
        placeholder={t('users.searchPlaceholder')}
        value={typed}
        dir="auto"
        autoComplete="off"
        descriptiveText={tooShort ? t('users.searchTooShort', { min: MIN_SEARCH_CHARS }) : undefined}
        onChange={(e) => setTyped(e.target.value)}
      />
      <label className="users-flag-filter">
        <input type="checkbox" checked={flagged && !parents} disabled={parents} onChange={(e) => setFlagged(e.target.checked)} />
        <span>{t('usersFlag.filter')}</span>
      </label>
      <label className="users-flag-filter">
        <input type="checkbox" checked={lastActive && !parents} disabled={parents} onChange={(e) => setLastActive(e.target.checked)} />
        <span>{t('watch.sortLastActive')}</span>
      </label>
      <label className="users-flag-filter">
        <input type="checkbox" checked={parents} onChange={(e) => setParents(e.target.checked)} />
        <span>{t('users.parentsOnly')}</span>
      </label>
      {users.isLoading ? (
        <Spinner />
      ) : users.isError && !users.data ? (
        <div className="notice" role="alert">
          <p dir="auto">{failureText(users.error, t, 'users.loadFailed')}</p>
          <button type="button" className="button button-primary" onClick={() => void users.refetch()}>
            {t('users.tryAgain')}
          </button>
        </div>
      ) : rows.length === 0 ? (
        <p className="notice" dir="auto">
          {search ? t('users.noMatch', { search }) : parents ? t('users.noParents') : t('users.empty')}
        </p>
      ) : (
        <div className={users.isFetching ? 'is-refreshing' : undefined} aria-busy={users.isFetching}>
          <UsersTable users={rows} busy={actions.busy} onToggleBlock={actions.toggleBlock} onDelete={actions.remove} onAssign={actions.assign} />
          <Pagination page={page} pages={pages} onChange={setPage} />
        </div>
      )}
      {actions.modal}
    </section>
  );
}
