/** The bench's grouping of DynamoDB Local's JFR samples (scripts/bench-jfr.ts), on `jfr print` text as JDK 17 writes it. */
import { summariseSamples, warmUntilJitDone } from '../../scripts/bench-jfr';

const sample = (...frames: string[]) => `jdk.ExecutionSample {
  startTime = 05:36:08.334
  sampledThread = "qtp-1" (javaThreadId = 31)
  state = "STATE_RUNNABLE"
  stackTrace = [
${frames.map((f) => `    ${f}`).join('\n')}
    ...
  ]
}
`;

const schema = sample(
  'com.fasterxml.jackson.core.json.UTF8StreamJsonParser._parseName() line: 1',
  'com.fasterxml.jackson.databind.ObjectMapper.readValue(String, Class) line: 3',
  'com.amazonaws.services.dynamodbv2.local.shared.access.sqlite.SQLiteDBAccessJob.getTableSchemaInfo2(String) line: 9',
  'com.amazonaws.services.dynamodbv2.local.shared.access.sqlite.SQLiteDBAccess$14.doWork() line: 2',
);
const json = sample('com.fasterxml.jackson.core.json.UTF8StreamJsonParser._parseName() line: 1', 'com.amazonaws.services.dynamodbv2.local.server.LocalDynamoDBServerHandler.handle() line: 5');
const sqlite = sample('com.almworks.sqlite4java.SQLiteStatement.step() line: 1', 'com.amazonaws.services.dynamodbv2.local.shared.access.sqlite.SQLiteDBAccess$20.doWork() line: 2');
const jetty = sample('org.eclipse.jetty.http.HttpParser.parseFields(ByteBuffer) line: 1');
// Every request thread runs inside Jetty: only a Jetty leaf counts as HTTP.
const inJetty = sample('java.util.HashMap.getNode(Object) line: 1', 'org.eclipse.jetty.server.Server.handle() line: 1');
const native = (leaf: string) => sample(leaf, 'com.amazonaws.services.dynamodbv2.local.shared.access.sqlite.SQLiteDBAccess$17.doWork() line: 2').replace('jdk.ExecutionSample', 'jdk.NativeMethodSample');

describe('summariseSamples', () => {
  it('groups each sample by the first rule its stack matches: the schema read wins over the JSON it parses', () => {
    const printed = [schema, schema, json, sqlite, jetty, inJetty, 'jdk.ExecutionSample {\n}\n', native('com.almworks.sqlite4java._SQLiteManualJNI.sqlite3_exec() line: 1'), native('sun.nio.ch.EPoll.wait() line: 1')];
    const s = summariseSamples(printed.join('\n'));
    expect(s.samples).toBe(6);
    expect(s.sqliteNative).toBe(1);
    expect(s.shares).toEqual({
      'reading its table schema (a JSON parse per item read or written and per request)': 0.333,
      'SQLite calls (the Java side)': 0.167,
      'request and response JSON': 0.167,
      'HTTP and sockets (Jetty, NIO)': 0.167,
      other: 0.167,
    });
    expect(s.top[0]).toEqual({ frame: 'com.fasterxml.jackson.core.json.UTF8StreamJsonParser._parseName', share: 0.5 });
    // Native samples are counted apart, never among the Java shares.
    expect(s.top.map((t) => t.frame)).not.toContain('com.almworks.sqlite4java._SQLiteManualJNI.sqlite3_exec');
  });

  it('says nothing was sampled rather than dividing by zero', () => {
    expect(summariseSamples('')).toEqual({ samples: 0, sqliteNative: 0, shares: {}, top: [] });
  });
});

describe('warmUntilJitDone', () => {
  it('runs one round when there is no JVM to read, and says its share is unknown', async () => {
    const seen: [number, number | undefined][] = [];
    const shares = await warmUntilJitDone(undefined, async (n) => n * 10, { below: 0.05, max: 5, onRound: (r, jit) => seen.push([r, jit]) });
    expect(shares).toEqual([0]);
    expect(seen).toEqual([[0, undefined]]);
  });

  it('stops at the first round whose compilers stayed under the bound, and goes on to `max` while they do not', async () => {
    // This process has no JVM compiler threads: 0 of a core, read from /proc (Linux, as the bench runs).
    let rounds = 0;
    expect(await warmUntilJitDone(process.pid, async () => rounds++, { below: 0.05, max: 5 })).toEqual([0]);
    expect(rounds).toBe(1);
    // Nothing is under 0: every round runs.
    rounds = 0;
    expect(await warmUntilJitDone(process.pid, async () => rounds++, { below: 0, max: 3 })).toEqual([0, 0, 0]);
    expect(rounds).toBe(3);
  });
});
