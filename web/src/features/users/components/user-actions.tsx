import { TrashIcon } from '@/components/icons';
import type { Role } from '@shared/constants';
import { useT } from '@/i18n/use-t';
import { fullName } from '../lib/format';
import type { ActionTarget } from '../lib/use-user-actions';

interface Props {
  user: ActionTarget & { block: boolean; role: Role };
  busy: boolean;
  onToggleBlock: (u: ActionTarget) => void;
  onDelete: (u: ActionTarget) => void;
  onAssign: (u: ActionTarget) => void;
}

/** Block/unblock, delete and assign lecture for one user; an admin account offers none of them (the server refuses block and delete), a parent no lecture. */
export function UserActions({ user, busy, onToggleBlock, onDelete, onAssign }: Props) {
  const t = useT();
  const name = fullName(user);
  if (user.role === 'ADMIN') return <span className="muted">—</span>;
  return (
    <span className="user-actions">
      <button
        type="button"
        className={`button button-ghost button-small${user.block ? '' : ' is-danger'}`}
        disabled={busy}
        aria-pressed={user.block}
        aria-label={t(user.block ? 'users.unblockNamed' : 'users.blockNamed', { name })}
        onClick={() => onToggleBlock(user)}
      >
        {t(user.block ? 'users.unblock' : 'users.block')}
      </button>
      {user.role === 'PARENT' ? null : (
        <button type="button" className="button button-ghost button-small" aria-label={t('users.assignNamed', { name })} onClick={() => onAssign(user)}>
          {t('users.assign')}
        </button>
      )}
      <button type="button" className="button button-ghost button-small is-danger" disabled={busy} aria-label={t('users.deleteNamed', { name })} onClick={() => onDelete(user)}>
        <TrashIcon /> {t('users.delete')}
      </button>
    </span>
  );
}
