/**
 * Issue 37: the browser, the prerender and the component tests run React 19 and react-dom (no
 * runtime swapped in by the build or by jest); the build fails if a preact module reaches the
 * browser's bundle (web/build/react-runtime.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { chunksWithPreact, reactRouterProduction, reactRuntime } from '../../web/build/react-runtime';

type JestProject = { displayName?: string; moduleNameMapper?: Record<string, string> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const jestConfig = require('../../jest.config.js') as { projects: JestProject[] };

describe('the runtime the browser gets', () => {
  it('the component tests render with React 19 itself: jest maps no react module elsewhere', () => {
    const web = jestConfig.projects.find((p) => p.displayName === 'web')!;
    expect(Object.keys(web.moduleNameMapper!).filter((pattern) => /react|preact/.test(pattern))).toEqual([]);
    expect(React.version).toMatch(/^19\./);
    expect(require.resolve('react-dom/client')).toMatch(/[\\/]node_modules[\\/]react-dom[\\/]client\.js$/);
    expect(typeof ReactDOMClient.hydrateRoot).toBe('function');
  });

  it("points react-router (and only it) at its production build: its development warnings off", () => {
    const config = (reactRuntime().config as () => { resolve: { alias: { find: RegExp; replacement: string }[] } })();
    const [alias] = config.resolve.alias;
    expect(config.resolve.alias).toHaveLength(1);
    expect(alias!.find.test('react-router')).toBe(true);
    expect(alias!.find.test('react-router-dom')).toBe(false);
    expect(alias!.find.test('react')).toBe(false);
    expect(alias!.replacement).toBe(reactRouterProduction());
    const dir = path.dirname(reactRouterProduction());
    const code = fs.readdirSync(dir).filter((f) => f.endsWith('.mjs')).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    expect(code.join('\n')).toContain('ENABLE_DEV_WARNINGS = false');
  });

  it("finds the chunks of a bundle that carry a preact module (the browser's build then fails)", () => {
    const bundle = {
      'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', moduleIds: ['/app/web/src/main.tsx', '/app/node_modules/react-dom/cjs/react-dom-client.production.js'] },
      'assets/compat.js': { type: 'chunk', fileName: 'assets/compat.js', moduleIds: ['/app/node_modules/preact/compat/dist/compat.mjs'] },
      'assets/server.js': { type: 'chunk', fileName: 'assets/server.js', moduleIds: ['/app/node_modules/preact-render-to-string/dist/index.mjs'] },
      'assets/redux.js': { type: 'chunk', fileName: 'assets/redux.js', moduleIds: ['/app/node_modules/react-redux/dist/react-redux.mjs'] },
      'assets/a.css': { type: 'asset', fileName: 'assets/a.css' },
    };
    expect(chunksWithPreact(bundle)).toEqual(['assets/compat.js', 'assets/server.js']);
  });
});
