import { ApiError, apiCall, configureApiClient, errorMessage } from '@/lib/api-client';
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
