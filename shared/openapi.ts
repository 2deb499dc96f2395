/** The OpenAPI 3.1 document of the API, generated from the route table (npm run openapi). */
import { z } from 'zod';
import { ROUTES } from './routes';

const schemaOf = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of ROUTES) {
    const params = r.params ? (schemaOf(r.params) as { properties?: Record<string, unknown> }).properties ?? {} : {};
    const query = r.query ? (schemaOf(r.query) as { properties?: Record<string, unknown>; required?: string[] }) : undefined;
    const op: Record<string, unknown> = {
      operationId: r.id,
      summary: r.summary,
      tags: [r.domain],
      'x-access': r.access,
      ...(r.access === 'public' ? { security: [] } : { security: [{ cognitoIdToken: [] }] }),
      parameters: [
        ...Object.entries(params).map(([name, schema]) => ({ name, in: 'path', required: true, schema })),
        ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema })),
      ],
      ...(r.body ? { requestBody: { required: true, content: { [r.multipart ? 'multipart/form-data' : 'application/json']: { schema: schemaOf(r.body) } } } } : {}),
      responses: {
        '200': { description: 'OK', ...(r.response ? { content: { 'application/json': { schema: schemaOf(r.response) } } } : {}) },
        '400': { $ref: '#/components/responses/Error' },
        ...(r.access === 'public' ? {} : { '401': { $ref: '#/components/responses/Error' }, '403': { $ref: '#/components/responses/Error' } }),
      },
    };
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Bioscope API', version: '1', description: 'Generated from shared/routes.ts. Paths of the spec are kept exactly, misspellings included.' },
    paths,
    components: {
      securitySchemes: { cognitoIdToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The Cognito ID token from POST /api/auth/login' } },
      responses: {
        Error: {
          description: 'An error a person can read',
          content: { 'application/json': { schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' }, errors: { type: 'array' }, user: { type: 'object' } } } } },
        },
      },
    },
  };
}
