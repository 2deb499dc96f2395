/**
 * Issue 14: the browser runs the app on Preact through its React layer (web/build/preact-runtime.ts).
 * The component tests run on the same runtime: jest maps the same React module names.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as React from 'react';
import { chunksWithReactDom, PREACT_MODULES, preactAliases, reactRouterProduction } from '../../web/build/preact-runtime';

type JestProject = { displayName?: string; moduleNameMapper?: Record<string, string> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const jestConfig = require('../../jest.config.js') as { projects: JestProject[] };

describe('the runtime the browser gets', () => {
  it('jest maps exactly the React module names the build replaces, to the same Preact modules', () => {
    const web = jestConfig.projects.find((p) => p.displayName === 'web')!;
    const mapped = Object.fromEntries(
      Object.entries(web.moduleNameMapper!).flatMap(([pattern, target]) => (/^\^react/.test(pattern) ? [[pattern.slice(1, -1), target]] : [])),
    );
    expect(mapped).toEqual(PREACT_MODULES);
  });

  it('the component tests render with Preact (its React layer), not React', () => {
    expect(React.createElement).toBe(jest.requireActual('preact/compat').createElement);
  });

  it("aliases the exact names only: react-redux and react-router are not caught by 'react'", () => {
    const aliases = preactAliases();
    const target = (name: string) => aliases.find((a) => a.find.test(name))?.replacement;
    expect(target('react')).toBe('preact/compat');
    expect(target('react-dom/client')).toBe('preact/compat/client');
    expect(target('react-redux')).toBeUndefined();
    expect(target('react-hook-form')).toBeUndefined();
    // react-router's production build: its development warnings off.
    expect(target('react-router')).toBe(reactRouterProduction());
    const dir = path.dirname(reactRouterProduction());
    const code = fs.readdirSync(dir).filter((f) => f.endsWith('.mjs')).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    expect(code.join('\n')).toContain('ENABLE_DEV_WARNINGS = false');
  });

  it("finds the chunks of a bundle that carry react-dom (the browser's build then fails)", () => {
    const bundle = {
      'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', moduleIds: ['/app/web/src/main.tsx', '/app/node_modules/preact/compat/dist/compat.mjs'] },
      'assets/dom.js': { type: 'chunk', fileName: 'assets/dom.js', moduleIds: ['/app/node_modules/react-dom/cjs/react-dom-client.production.js'] },
      'assets/redux.js': { type: 'chunk', fileName: 'assets/redux.js', moduleIds: ['/app/node_modules/react-redux/dist/react-redux.mjs'] },
      'assets/a.css': { type: 'asset', fileName: 'assets/a.css' },
    };
    expect(chunksWithReactDom(bundle)).toEqual(['assets/dom.js']);
  });
});
