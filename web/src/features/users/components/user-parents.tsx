import { useState } from 'react';
import { confirm } from '@/components/confirm';
import { LoadFailed } from '@/components/load-failed';
import { toastError, toastSuccess } from '@/components/toast';
import { useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/parents-area';
import type { ApiFailure } from '@/lib/api';
import type { LinkedParent } from '@/lib/parent-routes';
import { useListUserParentsQuery } from '../api/list-user-parents';
import { useUnlinkParentMutation } from '../api/unlink-parent';
import { dayText, fullName, phoneText } from '../lib/format';

/** Issue 43, the teacher's student page: the student's parents, each unlinked after a confirm. */
export function UserParents({ userId }: { userId: string }) {
  const t = useT();
  const language = useLanguage();
  const parents = useListUserParentsQuery(userId);
  const [unlink] = useUnlinkParentMutation();
  const [busy, setBusy] = useState<string | null>(null);

  async function onUnlink(p: LinkedParent) {
    const name = fullName(p);
    if (!(await confirm({ title: t('userParents.confirm', { name }), text: '', confirmButtonText: t('userParents.unlink') }))) return;
    setBusy(p.id);
    const result = await unlink({ userId, parentId: p.id });
    setBusy(null);
    if ('error' in result) {
      if (!(result.error as ApiFailure).handled) void toastError(t('userParents.failed'));
      return;
    }
    void toastSuccess(t('userParents.unlinked'));
  }

  return (
    <div className="user-parents" data-testid="user-parents">
      {parents.isLoading ? null : !parents.data ? (
        <LoadFailed message={t('userParents.loadFailed')} retryText={t('users.tryAgain')} onRetry={() => void parents.refetch()} />
      ) : parents.data.length === 0 ? (
        <p className="muted">{t('userParents.none')}</p>
      ) : (
        <ul className="user-parent-list">
          {parents.data.map((p) => (
            <li key={p.id} className="people-card user-parent" data-testid="parent-row">
              <div className="user-parent-facts">
                <strong dir="auto">{fullName(p)}</strong>
                <span dir="ltr">{p.email}</span>
                {p.mobileNumber && <span dir="ltr">{phoneText(p.mobileNumber)}</span>}
                <span className="muted">{t('userParents.linked', { date: dayText(p.linkedAt, language) })}</span>
              </div>
              <button
                type="button"
                className="button button-ghost button-small is-danger"
                disabled={busy === p.id}
                aria-label={t('userParents.unlinkLabel', { name: fullName(p) })}
                onClick={() => void onUnlink(p)}
              >
                {t('userParents.unlink')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
