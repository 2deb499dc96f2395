import { Badge } from '@aws-amplify/ui-react';
import { useT } from '@/i18n/use-t';
import '@/i18n/devices-area';

/** Issue 41: a student whose account was refused devices or had videos taken over more than the teacher's threshold in 7 days. */
export function SharingFlag() {
  const t = useT();
  return (
    <Badge size="small" variation="warning" className="sharing-flag" title={t('usersFlag.title')} data-testid="sharing-flag">
      {t('usersFlag.badge')}
    </Badge>
  );
}
