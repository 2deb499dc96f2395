/**
 * Issue 14: a prerendered page's chunks run one per task before the app takes it over
 * (web/src/lib/staged-modules.ts, main.tsx), so a tap on the page is answered between them.
 */
import { runInTasks, screenFiles } from '@/lib/staged-modules';

describe('running the page chunks one per task', () => {
  it('loads each file in order, the next only after a task has passed', async () => {
    const log: string[] = [];
    const load = (file: string) => {
      log.push(`load ${file}`);
      return Promise.resolve();
    };
    const yieldTask = () => {
      log.push('task');
      return Promise.resolve();
    };
    await runInTasks(['/a.js', '/b.js', '/c.js'], load, yieldTask);
    expect(log).toEqual(['load /a.js', 'task', 'load /b.js', 'task', 'load /c.js', 'task']);
  });

  it('gives a task back to the browser between two files', async () => {
    const order: string[] = [];
    const run = runInTasks(['/a.js', '/b.js'], (file) => {
      order.push(file);
      return Promise.resolve();
    });
    // A task queued now runs before the second file: the first one's task ended in between.
    setTimeout(() => order.push('another task'), 0);
    await run;
    expect(order).toEqual(['/a.js', 'another task', '/b.js']);
  });

  it('stops quietly at a file that fails to load (the screens’ own import shows the failure)', async () => {
    const loaded: string[] = [];
    await expect(
      runInTasks(['/a.js', '/gone.js', '/c.js'], (file) => {
        if (file === '/gone.js') return Promise.reject(new Error('404'));
        loaded.push(file);
        return Promise.resolve();
      }),
    ).resolves.toBeUndefined();
    expect(loaded).toEqual(['/a.js']);
  });

  it('reads the files preferences.js named, none when it named none', () => {
    delete window.__screenFiles;
    expect(screenFiles()).toEqual([]);
    window.__screenFiles = ['/assets/login.js'];
    expect(screenFiles()).toEqual(['/assets/login.js']);
    delete window.__screenFiles;
  });
});
