import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the catalogue issue builds this screen (spec 2: /dashboard/section). */
export default function AdminSectionsRoute() {
  return <ComingSoon title="Content sections" issue="catalogue" />;
}
