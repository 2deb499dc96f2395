/**
 * A refused Paymob notice adds to the PaymentCallbacksRefused metric (functions/lib/metrics.ts):
 * one CloudWatch Embedded Metric Format line on stdout, through the payments Lambda's real
 * handler, with the namespace and dimension the alarm in infra/constructs/monitoring.ts reads.
 * Everything refused here is refused before the table is read.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

process.env.PAYMOB_SETTINGS = JSON.stringify({ secretKey: 'egy_sk_test_1', publicKey: 'egy_pk_test_1', hmacSecret: 'unit-hmac', apiKey: 'k', integrations: { card: 1, wallet: 2, kiosk: 3 } });
process.env.POWERTOOLS_SERVICE_NAME = 'bioscope-payments';
process.env.POWERTOOLS_METRICS_NAMESPACE = 'Bioscope/BioscopeApi';
process.env.LOG_LEVEL = 'SILENT';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
let handler: Handler;
beforeAll(async () => {
  // After the variables above: env.ts reads them once, at import.
  handler = (await import('../../functions/payments/index')).handler as Handler;
});

const context = { functionName: 'bioscope-payments', awsRequestId: 'aws-1', memoryLimitInMB: '512', invokedFunctionArn: 'arn:aws:lambda:eu-central-1:1:function:x' } as Context;
const event = (method: string, path: string, init: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    requestContext: { requestId: 'req-1', http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' } } as APIGatewayProxyEventV2['requestContext'],
    isBase64Encoded: false,
    ...init,
  }) as APIGatewayProxyEventV2;

/** The EMF lines (JSON with `_aws`) written while `run` ran, and its result. */
async function metricLines(run: () => Promise<APIGatewayProxyStructuredResultV2>) {
  const written: string[] = [];
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown) => (written.push(String(chunk)), true)) as never);
  try {
    const result = await run();
    const lines = written.join('').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    return { result, emf: lines.filter((l) => '_aws' in l) };
  } finally {
    out.mockRestore();
  }
}

const refusedMetric = (code: string, kind: 'webhook' | 'return') => ({
  _aws: {
    Timestamp: expect.any(Number),
    CloudWatchMetrics: [{ Namespace: 'Bioscope/BioscopeApi', Dimensions: [['service']], Metrics: [{ Name: 'PaymentCallbacksRefused', Unit: 'Count' }] }],
  },
  service: 'bioscope-payments',
  PaymentCallbacksRefused: 1,
  kind,
  code,
});

const webhook = (body: string, hmac = 'f'.repeat(128)) =>
  event('POST', '/api/payments/paymob/webhook', { body, rawQueryString: `hmac=${hmac}`, queryStringParameters: { hmac } });

describe('PaymentCallbacksRefused', () => {
  test('a webhook whose body is not JSON: 400 and one point', async () => {
    const { result, emf } = await metricLines(() => handler(webhook('not json'), context));
    expect(result.statusCode).toBe(400);
    expect(emf).toEqual([refusedMetric('badRequest', 'webhook')]);
  });

  test('a transaction whose HMAC is wrong: 401 payment.signature and one point', async () => {
    const body = JSON.stringify({ type: 'TRANSACTION', obj: { id: 1, amount_cents: 100, success: true, order: { id: 2, merchant_order_id: 'o' } } });
    const { result, emf } = await metricLines(() => handler(webhook(body), context));
    expect(result.statusCode).toBe(401);
    expect(emf).toEqual([refusedMetric('payment.signature', 'webhook')]);
  });

  test('a browser return with a wrong HMAC goes to /fail and counts as a refused return', async () => {
    const query = { id: '1', success: 'true', amount_cents: '100', hmac: '0'.repeat(128) };
    const { result, emf } = await metricLines(() =>
      handler(event('GET', '/api/payments/paymob/return', { rawQueryString: new URLSearchParams(query).toString(), queryStringParameters: query }), context),
    );
    expect(result.statusCode).toBe(302);
    expect(String(result.headers?.location ?? result.headers?.Location)).toMatch(/\/fail$/);
    expect(emf).toEqual([refusedMetric('payment.signature', 'return')]);
  });

  test('a notice of another type is acknowledged and counts nothing', async () => {
    const { result, emf } = await metricLines(() => handler(webhook(JSON.stringify({ type: 'TOKEN', obj: {} })), context));
    expect(result.statusCode).toBe(200);
    expect(emf).toEqual([]);
  });
});

describe('countMetric', () => {
  /** What countMetric writes when env.ts reads LOG_FORMAT as given (a fresh module registry each time). */
  async function writtenWith(logFormat: string) {
    const written: string[] = [];
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown) => (written.push(String(chunk)), true)) as never);
    const before = process.env.LOG_FORMAT;
    try {
      process.env.LOG_FORMAT = logFormat;
      await jest.isolateModulesAsync(async () => {
        const { countMetric } = await import('../../functions/lib/metrics');
        countMetric('PaymentCallbacksRefused', { kind: 'webhook' });
      });
    } finally {
      if (before === undefined) delete process.env.LOG_FORMAT;
      else process.env.LOG_FORMAT = before;
      out.mockRestore();
    }
    return written.filter((l) => l.includes('PaymentCallbacksRefused'));
  }

  test('the local platform (LOG_FORMAT=compact) runs the same call and prints nothing; AWS (json) gets its line', async () => {
    expect(await writtenWith('compact')).toEqual([]);
    expect(await writtenWith('json')).toHaveLength(1);
  });
});
