/**
 * The OpenAPI document (shared/openapi.ts): operationId = the route's verb-noun `op`, a response
 * schema for every route, error bodies as ApiError, and no error or warning under Redocly's
 * recommended rules (linted in a child process: @redocly/openapi-core is ES-module only), and the
 * committed openapi.json is what the generator writes today.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../../shared/openapi';
import { ROUTES } from '../../shared/routes';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../..');
type Problem = { ruleId: string; severity: string; message: string; where: string };
const lint = (doc?: unknown): Problem[] =>
  JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/openapi.ts'), '--lint-json', ...(doc ? ['--stdin'] : [])], {
      cwd: ROOT,
      encoding: 'utf8',
      input: doc ? JSON.stringify(doc) : undefined,
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
    }),
  ) as Problem[];

type Operation = { operationId: string; responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }> };
const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>>; info: Record<string, unknown> };
const operations = Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod));

/** The verbs of our actions; a new verb is a deliberate addition here. */
const VERBS = ['activate', 'add', 'adjust', 'assign', 'block', 'check', 'count', 'create', 'delete', 'finish', 'forget', 'get', 'grant', 'list', 'log', 'mark', 'receive', 'redeem', 'remove', 'reset', 'return', 'save', 'send', 'sign', 'start', 'stop', 'submit', 'toggle', 'unassign', 'update', 'validate', 'verify'];

describe('OpenAPI document', () => {
  it('has one operation per route, its operationId the route’s op', () => {
    expect(operations).toHaveLength(ROUTES.length);
    for (const r of ROUTES) expect(doc.paths[r.path]![r.method.toLowerCase()]!.operationId).toBe(r.op);
  });

  it('names every operation once, in camelCase verb-noun', () => {
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z]+(?:[A-Z][a-z0-9]*)+$/);
      expect(VERBS).toContain(id.match(/^[a-z]+/)![0]);
    }
  });

  it('documents a success body for every route (or the Location of a redirect) and ApiError for failures', () => {
    for (const o of operations) {
      const [status, success] = Object.entries(o.responses).find(([s]) => /^[23]\d\d$/.test(s))!;
      if (status === '302') expect(success.headers).toHaveProperty('Location');
      else {
        // One shape, or one of several (a log-in answers with the session or with the authenticator's challenge).
        const schema = (success.content?.['application/json'] ?? success.content?.['application/octet-stream'] ?? success.content?.['text/csv'] ?? success.content?.['text/html'])?.schema as { type?: string; anyOf?: { type?: string }[] };
        for (const s of schema.anyOf ?? [schema]) expect(s).toEqual(expect.objectContaining({ type: expect.any(String) }));
      }
      const failures = Object.entries(o.responses).filter(([s]) => !/^[23]/.test(s));
      expect(failures.map(([s]) => s)).toEqual(expect.arrayContaining(['429', '500', 'default']));
      expect(failures.some(([s]) => s.startsWith('4'))).toBe(true);
      for (const [, f] of failures) expect(f.$ref).toMatch(/^#\/components\/responses\//);
    }
    expect(JSON.stringify(openApiDocument().components.schemas.ApiError.required)).toBe('["message"]');
    expect(Object.keys(openApiDocument().components.schemas.FieldError.properties)).toEqual(['path', 'field', 'code', 'params', 'message']);
  });

  it('is committed as the generator writes it (a stale openapi.json fails: run `npm run openapi`)', () => {
    const generated = execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/openapi.ts'), '--print'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_NO_WARNINGS: '1' } });
    expect(JSON.parse(generated)).toEqual(doc);
    expect(fs.existsSync(path.join(ROOT, 'openapi.json'))).toBe(true);
    expect(fs.readFileSync(path.join(ROOT, 'openapi.json'), 'utf8')).toBe(generated);
  });

  it('lints clean under Redocly’s recommended rules: no error, no warning', () => {
    expect(lint()).toEqual([]);
  });

  it('(the lint does catch problems: a document without a license and with a duplicate operationId fails)', () => {
    const broken = JSON.parse(JSON.stringify(openApiDocument())) as typeof doc;
    delete broken.info.license;
    const [first, second] = Object.values(broken.paths).flatMap((m) => Object.values(m));
    second!.operationId = first!.operationId;
    const rules = lint(broken).map((p) => p.ruleId);
    expect(rules).toEqual(expect.arrayContaining(['info-license', 'operation-operationId-unique']));
  });
});
