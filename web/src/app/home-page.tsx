/**
 * The home page as the app composes it: the home feature's page with the catalogue's grade
 * cards in its grades section and its 'continue where you stopped' above them. Features do not
 * import each other; the app puts them together.
 */
import { ContinueCard } from '@/features/catalogue/components/continue-card';
import { GradeCards } from '@/features/catalogue/components/grades-section';
import HomeRoute from '@/features/home/routes/home';

export default function HomePage() {
  return <HomeRoute grades={<GradeCards />} resume={<ContinueCard />} />;
}
