/**
 * The linter holds the code's boundaries (README, "Map of the code"); it runs first in `npm test`.
 * No stylistic rules: formatting is not its job. test/unit/lint-boundaries.test.ts proves that
 * each boundary rule fires and that the allowed imports pass.
 *
 * Boundaries:
 * - functions/ never imports infra/ or web/; web/ never imports functions/ or infra/; shared/
 *   imports none of the three.
 * - A server domain (functions/<domain>/) reaches another domain only through its public module
 *   functions/<domain>/public.ts; functions/lib and functions/data serve every domain and import none.
 * - A web feature (web/src/features/<feature>/) imports no other feature: what two features share
 *   lives in components/, lib/, i18n/, stores/ or config/; app/ composes the features.
 * - Only functions/lib/env.ts and web/src/config/env.ts read process.env / import.meta.env.
 * - No import cycles in functions/, shared/, web/src.
 */
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const root = dirname(fileURLToPath(import.meta.url));
const dirsOf = (path) =>
  readdirSync(`${root}/${path}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Every folder under functions/ but these two is a domain. */
const serverShared = ['lib', 'data'];
const domains = dirsOf('functions').filter((name) => !serverShared.includes(name));
const features = dirsOf('web/src/features');

const layerZones = [
  { target: './functions', from: ['./infra', './web'], message: 'functions/ never imports infra/ or web/: move what both need to shared/.' },
  { target: './web', from: ['./functions', './infra'], message: 'web/ never imports functions/ or infra/: what the browser and the server share lives in shared/.' },
  { target: './shared', from: ['./functions', './infra', './web'], message: 'shared/ imports none of functions/, infra/, web/.' },
];

const domainZones = [
  ...domains.flatMap((domain) =>
    domains
      .filter((other) => other !== domain)
      .map((other) => ({
        target: `./functions/${domain}`,
        from: `./functions/${other}`,
        except: ['./public.ts'],
        message: `A domain reaches another only through its public module: import functions/${other}/public.ts.`,
      })),
  ),
  // Layers under the domains: lib (env, errors, HTTP, AWS clients) <- data (tables, repositories).
  {
    target: './functions/data',
    from: domains.map((domain) => `./functions/${domain}`),
    message: 'functions/data serves every domain and imports none.',
  },
  {
    target: './functions/lib',
    from: ['./functions/data', ...domains.map((domain) => `./functions/${domain}`)],
    message: 'functions/lib is the bottom layer: it imports neither functions/data (which imports lib) nor a domain.',
  },
];

const featureZones = [
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: features.filter((other) => other !== feature).map((other) => `./web/src/features/${other}`),
    message: 'A web feature imports no other feature: move what two features share to components/ or lib/.',
  })),
  {
    target: ['components', 'lib', 'i18n', 'stores', 'config'].map((layer) => `./web/src/${layer}`),
    from: './web/src/features',
    message: 'What the features share imports no feature: app/ is where features are composed.',
  },
];

/** process.env (and process['env'], `const { env } = process`) is no-restricted-properties' job. */
const envMessage =
  'Read configuration through functions/lib/env.ts (server) or web/src/config/env.ts (web), the only readers of process.env and import.meta.env.';
const envReads = [
  { selector: "MemberExpression[object.property.name='process'][property.name='env']", message: envMessage },
  { selector: "MemberExpression[object.type='MetaProperty'][property.name='env']", message: envMessage },
  { selector: "VariableDeclarator[init.type='MetaProperty'] > ObjectPattern > Property[key.name='env']", message: envMessage },
];

export default defineConfig(
  {
    name: 'bioscope/ignores',
    ignores: ['**/node_modules/', 'web/dist/', 'cdk.out/', '.data/', 'coverage/', 'screenshots/', '.bench/', 'test-results/', 'openapi.json'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    name: 'bioscope/base',
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    settings: {
      // Each file resolves through the tsconfig that includes it: the root one (functions, shared,
      // infra, scripts, test tiers), web/ (the '@/' and '@shared/' aliases) and test/web.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          project: ['tsconfig.json', 'web/tsconfig.json', 'test/web/tsconfig.json'].map((path) => `${root}/${path}`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          // `const { PK, SK, ...item } = row` drops keys on purpose.
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
      // TypeScript checks these (and the type-only imports the resolver cannot see); they cost time.
      'import-x/named': 'off',
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      'import-x/no-named-as-default-member': 'off',
      // An unresolved import would slip past every boundary below, so it is an error.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:', '\\?(raw|url|inline)$'] }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layerZones, ...domainZones, ...featureZones] }],
    },
  },
  {
    name: 'bioscope/no-cycles',
    files: ['functions/**', 'shared/**', 'web/src/**'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    name: 'bioscope/env-readers',
    files: ['functions/**', 'shared/**', 'web/**'],
    ignores: ['functions/lib/env.ts', 'web/src/config/env.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...envReads],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: envMessage }],
    },
  },
  {
    ...reactHooks.configs.flat.recommended,
    name: 'bioscope/web',
    files: ['web/src/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'bioscope/commonjs',
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
