/** The Middy stack in-process: routing, 501 for unbuilt routes, validation, error mapping. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { parseGroups } from '../../functions/lib/auth';
import { Conflict } from '../../functions/lib/errors';
import { domainHandler, errorBody, ok } from '../../functions/lib/http';

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
  });

  it('answers 501 {message} for a route of the domain that is not built', async () => {
    // A public route, so no claims are needed to reach the 501.
    const h = domainHandler('health', {});
    expect(await call(h, event('GET', '/api/health'))).toEqual({ status: 501, body: { message: expect.stringMatching(/not built yet/) } });
  });

  it('answers 404 for a path that is not the domain’s', async () => {
    expect((await call(handler, event('GET', '/api/elsewhere'))).status).toBe(404);
  });

  it('refuses a user route without claims with 401 before anything else', async () => {
    expect(await call(handler, event('POST', '/api/Coupan/create', { body: '{}', headers: { 'content-type': 'application/json' } }))).toEqual({
      status: 401,
      body: { message: 'Please log in first' },
    });
  });

  it('maps typed errors and hides unknown ones', () => {
    expect(errorBody(new Conflict('dup'))).toEqual({ status: 409, body: { message: 'dup' } });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(errorBody(new Error('ECONNREFUSED 10.0.0.1:5432 secret stuff'))).toEqual({
      status: 500,
      body: { message: 'Something went wrong on our side. Please try again.' },
    });
    spy.mockRestore();
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
