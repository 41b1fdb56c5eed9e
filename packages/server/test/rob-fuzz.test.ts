// Fuzzing every call of the contract's route table over HTTPS against the real
// server: ROB_FUZZ_REQUESTS requests (10,000 by default) drawn with a fixed
// seed (ROB_FUZZ_SEED) from the arbitraries of helpers/rob-fuzz.ts, which are
// derived from each route's zod schemas and path parameters. Every answer:
//   - is not a 500 (nor any 5xx),
//   - shows no stack trace and no SQL text,
//   - when 4xx, is the error contract: JSON with statusCode (the status),
//     error, a message, and for 400 the field;
// and a refused write (4xx) leaves every table a write could touch
// byte-for-byte as it was (read back after each write). Reads run 8 at a
// time; writes one after another so each can be checked on its own.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { request as httpsRequest } from 'node:https';
import fc from 'fast-check';
import { ApiError, routeList, type RouteDef } from '@locus/contract';
import { insecureAgent } from './helpers/server.js';
import { startRobWorlds, type RobWorlds } from './helpers/rob-world.js';
import { callBuilders, valueOf } from './helpers/rob-calls.js';
import { requestOf, type FuzzRequest } from './helpers/rob-fuzz.js';

const TOTAL = Number(process.env.ROB_FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.ROB_FUZZ_SEED ?? 20261123);

/** Every table a write route could change (the log, sign-in sessions and caches aside). */
const WRITABLE_TABLES = [
  'model',
  'sub_model',
  'model_user',
  'app_user',
  'login',
  'location_group',
  'location_cluster',
  'location_property',
  'scenario',
  'location',
  'location_version',
  'location_photo',
  'normalized_scores_function',
  'driver_filter',
  'driver',
  'processing_log',
  'area_set',
  'iso_line_set',
  'catchment_area',
  'heat_map_set',
  'poi_set',
];

const STACK = /\bat [\w.<>$]+ \(|\bat (?:file|node):|\.(?:ts|js|mjs):\d+:\d+|node_modules|Error: .*\n\s+at /;
const SQL =
  /\b(?:SELECT\s.+\sFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b|syntax error at or near|relation "\w+"|column "\w+"|violates \w+ constraint|duplicate key value|invalid input syntax|out of range for type|PGlite|pg_catalog/i;

let rw: RobWorlds;

test.before(async () => {
  rw = await startRobWorlds();
});
test.after(async () => {
  await rw?.close();
});

interface Answer {
  status: number;
  body: string;
  contentType: string;
}

/**
 * Sends one request. Kept-alive connections are reused; a request whose
 * headers pass node's 16 KiB limit goes on a connection of its own (the
 * server answers 431 and closes it). A reused connection the server closed
 * between two requests fails at once with ECONNRESET or a hang-up before
 * anything was answered: such a request is sent once more on a new
 * connection (counted as a retry), as HTTP clients do.
 */
async function send(r: FuzzRequest, tokens: Record<string, string>, counts: { retries: number }): Promise<Answer> {
  const headers: Record<string, string> = { ...r.headers };
  if (r.token !== 'none') headers.authorization = `Bearer ${tokens[r.token]}`;
  if (r.body !== undefined) headers['content-length'] = String(Buffer.byteLength(r.body));
  const target = new URL(rw.server.baseUrl);
  const once = (fresh: boolean) =>
    new Promise<Answer>((resolve, reject) => {
      // Host, port and path apart: a URL string would be normalized by the client ('..' resolved, '\\' made '/').
      const req = httpsRequest(
        {
          hostname: target.hostname,
          port: target.port,
          path: r.path,
          method: r.route.method,
          headers,
          ...(fresh ? { rejectUnauthorized: false, agent: false } : { agent: insecureAgent }),
        },
        (res) => {
          const chunks: Buffer[] = [];
          const finish = () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), contentType: String(res.headers['content-type'] ?? '') });
          // An event stream (GET /api/events) stays open: its first event is the answer, then the connection closes.
          const stream = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
          res.on('data', (c: Buffer) => {
            chunks.push(c);
            if (stream && Buffer.concat(chunks).includes('\n\n')) {
              finish();
              req.destroy();
            }
          });
          res.on('end', finish);
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (r.body !== undefined) req.write(r.body);
      req.end();
    });
  const large = r.path.length > 12_000;
  try {
    return await once(large);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (large || (code !== 'ECONNRESET' && code !== 'EPIPE' && !/socket hang up/.test(String(error)))) throw error;
    counts.retries++;
    return once(true);
  }
}

/** One statement reading a digest of every writable table, so checking after each write costs one round trip. */
const HASH_SQL = `SELECT ${WRITABLE_TABLES.map((table) => `'${table}:' || coalesce((SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) FROM ${table} t), '-')`).join(` || ' ' || `)} AS h`;

async function dataHash(): Promise<string> {
  return (await rw.server.ctx.db.query<{ h: string }>(HASH_SQL)).rows[0]!.h;
}

test(`${TOTAL} fuzzed requests (seed ${SEED}): no 500, no stack trace or SQL, 4xx in the error contract, refused writes change nothing`, async () => {
  const { builderOf } = callBuilders(rw);
  // A realistic body per write route (one fixture each), to mutate from.
  const bodies = new Map<string, unknown>();
  for (const route of routeList.filter((r) => r.body)) bodies.set(route.name, (await builderOf(route)(rw.own)).body);
  const values = {
    real: (name: string) => {
      const own = valueOf(name, rw.own);
      return own === undefined ? undefined : fc.constantFrom(own, own, own, valueOf(name, rw.foreign));
    },
    body: (route: RouteDef) => bodies.get(route.name),
  };
  const arbitrary = fc.oneof(...routeList.map((route) => requestOf(route, values)));
  const requests = fc.sample(arbitrary, { seed: SEED, numRuns: TOTAL });
  const tokens = { globalAdmin: rw.tokens.globalAdmin, planner: rw.tokens.planner, badSignature: rw.tokens.badSignature };

  const counts = {
    sent: 0,
    byClass: {} as Record<string, number>,
    fiveHundreds: 0,
    leaks: 0,
    notContract: 0,
    writesChecked: 0,
    writesAccepted: 0,
    dataChanged: 0,
    connectionErrors: 0,
    retries: 0,
    acceptedChanged: 0,
  };
  const problems: string[] = [];
  const report = (kind: string, r: FuzzRequest, a: Answer | undefined, detail = '') => {
    if (problems.length < 40)
      problems.push(
        `${kind}: ${r.route.method} ${r.path.slice(0, 160)} [${r.kinds.join(', ')}] token=${r.token} → ${a?.status ?? '-'} ${detail} ${a?.body.slice(0, 200) ?? ''}`,
      );
  };

  const check = (r: FuzzRequest, a: Answer) => {
    counts.sent++;
    counts.byClass[String(a.status)] = (counts.byClass[String(a.status)] ?? 0) + 1;
    if (a.status >= 500) {
      counts.fiveHundreds++;
      report(String(a.status), r, a);
    }
    if (STACK.test(a.body) || (a.contentType.includes('json') && SQL.test(a.body))) {
      counts.leaks++;
      report('leak', r, a);
    }
    if (a.status >= 400 && a.status < 500) {
      let ok = false;
      let detail = '';
      try {
        const body = JSON.parse(a.body);
        const parsed = ApiError.safeParse(body);
        ok = parsed.success && parsed.data.statusCode === a.status && parsed.data.message.length > 0 && (a.status !== 400 || !!parsed.data.field);
        if (!ok) detail = parsed.success ? 'statusCode, message or field missing' : 'not the error body';
      } catch {
        detail = 'not JSON';
      }
      if (!ok) {
        counts.notContract++;
        report(`error contract (${detail})`, r, a);
      }
    }
  };

  const started = performance.now();
  const reads = requests.filter((r) => r.route.method === 'GET');
  const writes = requests.filter((r) => r.route.method !== 'GET');
  // Reads, 8 at a time.
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < reads.length) {
        const r = reads[next++]!;
        try {
          check(r, await send(r, tokens, counts));
        } catch (error) {
          counts.sent++;
          counts.connectionErrors++;
          report(`connection (${(error as Error).message})`, r, undefined);
        }
      }
    }),
  );
  const readSeconds = (performance.now() - started) / 1000;
  // Writes one at a time, each refused one checked against the data before it.
  let before = await dataHash();
  for (const r of writes) {
    let answer: Answer | undefined;
    try {
      answer = await send(r, tokens, counts);
      check(r, answer);
    } catch (error) {
      counts.sent++;
      counts.connectionErrors++;
      report(`connection (${(error as Error).message})`, r, undefined);
    }
    const after = await dataHash();
    if (answer && answer.status >= 400) {
      counts.writesChecked++;
      if (after !== before) {
        counts.dataChanged++;
        const changed = after
          .split(' ')
          .filter((part, i) => part !== before.split(' ')[i])
          .map((p) => p.split(':')[0])
          .join(', ');
        report(`data changed by a refused write (${changed})`, r, answer);
      }
    } else if (answer) {
      counts.writesAccepted++;
      if (after !== before) counts.acceptedChanged++;
    }
    before = after;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  fuzz (seed ${SEED}): ${counts.sent} requests sent (${reads.length} reads in ${readSeconds.toFixed(1)} s, ${writes.length} writes) in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `    answers by status: ${Object.entries(counts.byClass)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  console.log(
    `    5xx: ${counts.fiveHundreds}; stack traces or SQL in a body: ${counts.leaks}; 4xx outside the error contract: ${counts.notContract}; connection errors: ${counts.connectionErrors} (${counts.retries} sent again on a new connection after the server closed a kept-alive one)`,
  );
  console.log(
    `    refused writes read back: ${counts.writesChecked}, data changed by one: ${counts.dataChanged}; writes accepted: ${counts.writesAccepted} (${counts.acceptedChanged} of them changed the data read back)`,
  );
  assert.ok(counts.sent >= TOTAL, 'every request was sent');
  // The read-back sees a write: accepted writes changed the digest.
  assert.ok(counts.acceptedChanged > 0, 'no accepted write changed the digest: the read-back would not see a change');
  assert.equal(problems, [], problems.join('\n'));
});

test.run();
