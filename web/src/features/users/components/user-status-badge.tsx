import { Badge } from '@aws-amplify/ui-react';
import { useT } from '@/i18n/use-t';

/** A user's status as the table and the student's page show it: admin, blocked or active. */
export function UserStatusBadge({ user }: { user: { role: 'ADMIN' | 'USER'; block: boolean } }) {
  const t = useT();
  return user.role === 'ADMIN' ? (
    <Badge size="small" variation="info">
      {t('users.admin')}
    </Badge>
  ) : user.block ? (
    <Badge size="small" variation="error">
      {t('users.blocked')}
    </Badge>
  ) : (
    <Badge size="small" variation="success">
      {t('users.active')}
    </Badge>
  );
}
