import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the payments issue builds this screen (spec 2: /fail). */
export default function PaymentFailureRoute() {
  return <ComingSoon titleKey="soon.paymentFailed" />;
}
