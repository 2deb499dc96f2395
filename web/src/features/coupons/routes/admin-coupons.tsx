import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the coupons issue builds this screen (spec 2: /dashboard/Cuppons). */
export default function AdminCouponsRoute() {
  return <ComingSoon titleKey="soon.coupons" />;
}
