/**
 * /auth/google/callback (issue 13, item 2): the server's redirect carries a one-time code in the
 * fragment; the page collects the session by POST (token and user from the server, never from the
 * URL), with spec 2's texts: 'Signed in successfully' then /, or the failure toast then /auth.
 */
import { screen, waitFor } from '@testing-library/react';
import { bodyOf, mockFetch, renderApp, studentUser, validToken } from './helpers';

const CODE = 'A'.repeat(43);
const exchanges = (fetchFn: jest.Mock) => fetchFn.mock.calls.filter(([url]) => url === '/api/auth/google/exchange');

describe('google callback', () => {
  it('takes the code out of the address bar, collects the session by POST, stores it, says so and goes to / with replace', async () => {
    const token = validToken({ sub: studentUser.id });
    const fetchFn = mockFetch(() => ({ status: 200, body: { message: 'Signed in successfully', data: { ...studentUser, token } } }));
    const { location, router, store } = renderApp(`/auth/google/callback#code=${CODE}`);
    expect(await screen.findByText('Signed in successfully')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.hash).toBe('');

    // One exchange, first (then `/`, signed in, may ask for its grade cards).
    expect(exchanges(fetchFn)).toHaveLength(1);
    const [url, init] = fetchFn.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/api/auth/google/exchange');
    expect(init.method).toBe('POST');
    expect(bodyOf(fetchFn)).toEqual({ code: CODE });
    expect(store.getState().auth.user).toEqual(studentUser);
    expect(JSON.parse(window.localStorage.getItem('user')!)).toMatchObject({ token, id: studentUser.id });
  });

  it('trusts nothing the URL says: a token or user in the query is ignored', async () => {
    const fetchFn = mockFetch(() => ({ status: 200, body: { message: 'Signed in successfully', data: { ...studentUser, token: validToken() } } }));
    const forged = Buffer.from(JSON.stringify({ ...studentUser, role: 'ADMIN' })).toString('base64url');
    const { store } = renderApp(`/auth/google/callback?token=${validToken({ 'cognito:groups': ['ADMIN'] })}&user=${forged}#code=${CODE}`);
    await waitFor(() => expect(store.getState().auth.user).not.toBeNull());
    expect(store.getState().auth.user?.role).toBe('USER');
    expect(exchanges(fetchFn)).toHaveLength(1);
  });

  it("shows 'something went wrong , try again!' and goes to /auth when the server refuses the code", async () => {
    mockFetch(() => ({ status: 401, body: { message: 'This Google sign-in has expired or was already used. Please sign in again.', code: 'auth.googleCodeInvalid' } }));
    const { location, store } = renderApp(`/auth/google/callback#code=${CODE}`);
    expect(await screen.findByText('something went wrong , try again!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(store.getState().auth.user).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('fails the same way without a code (an old link with ?token= signs no one in), and calls no one', async () => {
    const fetchFn = mockFetch(() => ({ status: 500, body: {} }));
    const { location, store } = renderApp(`/auth/google/callback?token=${validToken()}`);
    expect(await screen.findByText('something went wrong , try again!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(store.getState().auth.user).toBeNull();
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
