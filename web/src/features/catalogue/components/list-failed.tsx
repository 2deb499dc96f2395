import { LoadFailed } from '@/components/load-failed';
import { useT } from '@/i18n/use-t';

/**
 * A catalogue list that did not load (a dropped connection, a server error): it says so and offers
 * to load it again — never "no content", which a student on a thin bundle would take for an empty
 * course, nor the teacher's "no courses yet". The failure's toast (spec 4) still comes.
 */
export function ListFailed({ onRetry }: { onRetry: () => unknown }) {
  const t = useT();
  return <LoadFailed message={t('cat.listFailed')} retryText={t('cat.tryAgain')} onRetry={() => void onRetry()} />;
}
