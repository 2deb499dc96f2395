import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the catalogue issue builds this screen (spec 2: /term). */
export default function TermsRoute() {
  return <ComingSoon title="Terms" issue="catalogue" />;
}
