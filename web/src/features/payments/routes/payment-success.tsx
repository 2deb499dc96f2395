import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the payments issue builds this screen (spec 2: /temp). */
export default function PaymentSuccessRoute() {
  return <ComingSoon titleKey="soon.paymentSucceeded" />;
}
