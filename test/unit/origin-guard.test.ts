/**
 * The API behind CloudFront only (functions/lib/origin-guard.ts), through a real domainHandler: with
 * ORIGIN_VERIFY set a request without the origin header, or with a wrong one, gets 403 origin.direct
 * before any route runs; with it, the route answers. Unset (local), nothing is checked. The per-source
 * limits read the viewer address CloudFront wrote only on a request that carried the secret.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { sessionGate, sourceOf } from '../../functions/auth/public';
import { env } from '../../functions/lib/env';
import { domainHandler, ok } from '../../functions/lib/http';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER, viewerAddress } from '../../functions/lib/origin-guard';

const SECRET = 'k3yFromSecretsManager0123456789abcdefABCDEF012345';

const event = (headers: Record<string, string> = {}, sourceIp = '130.176.1.1'): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: '$default',
    rawPath: '/api/health',
    rawQueryString: '',
    headers,
    requestContext: { requestId: 'r', http: { method: 'GET', path: '/api/health', protocol: 'HTTP/1.1', sourceIp, userAgent: 'jest' } } as APIGatewayProxyEventV2['requestContext'],
    isBase64Encoded: false,
  }) as APIGatewayProxyEventV2;

const handler = domainHandler('health', { 'GET /api/health': async () => ok({ status: 'ok' }) }, sessionGate);
const call = async (e: APIGatewayProxyEventV2) => {
  const r = (await handler(e, { functionName: 'bioscope-health', awsRequestId: 'a' } as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: r.statusCode, body: r.body ? (JSON.parse(r.body) as unknown) : undefined };
};

const quiet = () => {
  jest.spyOn(process.stdout, 'write').mockImplementation((() => true) as never);
  jest.spyOn(process.stderr, 'write').mockImplementation((() => true) as never);
};

afterEach(() => {
  env.ORIGIN_VERIFY = '';
  jest.restoreAllMocks();
});

describe('with ORIGIN_VERIFY set (AWS)', () => {
  beforeEach(() => {
    env.ORIGIN_VERIFY = SECRET;
    quiet();
  });

  test('no origin header: 403 origin.direct, the route never runs', async () => {
    expect(await call(event())).toEqual({ status: 403, body: { message: expect.any(String), code: 'origin.direct' } });
  });

  test('a wrong value, a prefix of it, or one of another length: 403', async () => {
    for (const value of ['wrong', SECRET.slice(0, -1), `${SECRET}x`, '', SECRET.toUpperCase()]) {
      expect((await call(event({ [ORIGIN_VERIFY_HEADER]: value }))).status).toBe(403);
    }
  });

  test('the right value (header name in any case): the route answers', async () => {
    expect(await call(event({ [ORIGIN_VERIFY_HEADER]: SECRET }))).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await call(event({ 'X-Origin-Verify': SECRET }))).status).toBe(200);
  });

  test("the per-source key is the viewer's address CloudFront wrote, not CloudFront's sourceIp", () => {
    const e = event({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '197.34.10.20' });
    expect(sourceOf(e)).toBe('197.34.10.20');
    expect(sourceOf(event({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '2c0f:fc89:8001:1234:aaaa:bbbb:cccc:dddd' }))).toBe('2c0f:fc89:8001:1234::/64');
  });

  test('without the secret a caller cannot choose its address: the header is ignored', () => {
    const forged = event({ [VIEWER_ADDRESS_HEADER]: '10.9.9.9' }, '41.33.1.1');
    expect(viewerAddress(forged)).toBeUndefined();
    expect(sourceOf(forged)).toBe('41.33.1.1');
    expect(sourceOf(event({ [ORIGIN_VERIFY_HEADER]: 'wrong', [VIEWER_ADDRESS_HEADER]: '10.9.9.9' }, '41.33.1.1'))).toBe('41.33.1.1');
  });
});

describe('with ORIGIN_VERIFY unset (the local platform)', () => {
  test('every request passes, and the source is the gateway\'s sourceIp even if a viewer header is sent', async () => {
    quiet();
    expect((await call(event())).status).toBe(200);
    expect(sourceOf(event({ [VIEWER_ADDRESS_HEADER]: '10.9.9.9' }, '127.0.0.1'))).toBe('127.0.0.1');
  });
});
