import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the profile issue builds this screen (spec 2: /profile/lecPay). */
export default function PaidLecturesRoute() {
  return <ComingSoon titleKey="soon.paidLectures" />;
}
