import { useState } from 'react';
import { toastError } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { download } from '@/lib/csv';
import { useAppDispatch } from '@/stores/hooks';
import { listUsersApi, type UserRow } from '../api/list-users';
import { usersCsv, usersCsvName } from './users-csv';

/** The most the server gives in one page: the export reads the list 100 at a time. */
const EXPORT_PAGE = 100;

/**
 * "Export CSV" on /dashboard/users: every page of the list the table shows (the same search, the parents only when so filtered), read
 * from the same API in pages of EXPORT_PAGE, then saved as one file. Made in the browser, so the
 * search keeps one implementation (the server's) and no route builds files.
 */
export function useExportUsers(search: string, parents = false) {
  const t = useT();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  async function exportUsers() {
    setBusy(true);
    try {
      const all: UserRow[] = [];
      for (let page = 1; ; page++) {
        const data = await dispatch(listUsersApi.endpoints.listUsers.initiate({ search, page, limit: EXPORT_PAGE, parents }, { subscribe: false, forceRefetch: true })).unwrap();
        all.push(...data.data);
        if (page >= data.pages || data.data.length < EXPORT_PAGE) break;
      }
      const headers = (['firstName', 'lastName', 'email', 'phone', 'schoolYear', 'status', 'joined', 'lastSignIn'] as const).map((k) => t(`users.csv.${k}`));
      download(usersCsv(all, { headers, blocked: t('users.blocked'), active: t('users.active') }), usersCsvName());
    } catch {
      void toastError(t('users.exportFailed'));
    } finally {
      setBusy(false);
    }
  }
  return { exportUsers, busy };
}
