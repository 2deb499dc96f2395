import { ApiError, apiCall, configureApiClient, errorMessage } from '@/lib/api-client';
import { EARLY_DATA_MAX_AGE_MS, takeEarly } from '@/lib/early-data';
import { mockFetch } from './helpers';

const headersOf = (fn: jest.Mock, i = 0) => (fn.mock.calls[i]![1] as RequestInit).headers as Record<string, string>;

describe('api client', () => {
  const onSessionExpired = jest.fn();
  const onBlocked = jest.fn();
  let token: string | null = 'tok-123';
  beforeEach(() => {
    token = 'tok-123';
    onSessionExpired.mockReset();
    onBlocked.mockReset();
    configureApiClient({ getToken: () => token, onSessionExpired, onBlocked });
  });

  it('builds method and path from the route table and fills path parameters', async () => {
    const fetch = mockFetch(() => ({ status: 200, body: { ok: true } }));
    await expect(apiCall('DELETE /api/cours/{id}', { params: { id: 'c 1' } })).resolves.toEqual({ ok: true });
    expect(fetch.mock.calls[0]![0]).toBe('/api/cours/c%201');
    expect((fetch.mock.calls[0]![1] as RequestInit).method).toBe('DELETE');
  });

  it('adds the query string and sends JSON bodies', async () => {
    const fetch = mockFetch(() => ({ status: 200, body: { data: [] } }));
    await apiCall('GET /api/admin/allusers', { query: { search: 'mona', page: 2, skip: undefined } });
    expect(fetch.mock.calls[0]![0]).toBe('/api/admin/allusers?search=mona&page=2');
    await apiCall('POST /api/user/contect_us', { body: { subject: 'Hi', message: 'Hello' } });
    expect(headersOf(fetch, 1)['Content-Type']).toBe('application/json');
    expect((fetch.mock.calls[1]![1] as RequestInit).body).toBe('{"subject":"Hi","message":"Hello"}');
  });

  it('sends a Bearer token on protected routes, the raw token on the course list, none on public auth calls', async () => {
    const fetch = mockFetch(() => ({ status: 200, body: {} }));
    await apiCall('GET /api/user/profile');
    await apiCall('GET /api/cours/all');
    await apiCall('POST /api/auth/login', { body: { identifier: 'a', password: 'b' } });
    expect(headersOf(fetch, 0).Authorization).toBe('Bearer tok-123');
    expect(headersOf(fetch, 1).Authorization).toBe('tok-123');
    expect(headersOf(fetch, 2).Authorization).toBeUndefined();
  });

  it('sends multipart bodies as FormData without a JSON content type', async () => {
    const fetch = mockFetch(() => ({ status: 201, body: {} }));
    const form = new FormData();
    form.set('name', 'Biology');
    await apiCall('POST /api/cours/create-course', { formData: form });
    expect((fetch.mock.calls[0]![1] as RequestInit).body).toBe(form);
    expect(headersOf(fetch)['Content-Type']).toBeUndefined();
  });

  it('turns a 401 on an authenticated call into the session-expired flow', async () => {
    mockFetch(() => ({ status: 401, body: { message: 'expired' } }));
    const error = await apiCall('GET /api/user/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, handled: true, body: { message: 'expired' } });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 of the log-in call to the screen (wrong password is not an expired session)', async () => {
    mockFetch(() => ({ status: 401, body: { message: 'Wrong password' } }));
    await expect(apiCall('POST /api/auth/login', { body: { identifier: 'a', password: 'b' } })).rejects.toMatchObject({ status: 401, handled: false });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('hands a blocked user to the blocked flow with the server message', async () => {
    mockFetch(() => ({ status: 403, body: { message: 'You are blocked', user: { block: true } } }));
    await expect(apiCall('POST /api/user/contect_us', { body: { subject: 's', message: 'm' } })).rejects.toMatchObject({ status: 403, handled: true });
    expect(onBlocked).toHaveBeenCalledWith('You are blocked');
  });

  it('leaves other errors to the caller, with the body kept', async () => {
    mockFetch(() => ({ status: 409, body: { message: 'Already exists' } }));
    const error = await apiCall('POST /api/Coupan/create', { body: { code: 'X', discount: 10 } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, handled: false });
    expect(errorMessage(error, 'fallback')).toBe('Already exists');
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(onBlocked).not.toHaveBeenCalled();
  });

  it('reports a network failure as status 0 with no body', async () => {
    mockFetch(() => Promise.reject(new TypeError('offline')));
    const error = await apiCall('GET /api/health').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, body: undefined });
    expect(errorMessage(error, 'Somthing went wrong')).toBe('Somthing went wrong');
  });
});

describe("the page's first request, asked early by preferences.js (issue 14, lib/early-data.ts)", () => {
  const URL_ = '/api/cours/lectureaaa/l%201';
  const answer = (body: unknown, status = 200) => ({ ok: status < 300, status, text: async () => JSON.stringify(body) }) as Response;
  beforeEach(() => {
    configureApiClient({ getToken: () => 'tok-123', onSessionExpired: jest.fn(), onBlocked: jest.fn() });
    window.__early = undefined;
    // A page just opened, however long this test file has run.
    jest.spyOn(performance, 'now').mockReturnValue(1_000);
  });
  afterEach(() => jest.restoreAllMocks());

  it('the first call of that very request (URL and token) takes its response, once: nothing is asked again', async () => {
    const fetch = mockFetch(() => ({ status: 200, body: { data: 'asked' } }));
    window.__early = { url: URL_, token: 'tok-123', response: Promise.resolve(answer({ data: 'early' })) };
    await expect(apiCall('GET /api/cours/lectureaaa/{id}', { params: { id: 'l 1' } })).resolves.toEqual({ data: 'early' });
    expect(fetch).not.toHaveBeenCalled();
    expect(window.__early).toBeUndefined();
    await expect(apiCall('GET /api/cours/lectureaaa/{id}', { params: { id: 'l 1' } })).resolves.toEqual({ data: 'asked' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('another request, or another token (a new session), asks afresh and leaves it', async () => {
    const fetch = mockFetch(() => ({ status: 200, body: { data: 'asked' } }));
    const early = { url: URL_, token: 'old-token', response: Promise.resolve(answer({ data: 'early' })) };
    window.__early = early;
    await expect(apiCall('GET /api/cours/lectureaaa/{id}', { params: { id: 'l 1' } })).resolves.toEqual({ data: 'asked' });
    await expect(apiCall('GET /api/cours/lectureaaa/{id}', { params: { id: 'l2' } })).resolves.toEqual({ data: 'asked' });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(window.__early).toBe(early);
  });

  it('an early fetch that failed (no network) is asked again; its error answer is the answer (one error path)', async () => {
    const fetch = mockFetch(() => ({ status: 200, body: { data: 'asked' } }));
    window.__early = { url: URL_, token: 'tok-123', response: Promise.reject(new TypeError('Failed to fetch')) };
    await expect(apiCall('GET /api/cours/lectureaaa/{id}', { params: { id: 'l 1' } })).resolves.toEqual({ data: 'asked' });
    expect(fetch).toHaveBeenCalledTimes(1);
    window.__early = { url: URL_, token: 'tok-123', response: Promise.resolve(answer({ message: 'Lecture not found' }, 404)) };
    await expect(apiCall('GET /api/cours/lectureaaa/{id}', { params: { id: 'l 1' } })).rejects.toMatchObject({ status: 404, message: 'Lecture not found' });
  });

  it('is not used once the page is old (a later visit asks afresh)', () => {
    window.__early = { url: URL_, token: 'tok-123', response: Promise.resolve(answer({})) };
    expect(takeEarly(URL_, 'Bearer tok-123', EARLY_DATA_MAX_AGE_MS + 1)).toBeUndefined();
    expect(window.__early).toBeUndefined();
  });
});
