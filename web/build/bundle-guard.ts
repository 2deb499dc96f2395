import type { Plugin } from 'vite';

type BundleLike = Record<string, { type: string; fileName: string; moduleIds?: string[] }>;

/** The chunks of a bundle holding a module whose id matches `module`. */
export function chunksHolding(bundle: BundleLike, module: RegExp): string[] {
  return Object.values(bundle)
    .filter((c) => c.type === 'chunk' && (c.moduleIds ?? []).some((m) => module.test(m)))
    .map((c) => c.fileName);
}

/**
 * A plugin's hooks that fail the browser's build (not the prerender's Node build) when a module
 * matching `module` is in its bundle, with `message` naming the chunks. Said before any other
 * plugin finishes the build (the prerender reads the written files).
 */
export function keepOutOfBrowserBundle(module: RegExp, message: (chunks: string[]) => string): Pick<Plugin, 'configResolved' | 'generateBundle' | 'closeBundle'> {
  let ssr = false;
  let shipped: string[] = [];
  return {
    configResolved: (config) => void (ssr = !!config.build.ssr),
    generateBundle(_, bundle) {
      if (!ssr) shipped = chunksHolding(bundle as BundleLike, module);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      handler() {
        if (shipped.length) throw new Error(message(shipped));
      },
    },
  };
}
