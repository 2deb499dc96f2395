/** The Middy stack in-process: routing, 501 for unbuilt routes, validation, error mapping. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { parseGroups, sessionGate } from '../../functions/auth/public';
import { Conflict } from '../../functions/lib/errors';
import { type AuthContext, type ItemKey, type SessionGate, domainHandler, errorBody, ok, readsAlong } from '../../functions/lib/http';

const event = (method: string, path: string, init: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    requestContext: { http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' } } as APIGatewayProxyEventV2['requestContext'],
    isBase64Encoded: false,
    ...init,
  }) as APIGatewayProxyEventV2;

const call = async (h: ReturnType<typeof domainHandler>, e: APIGatewayProxyEventV2) => {
  const r = (await h(e, {} as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined };
};

describe('domainHandler', () => {
  const handler = domainHandler('coupons', {
    'POST /api/Coupan/create': async ({ body }) => ok({ got: body }),
    'DELETE /api/Coupan/{id}': async () => {
      throw new Conflict('already gone');
    },
  }, sessionGate);

  it('answers 501 {message} for a route of the domain that is not built', async () => {
    // A public route, so no claims are needed to reach the 501.
    const h = domainHandler('health', {}, sessionGate);
    expect(await call(h, event('GET', '/api/health'))).toEqual({ status: 501, body: { message: expect.stringMatching(/not built yet/), code: 'notImplemented' } });
  });

  it('answers 404 for a path that is not the domain’s', async () => {
    expect((await call(handler, event('GET', '/api/elsewhere'))).status).toBe(404);
  });

  it('refuses a user route without claims with 401 before anything else', async () => {
    expect(await call(handler, event('POST', '/api/Coupan/create', { body: '{}', headers: { 'content-type': 'application/json' } }))).toEqual({
      status: 401,
      body: { message: 'Please log in first', code: 'session.required' },
    });
  });

  it('maps typed errors and hides unknown ones', () => {
    expect(errorBody(new Conflict('dup'))).toEqual({ status: 409, body: { message: 'dup', code: 'conflict' } });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(errorBody(new Error('ECONNREFUSED 10.0.0.1:5432 secret stuff'))).toEqual({
      status: 500,
      body: { message: 'Something went wrong on our side. Please try again.', code: 'internal' },
    });
    spy.mockRestore();
  });
});

describe('readsAlong', () => {
  const QUIZ = '01M8FZP776Q0WQDDTG2PP3RZV1';
  const caller = (readAlong?: AuthContext['readAlong']): AuthContext => ({ userId: 'u1', claims: {}, groups: [], isAdmin: false, contact: { firstName: '', lastName: '', email: '', phone: '' }, ...(readAlong ? { readAlong } : {}) });
  /** A gate that reads what the route names "along" as the session gate does, and records what it was asked. */
  const recordingGate = (asked: ItemKey[][], consistency: boolean[] = []): SessionGate => async (_event, _access, along) => {
    const { keys, consistent } = along ? await along('u1') : { keys: [], consistent: false };
    asked.push(keys);
    consistency.push(consistent);
    return caller(keys.length ? new Map(keys.map((k) => [`${k.PK}|${k.SK}`, { seen: k.SK }])) : undefined);
  };
  const route = (asked: ItemKey[][], consistency?: boolean[]) =>
    domainHandler(
      'quizzes',
      {
        'GET /api/Quizz/status/check/{quizId}': readsAlong(async ({ auth }) => ok({ along: [...(auth.readAlong?.entries() ?? [])] }), ({ params, userId }) => [{ PK: `USER#${userId}`, SK: `RESULT#${params.quizId}` }], { consistent: true }),
        'GET /api/Quizz/section/{contentId}': async ({ auth }) => ok({ along: auth.readAlong ?? null }),
      },
      recordingGate(asked, consistency),
    );
  const get = (path: string, quizId: string) => event('GET', path.replace('{quizId}', quizId).replace('{contentId}', quizId), { pathParameters: { quizId, contentId: quizId } });

  it('hands the gate the keys the route names from its parsed path and the caller, and the handler what the gate read', async () => {
    const asked: ItemKey[][] = [];
    const consistency: boolean[] = [];
    const r = await call(route(asked, consistency), get('/api/Quizz/status/check/{quizId}', QUIZ));
    expect(asked).toEqual([[{ PK: 'USER#u1', SK: `RESULT#${QUIZ}` }]]);
    expect(consistency).toEqual([true]);
    expect(r).toEqual({ status: 200, body: { along: [[`USER#u1|RESULT#${QUIZ}`, { seen: `RESULT#${QUIZ}` }]] } });
  });

  it('names nothing for a path that does not parse (the stack answers its 400), nor for a route that reads nothing along', async () => {
    const asked: ItemKey[][] = [];
    const h = route(asked);
    expect((await call(h, get('/api/Quizz/status/check/{quizId}', 'no.such:id'))).status).toBe(400);
    expect(await call(h, get('/api/Quizz/section/{contentId}', QUIZ))).toEqual({ status: 200, body: { along: null } });
    expect(asked).toEqual([[], []]);
  });
});

describe('a 400 of failed validation', () => {
  const signUp = domainHandler('auth', { 'POST /api/auth/signup': async () => ok({}) }, sessionGate);
  const post = (body: unknown) => call(signUp, event('POST', '/api/auth/signup', { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }));
  const good = { firstName: 'Sara', lastName: 'Ali', email: 'sara@example.com', password: 'Passw0rdX', confirm: 'Passw0rdX', mobileNumber: '01012345678', schooleYear: 'First year' };

  it('lists each problem with its path, field, rule code, params and English message', async () => {
    const r = await post({ ...good, firstName: ' ', password: 'short', confirm: 'short', schooleYear: 'Fourth year' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('validation');
    expect(r.body.errors).toEqual([
      { path: 'body.firstName', field: 'firstName', code: 'required', params: {}, message: 'firstName is required' },
      { path: 'body.password', field: 'password', code: 'password.rules', params: { min: 8 }, message: expect.stringMatching(/^password needs at least 8 characters/) },
      { path: 'body.schooleYear', field: 'schooleYear', code: 'oneOf', params: { values: 'First year, Second year, Third year' }, message: 'schooleYear must be one of: First year, Second year, Third year' },
    ]);
    expect(r.body.message).toBe(r.body.errors.map((e: { message: string }) => e.message).join('; '));
  });

  it('names the rule of a refinement and never echoes the input', async () => {
    const r = await post({ ...good, confirm: 'Other0rdX' });
    expect(r.body).toEqual({ message: 'confirm must match password', code: 'validation', errors: [{ path: 'body.confirm', field: 'confirm', code: 'password.match', params: {}, message: 'confirm must match password' }] });
    expect(JSON.stringify(r.body)).not.toMatch(/Passw0rd|Other0rd/);
  });
});

describe('parseGroups', () => {
  it('reads groups as API Gateway flattens them and as the local gateway passes them', () => {
    expect(parseGroups('[ADMIN]')).toEqual(['ADMIN']);
    expect(parseGroups('[ADMIN TEACHERS]')).toEqual(['ADMIN', 'TEACHERS']);
    expect(parseGroups(['ADMIN'])).toEqual(['ADMIN']);
    expect(parseGroups(undefined)).toEqual([]);
  });
});
