import { useT } from '@/i18n/use-t';

/** Spec 2: /dashboard/users/{id} is a placeholder reading 'UserDetails'. */
export default function AdminUserDetailsRoute() {
  const t = useT();
  return (
    <section className="page">
      <h1>{t('users.detailsPlaceholder')}</h1>
    </section>
  );
}
