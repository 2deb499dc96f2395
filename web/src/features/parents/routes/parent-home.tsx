import { LoadFailed } from '@/components/load-failed';
import { Spinner } from '@/components/spinner';
import { useT } from '@/i18n/use-t';
import '@/i18n/parents-area';
import { usePageTitle } from '@/lib/page-title';
import { useListChildrenQuery } from '../api/list-children';
import { ChildCard } from '../components/child-card';
import { LinkChildForm } from '../components/link-child-form';
import { ReportSwitches } from '../components/report-switches';
import '../components/parents.css';

/** Issue 43, /parent: the parent's home — a card per linked child, linking another with a code, and the weekly report's switches. */
export default function ParentHomeRoute() {
  const t = useT();
  const children = useListChildrenQuery();
  usePageTitle(t('parentHome.title'));

  return (
    <section className="page parent-page">
      <h1>{t('parentHome.title')}</h1>
      {children.isLoading ? (
        <Spinner />
      ) : !children.data ? (
        <LoadFailed message={t('parentHome.loadFailed')} retryText={t('parentHome.tryAgain')} onRetry={() => void children.refetch()} />
      ) : children.data.length === 0 ? (
        <p className="parent-none">{t('parentHome.none')}</p>
      ) : (
        <div className="child-cards">
          {children.data.map((c) => (
            <ChildCard key={c.id} child={c} />
          ))}
        </div>
      )}
      <div className="parent-panels">
        <LinkChildForm />
        <ReportSwitches />
      </div>
    </section>
  );
}
