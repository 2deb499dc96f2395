/**
 * The Lambdas' DynamoDB client: the DocumentClient's commands (`@aws-sdk/lib-dynamodb`), marshalled
 * as it marshals them, sent as DynamoDB's JSON protocol over one keep-alive connection pool, signed
 * with Signature Version 4 — without the AWS SDK's per-call machinery.
 *
 * Why: measured against DynamoDB Local (scripts/bench-store-client.ts), a GetItem through the SDK's
 * DocumentClient costs ~0.8 ms of node CPU (the middleware stack resolved per call, schema-driven
 * serde, endpoint rules, the signer's canonicalisation, retry bookkeeping), the same HTTP request
 * written by hand ~0.16 ms. Under a whole class the Lambdas' CPU per request is what limits a
 * student read beside the store's own (issue 14), and in AWS it is billed duration.
 *
 * What it keeps of the SDK's behaviour, because the handlers rely on it:
 *  - the DocumentClient's marshalling (`marshall`/`unmarshall` of `@aws-sdk/util-dynamodb` applied
 *    to the members the command names in its `inputKeyNodes`/`outputKeyNodes`, with the options
 *    the DocumentClient was made with: removeUndefinedValues);
 *  - errors as the SDK throws them: `name` is the error's type (ConditionalCheckFailedException,
 *    TransactionCanceledException …), `message`, the body's other members (CancellationReasons),
 *    `$metadata.httpStatusCode`, `$fault`, `$retryable`;
 *  - a transaction's idempotency token (ClientRequestToken) when the command names none, as the SDK
 *    fills it: a TransactWriteItems tried again after a lost answer is applied once;
 *  - the SDK's standard retries (AWS_MAX_ATTEMPTS attempts in all): throttling, 5xx and a broken
 *    connection are tried again after a jittered exponential backoff (100 ms base, 500 ms when
 *    throttled, at most 20 s), a client error never;
 *  - binary attributes (B, BS) as base64 on the wire and Uint8Array in the handlers.
 */
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

export interface StoreCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}
export interface StoreClientOptions {
  region: string;
  /** http://host:port of a stand-in; DynamoDB's regional endpoint when absent. */
  endpoint?: string;
  credentials: () => StoreCredentials | Promise<StoreCredentials>;
  maxAttempts: number;
  /** For tests: the time the signature is made at. */
  now?: () => Date;
}
/** Around every call (the local bench's store statistics): the operation, its wire input, the call. */
export type StoreObserver = (op: string, input: Record<string, unknown>, call: () => Promise<unknown>) => Promise<unknown>;

type KeyNodes = Record<string, unknown> | unknown[] | null;
interface DocumentCommand {
  input: Record<string, unknown>;
  inputKeyNodes?: KeyNodes;
  outputKeyNodes?: KeyNodes;
}

/** The operations the handlers send (the DocumentClient's, and DescribeTable for the health check). */
const OPERATIONS = new Set([
  'GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'Scan', 'BatchGetItem', 'BatchWriteItem', 'TransactGetItems', 'TransactWriteItems', 'DescribeTable',
]);
/**
 * DynamoDB's name of a command's operation: a DocumentClient command wraps the client's command,
 * whose operation schema is [kind, namespace, name, …]. Read from the instance, not matched by
 * class, so a second copy of the SDK's modules (a test's isolated registry) is still understood.
 */
function operationOf(command: object): string | undefined {
  const low = (command as { clientCommand?: object }).clientCommand ?? command;
  const schema = (low as { schema?: unknown }).schema;
  const name = Array.isArray(schema) ? schema[2] : undefined;
  return typeof name === 'string' && OPERATIONS.has(name) ? name : undefined;
}

const MARSHALL = { removeUndefinedValues: true, convertTopLevelContainer: true } as const;
const UNMARSHALL = { convertWithoutMapWrapper: true } as const;

/*
 * lib-dynamodb's walk of the key nodes (its processObj/processKeysInObj, not exported): `null` marks
 * a value to convert, `{}` every member of an object (or element of an array), `{ '*': n }` each
 * member by `n`, other objects the members they name.
 */
const NEXT_LEVEL = '*';
function processObj(obj: unknown, fn: (v: unknown) => unknown, nodes: KeyNodes | undefined): unknown {
  if (obj === undefined) return undefined;
  if (nodes == null) return fn(obj);
  const keys = Object.keys(nodes);
  if (keys.length === 0) return processAll(obj, fn);
  if (keys.length === 1 && keys[0] === NEXT_LEVEL) {
    const next = (nodes as Record<string, KeyNodes>)[NEXT_LEVEL];
    if (Array.isArray(obj)) return obj.map((v) => processObj(v, fn, next));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj as object)) out[k] = processObj(v, fn, next);
    return out;
  }
  return processKeys(obj as Record<string, unknown>, fn, nodes as Record<string, KeyNodes>);
}
function processKeys(obj: Record<string, unknown>, fn: (v: unknown) => unknown, nodes: Record<string, KeyNodes>): unknown {
  const out: Record<string, unknown> = Array.isArray(obj) ? ([...obj] as never) : { ...obj };
  for (const [k, n] of Object.entries(nodes)) {
    const v = processObj(obj[k], fn, n);
    if (v !== undefined) out[k] = v;
  }
  return out;
}
function processAll(obj: unknown, fn: (v: unknown) => unknown): unknown {
  if (Array.isArray(obj)) return obj.map((v) => processObj(v, fn, null));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj as object)) {
    const p = processObj(v, fn, null);
    if (p !== undefined) out[k] = p;
  }
  return out;
}

const marshallValue = (v: unknown) => marshall(v as never, MARSHALL);
const unmarshallValue = (v: unknown) => unmarshall(v as never, UNMARSHALL);

/** The JSON body: binary values (Uint8Array, Buffer) as base64, as the protocol carries them. */
function bodyOf(input: unknown): string {
  return JSON.stringify(input, function (this: Record<string, unknown>, k, v) {
    const original = this[k];
    return original instanceof Uint8Array ? Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('base64') : v;
  });
}
/** Binary attribute values back to bytes (the members B and BS of an attribute value, at any depth). */
function decodeBinary(v: unknown): void {
  if (Array.isArray(v)) {
    for (const x of v) decodeBinary(x);
    return;
  }
  if (v === null || typeof v !== 'object') return;
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const x = o[k];
    if (k === 'B' && typeof x === 'string') o[k] = new Uint8Array(Buffer.from(x, 'base64'));
    else if (k === 'BS' && Array.isArray(x)) o[k] = x.map((s) => (typeof s === 'string' ? new Uint8Array(Buffer.from(s, 'base64')) : s));
    else decodeBinary(x);
  }
}

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

/**
 * Signature Version 4 of a DynamoDB request (a POST to `/` with no query), the headers to send.
 * The signing key is derived once per day, region and secret.
 */
export function signer(region: string) {
  let cached: { day: string; secret: string; key: Buffer } | undefined;
  return function sign(host: string, target: string, body: string, creds: StoreCredentials, at: Date): Record<string, string> {
    const amzDate = at.toISOString().replace(/[:-]|\.\d{3}/g, '');
    const day = amzDate.slice(0, 8);
    if (!cached || cached.day !== day || cached.secret !== creds.secretAccessKey) {
      const k = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), region), 'dynamodb'), 'aws4_request');
      cached = { day, secret: creds.secretAccessKey, key: k };
    }
    const headers: Record<string, string> = {
      'content-type': 'application/x-amz-json-1.0',
      host,
      'x-amz-date': amzDate,
      ...(creds.sessionToken ? { 'x-amz-security-token': creds.sessionToken } : {}),
      'x-amz-target': `DynamoDB_20120810.${target}`,
    };
    // Already in order: content-type, host, x-amz-date, x-amz-security-token, x-amz-target.
    const names = Object.keys(headers);
    const signedHeaders = names.join(';');
    const canonical = `POST\n/\n\n${names.map((n) => `${n}:${headers[n]}\n`).join('')}\n${signedHeaders}\n${sha256Hex(body)}`;
    const scope = `${day}/${region}/dynamodb/aws4_request`;
    const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${sha256Hex(canonical)}`;
    const signature = createHmac('sha256', cached.key).update(toSign, 'utf8').digest('hex');
    headers.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
    return headers;
  };
}

/** An error as the SDK throws it: named by its type, with the body's members and the metadata. */
export class StoreError extends Error {
  $fault: 'client' | 'server';
  $retryable?: { throttling: boolean };
  $metadata: { httpStatusCode?: number; requestId?: string; attempts: number };
  [member: string]: unknown;
  constructor(name: string, message: string, status: number | undefined, members: Record<string, unknown>, requestId?: string) {
    super(message);
    Object.assign(this, members);
    this.name = name;
    this.message = message;
    this.$fault = status !== undefined && status < 500 ? 'client' : 'server';
    this.$metadata = { httpStatusCode: status, requestId, attempts: 1 };
  }
}

const THROTTLING = new Set([
  'ThrottlingException', 'ProvisionedThroughputExceededException', 'RequestLimitExceeded', 'RequestThrottled', 'RequestThrottledException',
  'TooManyRequestsException', 'Throttling', 'ThrottledException', 'SlowDown', 'TransactionInProgressException', 'BandwidthLimitExceeded', 'LimitExceededException',
]);
const TRANSIENT_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN']);
const isThrottling = (e: unknown) => e instanceof StoreError && THROTTLING.has(e.name);
const isTransient = (e: unknown) =>
  e instanceof StoreError ? (e.$metadata.httpStatusCode ?? 0) >= 500 : TRANSIENT_CODES.has(String((e as { code?: string }).code));

/** What came back: the error named by x-amzn-errortype or the body's __type ("…#Name", "Name:…"). */
function errorOf(status: number, headers: http.IncomingHttpHeaders, text: string): StoreError {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON (a proxy's page): the status names it
  }
  const raw = String(headers['x-amzn-errortype'] ?? body.__type ?? body.code ?? `HTTP${status}`);
  const name = raw.split(':')[0]!.split('#').pop()!;
  const { __type: _t, message, Message, ...members } = body;
  const requestId = headers['x-amzn-requestid'] as string | undefined;
  return new StoreError(name, String(message ?? Message ?? (text.slice(0, 200) || `HTTP ${status}`)), status, members, requestId);
}

export function storeClient(opts: StoreClientOptions) {
  const url = new URL(opts.endpoint ?? `https://dynamodb.${opts.region}.amazonaws.com`);
  const secure = url.protocol === 'https:';
  const agent = secure ? new https.Agent({ keepAlive: true, maxSockets: 50 }) : new http.Agent({ keepAlive: true, maxSockets: 50 });
  const request = secure ? https.request : http.request;
  const port = url.port ? Number(url.port) : undefined;
  const sign = signer(opts.region);
  const observers: StoreObserver[] = [];

  const post = (target: string, body: string, creds: StoreCredentials) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const headers = sign(url.host, target, body, creds, opts.now?.() ?? new Date());
      const req = request(
        { protocol: url.protocol, hostname: url.hostname, port, path: '/', method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            if (status < 200 || status >= 300) return reject(errorOf(status, res.headers, text));
            try {
              const out = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
              // Only an answer holding a binary value is walked (the wire has no spaces; "BOOL" is no match).
              if (text.includes('"B":') || text.includes('"BS":')) decodeBinary(out);
              resolve(out);
            } catch (e) {
              reject(new StoreError('SerializationException', `The store's answer is not JSON: ${(e as Error).message}`, status, {}));
            }
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  /** One operation with the SDK's standard retries. */
  async function call(target: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const body = bodyOf(input);
    for (let attempt = 1; ; attempt++) {
      try {
        const c = opts.credentials();
        return await post(target, body, c instanceof Promise ? await c : c);
      } catch (e) {
        const throttled = isThrottling(e);
        const retry = attempt < opts.maxAttempts && (throttled || isTransient(e));
        if (e instanceof StoreError) {
          e.$metadata.attempts = attempt;
          if (throttled || isTransient(e)) e.$retryable = { throttling: throttled };
        }
        if (!retry) throw e;
        const delay = Math.random() * Math.min(20_000, (throttled ? 500 : 100) * 2 ** (attempt - 1));
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  }

  return {
    /** Sends a DocumentClient command (or DescribeTable) and answers as the DocumentClient does. */
    async send(command: object): Promise<Record<string, unknown>> {
      const op = operationOf(command);
      if (!op) throw new Error(`The store client sends no ${command.constructor.name}`);
      const c = command as DocumentCommand;
      const input = c.inputKeyNodes ? (processObj(c.input, marshallValue, c.inputKeyNodes) as Record<string, unknown>) : c.input;
      // The SDK fills a transaction's idempotency token: a retry after a lost answer is not applied twice.
      if (op === 'TransactWriteItems' && input.ClientRequestToken === undefined) input.ClientRequestToken = randomUUID();
      let run = () => call(op, input) as Promise<unknown>;
      for (const observe of observers) {
        const inner = run;
        run = () => observe(op, input, inner);
      }
      const output = (await run()) as Record<string, unknown>;
      const result = c.outputKeyNodes ? (processObj(output, unmarshallValue, c.outputKeyNodes) as Record<string, unknown>) : output;
      result.$metadata = { httpStatusCode: 200 };
      return result;
    },
    /** One operation as it goes on the wire (marshalled input, DynamoDB's JSON answer): the bench's replay. */
    wire: (op: string, input: Record<string, unknown>) => call(op, input),
    /** Adds an observer of every call (the local bench's store statistics). */
    observe(o: StoreObserver) {
      observers.push(o);
    },
    destroy() {
      agent.destroy();
    },
  };
}
export type StoreClient = ReturnType<typeof storeClient>;
