/**
 * /dashboard/preview as the app composes it: the catalogue's section preview with the quizzes
 * feature's assigned quizzes and 'Assign Quiz' for a 'Quiz' section.
 */
import AdminPreviewRoute from '@/features/catalogue/routes/admin-preview';
import { AssignedQuizzes } from '@/features/quizzes/components/assigned-quizzes';

const quizPanel = (contentId: string) => <AssignedQuizzes contentId={contentId} />;

export default function AdminPreviewPage() {
  return <AdminPreviewRoute quizPanel={quizPanel} />;
}
