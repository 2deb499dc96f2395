import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the payments issue builds this screen (spec 2: /pay). */
export default function PayRoute() {
  return <ComingSoon titleKey="soon.pay" />;
}
