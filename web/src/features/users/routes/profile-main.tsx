import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the profile issue builds this screen (spec 2: /profile and /profile/main). */
export default function ProfileMainRoute() {
  return <ComingSoon titleKey="soon.profile" />;
}
