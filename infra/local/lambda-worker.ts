/**
 * One Lambda "instance" of the local platform on its own thread (infra/local/lambda-workers.ts):
 * it loads the domains' handlers — the very modules CDK deploys — and runs each invocation the
 * gateway sends it, as a Lambda container runs its handler; the answer goes back as it is.
 */
import { parentPort } from 'node:worker_threads';
import type { LambdaHandler } from './gateway';
import { apiTimeoutSeconds } from '../definitions/api-timeouts';
import { lambdaContext } from './lambda-event';
import type { ThreadMessage, ThreadAnswer } from './lambda-workers';
import { threadStoreStats } from './store-stats';

const handlers = new Map<string, Promise<LambdaHandler>>();
const load = (domain: string) => {
  // require: the thread loads TypeScript through tsx's CommonJS hook (lambda-workers.ts).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (!handlers.has(domain)) handlers.set(domain, Promise.resolve().then(() => (require(`../../functions/${domain}/index`) as { handler: LambdaHandler }).handler));
  return handlers.get(domain)!;
};
// The bench's counter of store calls (STORE_STATS=1) sits on this thread's DocumentClient too.
const stats = process.env.STORE_STATS === '1' ? threadStoreStats() : undefined;

parentPort!.on('message', async (m: ThreadMessage) => {
  let answer: ThreadAnswer;
  try {
    if ('control' in m) answer = { id: m.id, value: stats?.(m.control) };
    else answer = { id: m.id, result: await (await load(m.domain))(m.event, lambdaContext(m.name, apiTimeoutSeconds(m.domain))) };
  } catch (e) {
    answer = { id: m.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort!.postMessage(answer);
});
