/**
 * How a domain Lambda is bundled, defined once: the CDK construct runs this file to bundle each
 * function, and `npm run bench` measures the very same output.
 *
 * Why not NodejsFunction's bundling: it cannot take esbuild plugins, and zod's entry re-exports
 * every locale it ships (about half of each bundle) although only English messages are used.
 */
import { build, type BuildOptions, type Plugin } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const BUNDLE_FILE = 'index.mjs';

/** zod's `locales` namespaces become just `en`, the one the messages use. */
export const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (a) =>
      a.importer.includes(`${path.sep}zod${path.sep}`) ? { path: path.resolve(path.dirname(a.importer), '../locales/index.js'), namespace: 'zod-locales' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (a) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.dirname(a.path),
      loader: 'js',
    }));
  },
};

/**
 * What a Lambda is built from: a domain's routes (`catalogue` → functions/catalogue/index.ts) or one
 * handler file under functions/ (`media/on-upload` → functions/media/on-upload.ts: the video pipeline's
 * event handlers, which no route reaches). Either way the bundle is index.mjs, handler `handler`.
 */
export const entryFileOf = (target: string) => path.join(REPO_ROOT, 'functions', target.includes('/') ? `${target}.ts` : path.join(target, 'index.ts'));

export function lambdaBuildOptions(target: string): BuildOptions {
  return {
    entryPoints: { index: entryFileOf(target) },
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    // @middy/*, jose and ulid are ESM-only; bundled CommonJS code (the AWS SDK) gets its `require` here.
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    mainFields: ['module', 'main'],
    minify: true,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [zodEnglishOnly],
  };
}

/** Bundles a domain (functions/<domain>/index.ts) or a handler file (see entryFileOf) into outdir/index.mjs (+ map); returns the JS bytes. */
export async function bundleLambda(target: string, outdir?: string): Promise<Uint8Array> {
  const r = await build({ ...lambdaBuildOptions(target), write: false, outdir: outdir ?? path.join(REPO_ROOT, '.bench', target), outExtension: { '.js': '.mjs' } });
  if (outdir) {
    fs.mkdirSync(outdir, { recursive: true });
    for (const f of r.outputFiles) fs.writeFileSync(f.path, f.contents);
  }
  return r.outputFiles.find((f) => f.path.endsWith('.mjs'))!.contents;
}

// `tsx infra/bundling/lambda-bundle.ts <domain | dir/handler> <outdir>`: what CDK's local bundling runs.
if (require.main === module) {
  const [target, outdir] = process.argv.slice(2);
  if (!target || !outdir) throw new Error('usage: lambda-bundle.ts <domain | dir/handler> <outdir>');
  bundleLambda(target, outdir).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
