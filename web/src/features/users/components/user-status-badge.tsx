import { Badge } from '@aws-amplify/ui-react';
import type { Role } from '@shared/constants';
import { useT } from '@/i18n/use-t';

const VARIATION = { admin: 'info', blocked: 'error', active: 'success', parent: undefined } as const;

/** A user's status as the table and the student's page show it: admin, blocked, parent (issue 43) or active. */
export function UserStatusBadge({ user }: { user: { role: Role; block: boolean } }) {
  const t = useT();
  const status = user.role === 'ADMIN' ? 'admin' : user.block ? 'blocked' : user.role === 'PARENT' ? 'parent' : 'active';
  return (
    <Badge size="small" variation={VARIATION[status]}>
      {t(`users.${status}`)}
    </Badge>
  );
}
