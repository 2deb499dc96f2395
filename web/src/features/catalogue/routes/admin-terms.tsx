import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the catalogue issue builds this screen (spec 2: /dashboard/terms). */
export default function AdminTermsRoute() {
  return <ComingSoon title="Course terms" issue="catalogue" />;
}
