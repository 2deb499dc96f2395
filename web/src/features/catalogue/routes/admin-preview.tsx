import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the catalogue issue builds this screen (spec 2: /dashboard/preview). */
export default function AdminPreviewRoute() {
  return <ComingSoon title="Section preview" issue="catalogue" />;
}
