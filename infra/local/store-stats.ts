/**
 * For `npm run bench` only (STORE_STATS=1): counts the DynamoDB calls the handlers make, by
 * operation, and can record the calls of a stretch of requests so the bench replays exactly
 * those against DynamoDB Local directly — the platform's store operations per second side by
 * side with the store's own for the same operations.
 *
 * It adds a middleware to the handlers' one DocumentClient (functions/data/client.ts, the same
 * module instance the gateway's in-process Lambdas use); the handlers themselves are unchanged.
 *
 *   GET  /_local/store-stats              → { calls: { GetItem: n, Query: n, … }, total, callMs, eventLoopDelayMs }
 *   POST /_local/store-stats/reset        → starts the two time histograms afresh:
 *        callMs: each call's time as the handler waits for it (signing, the HTTP round trip, parsing);
 *        eventLoopDelayMs: how late the platform's event loop runs (perf_hooks), i.e. CPU contention;
 *        requestMs: each API request's time inside the gateway (what a load generator sees beyond it
 *        was spent outside the platform: in the connection or the generator itself)
 *   POST /_local/store-stats/record       → starts recording the calls' (marshalled) inputs
 *   POST /_local/store-stats/recorded     → stops and answers [{ op, input }, …]
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHistogram, monitorEventLoopDelay, type RecordableHistogram } from 'node:perf_hooks';
import type { LocalRoute } from './gateway';

const send = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export interface RecordedCall {
  op: string;
  input: unknown;
}

/** Each API request's time inside the gateway, from its arrival to its response written (the gateway reports it). */
let apiNs: RecordableHistogram = createHistogram();
export const recordApiRequest = (ns: number) => apiNs.record(Math.max(1, Math.round(ns)));

export async function storeStatsRoutes(): Promise<LocalRoute[]> {
  const { ddb } = await import('../../functions/data/client');
  const calls: Record<string, number> = {};
  let recording: RecordedCall[] | undefined;
  let callNs: RecordableHistogram = createHistogram();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const op = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      calls[op] = (calls[op] ?? 0) + 1;
      // At the build step the document client has already marshalled the input: what goes on the wire.
      if (recording && recording.length < 10_000) recording.push({ op, input: structuredClone(args.input) });
      const t = process.hrtime.bigint();
      try {
        return await next(args);
      } finally {
        callNs.record(Math.max(1, Number(process.hrtime.bigint() - t)));
      }
    },
    { step: 'build', name: 'bioscopeStoreStats' },
  );
  const ms = (h: { percentile(p: number): number; max: number; count?: number }) => ({
    p50: Number((h.percentile(50) / 1e6).toFixed(2)),
    p99: Number((h.percentile(99) / 1e6).toFixed(2)),
    max: Number((h.max / 1e6).toFixed(2)),
  });
  return [
    {
      method: 'GET',
      path: '/_local/store-stats',
      access: 'operator',
      handle: (_req: IncomingMessage, res: ServerResponse) =>
        send(res, { calls, total: Object.values(calls).reduce((a, b) => a + b, 0), callMs: ms(callNs), eventLoopDelayMs: ms(loop), requestMs: ms(apiNs) }),
    },
    { method: 'POST', path: '/_local/store-stats/reset', access: 'operator', handle: (_req, res) => ((callNs = createHistogram()), (apiNs = createHistogram()), loop.reset(), send(res, { reset: true })) },
    { method: 'POST', path: '/_local/store-stats/record', access: 'operator', handle: (_req, res) => ((recording = []), send(res, { recording: true })) },
    {
      method: 'POST',
      path: '/_local/store-stats/recorded',
      access: 'operator',
      handle: (_req, res) => {
        const out = recording ?? [];
        recording = undefined;
        send(res, out);
      },
    },
  ];
}
