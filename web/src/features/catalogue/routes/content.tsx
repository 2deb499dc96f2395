import { skipToken } from '@reduxjs/toolkit/query';
import { type ReactNode, useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { Lecture } from '@shared/schemas/catalogue';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Spinner } from '@/components/spinner';
import { toastError } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import type { ApiFailure } from '@/lib/api';
import { messageOf } from '@/lib/messages';
import { selectUser } from '@/lib/session';
import { useListLecturesQuery } from '../api/list-lectures';
import { useListSectionsQuery } from '../api/list-sections';
import { isFreeLecture, LectureCard } from '../components/lecture-card';
import { SectionTabs } from '../components/section-tabs';
import { ListFailed } from '../components/list-failed';
import { saveLastVisit } from '../lib/last-visit';
import { crumbsOf, extendTrail, readTrail, type Trail } from '../lib/nav-state';
import { purchaseTrail } from '../lib/purchase-trail';
import { useFailureToast, viewOf, wasHandled } from '../lib/query-view';
import { usePageTitle } from '@/lib/page-title';

/** A Quiz section's items: the app gives the quizzes feature's list (features do not import each other). */
export type QuizSectionSlot = (contentId: string) => ReactNode;
/** Above the sections: the app gives the payments feature's whole-term offer. */
export type TermOfferSlot = (termId: string) => ReactNode;

/**
 * Spec 2: the content sections of a term (menu) and the selected section's lectures (grid); a
 * 'Quiz' section shows what `quizSection` renders (app/content-page.tsx: its quizzes), and above them
 * what `termOffer` renders (the whole-term bundle) once the term has opened.
 */
export default function ContentRoute({ quizSection, termOffer }: { quizSection?: QuizSectionSlot; termOffer?: TermOfferSlot }) {
  const t = useT();
  const navigate = useNavigate();
  const trail = readTrail(useLocation().state);
  const termId = trail?.breadcrumb.at(-1)?.termId;
  const sectionsQuery = useListSectionsQuery(termId ?? skipToken);
  const sections = viewOf(sectionsQuery);
  const [picked, setPicked] = useState<string>();
  const selected = sections.data?.find((s) => s.id === picked) ?? sections.data?.[0];

  usePageTitle(t('title.content'));

  // The term opened: the signed-in home offers it back ('continue where you stopped').
  const userId = useSelector(selectUser)?.id;
  const opened = sectionsQuery.isSuccess;
  useEffect(() => {
    if (opened && userId && trail) saveLastVisit(userId, trail);
  }, [opened, userId, trail]);

  // A locked term (403) or any other failure: say so, and go back where the student came from.
  const { isError, error } = sectionsQuery;
  useEffect(() => {
    if (!isError) return;
    if (!wasHandled(error)) void toastError(messageOf(error, t, 'cat.genericError'));
    if ((error as ApiFailure).status === 403) navigate(-1);
    // Once per failure; a language switch does not replay it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError, error, navigate]);

  if (!trail || !termId) return <Navigate to="/" replace />;

  return (
    <section className="page">
      <Breadcrumbs items={crumbsOf(trail)} />
      {sectionsQuery.isSuccess && termOffer?.(termId)}
      {sections.status === 'loading' ? (
        <Spinner label={t('loading')} />
      ) : sections.status === 'failed' && !sections.data ? (
        <ListFailed onRetry={sectionsQuery.refetch} />
      ) : !sections.data?.length ? (
        <p className="notice" lang="ar">
          {t('cat.noContent')}
        </p>
      ) : (
        <div className="content-layout">
          <SectionTabs sections={sections.data} selected={selected?.id} onSelect={setPicked} label={t('cat.sections')} />
          <div className="content-items">{selected && <SectionLectures key={selected.id} contentId={selected.id} isQuiz={selected.content === 'Quiz'} trail={trail} quizSection={quizSection} />}</div>
        </div>
      )}
    </section>
  );
}

function SectionLectures({ contentId, isQuiz, trail, quizSection }: { contentId: string; isQuiz: boolean; trail: Trail; quizSection?: QuizSectionSlot }) {
  const t = useT();
  const lecturesQuery = useListLecturesQuery(isQuiz ? skipToken : contentId);
  const lectures = viewOf(lecturesQuery);
  useFailureToast(lecturesQuery);

  // A Quiz section lists its quizzes (the slot); without one it says so plainly.
  if (isQuiz) return quizSection ? quizSection(contentId) : <p className="notice">{t('cat.quizSection')}</p>;
  if (lectures.status === 'loading') return <Spinner label={t('loading')} />;
  if (lectures.status === 'failed' && !lectures.data) return <ListFailed onRetry={lecturesQuery.refetch} />;
  if (!lectures.data?.length)
    return (
      <p className="notice" lang="ar">
        {t('cat.noContent')}
      </p>
    );
  return (
    <div className="lecture-grid">
      {lectures.data.map((lecture) => (
        <LectureTile key={lecture.id} lecture={lecture} trail={trail} />
      ))}
    </div>
  );
}

/** Spec 4: free or owned lectures open; paid ones lead to the purchase screen. */
function LectureTile({ lecture, trail }: { lecture: Lecture; trail: Trail }) {
  const t = useT();
  const opens = isFreeLecture(lecture) || lecture.canWatch === true;
  const name = lecture.lectureName || lecture.name;
  const to = opens ? `/lec/${lecture.id}` : '/pay';
  const state = opens ? extendTrail(trail, { name, url: `/lec/${lecture.id}` }, '/content') : purchaseTrail(trail, lecture, '/content');
  return (
    <Link to={to} state={state} className="lecture-link" aria-label={t('cat.lectureAction', { name, action: opens ? t('cat.watch') : t('cat.buy') })}>
      <LectureCard
        lecture={lecture}
        badge={!isFreeLecture(lecture) && lecture.canWatch ? <span className="badge">{t('cat.owned')}</span> : undefined}
        footer={<span className={`lecture-cta${opens ? '' : ' is-buy'}`}>{opens ? t('cat.watch') : t('cat.buy')}</span>}
      />
    </Link>
  );
}
