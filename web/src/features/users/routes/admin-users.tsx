import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the users issue builds this screen (spec 2: /dashboard/users). */
export default function AdminUsersRoute() {
  return <ComingSoon titleKey="soon.users" />;
}
