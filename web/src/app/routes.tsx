/**
 * Every route of spec section 2. Screens are lazy so the first load carries only the shell;
 * a later issue replaces a placeholder file in features/<domain>/routes/ in place.
 */
import { isValidElement, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import type { RouteId } from '@shared/routes';
import { Spinner } from '@/components/spinner';
import { RequireSession } from './guards';
import { AdminLayout } from './layouts/admin-layout';
import { MainLayout } from './layouts/main-layout';

const page = (Component: LazyExoticComponent<ComponentType>) => <Component />;

/**
 * A lazy screen that can be loaded ahead: once `preload()` has settled, the screen renders in the
 * first pass (a thenable that calls back at once resolves React.lazy synchronously) instead of
 * showing the fallback while its chunk loads. `module`: its source file, which the build writes in
 * (web/build/route-preload.ts: `screenModules`) so it can preload a page's chunks.
 */
function preloadable(load: () => Promise<{ default: ComponentType }>, module?: string) {
  let loaded: { default: ComponentType } | undefined;
  const Screen = lazy(() => (loaded ? ({ then: (done: (m: { default: ComponentType }) => void) => done(loaded!) } as unknown as Promise<{ default: ComponentType }>) : load()));
  const preload = () => load().then((m) => (loaded = m));
  const screen = Object.assign(Screen, { preload, module });
  preloadables.add(screen);
  return screen;
}
type Preloadable = ReturnType<typeof preloadable>;
const preloadables = new Set<unknown>();

/** The lazy screen an element of the table renders (itself, or inside its Suspense). */
function screenOf(element: ReactNode): Preloadable | undefined {
  if (!isValidElement<{ children?: ReactNode }>(element)) return undefined;
  if (preloadables.has(element.type)) return element.type as Preloadable;
  return screenOf(element.props.children);
}

/**
 * Starts loading every lazy screen `pathname` shows (a layout and its page together, not one after
 * the other as each suspends) and settles when they are here; a failed load is left to the screen.
 * `matches`: the route's matches when the caller has them (a router's first state), else matched here.
 */
export function preloadRoute(pathname: string, matches: readonly { route: RouteObject }[] | null = matchRoutes(routes, pathname)): Promise<unknown> {
  const screens = (matches ?? []).flatMap((m) => screenOf(m.route.element) ?? []);
  return Promise.all(screens.map((s) => s.preload().catch(() => undefined)));
}

/**
 * The home screen, loadable before the first render: `/` arrives prerendered (web/build/prerender.ts)
 * and main.tsx loads this before React hydrates the page, so the first render is the prerendered page
 * itself, never a spinner.
 */
export const homeScreen = preloadable(() => import('./home-page'));

const screens = {
  home: homeScreen,
  authLayout: preloadable(() => import('@/features/auth/routes/auth-layout')),
  login: preloadable(() => import('@/features/auth/routes/login')),
  registration: preloadable(() => import('@/features/auth/routes/registration')),
  forgotPassword: preloadable(() => import('@/features/auth/routes/forgot-password')),
  verification: preloadable(() => import('@/features/auth/routes/verification')),
  reset: preloadable(() => import('@/features/auth/routes/reset')),
  success: preloadable(() => import('@/features/auth/routes/success')),
  googleCallback: preloadable(() => import('@/features/auth/routes/google-callback')),
  terms: preloadable(() => import('@/features/catalogue/routes/terms')),
  content: preloadable(() => import('./content-page')),
  lecture: preloadable(() => import('@/features/catalogue/routes/lecture')),
  quiz: preloadable(() => import('@/features/quizzes/routes/quiz')),
  pay: preloadable(() => import('@/features/payments/routes/pay')),
  paymentSuccess: preloadable(() => import('@/features/payments/routes/payment-success')),
  paymentFailure: preloadable(() => import('@/features/payments/routes/payment-failure')),
  contact: preloadable(() => import('@/features/messages/routes/contact')),
  profileMain: preloadable(() => import('./profile-page')),
  paidLectures: preloadable(() => import('@/features/payments/routes/paid-lectures')),
  profileEdit: preloadable(() => import('@/features/users/routes/profile-edit')),
  completeProfile: preloadable(() => import('@/features/users/routes/complete-profile')),
  adminCourses: preloadable(() => import('@/features/catalogue/routes/admin-courses')),
  adminTerms: preloadable(() => import('@/features/catalogue/routes/admin-terms')),
  adminSections: preloadable(() => import('@/features/catalogue/routes/admin-sections')),
  adminPreview: preloadable(() => import('./admin-preview-page')),
  adminUsers: preloadable(() => import('@/features/users/routes/admin-users')),
  adminUserDetails: preloadable(() => import('@/features/users/routes/admin-user-details')),
  adminMessages: preloadable(() => import('@/features/messages/routes/admin-messages')),
  adminQuizzes: preloadable(() => import('@/features/quizzes/routes/admin-quizzes')),
  adminQuizResults: preloadable(() => import('@/features/quizzes/routes/admin-quiz-results')),
  adminCoupons: preloadable(() => import('@/features/coupons/routes/admin-coupons')),
  adminSales: preloadable(() => import('@/features/payments/routes/admin-sales')),
  adminSecurity: preloadable(() => import('@/features/users/routes/admin-security')),
  adminSettings: preloadable(() => import('@/features/users/routes/admin-settings')),
  wallet: preloadable(() => import('@/features/wallet/routes/wallet')),
  adminCodes: preloadable(() => import('@/features/codes/routes/admin-codes')),
  adminPrintCodes: preloadable(() => import('@/features/codes/routes/print-codes')),
  parentHome: preloadable(() => import('@/features/parents/routes/parent-home')),
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
      // The printed sheet of a batch's cards: a page of its own, without the dashboard's menu.
      { path: 'codes/:batchId/print', element: <Suspense fallback={<Spinner />}>{page(screens.adminPrintCodes)}</Suspense> },
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
          { path: 'codes', element: page(screens.adminCodes) },
          { path: 'security', element: page(screens.adminSecurity) },
          { path: 'settings', element: page(screens.adminSettings) },
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
          { path: 'profile/complete', element: page(screens.completeProfile) },
          { path: 'profile/wallet', element: page(screens.wallet) },
        ],
      },
      // Issue 43: the parent's home, for parents only.
      { path: 'parent', element: <RequireSession parent />, children: [{ index: true, element: page(screens.parentHome) }] },
      { path: '*', element: toHome },
    ],
  },
];

/**
 * The data a page opened directly asks for first, fetched by preferences.js beside the entry with
 * the stored session (web/build/route-preload.ts `earlyDataScript`) and handed to the API client's
 * first call of it (lib/early-data.ts): the lecture's request no longer waits for the app to load
 * and run. The route's parameters fill the API path's of the same name. `poster`: the answer is a
 * lecture, and the poster of the video the page opens on (features/catalogue/lib/first-video.ts) is
 * asked for as soon as it is here: the page's largest picture, before the app has started.
 */
export const EARLY_DATA: readonly { pattern: string; request: RouteId; poster?: true }[] = [{ pattern: '/lec/:id', request: 'GET /api/cours/lectureaaa/{id}', poster: true }];

/**
 * Each route of the table (its pattern joined from the root) with the modules of the lazy screens it
 * shows, layouts first; catch-alls last, as the router ranks them below any other match. For the
 * build (web/build/prerender.ts), which preloads a page's chunks from this.
 */
export function routeModules(): { pattern: string; modules: string[] }[] {
  const out: { pattern: string; modules: string[] }[] = [];
  const walk = (level: RouteObject[], base: string, above: string[]) => {
    for (const r of level) {
      const pattern = r.path === undefined ? base : r.path.startsWith('/') ? r.path : `${base.replace(/\/$/, '')}/${r.path}`;
      const module = screenOf(r.element)?.module;
      const modules = module ? [...above, module] : above;
      if (r.children) walk(r.children, pattern, modules);
      else out.push({ pattern, modules });
    }
  };
  walk(routes, '', []);
  return [...out.filter((r) => !r.pattern.includes('*')), ...out.filter((r) => r.pattern.includes('*'))];
}
