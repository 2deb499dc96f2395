/**
 * Every route of spec section 2. Screens are lazy so the first load carries only the shell;
 * a later issue replaces a placeholder file in features/<domain>/routes/ in place.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Spinner } from '@/components/spinner';
import { RequireSession } from './guards';
import { AdminLayout } from './layouts/admin-layout';
import { MainLayout } from './layouts/main-layout';

const page = (Component: LazyExoticComponent<ComponentType>) => <Component />;

/**
 * A lazy screen that can be loaded ahead: once `preload()` has settled, the screen renders in the
 * first pass (a thenable that calls back at once resolves React.lazy synchronously) instead of
 * showing the fallback while its chunk loads.
 */
function preloadable(load: () => Promise<{ default: ComponentType }>) {
  let loaded: { default: ComponentType } | undefined;
  const Screen = lazy(() => (loaded ? ({ then: (done: (m: { default: ComponentType }) => void) => done(loaded!) } as unknown as Promise<{ default: ComponentType }>) : load()));
  const preload = () => load().then((m) => (loaded = m));
  return Object.assign(Screen, { preload });
}

/**
 * The home screen, loadable before the first render: `/` arrives prerendered (web/build/prerender.ts)
 * and main.tsx loads this before React takes the page over, so the prerender is replaced by the same
 * page, never by a spinner.
 */
export const homeScreen = preloadable(() => import('./home-page'));

const screens = {
  home: homeScreen,
  authLayout: lazy(() => import('@/features/auth/routes/auth-layout')),
  login: lazy(() => import('@/features/auth/routes/login')),
  registration: lazy(() => import('@/features/auth/routes/registration')),
  forgotPassword: lazy(() => import('@/features/auth/routes/forgot-password')),
  verification: lazy(() => import('@/features/auth/routes/verification')),
  reset: lazy(() => import('@/features/auth/routes/reset')),
  success: lazy(() => import('@/features/auth/routes/success')),
  googleCallback: lazy(() => import('@/features/auth/routes/google-callback')),
  terms: lazy(() => import('@/features/catalogue/routes/terms')),
  content: lazy(() => import('./content-page')),
  lecture: lazy(() => import('@/features/catalogue/routes/lecture')),
  quiz: lazy(() => import('@/features/quizzes/routes/quiz')),
  pay: lazy(() => import('@/features/payments/routes/pay')),
  paymentSuccess: lazy(() => import('@/features/payments/routes/payment-success')),
  paymentFailure: lazy(() => import('@/features/payments/routes/payment-failure')),
  contact: lazy(() => import('@/features/messages/routes/contact')),
  profileMain: lazy(() => import('@/features/users/routes/profile-main')),
  paidLectures: lazy(() => import('@/features/payments/routes/paid-lectures')),
  profileEdit: lazy(() => import('@/features/users/routes/profile-edit')),
  adminCourses: lazy(() => import('@/features/catalogue/routes/admin-courses')),
  adminTerms: lazy(() => import('@/features/catalogue/routes/admin-terms')),
  adminSections: lazy(() => import('@/features/catalogue/routes/admin-sections')),
  adminPreview: lazy(() => import('./admin-preview-page')),
  adminUsers: lazy(() => import('@/features/users/routes/admin-users')),
  adminUserDetails: lazy(() => import('@/features/users/routes/admin-user-details')),
  adminMessages: lazy(() => import('@/features/messages/routes/admin-messages')),
  adminQuizzes: lazy(() => import('@/features/quizzes/routes/admin-quizzes')),
  adminQuizResults: lazy(() => import('@/features/quizzes/routes/admin-quiz-results')),
  adminCoupons: lazy(() => import('@/features/coupons/routes/admin-coupons')),
  adminSales: lazy(() => import('@/features/payments/routes/admin-sales')),
};

const toHome = <Navigate to="/" replace />;

export const routes: RouteObject[] = [
  {
    path: '/auth',
    element: <Suspense fallback={<Spinner />}>{page(screens.authLayout)}</Suspense>,
    children: [
      { index: true, element: page(screens.login) },
      { path: 'login', element: page(screens.login) },
      { path: 'registeration', element: page(screens.registration) },
      { path: 'forgotPassword', element: page(screens.forgotPassword) },
      { path: 'verification', element: page(screens.verification) },
      { path: 'reset', element: page(screens.reset) },
      { path: 'success', element: page(screens.success) },
      { path: '*', element: toHome },
    ],
  },
  { path: '/auth/google/callback', element: <Suspense fallback={<Spinner />}>{page(screens.googleCallback)}</Suspense> },
  {
    path: '/dashboard',
    element: <RequireSession admin />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          { index: true, element: page(screens.adminCourses) },
          { path: 'terms', element: page(screens.adminTerms) },
          { path: 'section', element: page(screens.adminSections) },
          { path: 'preview', element: page(screens.adminPreview) },
          { path: 'users', element: page(screens.adminUsers) },
          { path: 'users/:id', element: page(screens.adminUserDetails) },
          { path: 'messages', element: page(screens.adminMessages) },
          { path: 'quizzes', element: page(screens.adminQuizzes) },
          { path: 'quizzes/:quizId', element: page(screens.adminQuizResults) },
          { path: 'Cuppons', element: page(screens.adminCoupons) },
          { path: 'sales', element: page(screens.adminSales) },
          { path: '*', element: toHome },
        ],
      },
    ],
  },
  {
    path: '/',
    element: <MainLayout />,
    children: [
      { index: true, element: page(screens.home) },
      {
        element: <RequireSession />,
        children: [
          { path: 'term', element: page(screens.terms) },
          { path: 'content', element: page(screens.content) },
          { path: 'lec/:id', element: page(screens.lecture) },
          { path: 'quiz', element: page(screens.quiz) },
          { path: 'pay', element: page(screens.pay) },
          { path: 'temp', element: page(screens.paymentSuccess) },
          { path: 'fail', element: page(screens.paymentFailure) },
          { path: 'contact', element: page(screens.contact) },
          { path: 'profile', element: page(screens.profileMain) },
          { path: 'profile/main', element: page(screens.profileMain) },
          { path: 'profile/lecPay', element: page(screens.paidLectures) },
          { path: 'profile/edit', element: page(screens.profileEdit) },
        ],
      },
      { path: '*', element: toHome },
    ],
  },
];
