/**
 * The Lambdas of the local platform on worker threads (LAMBDA_WORKERS=n): the gateway's thread only
 * parses requests and writes answers, and each invocation runs on the least busy of n threads, each
 * with its own copy of the handlers (as Lambda runs them in separate instances).
 *
 * Why: one event loop that also runs the handlers takes longer turns the more requests are in flight,
 * and Node's libuv (≥ 1.45, libuv/libuv#3696) accepts one new connection per turn — 200 students
 * connecting at once waited seconds for their first answer. With the handlers elsewhere the
 * gateway's turns stay short, and the handlers can use a second core.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type LambdaHandler, type LocalRoute, sendJson } from './gateway';
import type { StatsControl } from './store-stats';

const BOOT = `const { workerData } = require('node:worker_threads');
require('tsx/cjs/api').register();
require(workerData.file);`;

/** To a thread: an invocation, or a question for its store-stats counter (the bench's). */
export type ThreadMessage = { id: number; domain: string; name: string; event: APIGatewayProxyEventV2 } | { id: number; control: StatsControl };
export type ThreadAnswer = { id: number; result: APIGatewayProxyResultV2 } | { id: number; value: unknown } | { id: number; error: string };

interface Thread {
  worker: Worker;
  inFlight: Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>;
  invocations: number;
}

export interface LambdaWorkers {
  handler: (domain: string) => LambdaHandler;
  /** GET /_local/lambdas (operator): each thread's invocations so far, in flight now, and restarts. */
  routes: LocalRoute[];
  /** Every thread's answer to a store-stats question. */
  control: (op: StatsControl) => Promise<unknown[]>;
  stop: () => Promise<void>;
}

/** `size` threads, made now with the environment as it is (the stand-ins' endpoints already set). */
export function lambdaWorkers(size: number): LambdaWorkers {
  let nextId = 1;
  let stopping = false;
  let broken: Error | undefined;
  const threads: Thread[] = [];
  const restarts = Array.from({ length: size }, () => 0);
  const spawn = (i: number) => {
    // The thread loads TypeScript as the platform does (tsx), then the worker module.
    const worker = new Worker(BOOT, { eval: true, env: { ...process.env }, workerData: { file: path.join(__dirname, 'lambda-worker.ts') } });
    const thread: Thread = { worker, inFlight: new Map(), invocations: 0 };
    let answered = false;
    worker.on('message', (m: ThreadAnswer) => {
      answered = true;
      const waiting = thread.inFlight.get(m.id);
      if (!waiting) return;
      thread.inFlight.delete(m.id);
      if ('error' in m) waiting.reject(new Error(m.error));
      else waiting.resolve('result' in m ? m.result : m.value);
    });
    // A thread that dies fails its invocations (the gateway answers 500) and is replaced — unless it
    // never answered at all (it cannot start: replacing it would only fail again, in a loop).
    const fail = (e: Error) => {
      for (const w of thread.inFlight.values()) w.reject(e);
      thread.inFlight.clear();
      if (stopping || threads[i] !== thread) return;
      if (answered) {
        restarts[i] = (restarts[i] ?? 0) + 1;
        spawn(i);
      } else broken ??= e;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`Lambda worker exited with ${code}`)));
    worker.unref();
    threads[i] = thread;
  };
  for (let i = 0; i < size; i++) spawn(i);

  const ask = <T>(thread: Thread, message: { domain: string; name: string; event: APIGatewayProxyEventV2 } | { control: StatsControl }) =>
    new Promise<T>((resolve, reject) => {
      if (broken) return reject(broken);
      const id = nextId++;
      thread.inFlight.set(id, { resolve: resolve as (r: unknown) => void, reject });
      thread.worker.postMessage({ id, ...message });
    });
  // Each invocation to the thread with the fewest in flight (the first of them on a tie).
  const leastBusy = () => threads.reduce((a, b) => (b.inFlight.size < a.inFlight.size ? b : a));

  return {
    handler: (domain) => (event, context) => {
      const thread = leastBusy();
      thread.invocations++;
      return ask<APIGatewayProxyResultV2>(thread, { domain, name: context.functionName, event });
    },
    routes: [
      {
        method: 'GET',
        path: '/_local/lambdas',
        access: 'operator',
        handle: (_req, res) => sendJson(res, 200, { threads: threads.map((t, i) => ({ invocations: t.invocations, inFlight: t.inFlight.size, restarts: restarts[i] })), broken: broken?.message ?? null }),
      },
    ],
    control: (op) => Promise.all(threads.map((t) => ask<unknown>(t, { control: op }))),
    stop: async () => {
      stopping = true;
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}
