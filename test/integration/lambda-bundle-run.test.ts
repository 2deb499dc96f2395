/**
 * A Lambda bundle as CDK ships it (infra/bundling/lambda-bundle.ts: minified and
 * tree-shaken) answers like the handlers the platform runs from source: the coupons
 * bundle, in a node of its own with only what the Lambda's environment gives it, reads the platform's
 * table through the SDK's DocumentClient (the session gate's read of the admin, the coupons' Query) and
 * answers GET /api/Coupan/all as the platform's gateway does.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { BUNDLE_FILE, bundleLambda } from '../../infra/bundling/lambda-bundle';
import { api, makeUser, platform, uniq } from '../support/platform';
import { scratchDir } from '../support/scratch';

jest.setTimeout(120_000);

it('the coupons bundle answers the teacher’s coupon list from the platform’s table, as the platform does', async () => {
  const p = platform();
  const admin = await makeUser({ admin: true });
  const code = uniq('BUNDLE').toUpperCase();
  expect((await api('POST', '/api/Coupan/create', { token: admin.token, json: { code, discount: 15 } })).status).toBe(201);
  const dir = scratchDir('bioscope-bundle-run-');
  await bundleLambda('coupons', dir);
  const routeKey = 'GET /api/Coupan/all';
  const event = {
    version: '2.0',
    routeKey,
    rawPath: '/api/Coupan/all',
    rawQueryString: '',
    headers: { authorization: `Bearer ${admin.token}`, host: new URL(p.url).host, 'user-agent': 'bundle-test' },
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: new URL(p.url).host,
      domainPrefix: 'local',
      http: { method: 'GET', path: '/api/Coupan/all', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bundle-test' },
      requestId: 'bundle-test',
      routeKey,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
      authorizer: { jwt: { claims: decodeJwt(admin.token), scopes: null } },
    },
    isBase64Encoded: false,
  };
  const script = `const { handler } = await import(${JSON.stringify(path.join(dir, BUNDLE_FILE))});
const r = await handler(${JSON.stringify(event)}, { functionName: 'coupons', awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 10000 });
process.stdout.write(JSON.stringify(r));`;
  // The Lambda's environment only (as CDK sets it, pointed at the stand-ins): no tsx, no source.
  const runBundle = () => execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      NODE_NO_WARNINGS: '1',
      LOG_LEVEL: 'SILENT',
      AWS_REGION: 'eu-central-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      TABLE_NAME: p.tableName,
      DYNAMODB_ENDPOINT: p.dynamoEndpoint,
      USER_POOL_ID: p.userPoolId,
      USER_POOL_CLIENT_ID: p.clientId,
      COGNITO_ISSUER: p.issuer,
      PUBLIC_URL: p.url,
    },
  });
  // Other suites create and spend coupons in the same table meanwhile: compare with the platform's answer
  // only when the list did not move while the bundle ran (the platform asked just before and just after).
  type List = { data: { code: string; discount: number }[] };
  let compared = false;
  for (let attempt = 0; attempt < 6 && !compared; attempt += 1) {
    const before = await api('GET', '/api/Coupan/all', { token: admin.token });
    expect(before.status).toBe(200);
    const answer = JSON.parse(runBundle()) as { statusCode: number; body: string };
    const after = await api('GET', '/api/Coupan/all', { token: admin.token });
    expect(answer.statusCode).toBe(200);
    const body = JSON.parse(answer.body) as List;
    expect(body.data.find((c) => c.code === code)).toMatchObject({ code, discount: 15 });
    if (JSON.stringify(before.body) !== JSON.stringify(after.body)) continue;
    expect(body).toEqual(before.body);
    compared = true;
  }
  expect(compared).toBe(true);
});
