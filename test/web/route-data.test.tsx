import { prefetchRouteData } from '@/app/route-data';
import { apiCall, configureApiClient } from '@/lib/api-client';
import { mockFetch } from './helpers';

const courses = { status: 200, body: { message: 'ok', data: [] } };
const admin = { auth: { user: { role: 'ADMIN' }, token: 'tok-1' } };

describe("a screen's first data is asked as the navigation to it begins (issue 39)", () => {
  beforeEach(() => configureApiClient({ getToken: () => 'tok-1' }));

  it("/dashboard asks for the courses at once, and the screen's own call takes that answer", async () => {
    const fetch = mockFetch(() => courses);
    prefetchRouteData('/dashboard', admin);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/cours/all');
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe('tok-1');
    await expect(apiCall('GET /api/cours/all')).resolves.toEqual({ message: 'ok', data: [] });
    expect(fetch).toHaveBeenCalledTimes(1);
    // Taken once: a later call asks again.
    await apiCall('GET /api/cours/all');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks nothing when the courses are already in the store, on another screen, or for a visitor the guard sends away', () => {
    const fetch = mockFetch(() => courses);
    prefetchRouteData('/dashboard', { ...admin, api: { queries: { 'listCourses(undefined)': { endpointName: 'listCourses', status: 'fulfilled' } } } });
    prefetchRouteData('/dashboard/users', admin);
    prefetchRouteData('/dashboard', { auth: { user: null, token: null } });
    prefetchRouteData('/dashboard', { auth: { user: { role: 'USER' }, token: 'tok-1' } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a lecture opened by its address asks for the course list (its breadcrumb) at once, for a student too; not for a visitor', async () => {
    const fetch = mockFetch(() => courses);
    prefetchRouteData('/lec/l1', { auth: { user: null, token: null } });
    expect(fetch).not.toHaveBeenCalled();
    prefetchRouteData('/lec/l1', { auth: { user: { role: 'USER' }, token: 'tok-1' } });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/cours/all');
    // The page's own call takes it.
    await apiCall('GET /api/cours/all');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('an answer asked with another session is not handed to this one', async () => {
    const fetch = mockFetch(() => courses);
    prefetchRouteData('/dashboard', admin);
    configureApiClient({ getToken: () => 'tok-2' });
    await apiCall('GET /api/cours/all');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect((fetch.mock.calls[1]![1]!.headers as Record<string, string>).Authorization).toBe('tok-2');
  });
});
