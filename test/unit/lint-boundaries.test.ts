/**
 * The linter holds the code's boundaries (eslint.config.mjs): each boundary rule reports a crossing
 * and lets the allowed imports through. The real config and tsconfigs are copied into a small
 * tree of stand-in modules, so the proof does not depend on today's files; each snippet is linted
 * with ESLint's Node API (`lintText` at a path inside that tree). ESLint loads its flat config with
 * a dynamic import, which jest's module sandbox refuses, so the Node API runs in a child process.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = resolve(__dirname, '../..');

/** Stand-ins for the modules the snippets import; each exports `a` unless it says otherwise. */
const tree: Record<string, string> = {
  'functions/lib/env.ts': 'export const a = 1;',
  'functions/lib/errors.ts': 'export const a = 1;',
  'functions/data/client.ts': 'export const a = 1;',
  'functions/catalogue/courses.ts': 'export const a = 1;',
  'functions/catalogue/public.ts': 'export const a = 1;',
  'functions/catalogue/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = a;",
  'functions/catalogue/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = b;",
  'functions/auth/sessions.ts': 'export const a = 1;',
  'functions/auth/public.ts': 'export const a = 1;',
  'infra/stacks/api-stack.ts': 'export const a = 1;',
  'shared/routes.ts': 'export const a = 1;',
  'shared/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = a;",
  'shared/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = b;",
  'shared/types-b.ts': "import type { A } from './types-a';\nexport type B = { a?: A };",
  'shared/types-a.ts': "import type { B } from './types-b';\nexport type A = { b?: B };",
  'web/src/lib/api.ts': 'export const a = 1;',
  'web/src/lib/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = a;",
  'web/src/lib/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = b;",
  'web/src/components/button.tsx': 'export const a = 1;',
  'web/src/i18n/use-t.ts': 'export const a = 1;',
  'web/src/stores/hooks.ts': 'export const a = 1;',
  'web/src/config/env.ts': 'export const a = 1;',
  'web/src/app/routes.tsx': 'export const a = 1;',
  'web/src/features/catalogue/components/grades.tsx': 'export const a = 1;',
  'web/src/features/home/routes/home.tsx': 'export const a = 1;',
};

/** A module importing `a` from each specifier, so nothing is unused. */
const importing = (...specifiers: string[]) =>
  specifiers.map((s, i) => `import { a as a${i} } from '${s}';`).join('\n') + `\nexport const all = [${specifiers.map((_, i) => `a${i}`).join(', ')}];\n`;

interface Case {
  name: string;
  filePath: string;
  code: string;
  /** The rule that must report, once per listed specifier; undefined: nothing at all may be reported. */
  rule?: string;
  times?: number;
}

const crossing = 'import-x/no-restricted-paths';
const cases: Case[] = [
  // functions/ never imports infra/ or web/; web/ never imports functions/ or infra/; shared/ none.
  { name: 'functions imports infra', filePath: 'functions/catalogue/x.ts', code: importing('../../infra/stacks/api-stack'), rule: crossing },
  { name: 'functions imports web', filePath: 'functions/catalogue/x.ts', code: importing('../../web/src/lib/api'), rule: crossing },
  { name: 'web imports functions', filePath: 'web/src/features/home/x.ts', code: importing('../../../../functions/lib/errors'), rule: crossing },
  { name: 'web imports infra', filePath: 'web/src/lib/x.ts', code: importing('../../../infra/stacks/api-stack'), rule: crossing },
  {
    name: 'shared imports functions, infra and web',
    filePath: 'shared/x.ts',
    code: importing('../functions/lib/errors', '../infra/stacks/api-stack', '../web/src/lib/api'),
    rule: crossing,
    times: 3,
  },
  { name: 'functions and web import shared', filePath: 'functions/catalogue/x.ts', code: importing('../../shared/routes') },
  { name: 'web imports shared by its alias', filePath: 'web/src/features/home/x.ts', code: importing('@shared/routes') },
  { name: 'infra imports functions (it deploys them)', filePath: 'infra/stacks/x.ts', code: importing('../../functions/data/client') },

  // A web feature imports no other feature; what they share imports no feature; app/ composes them.
  { name: 'feature imports another feature by alias', filePath: 'web/src/features/home/x.tsx', code: importing('@/features/catalogue/components/grades'), rule: crossing },
  { name: 'feature imports another feature by path', filePath: 'web/src/features/home/x.tsx', code: importing('../catalogue/components/grades'), rule: crossing },
  { name: 'lib imports a feature', filePath: 'web/src/lib/x.ts', code: importing('@/features/catalogue/components/grades'), rule: crossing },
  { name: 'components import a feature', filePath: 'web/src/components/x.tsx', code: importing('../features/home/routes/home'), rule: crossing },
  {
    name: 'feature imports its own files and the shared layers',
    filePath: 'web/src/features/home/components/x.tsx',
    code: importing('../routes/home', '@/components/button', '@/lib/api', '@/i18n/use-t', '@/stores/hooks', '@/config/env', '@shared/routes'),
  },
  { name: 'feature imports its own files by alias', filePath: 'web/src/features/home/components/x.tsx', code: importing('@/features/home/routes/home') },
  { name: 'app imports features', filePath: 'web/src/app/x.tsx', code: importing('@/features/catalogue/components/grades', '../features/home/routes/home') },

  // A server domain reaches another only through its public module; lib <- data <- domains.
  { name: 'domain imports inside another domain', filePath: 'functions/catalogue/x.ts', code: importing('../auth/sessions'), rule: crossing },
  { name: 'domain imports the public module, lib, data and itself', filePath: 'functions/catalogue/x.ts', code: importing('../auth/public', '../lib/errors', '../data/client', './courses') },
  { name: 'lib imports data', filePath: 'functions/lib/x.ts', code: importing('../data/client'), rule: crossing },
  { name: 'lib imports a domain', filePath: 'functions/lib/x.ts', code: importing('../catalogue/public'), rule: crossing },
  { name: 'data imports a domain', filePath: 'functions/data/x.ts', code: importing('../catalogue/public'), rule: crossing },
  { name: 'data imports lib', filePath: 'functions/data/x.ts', code: importing('../lib/errors') },

  // Only the two env files read process.env / import.meta.env; tools (infra, scripts, test) may.
  { name: 'domain reads process.env', filePath: 'functions/catalogue/x.ts', code: 'export const t = process.env.TABLE_NAME;\n', rule: 'no-restricted-properties' },
  { name: "domain reads process['env']", filePath: 'functions/catalogue/x.ts', code: "export const t = process['env'];\n", rule: 'no-restricted-properties' },
  { name: 'domain destructures process', filePath: 'functions/data/x.ts', code: 'const { env } = process;\nexport const t = env;\n', rule: 'no-restricted-properties' },
  { name: 'shared reads globalThis.process.env', filePath: 'shared/x.ts', code: 'export const t = globalThis.process.env;\n', rule: 'no-restricted-syntax' },
  { name: 'feature reads import.meta.env', filePath: 'web/src/features/home/x.ts', code: 'export const t = import.meta.env.VITE_API_BASE_URL;\n', rule: 'no-restricted-syntax' },
  { name: 'lib destructures import.meta', filePath: 'web/src/lib/x.ts', code: 'const { env } = import.meta;\nexport const t = env;\n', rule: 'no-restricted-syntax' },
  { name: 'functions/lib/env.ts reads process.env', filePath: 'functions/lib/env.ts', code: 'export const t = process.env.TABLE_NAME;\n' },
  { name: 'web/src/config/env.ts reads import.meta.env', filePath: 'web/src/config/env.ts', code: 'export const t = import.meta.env.VITE_API_BASE_URL;\n' },
  { name: 'infra reads process.env', filePath: 'infra/local/x.ts', code: 'export const t = process.env.PORT;\n' },
  { name: 'scripts read process.env', filePath: 'scripts/x.ts', code: 'export const t = process.env.PORT;\n' },
  { name: 'tests read process.env', filePath: 'test/support/x.ts', code: 'export const t = process.env.PORT;\n' },

  // No import cycles (type-only imports are not cycles: they vanish at build).
  { name: 'cycle in functions', filePath: 'functions/catalogue/cycle-a.ts', code: tree['functions/catalogue/cycle-a.ts']!, rule: 'import-x/no-cycle' },
  { name: 'cycle in shared', filePath: 'shared/cycle-a.ts', code: tree['shared/cycle-a.ts']!, rule: 'import-x/no-cycle' },
  { name: 'cycle in web/src', filePath: 'web/src/lib/cycle-a.ts', code: tree['web/src/lib/cycle-a.ts']!, rule: 'import-x/no-cycle' },
  { name: 'type-only cycle', filePath: 'shared/types-a.ts', code: tree['shared/types-a.ts']! },
];

interface Reported {
  ruleId: string | null;
  message: string;
}

/** Lints every case in one child process with the Node API; returns each case's messages. */
function lintAll(root: string): Reported[][] {
  const script = `
    import { readFileSync } from 'node:fs';
    const { ESLint } = await import(${JSON.stringify(pathToFileURL(require.resolve('eslint')).href)});
    const cases = JSON.parse(readFileSync(0, 'utf8'));
    const eslint = new ESLint({ cwd: process.cwd(), overrideConfigFile: 'eslint.config.mjs' });
    const out = [];
    for (const c of cases) {
      const [result] = await eslint.lintText(c.code, { filePath: c.filePath, warnIgnored: true });
      out.push(result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message })));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    input: JSON.stringify(cases.map(({ filePath, code }) => ({ filePath, code }))),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out) as Reported[][];
}

describe('the linter holds the boundaries', () => {
  let root = '';
  let results: Reported[][] = [];

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'bioscope-lint-'));
    for (const file of ['eslint.config.mjs', 'tsconfig.json', 'web/tsconfig.json', 'test/web/tsconfig.json']) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      copyFileSync(join(repo, file), join(root, file));
    }
    for (const [file, text] of Object.entries(tree)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), `${text}\n`);
    }
    mkdirSync(join(root, 'scripts'), { recursive: true });
    symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
    results = lintAll(root);
  }, 60000);

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it.each(cases.map((c, i) => [c.name, i] as const))('%s', (_name, i) => {
    const c = cases[i]!;
    const messages = results[i]!;
    if (c.rule === undefined) {
      expect(messages).toEqual([]);
    } else {
      expect(messages.filter((m) => m.ruleId === c.rule)).toHaveLength(c.times ?? 1);
      expect(messages.filter((m) => m.ruleId !== c.rule)).toEqual([]);
    }
  });
});
