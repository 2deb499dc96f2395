/**
 * The OpenAPI 3.1 document of the API, generated from the route table (`npm run openapi` writes
 * openapi.json). Each operation's `operationId` is the route's `op` (the verb-noun the handler file,
 * the domain function and the web endpoint share); every route documents its success body (the
 * row's `response`) and its error bodies (`ApiError`: message, code, errors[], user). The document
 * lints clean under Redocly's recommended rules (test/unit/openapi.test.ts).
 *
 * Conventions the next domains follow: creating something (op `create…`, `save…`, `add…`,
 * `signUp`) answers 201, a redirect route names `redirectResponse` and answers 302, anything else 200.
 */
import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';
import { RULE_CODES } from './rules.ts';
import { type Domain, DOMAINS, ROUTES, type RouteDef } from './routes.ts';
import { binaryResponse } from './schemas/playback.ts';
import { csvResponse } from './schemas/wallet.ts';
import { htmlResponse } from './schemas/reports.ts';
import { redirectResponse } from './schemas/responses.ts';

type JsonSchema = Record<string, unknown>;

function schemaOf(s: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema, ...schema } = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  void $schema;
  return schema;
}

/** In a multipart body, the fields zod cannot describe are the uploaded files. */
function withFiles(schema: JsonSchema): JsonSchema {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (!props) return schema;
  const file = { type: 'string', contentMediaType: 'application/octet-stream', description: 'A file (multipart part)' };
  return { ...schema, properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, Object.keys(v).length === 0 ? file : v])) };
}

const TAGS: Record<Domain, string> = {
  health: 'Whether every backing service answers',
  auth: 'Sign-up, sign-in (password and Google), sessions and password reset',
  catalogue: 'Courses, terms, content sections, lectures and their videos',
  payments: 'Purchased lectures and Paymob payments',
  coupons: 'Discount coupons',
  quizzes: 'Quizzes, their questions, assignment to sections and results',
  users: 'Profiles and the admin user screens',
  messages: 'Contact messages to the staff',
  wallet: "Recharge codes and the student's wallet",
  parents: "Parents: a student's invite, the parent's children and their reports",
};

const ACCESS: Record<RouteDef['access'], string> = {
  public: 'Public: no token needed.',
  user: 'Signed-in users: send the ID token of the session (a parent gets 403 parent.notStudent).',
  admin: 'Admins only: send the ID token of an ADMIN session.',
  parent: 'Parents only: send the ID token of a PARENT session (anyone else gets 403 parent.only).',
  signedIn: 'Anyone signed in, a parent too: send the ID token of the session.',
};

const successStatus = (r: RouteDef) => (r.response === redirectResponse ? '302' : /^(create|save|add)[A-Z]/.test(r.op) || r.op === 'signUp' ? '201' : '200');

const errorRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The error answers a route can give, by what it takes and who may call it. */
function errorResponses(r: RouteDef): Record<string, unknown> {
  const takesInput = Boolean(r.body || r.params || r.query);
  return {
    ...(takesInput ? { '400': errorRef('BadRequest') } : {}),
    ...(r.access === 'public' ? {} : { '401': errorRef('Unauthorized'), '403': errorRef('Forbidden') }),
    ...(r.params ? { '404': errorRef('NotFound') } : {}),
    ...(r.multipart ? { '413': errorRef('TooLarge') } : {}),
    '429': errorRef('TooManyRequests'),
    '500': errorRef('InternalError'),
    ...(r.domain === 'health' ? { '503': errorRef('Unavailable') } : {}),
    // 409, 415, 501 …: every failure answers an ApiError.
    default: errorRef('OtherError'),
  };
}

function operation(r: RouteDef & { id: string }) {
  const params = r.params ? ((schemaOf(r.params, 'input').properties ?? {}) as Record<string, JsonSchema>) : {};
  const query = r.query ? (schemaOf(r.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }) : undefined;
  const status = successStatus(r);
  const success =
    status === '302'
      ? { description: 'Redirects to the web app; the Location header carries the outcome', headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } } }
      : r.response === binaryResponse
        ? { description: r.summary, content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } }
        : r.response === csvResponse
          ? { description: r.summary, content: { 'text/csv': { schema: { type: 'string', contentMediaType: 'text/csv' } } } }
          : r.response === htmlResponse
            ? { description: r.summary, content: { 'text/html': { schema: { type: 'string', contentMediaType: 'text/html' } } } }
          : { description: r.summary, content: { 'application/json': { schema: schemaOf(r.response!, 'output') } } };
  return {
    operationId: r.op,
    summary: r.summary,
    description: `${r.summary}. ${ACCESS[r.access]}${r.ours ? ' The spec leaves this path open; it is ours.' : ''} Route id: \`${r.id}\`.`,
    tags: [r.domain],
    'x-access': r.access,
    security: r.access === 'public' ? [] : [{ cognitoIdToken: [] }],
    parameters: [
      ...Object.entries(params).map(([name, schema]) => ({ name, in: 'path', required: true, description: `The ${name} of the record`, schema })),
      ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema })),
    ],
    ...(r.body
      ? {
          requestBody: {
            required: true,
            content: r.multipart ? { 'multipart/form-data': { schema: withFiles(schemaOf(r.body, 'input')) } } : { 'application/json': { schema: schemaOf(r.body, 'input') } },
          },
        }
      : {}),
    responses: { [status]: success, ...errorResponses(r) },
  };
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } });

export function openApiDocument() {
  const missing = ROUTES.filter((r) => !r.response);
  if (missing.length) throw new Error(`Routes without a response schema: ${missing.map((r) => r.id).join(', ')}`);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of ROUTES) (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bioscope API',
      version: '1',
      summary: 'The API of Bioscope, a teaching platform for Egyptian secondary-school students',
      description:
        'Generated from shared/routes.ts. The paths of the spec are kept exactly, misspellings included. Every error answers an `ApiError`: a readable English `message` and a stable `code` the web turns into its own text.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Bioscope-Proprietary' },
    },
    servers: [{ url: '/', description: 'The site itself: CloudFront sends /api/* to the HTTP API in AWS; the local gateway serves it on npm start' }],
    tags: DOMAINS.map((d) => ({ name: d, description: TAGS[d] })),
    paths,
    components: {
      securitySchemes: {
        cognitoIdToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The Cognito ID token from POST /api/auth/login' },
      },
      schemas: {
        ApiError: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string', description: 'Readable English; the web shows its own text for `code`' },
            code: { type: 'string', enum: [...ERROR_CODES], description: 'Always sent by the Lambdas; absent only on API Gateway’s own 401 (no valid token) and 429 (throttled)' },
            errors: { type: 'array', items: { $ref: '#/components/schemas/FieldError' }, description: 'One entry per problem of a 400 `validation`' },
            user: { type: 'object', required: ['block'], properties: { block: { const: true } }, description: 'On a 403 for a blocked user: the client logs out' },
          },
        },
        FieldError: {
          type: 'object',
          required: ['path', 'field', 'code', 'params', 'message'],
          properties: {
            path: { type: 'string', description: "Where the problem is: 'body.confirm', 'query.fileSize', 'body.courseFor.0'" },
            field: { type: 'string', description: "The last named segment of the path ('firstName'); '' for the whole body" },
            code: { type: 'string', enum: [...RULE_CODES], description: 'The rule (shared/rules.ts)' },
            params: { type: 'object', additionalProperties: { type: ['string', 'number'] }, description: 'Values the text needs: min, max, values …' },
            message: { type: 'string', description: 'The rule in English' },
          },
        },
      },
      responses: {
        BadRequest: errorResponse('The request breaks a rule: `code` is `validation` with `errors` per field, or `badRequest`'),
        Unauthorized: errorResponse('No valid session: log in (again)'),
        Forbidden: errorResponse('Not allowed: admins only, a locked term, or a blocked user (`user.block`)'),
        NotFound: errorResponse('No such record'),
        TooLarge: errorResponse('The request or one of its files is too large'),
        TooManyRequests: errorResponse('Too many requests or attempts; try again later'),
        InternalError: errorResponse('Ours to fix; the message says nothing internal'),
        Unavailable: errorResponse('A backing service does not answer'),
        OtherError: errorResponse('Any other failure (409 conflict, 415 wrong content type, 501 not built yet …)'),
      },
    },
  };
}
