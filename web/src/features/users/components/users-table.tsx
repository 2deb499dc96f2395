import { Link, useNavigate } from 'react-router';
import { type DataColumn, DataTable } from '@/components/data-table';
import { useT } from '@/i18n/use-t';
import type { UserRow } from '../api/list-users';
import { fullName, phoneText } from '../lib/format';
import type { ActionTarget } from '../lib/use-user-actions';
import { SharingFlag } from './sharing-flag';
import { UserActions } from './user-actions';
import { UserStatusBadge } from './user-status-badge';

interface Props {
  users: UserRow[];
  busy: string | null;
  onToggleBlock: (u: ActionTarget) => void;
  onDelete: (u: ActionTarget) => void;
  onAssign: (u: ActionTarget) => void;
}

/**
 * Spec 2: the users table — name (a link to the student's page), e-mail, phone, school year,
 * status and the actions; a student flagged for sharing carries a badge (issue 41). On a phone each row is a card whose cells carry their column's name.
 */
export function UsersTable({ users, busy, onToggleBlock, onDelete, onAssign }: Props) {
  const t = useT();
  const navigate = useNavigate();
  const columns: DataColumn<UserRow>[] = [
    {
      header: t('users.colName'),
      className: 'user-name-cell',
      cell: (u) => (
        <>
          <Link to={`/dashboard/users/${u.id}`} dir="auto" aria-label={t('users.openNamed', { name: fullName(u) })}>
            {fullName(u)}
          </Link>
          {'flagged' in u && u.flagged === true && <SharingFlag />}
        </>
      ),
    },
    {
      header: t('users.colEmail'),
      cell: (u) => (
        <bdi dir="ltr" className="user-email">
          {u.email}
        </bdi>
      ),
    },
    { header: t('users.colPhone'), cell: (u) => <bdi dir="ltr">{phoneText(u.mobileNumber) || '—'}</bdi> },
    { header: t('users.colYear'), cell: (u) => (u.schooleYear ? t(`schoolYear.${u.schooleYear}`) : '—') },
    { header: t('users.colStatus'), cell: (u) => <UserStatusBadge user={u} /> },
    { header: t('users.colActions'), cell: (u) => <UserActions user={u} busy={busy === u.id} onToggleBlock={onToggleBlock} onDelete={onDelete} onAssign={onAssign} /> },
  ];
  return <DataTable columns={columns} rows={users} rowKey={(u) => u.id} className="users-table" highlightOnHover rowTestId="user-row" onOpenRow={(u) => navigate(`/dashboard/users/${u.id}`)} />;
}
