/**
 * For `npm run bench` only (STORE_STATS=1): counts the DynamoDB calls the handlers make, by
 * operation, and can record the calls of a stretch of requests so the bench replays exactly
 * those against DynamoDB Local directly — the platform's store operations per second side by
 * side with the store's own for the same operations.
 *
 * It adds a middleware to the handlers' one DocumentClient (functions/data/client.ts, the same
 * module instance the gateway's in-process Lambdas use); the handlers themselves are unchanged.
 *
 *   GET  /_local/store-stats              → { calls: { GetItem: n, Query: n, … }, total }
 *   POST /_local/store-stats/record       → starts recording the calls' (marshalled) inputs
 *   POST /_local/store-stats/recorded     → stops and answers [{ op, input }, …]
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalRoute } from './gateway';

const send = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export interface RecordedCall {
  op: string;
  input: unknown;
}

export async function storeStatsRoutes(): Promise<LocalRoute[]> {
  const { ddb } = await import('../../functions/data/client');
  const calls: Record<string, number> = {};
  let recording: RecordedCall[] | undefined;
  ddb.middlewareStack.add(
    (next, context) => (args) => {
      const op = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      calls[op] = (calls[op] ?? 0) + 1;
      // At the build step the document client has already marshalled the input: what goes on the wire.
      if (recording && recording.length < 10_000) recording.push({ op, input: structuredClone(args.input) });
      return next(args);
    },
    { step: 'build', name: 'bioscopeStoreStats' },
  );
  return [
    {
      method: 'GET',
      path: '/_local/store-stats',
      access: 'operator',
      handle: (_req: IncomingMessage, res: ServerResponse) => send(res, { calls, total: Object.values(calls).reduce((a, b) => a + b, 0) }),
    },
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
