import { act, render } from '@testing-library/react';
import { createMemoryRouter, type InitialEntry } from 'react-router';
import { App } from '@/app/app';
import { routes } from '@/app/routes';
import { makeStore } from '@/app/store';

/** An unsigned JWT: the client only decodes it (the gateway verifies signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;
}

const nowS = () => Math.floor(Date.now() / 1000);
export const validToken = (extra: Record<string, unknown> = {}) => fakeJwt({ sub: 'u1', exp: nowS() + 3600, ...extra });
export const expiredToken = () => fakeJwt({ sub: 'u1', exp: nowS() - 60 });

export const studentUser = {
  id: 'u1',
  firstName: 'Mona',
  lastName: 'Hassan',
  email: 'mona@example.com',
  mobileNumber: '+201012345678',
  schooleYear: 'Second year' as const,
  role: 'USER' as const,
  block: false,
};
export const adminUser = { ...studentUser, id: 'a1', firstName: 'Ahmed', lastName: 'Samir', email: 'admin@example.com', role: 'ADMIN' as const };

/** Put a signed-in session where the app reads it at start-up (localStorage `user`). */
export function storeSession(user: typeof studentUser | typeof adminUser, token = validToken()) {
  window.localStorage.setItem('user', JSON.stringify({ ...user, token }));
}

export interface FakeResponse {
  status: number;
  body?: unknown;
}
type Handler = (url: string, init: RequestInit) => FakeResponse | Promise<FakeResponse>;

/**
 * The signed-in top bar's own background calls (the count of the teacher's replies on "Contact us",
 * the wallet's balance, the bell's notifications): answered with none and kept out of the calls a test inspects, unless its
 * handler answers them.
 */
const TOP_BAR_CALLS: Record<string, FakeResponse> = {
  '/api/user/messages/unread': { status: 200, body: { data: { unread: 0 } } },
  '/api/wallet': { status: 200, body: { data: { balance: 0, entries: [] } } },
  '/api/user/notifications': { status: 200, body: { data: [], unread: 0 } },
};

/** Replace global.fetch; returns the jest mock to inspect calls. */
export function mockFetch(handler: Handler, { topBar = false } = {}) {
  const answer = (r: FakeResponse) => {
    const text = r.body === undefined ? '' : JSON.stringify(r.body);
    return { ok: r.status >= 200 && r.status < 300, status: r.status, text: async () => text } as Response;
  };
  const fn = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => answer(await handler(String(input), init)));
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) =>
    !topBar && TOP_BAR_CALLS[String(input)] ? answer(TOP_BAR_CALLS[String(input)]!) : fn(input, init)) as typeof fetch;
  return fn;
}

/** A fetch that answers only when the test says so (to observe the loading state). */
/** The admin shell's own background call (the menu's unread badge): answered at once, never held. */
export const ADMIN_SHELL_CALLS: Record<string, FakeResponse> = { '/api/admin/messages/unread': { status: 200, body: { data: { unread: 0 } } } };

export function deferredFetch() {
  let release: (r: FakeResponse) => void = () => {};
  const fn = mockFetch((url) => ADMIN_SHELL_CALLS[url] ?? new Promise<FakeResponse>((resolve) => (release = resolve)));
  return { fn, release: (r: FakeResponse) => release(r) };
}

export const bodyOf = (fn: jest.Mock, call = 0) => JSON.parse(String((fn.mock.calls[call]![1] as RequestInit).body));

/** `path` may carry navigation state: `{ pathname: '/term', state: {...} }`. */
export function renderApp(path: InitialEntry) {
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(<App store={store} router={router} />);
  return { ...utils, store, router, location: () => router.state.location.pathname };
}

/** Let pending promises and lazy routes settle. */
export const flush = () => act(async () => {});
