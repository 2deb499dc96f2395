import { Badge } from '@aws-amplify/ui-react';
import { useT } from '@/i18n/use-t';

/**
 * A student as the teacher's tables name them (sales, quiz results): the name isolated for mixed
 * Arabic and Latin text, and a tag when the account has been deleted since (the name is the one kept then).
 */
export function StudentName({ name, deleted }: { name: string; deleted?: boolean }) {
  const t = useT();
  return (
    <>
      <bdi>{name}</bdi>
      {deleted && (
        <>
          {' '}
          <Badge size="small" variation="warning" className="student-deleted">
            {t('admin.deletedStudent')}
          </Badge>
        </>
      )}
    </>
  );
}
