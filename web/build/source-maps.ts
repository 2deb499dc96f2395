import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The build's source maps, made hidden (`build.sourcemap: 'hidden'`: no sourceMappingURL in a
 * script), are moved out of the served folder to `mapsDir` under the same paths: kept on the
 * build machine for reading an error report's stack, never served (the local gateway refuses
 * *.map too) nor deployed (infra/stacks/site-stack.ts leaves *.map out of its assets).
 */
export function sourceMapsAside(mapsDir: string): Plugin {
  let outDir = '';
  return {
    name: 'bioscope:source-maps-aside',
    // The Node build of the prerender (web/build/prerender.ts) makes none.
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        fs.rmSync(mapsDir, { recursive: true, force: true });
        for (const name of fs.readdirSync(outDir, { recursive: true }) as string[]) {
          const file = path.join(outDir, name);
          if (name.endsWith('.js')) unlinkMap(file);
          if (!name.endsWith('.map')) continue;
          const to = path.join(mapsDir, name);
          fs.mkdirSync(path.dirname(to), { recursive: true });
          fs.renameSync(file, to);
        }
      },
    },
  };
}

/**
 * A script copied as it is (hls.js's worker) may still name its own map, which is not served: the
 * comment goes, so nothing asks for a map. Same input, same output: its hashed name stays true.
 */
function unlinkMap(file: string) {
  const code = fs.readFileSync(file, 'utf8');
  const bare = code.replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, '\n');
  if (bare !== code) fs.writeFileSync(file, bare);
}
