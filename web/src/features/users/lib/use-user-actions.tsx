import { useState } from 'react';
import { confirm } from '@/components/confirm';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { messageOf } from '@/lib/messages';
import { useBlockUserMutation } from '../api/block-user';
import { useDeleteUserMutation } from '../api/delete-user';
import { AssignLectureModal, type GrantTarget } from '../components/assign-lecture-modal';
import { fullName } from './format';

export interface ActionTarget extends GrantTarget {
  id: string;
}

/**
 * The teacher's three actions on a user, the same from the table and from the student's page:
 * block/unblock (a toggle; 'Failed to block user'), delete after 'Are you sure?' ('User Deleted
 * Successfully' / 'Failed to delete user') and the assign-lecture modal (`modal` renders it).
 */
export function useUserActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const t = useT();
  const [blockUser, block] = useBlockUserMutation();
  const [deleteUser, del] = useDeleteUserMutation();
  const [granting, setGranting] = useState<GrantTarget | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function toggleBlock(u: ActionTarget) {
    setBusy(u.id);
    const result = await blockUser(u.id);
    setBusy(null);
    if ('error' in result) {
      if (!(result.error as ApiFailure).handled) void toastError(messageOf(result.error, t, 'users.blockFailed'));
      return;
    }
    void toastSuccess(t(result.data.data.block ? 'users.nowBlocked' : 'users.nowUnblocked', { name: fullName(u) }));
  }

  async function remove(u: ActionTarget) {
    if (!(await confirm())) return;
    setBusy(u.id);
    const result = await deleteUser(u.id);
    setBusy(null);
    if ('error' in result) {
      if (!(result.error as ApiFailure).handled) void toastError(messageOf(result.error, t, 'users.deleteFailed'));
      return;
    }
    void toastSuccess(t('users.deleted'));
    onDeleted?.();
  }

  return {
    toggleBlock: (u: ActionTarget) => void toggleBlock(u),
    remove: (u: ActionTarget) => void remove(u),
    assign: (u: GrantTarget) => setGranting(u),
    /** The id of the user whose block or delete is under way. */
    busy: block.isLoading || del.isLoading ? busy : null,
    modal: granting ? <AssignLectureModal user={granting} onClose={() => setGranting(null)} /> : null,
  };
}
