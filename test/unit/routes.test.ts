import { openApiDocument } from '../../shared/openapi';
import { DOMAINS, matchRoute, pathOf, ROUTES } from '../../shared/routes';

/** Section 7 of the spec, as written there: the public contract. */
const SPEC_CALLS = `
POST /api/auth/login
POST /api/auth/signup
POST /api/auth/logout
POST /api/auth/forget-password
POST /api/auth/verify-reset-code
POST /api/auth/reset-password
GET /api/auth/google
GET /api/cours/all
POST /api/cours/create-course
PUT /api/cours/{id}
DELETE /api/cours/{courseId}
GET /api/cours/Term/{courseFor}/{courseId}
PATCH /api/cours/Term/lock/{termId}
GET /api/cours/content/{termId}
GET /api/v/lecture/{contentId}
GET /api/cours/lecture/{contentId}
GET /api/admin/getlecture/{termId}
POST /api/AWS/save-lecture
DELETE /api/v/lecture/{id}
DELETE /api/v/quizzes/{id}
GET /api/cours/lectureaaa/{id}
PATCH /api/AWS/lectures/{id}
POST /api/AWS/lectures/videos/{lectureId}
DELETE /api/AWS/lectures/video/{videoId}
GET /api/AWS/get-signed-url
GET /api/AWS/get-purched
POST /api/user/payment-intention/{lectureId}
POST /api/Coupan/validate/{couponCode}
POST /api/Coupan/create
GET /api/Coupan/all
DELETE /api/Coupan/{id}
GET /api/Quizz/{quizId}
POST /api/Quizz/submit/{quizId}
GET /api/Quizz/status/check/{quizId}
GET /api/Quiz/quizzes/{contentId}
POST /api/Quiz/associate-quiz/{contentId}/{quizId}
DELETE /api/Quiz/unassign-from-content/{quizId}
POST /api/Quiz/quiz
GET /api/Quiz/AllQuizz
DELETE /api/Quiz/{quizId}
PATCH /api/Quiz/{quizId}
DELETE /api/Quizz/questions/{quizId}/{questionId}
GET /api/Quiz/students-results/{quizId}
GET /api/user/profile
PATCH /api/user/update
GET /api/admin/allusers
DELETE /api/user/deleteUser/{userId}
PATCH /api/user/blockUser/{userId}
POST /api/admin/grant-lecture
GET /api/admin/contect
DELETE /api/admin/delete_us/{id}
POST /api/user/contect_us
`
  .trim()
  .split('\n');

const shape = (path: string) => path.replace(/\{\w+\}/g, '{}');

describe('route table', () => {
  it.each(SPEC_CALLS)('declares the spec call %s at exactly its method and path', (call) => {
    const [method, path] = call.split(' ') as [string, string];
    expect(ROUTES.some((r) => r.method === method && shape(r.path) === shape(path))).toBe(true);
  });

  it('declares the routes the spec leaves to us: activation, Google callback, payment webhook, health', () => {
    const ours = ROUTES.filter((r) => r.ours).map((r) => r.id);
    expect(ours).toEqual(
      expect.arrayContaining(['GET /api/auth/activate', 'GET /api/auth/google/callback', 'POST /api/payments/paymob/webhook', 'GET /api/health']),
    );
  });

  it('has unique routes, each with a known domain and access level', () => {
    const keys = ROUTES.map((r) => `${r.method} ${shape(r.path)}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of ROUTES) {
      expect(DOMAINS).toContain(r.domain);
      expect(['public', 'user', 'admin', 'parent', 'signedIn']).toContain(r.access);
    }
  });

  it("lets a parent reach only the parent routes and their own account's (docs/parents.md)", () => {
    expect(ROUTES.filter((r) => r.access === 'signedIn').map((r) => r.id).sort()).toEqual(['GET /api/user/profile', 'PATCH /api/user/update', 'POST /api/auth/logout']);
    expect(ROUTES.filter((r) => r.access === 'parent').every((r) => r.path.startsWith('/api/parent/'))).toBe(true);
    expect(ROUTES.filter((r) => r.path.startsWith('/api/parent/')).every((r) => r.access === 'parent')).toBe(true);
  });

  it('names path variables alike at the same position under the same prefix (API Gateway needs it)', () => {
    const seen = new Map<string, string>();
    for (const r of ROUTES) {
      const segs = r.path.split('/');
      segs.forEach((s, i) => {
        if (!s.startsWith('{')) return;
        const prefix = segs.slice(0, i).join('/');
        const before = seen.get(prefix);
        if (before) expect(`${prefix}/${s}`).toBe(`${prefix}/${before}`);
        else seen.set(prefix, s);
      });
    }
  });

  it('declares a params schema for every path with variables', () => {
    for (const r of ROUTES.filter((x) => x.path.includes('{'))) expect(r.params).toBeDefined();
  });

  it('keeps admin-only data behind admin access', () => {
    for (const r of ROUTES.filter((x) => /\/api\/(admin|Quiz)\//.test(x.path) || x.path === '/api/Coupan/all')) expect(r.access).toBe('admin');
  });
});

describe('matchRoute', () => {
  it('prefers static segments over variables, as API Gateway does', () => {
    expect(matchRoute('GET', '/api/Quizz/status/check/q1')?.route.id).toBe('GET /api/Quizz/status/check/{quizId}');
    expect(matchRoute('GET', '/api/Quizz/q1')?.route.id).toBe('GET /api/Quizz/{quizId}');
    expect(matchRoute('GET', '/api/Quiz/AllQuizz')?.route.id).toBe('GET /api/Quiz/AllQuizz');
  });

  it('decodes variables and tells methods apart', () => {
    const m = matchRoute('GET', `/api/cours/Term/${encodeURIComponent('ثانوي عام')}/c1`);
    expect(m?.params).toEqual({ courseFor: 'ثانوي عام', courseId: 'c1' });
    expect(matchRoute('PATCH', '/api/cours/all')).toBeUndefined();
    expect(matchRoute('GET', '/api/cours/%E0%A4%A')).toBeUndefined();
  });

  it('fills paths back', () => {
    expect(pathOf('DELETE /api/Quizz/questions/{quizId}/{questionId}', { quizId: 'a', questionId: 'b/c' })).toBe('/api/Quizz/questions/a/b%2Fc');
    expect(() => pathOf('DELETE /api/cours/{id}')).toThrow(/missing path parameter id/);
  });
});

describe('OpenAPI document', () => {
  it('describes every route of the table with its access and body', () => {
    const doc = openApiDocument();
    for (const r of ROUTES) {
      const op = (doc.paths[r.path] as Record<string, { 'x-access': string; requestBody?: unknown }>)[r.method.toLowerCase()]!;
      expect(op['x-access']).toBe(r.access);
      expect(Boolean(op.requestBody)).toBe(Boolean(r.body));
    }
  });
});
