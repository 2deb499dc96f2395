/**
 * /profile as the app composes it: the users feature's account page with the catalogue's data-saver
 * card (issue 44) among its cards. Features do not import each other; the app puts them together.
 */
import ProfileMainRoute from '@/features/users/routes/profile-main';
import { DataSaverCard } from '@/features/catalogue/components/data-saver-card';

export default function ProfilePage() {
  return <ProfileMainRoute dataSaver={<DataSaverCard />} />;
}
