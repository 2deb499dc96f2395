import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirm } from '@/components/confirm';
import { TextField } from '@/components/fields';
import { PlusIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { toast, toastError } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { type QuizSummary, useListQuizzesQuery } from '@/lib/endpoints/list-quizzes';
import { errorBodyOf } from '@/lib/messages';
import { useDeleteQuizMutation } from '../api/delete-quiz';
import { getQuizApi } from '../api/get-quiz';
import { AdminQuizCard } from '../components/admin-quiz-card';
import { AdminQuizEditor } from '../components/admin-quiz-editor';
import { matchesTitle } from '../lib/admin-quiz-list';
import '../components/admin-quizzes.css';
import '@/i18n/quiz-area';
import { usePageTitle } from '@/lib/page-title';

/**
 * Spec 2: /dashboard/quizzes, 'Manage All Quizzes': search, Refresh, Create New Quiz and the quiz
 * cards; ?quiz=new or ?quiz=<id> is the create/edit view (Back returns to the list).
 */
export default function AdminQuizzesRoute() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const editing = params.get('quiz');
  const quizzes = useListQuizzesQuery();
  const [deleteQuiz] = useDeleteQuizMutation();
  const [loadQuiz] = getQuizApi.useLazyGetQuizQuery();
  const [query, setQuery] = useState('');
  const list = useMemo(() => (quizzes.data ?? []).filter((q) => matchesTitle(q, query)), [quizzes.data, query]);

  usePageTitle(t('title.quizzes'));

  const open = (quiz: string | null) => setParams(quiz ? { quiz } : {});

  async function onDelete(quiz: QuizSummary) {
    // The confirm says how many videos use the quiz (their gate is lifted by the delete).
    const whole = await loadQuiz(quiz.id).unwrap().catch(() => undefined);
    const videos = whole && 'videoCount' in whole ? whole.videoCount : 0;
    const text = videos === 0 ? undefined : videos === 1 ? t('quizAdmin.videosUseOne') : t('quizAdmin.videosUse', { count: videos });
    if (!(await confirm({ text }))) return;
    const result = await deleteQuiz(quiz.id);
    if (result.error) {
      if (!(result.error as ApiFailure).handled) void toastError(t('quizAdmin.deleteFailed'));
      return;
    }
    const unlocked = result.data.videosUnlocked;
    void toast({ icon: 'success', title: t('quizAdmin.deleted'), text: unlocked ? t('quizAdmin.deletedUnlocked', { count: unlocked }) : undefined });
  }

  if (editing) return <AdminQuizEditor quizId={editing === 'new' ? undefined : editing} onBack={() => open(null)} />;

  const failure = quizzes.isError ? errorBodyOf(quizzes.error)?.message : undefined;
  return (
    <section className="page quiz-admin">
      <div className="page-head">
        <h1>{t('quizAdmin.pageTitle')}</h1>
        <div className="card-actions">
          <button type="button" className="button button-ghost" onClick={() => void quizzes.refetch()} disabled={quizzes.isFetching}>
            {t('quizAdmin.refresh')}
          </button>
          <button type="button" className="button button-primary" onClick={() => open('new')}>
            <PlusIcon /> {t('quizAdmin.create')}
          </button>
        </div>
      </div>
      <TextField
        className="quiz-search"
        type="search"
        label={t('quizAdmin.searchLabel')}
        labelHidden
        placeholder={t('quizAdmin.search')}
        dir="auto"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {quizzes.isLoading ? (
        <Spinner />
      ) : quizzes.isError ? (
        <p className="notice field-error" role="alert" dir="auto">
          {typeof failure === 'string' && failure ? t('quizAdmin.errorPrefix', { message: failure }) : t('quizAdmin.loadFailed')}
        </p>
      ) : list.length === 0 ? (
        <p className="notice" dir="auto">
          {query.trim() && quizzes.data?.length ? t('quizAdmin.noMatch', { query: query.trim() }) : t('quizAdmin.empty')}
        </p>
      ) : (
        <div className="quiz-grid">
          {list.map((quiz) => (
            <AdminQuizCard key={quiz.id} quiz={quiz} onEdit={() => open(quiz.id)} onDelete={() => void onDelete(quiz)} />
          ))}
        </div>
      )}
    </section>
  );
}
