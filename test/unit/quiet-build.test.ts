/**
 * `npm start` and `npm run build:web` open with the platform's own lines, not Vite's notices about its
 * config: the files the config loads (web/build, web/src/app, shared/) are ES modules by their
 * folder's package.json and name their imports whole, so Vite's config loader has nothing to say.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

// Vite is ESM only: it runs in a child Node, the config loaded as `vite build` loads it, its warnings caught.
const script = `
import { createLogger, loadConfigFromFile } from 'vite';
const logger = createLogger('warn');
const said = [];
logger.warn = (m) => said.push(m);
logger.warnOnce = (m) => said.push(m);
await loadConfigFromFile({ command: 'build', mode: 'production' }, 'web/vite.config.mts', process.cwd(), 'warn', logger);
process.stdout.write(JSON.stringify(said));
`;

describe('the web build loads its config quietly', () => {
  it('Vite says nothing while loading web/vite.config.mts', () => {
    const env = { ...process.env };
    delete env.VITE_CONFIG_NATIVE_IGNORE_WARNING;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, env, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([]);
  }, 60_000);

  // A package.json at web/ itself would make web/ Vite's package root and shut `npm run dev:web` out of shared/ (fs.allow).
  it('vite dev still serves the files of shared/', () => {
    const dev = `
import { createServer } from 'vite';
const server = await createServer({ configFile: 'web/vite.config.mts', logLevel: 'silent', server: { port: 0, host: '127.0.0.1' } });
await server.listen();
const { port } = server.httpServer.address();
const res = await fetch('http://127.0.0.1:' + port + '/@fs' + process.cwd() + '/shared/constants.ts');
await server.close();
process.stdout.write(String(res.status));
`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', dev], { cwd: root, encoding: 'utf8' })).toBe('200');
  }, 60_000);
});
