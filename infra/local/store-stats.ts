/**
 * For `npm run bench` and the tests (STORE_STATS=1): counts the DynamoDB calls the handlers make,
 * by operation, times them, and can record the calls of a stretch of requests (a test checks which
 * calls a request made).
 *
 * It sits in the middleware stack of the handlers' one DynamoDB client (functions/data/client.ts)
 * in every thread that runs handlers — the gateway's, and each Lambda worker's (lambda-workers.ts),
 * whose figures the routes gather and add up; the handlers themselves are unchanged.
 *
 *   GET  /_local/store-stats              → { calls: { GetItem: n, Query: n, … }, total, callMs, eventLoopDelayMs, requestMs }
 *   POST /_local/store-stats/reset        → starts the time histograms afresh:
 *        callMs: each call's time as the handler waits for it (signing, retries, the HTTP round trip, parsing);
 *        eventLoopDelayMs: how late the gateway's event loop runs (perf_hooks), i.e. CPU contention;
 *        requestMs: each API request's time inside the gateway
 *   POST /_local/store-stats/record       → starts recording the calls' (marshalled) inputs (while recording:
 *                                           marks the place, {op: '#mark'}; kept reads forgotten: {op: '#forgot-kept-reads'})
 *                                           and answers { recording: true, from }: where this recorder's window starts
 *   POST /_local/store-stats/recorded     → with { from } (JSON body): the calls since that place, and the recording
 *                                           goes on while another recorder's window is open (test files share the
 *                                           platform: one file's answer must not end another's recording); without:
 *                                           stops and answers every call recorded [{ op, input }, …]
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHistogram, monitorEventLoopDelay, type RecordableHistogram } from 'node:perf_hooks';
import { ddb } from '../../functions/data/client';
import { onForgetRecentReads } from '../../functions/lib/recent';
import type { LocalRoute } from './gateway';

const send = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export interface RecordedCall {
  op: string;
  input: unknown;
}

/** What one thread's counter holds: the calls by operation, their times (ns) since the last reset, the recording. */
export interface ThreadStats {
  calls: Record<string, number>;
  callNs: number[];
}
/** 'peek': the recording so far, kept on; 'recorded': the recording, ended. 'record' answers the place it starts at. */
export type StatsControl = 'stats' | 'reset' | 'record' | 'recorded' | 'peek';

const MAX_SAMPLES = 1_000_000;

type Counter = (op: StatsControl) => ThreadStats | RecordedCall[] | number | undefined;
/** Entries of a recording that are not store calls (their op starts with '#'): places a test reads. */
export const MARK: RecordedCall = { op: '#mark', input: {} };
export const FORGOT: RecordedCall = { op: '#forgot-kept-reads', input: {} };

/** The counter of this thread's store client: made once per thread, on first use. */
let counter: Counter | undefined;
export function threadStoreStats(): Counter {
  counter ??= (() => {
    const calls: Record<string, number> = {};
    let recording: RecordedCall[] | undefined;
    let callNs: number[] = [];
    // In the build step: after the DocumentClient has marshalled the input and the serializer made the
    // request; what it wraps is the call as the handler waits for it (signing, retries, HTTP, parsing).
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        const op = (context.commandName ?? 'Unknown').replace(/Command$/, '');
        calls[op] = (calls[op] ?? 0) + 1;
        if (recording && recording.length < 10_000) recording.push({ op, input: structuredClone(args.input) });
        const t = process.hrtime.bigint();
        try {
          return await next(args);
        } finally {
          if (callNs.length < MAX_SAMPLES) callNs.push(Math.max(1, Number(process.hrtime.bigint() - t)));
        }
      },
      { step: 'build', priority: 'high', name: 'bioscopeStoreStats' },
    );
    // An admin write emptied the kept reads meanwhile: a test that counts calls once they are kept tries again.
    onForgetRecentReads(() => recording?.push(FORGOT));
    return (op: StatsControl) => {
      if (op === 'stats') return { calls, callNs };
      if (op === 'reset') callNs = [];
      // Asked again while recording, it marks the place instead (a test: what came before was its warm-up).
      if (op === 'record') {
        if (recording) recording.push(MARK);
        else recording = [];
        return recording.length;
      }
      if (op === 'peek') return [...(recording ?? [])];
      if (op === 'recorded') {
        const out = recording ?? [];
        recording = undefined;
        return out;
      }
      return undefined;
    };
  })();
  return counter;
}

/** The recorders whose windows are open (their start times), across test files sharing the platform. */
const recorders = new Map<number, number>();
let nextRecorder = 1;
const RECORDER_MS = 60_000;
const jsonOf = (body: Buffer): Record<string, unknown> | undefined => {
  try {
    return body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** Each API request's time inside the gateway, from its arrival to its response written (the gateway reports it). */
let apiNs: RecordableHistogram = createHistogram();
export const recordApiRequest = (ns: number) => apiNs.record(Math.max(1, Math.round(ns)));

/**
 * The routes, over this thread's counter and those of `others` (the Lambda workers: each answers a
 * control with its own thread's result, lambda-workers.ts).
 */
export async function storeStatsRoutes(others: (op: StatsControl) => Promise<unknown[]> = async () => []): Promise<LocalRoute[]> {
  const here = threadStoreStats();
  const all = async (op: StatsControl) => [here(op), ...(await others(op))];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const ms = (h: { percentile(p: number): number; max: number }) => ({
    p50: Number((h.percentile(50) / 1e6).toFixed(2)),
    p99: Number((h.percentile(99) / 1e6).toFixed(2)),
    max: Number((h.max / 1e6).toFixed(2)),
  });
  const stats = async () => {
    const calls: Record<string, number> = {};
    const callNs = createHistogram();
    for (const s of (await all('stats')) as ThreadStats[]) {
      for (const [op, n] of Object.entries(s.calls)) calls[op] = (calls[op] ?? 0) + n;
      for (const ns of s.callNs) callNs.record(ns);
    }
    return { calls, total: Object.values(calls).reduce((a, b) => a + b, 0), callMs: ms(callNs), eventLoopDelayMs: ms(loop), requestMs: ms(apiNs) };
  };
  return [
    { method: 'GET', path: '/_local/store-stats', access: 'operator', handle: async (_req: IncomingMessage, res: ServerResponse) => send(res, await stats()) },
    { method: 'POST', path: '/_local/store-stats/reset', access: 'operator', handle: async (_req, res) => (await all('reset'), (apiNs = createHistogram()), loop.reset(), send(res, { reset: true })) },
    {
      method: 'POST',
      path: '/_local/store-stats/record',
      access: 'operator',
      handle: async (_req, res) => {
        // A recorder that never asked for its calls (a test that failed first) stops counting after a minute.
        for (const [id, at] of recorders) if (Date.now() - at > RECORDER_MS) recorders.delete(id);
        if (recorders.size === 0) await all('recorded');
        const id = nextRecorder++;
        recorders.set(id, Date.now());
        send(res, { recording: true, from: { id, at: (await all('record')) as number[] } });
      },
    },
    {
      method: 'POST',
      path: '/_local/store-stats/recorded',
      access: 'operator',
      handle: async (_req, res, _url, body) => {
        const from = jsonOf(body)?.from as { id: number; at: number[] } | undefined;
        if (!from) {
          recorders.clear();
          return send(res, ((await all('recorded')) as RecordedCall[][]).flat());
        }
        recorders.delete(from.id);
        // Each thread's calls since this recorder's place in that thread's recording.
        const threads = (await all(recorders.size ? 'peek' : 'recorded')) as RecordedCall[][];
        send(res, threads.flatMap((calls, i) => calls.slice(from.at[i] ?? 0)));
      },
    },
  ];
}
