import { Badge, Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import { Link, useNavigate } from 'react-router';
import { useT } from '@/i18n/use-t';
import type { UserRow } from '../api/list-users';
import { fullName, phoneText } from '../lib/format';
import type { ActionTarget } from '../lib/use-user-actions';
import { UserActions } from './user-actions';

interface Props {
  users: UserRow[];
  busy: string | null;
  onToggleBlock: (u: ActionTarget) => void;
  onDelete: (u: ActionTarget) => void;
  onAssign: (u: ActionTarget) => void;
}

/**
 * Spec 2: the users table — name (a link to the student's page), e-mail, phone, school year,
 * status and the actions. On a phone each row is a card whose cells carry their column's name.
 */
export function UsersTable({ users, busy, onToggleBlock, onDelete, onAssign }: Props) {
  const t = useT();
  const navigate = useNavigate();
  const cols = {
    name: t('users.colName'),
    email: t('users.colEmail'),
    phone: t('users.colPhone'),
    year: t('users.colYear'),
    status: t('users.colStatus'),
    actions: t('users.colActions'),
  };
  return (
    <div className="data-table-wrap">
      <Table className="data-table stack-on-phone users-table" size="small" highlightOnHover>
        <TableHead>
          <TableRow>
            {Object.values(cols).map((h) => (
              <TableCell as="th" key={h} scope="col">
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((u) => (
            <TableRow
              key={u.id}
              className="clickable-row"
              data-testid="user-row"
              onClick={(e) => {
                if (!(e.target as HTMLElement).closest('a, button')) navigate(`/dashboard/users/${u.id}`);
              }}
            >
              <TableCell data-label={cols.name} className="user-name-cell">
                <Link to={`/dashboard/users/${u.id}`} dir="auto" aria-label={t('users.openNamed', { name: fullName(u) })}>
                  {fullName(u)}
                </Link>
              </TableCell>
              <TableCell data-label={cols.email}>
                <bdi dir="ltr" className="user-email">
                  {u.email}
                </bdi>
              </TableCell>
              <TableCell data-label={cols.phone}>
                <bdi dir="ltr">{phoneText(u.mobileNumber) || '—'}</bdi>
              </TableCell>
              <TableCell data-label={cols.year}>{u.schooleYear ? t(`schoolYear.${u.schooleYear}`) : '—'}</TableCell>
              <TableCell data-label={cols.status}>
                {u.role === 'ADMIN' ? (
                  <Badge size="small" variation="info">
                    {t('users.admin')}
                  </Badge>
                ) : u.block ? (
                  <Badge size="small" variation="error">
                    {t('users.blocked')}
                  </Badge>
                ) : (
                  <Badge size="small" variation="success">
                    {t('users.active')}
                  </Badge>
                )}
              </TableCell>
              <TableCell data-label={cols.actions}>
                <UserActions user={u} busy={busy === u.id} onToggleBlock={onToggleBlock} onDelete={onDelete} onAssign={onAssign} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
