import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the catalogue issue builds this screen (spec 2: /content). */
export default function ContentRoute() {
  return <ComingSoon title="Content sections" issue="catalogue" />;
}
