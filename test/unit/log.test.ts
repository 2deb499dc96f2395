/**
 * The request log (functions/lib/log.ts) through a real domainHandler: one JSON line per request
 * with route, op, status, latency and user id; a 5xx with its stack; a 4xx without; no secret.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { Conflict } from '../../functions/lib/errors';
import { sessionGate } from '../../functions/auth/public';
import { domainHandler, ok } from '../../functions/lib/http';
import { redact, scrubText } from '../../functions/lib/log';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

const event = (method: string, path: string, init: Partial<APIGatewayProxyEventV2> = {}, sub?: string): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: { authorization: `Bearer ${JWT}`, cookie: 'session=abc123' },
    requestContext: {
      requestId: 'req-1',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' },
      ...(sub ? { authorizer: { jwt: { claims: { sub }, scopes: null } } } : {}),
    } as APIGatewayProxyEventV2['requestContext'],
    isBase64Encoded: false,
    ...init,
  }) as APIGatewayProxyEventV2;

const context = { functionName: 'bioscope-auth', awsRequestId: 'aws-1', memoryLimitInMB: '512', invokedFunctionArn: 'arn:aws:lambda:eu-central-1:1:function:x' } as Context;

/** Runs the handler and returns what the logger printed, one parsed object per line. */
async function logsOf(run: () => Promise<unknown>): Promise<{ lines: Record<string, unknown>[]; raw: string; result: unknown }> {
  const written: string[] = [];
  const capture = (chunk: unknown) => (written.push(String(chunk)), true);
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture as never);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture as never);
  try {
    const result = await run();
    const raw = written.join('');
    // Only the logger writes JSON lines (the AWS SDK's Node-version notice may land on stderr too).
    return { lines: raw.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>), raw, result };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe('request log', () => {
  const resetBody = JSON.stringify({ email: 'a@b.co', code: '123456', password: 'Secret123', confirmPassword: 'Secret123' });
  const handler = domainHandler('auth', {
    'POST /api/auth/reset-password': async () => ok({ message: 'ok' }),
    'GET /api/auth/google': async () => {
      throw new Error(`pool said no for token ${JWT} and code=654321`, { cause: new Error('ECONNRESET') });
    },
    'POST /api/auth/login': async () => {
      throw new Conflict('That e-mail is taken');
    },
  }, sessionGate);

  it('writes one JSON line per request with route, op, status, latency and user id, and nothing secret', async () => {
    const { lines, raw, result } = await logsOf(() =>
      handler(event('POST', '/api/auth/reset-password', { body: resetBody, headers: { 'content-type': 'application/json', authorization: `Bearer ${JWT}` } }, 'user-42'), context),
    );
    expect((result as APIGatewayProxyStructuredResultV2).statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'INFO',
      message: 'request',
      route: 'POST /api/auth/reset-password',
      op: 'resetPassword',
      status: 200,
      userId: 'user-42',
      domain: 'auth',
      requestId: 'req-1',
      function_request_id: 'aws-1',
    });
    expect(typeof lines[0]!.latencyMs).toBe('number');
    for (const secret of ['Secret123', '123456', JWT, 'abc123']) expect(raw).not.toContain(secret);
  });

  it('writes a 5xx at ERROR with the stack and cause, scrubbed of tokens and codes', async () => {
    const { lines, raw, result } = await logsOf(() => handler(event('GET', '/api/auth/google', {}, 'user-7'), context));
    expect((result as APIGatewayProxyStructuredResultV2).statusCode).toBe(500);
    expect(lines).toHaveLength(1);
    const error = lines[0]!.error as { name: string; message: string; stack: string; cause: { message: string } };
    expect(lines[0]).toMatchObject({ level: 'ERROR', route: 'GET /api/auth/google', op: 'startGoogleSignIn', status: 500, userId: 'user-7' });
    expect(error.stack).toMatch(/at /);
    expect(error.cause.message).toBe('ECONNRESET');
    expect(raw).not.toContain(JWT);
    expect(raw).not.toContain('654321');
  });

  it('writes a 4xx at INFO with the error’s name and message, no stack', async () => {
    const { lines } = await logsOf(() => handler(event('POST', '/api/auth/login', { body: JSON.stringify({ identifier: 'a@b.co', password: 'Secret123' }), headers: { 'content-type': 'application/json' } }), context));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'INFO', route: 'POST /api/auth/login', op: 'logIn', status: expect.any(Number) });
    expect((lines[0]!.status as number) >= 400 && (lines[0]!.status as number) < 500).toBe(true);
    expect(lines[0]!.error).toEqual({ name: expect.any(String), message: expect.any(String) });
    expect(JSON.stringify(lines[0])).not.toContain('Secret123');
  });

  it("names the viewer's address: the one CloudFront wrote on a request that carries the origin secret, else the caller's", async () => {
    // The API's access log can only print CloudFront's address; this line of the same requestId has the student's.
    const { lines } = await logsOf(() => handler(event('POST', '/api/auth/reset-password', { body: resetBody, headers: { 'content-type': 'application/json' } }), context));
    expect(lines[0]).toMatchObject({ requestId: 'req-1', viewer: '127.0.0.1' });

    const saved = { ...process.env };
    Object.assign(process.env, { ORIGIN_VERIFY: 'origin-secret-value' });
    try {
      let mod: typeof import('../../functions/lib/http') | undefined;
      await jest.isolateModulesAsync(async () => {
        mod = await import('../../functions/lib/http');
      });
      const guarded = mod!.domainHandler('auth', { 'POST /api/auth/reset-password': async () => ok({ message: 'ok' }) }, sessionGate);
      const viaCloudFront = event('POST', '/api/auth/reset-password', {
        body: resetBody,
        headers: { 'content-type': 'application/json', 'x-origin-verify': 'origin-secret-value', 'x-viewer-address': '41.33.12.7' },
      });
      expect((await logsOf(() => guarded(viaCloudFront, context))).lines[0]).toMatchObject({ status: 200, viewer: '41.33.12.7' });
      // Without the secret the header proves nothing: the caller's own address is written (and the request refused).
      const direct = event('POST', '/api/auth/reset-password', { body: resetBody, headers: { 'content-type': 'application/json', 'x-viewer-address': '10.9.9.9' } });
      expect((await logsOf(() => guarded(direct, context))).lines[0]).toMatchObject({ status: 403, viewer: '127.0.0.1' });
    } finally {
      process.env = saved;
    }
  });

  it('prints nothing below LOG_LEVEL, and one readable line a request with LOG_FORMAT=compact (the local platform)', async () => {
    const load = async (vars: Record<string, string>) => {
      const saved = { ...process.env };
      Object.assign(process.env, vars);
      try {
        let mod: typeof import('../../functions/lib/http') | undefined;
        await jest.isolateModulesAsync(async () => {
          mod = await import('../../functions/lib/http');
        });
        return mod!.domainHandler('auth', {
          'POST /api/auth/reset-password': async () => ok({ message: 'ok' }),
          'GET /api/auth/google': async () => {
            throw new Error('boom');
          },
        }, sessionGate);
      } finally {
        process.env = saved;
      }
    };
    const reset = () => event('POST', '/api/auth/reset-password', { body: resetBody, headers: { 'content-type': 'application/json' } }, 'user-42');
    const quiet = await load({ LOG_LEVEL: 'WARN', LOG_FORMAT: 'compact' });
    expect((await logsOf(() => quiet(reset(), context))).raw).toBe('');
    const failed = (await logsOf(() => quiet(event('GET', '/api/auth/google', {}, 'user-7'), context))).raw;
    expect(failed).toMatch(/^\d\d:\d\d:\d\d ERROR GET \/api\/auth\/google 500 \d+ms startGoogleSignIn user=user-7\n {4}Error: boom\n {8}at /m);

    const readable = await load({ LOG_LEVEL: 'info', LOG_FORMAT: 'compact' });
    const line = (await logsOf(() => readable(reset(), context))).raw;
    expect(line).toMatch(/^\d\d:\d\d:\d\d INFO {2}POST \/api\/auth\/reset-password 200 \d+ms resetPassword user=user-42$/m);
    expect(line.split('\n').filter((l) => /^\d\d:/.test(l))).toHaveLength(1);
  });
});

describe('redaction', () => {
  it('hides passwords, tokens, secrets, cookies, authorization and one-time codes at any depth', () => {
    const out = redact({
      body: { password: 'p1', newPassword: 'p2', oldPassword: 'p3', code: '123456', resetCode: 123456, email: 'a@b.co' },
      headers: { Authorization: 'Bearer x', cookie: 'a=b', 'set-cookie': ['c=d'] },
      tokens: { idToken: 'i', refresh_token: 'r', clientSecret: 's', hmacSecret: 'h' },
      error: { code: 'ECONNREFUSED', statusCode: 503 },
    });
    expect(out).toEqual({
      body: { password: '[redacted]', newPassword: '[redacted]', oldPassword: '[redacted]', code: '[redacted]', resetCode: '[redacted]', email: 'a@b.co' },
      headers: { Authorization: '[redacted]', cookie: '[redacted]', 'set-cookie': '[redacted]' },
      tokens: '[redacted]',
      error: { code: 'ECONNREFUSED', statusCode: 503 },
    });
  });

  it('cuts JWTs, bearer tokens and secret query values out of text', () => {
    expect(scrubText(`got ${JWT} from Bearer abc.def and /api/auth/activate?token=tok123&x=1 code=999999`)).toBe(
      'got [redacted] from Bearer [redacted] and /api/auth/activate?token=[redacted]&x=1 code=[redacted]',
    );
  });

  // Paymob's checkout link carries the intention's client secret; its browser return, the signature.
  it.each([
    ['clientSecret', '/_local/paymob/unifiedcheckout/?publicKey=egy_pk_test_x&clientSecret=egy_csk_test_abc123', '/_local/paymob/unifiedcheckout/?publicKey=egy_pk_test_x&clientSecret=[redacted]'],
    ['clientSecret (any case, mid-text)', 'GET https://accept.paymob.com/unifiedcheckout/?clientsecret=egy_csk_test_abc123 failed', 'GET https://accept.paymob.com/unifiedcheckout/?clientsecret=[redacted] failed'],
    ['hmac', '/api/payments/paymob/return?id=190000001&success=true&hmac=9f86d081884c7d65&merchant_order_id=o1', '/api/payments/paymob/return?id=190000001&success=true&hmac=[redacted]&merchant_order_id=o1'],
    ['hmac (last value)', 'redirect to /profile/lecPay?order=3&hmac=ABCDEF0123', 'redirect to /profile/lecPay?order=3&hmac=[redacted]'],
  ])('cuts the %s query value out of a logged URL', (_name, text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });
});
