/**
 * Issue 14: a prerendered page (web/build/prerender.ts) is on screen and can be tapped before the app
 * takes it over (main.tsx). Importing its screens runs every module they need in one task (the login
 * form's zod schemas, the design library, the form library: ~140 ms on a cheap phone), and the phone
 * answers no tap meanwhile. So the takeover first runs the page's chunks one per task, each after the
 * chunks it imports (public/preferences.js names them: web/build/route-preload.ts), and the screens'
 * own import then finds them run.
 */
declare global {
  interface Window {
    /** The JavaScript chunks of the page opened, each after the ones it imports (preferences.js). */
    __screenFiles?: string[];
  }
}

/** Settles in a task of its own: whatever the browser has waiting (a tap, a paint) goes first. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `files` in order, each in a task of its own. A chunk that fails to load ends it quietly:
 * the screens' own import asks again and shows the failure.
 */
export async function runInTasks(files: readonly string[], load: (file: string) => Promise<unknown> = (file) => import(/* @vite-ignore */ file), yieldTask = nextTask): Promise<void> {
  for (const file of files) {
    try {
      await load(file);
    } catch {
      return;
    }
    await yieldTask();
  }
}

/** The chunks of the page opened, as preferences.js named them (none when it did not). */
export const screenFiles = (): readonly string[] => (typeof window === 'undefined' ? [] : (window.__screenFiles ?? []));
