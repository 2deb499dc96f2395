import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the profile issue builds this screen (spec 2: /profile/edit). */
export default function ProfileEditRoute() {
  return <ComingSoon titleKey="soon.profileEdit" />;
}
