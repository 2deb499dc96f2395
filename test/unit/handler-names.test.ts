/**
 * One verb per action (README, "Map of the code"): the route's `op` names the handler file
 * functions/<domain>/<kebab(op)>.ts, the handler it exports, and starts the summary in words.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES } from '../../shared/routes';

const kebab = (op: string) => op.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const verbOf = (op: string) => op.match(/^[a-z]+/)![0];

describe('one verb per action', () => {
  it.each(ROUTES.map((r) => [r.id, r] as const))('%s: its summary starts with the verb of its op', (_id, r) => {
    expect(r.summary.toLowerCase().startsWith(verbOf(r.op))).toBe(true);
  });

  it('every implemented route has its handler in functions/<domain>/<kebab(op)>.ts, exported as op', async () => {
    const domains = [...new Set(ROUTES.map((r) => r.domain))];
    let implemented = 0;
    for (const domain of domains) {
      const file = join(__dirname, '../../functions', domain, 'index.ts');
      const source = readFileSync(file, 'utf8');
      for (const r of ROUTES.filter((x) => x.domain === domain)) {
        const row = new RegExp(`'${r.id.replace(/[{}/]/g, (c) => `\\${c}`)}': (\\w+)`).exec(source);
        if (!row) continue;
        implemented++;
        const handlerFile = join(__dirname, '../../functions', domain, `${kebab(r.op)}.ts`);
        expect({ route: r.id, file: existsSync(handlerFile), name: row[1] }).toEqual({ route: r.id, file: true, name: r.op });
        const mod = (await import(handlerFile)) as Record<string, unknown>;
        expect({ route: r.id, exported: typeof mod[r.op] }).toEqual({ route: r.id, exported: 'function' });
      }
    }
    expect(implemented).toBeGreaterThanOrEqual(28);
  });
});
