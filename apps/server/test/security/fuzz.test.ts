import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../helpers/test-app';
import { buildWorld, type World } from './fixture';

/**
 * Property-based fuzz over every route of the OpenAPI description (read from the app's own swagger
 * document, so new routes are covered without editing this file): random and malicious path params,
 * queries, bodies, content types and credentials. No answer may be a 5xx, and every 4xx is JSON with a
 * string `message` and `code`. Reproduce a failure with FUZZ_SEED=<printed seed>; FUZZ_RUNS sets the count.
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 2000);
const SEED = Number(process.env['FUZZ_SEED'] ?? Math.floor(Math.random() * 2 ** 31));

interface Operation {
  method: string;
  path: string;
  queryKeys: string[];
  bodyKeys: string[];
}

function operationsOf(spec: unknown): Operation[] {
  const paths = (spec as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths;
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op['parameters'] as { in: string; name: string }[] | undefined) ?? [];
      const body = op['requestBody'] as { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } | undefined;
      const bodyKeys = Object.values(body?.content ?? {}).flatMap((c) => Object.keys(c.schema?.properties ?? {}));
      ops.push({ method: method.toUpperCase(), path, queryKeys: params.filter((p) => p.in === 'query').map((p) => p.name), bodyKeys });
    }
  }
  return ops;
}

const nasty = [
  '3000000000',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  '-1',
  '0',
  '-0',
  '00',
  '01',
  '0x41',
  '+1',
  ' 1',
  '1 ',
  '1.0',
  '1e3',
  'NaN',
  'Infinity',
  '１２',
  '٣',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  // A NUL (PostgreSQL refuses it in text) and lone surrogates.
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '%ED%A0%80',
  '%',
  '%ZZ',
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "1' OR '1'='1",
  '1;DROP TABLE tracks',
  '\u202e',
  '😀',
  'a'.repeat(5000),
  '__proto__',
  'constructor',
  'wave_3000000000.png',
  '3000000000.json',
  '1-64.jpg',
  'wave_1.png',
];
/**
 * Percent-encodes as a browser would, a lone surrogate as the three bytes UTF-8 would give it (CESU-8), which
 * encodeURIComponent refuses to write: the server must read those as the broken text they are.
 */
const encode = (s: string) =>
  s
    .split(/([\ud800-\udfff])/u)
    .map((part) => (/^[\ud800-\udfff]$/u.test(part) ? cesu(part.charCodeAt(0)) : encodeURIComponent(part)))
    .join('');
const cesu = (c: number) =>
  [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');

/** Numbers around and past the int4 columns' range, the classic 500 on PostgreSQL. */
const bigInts = fc.oneof(fc.integer({ min: 2_147_483_640, max: 2 ** 40 }), fc.integer({ min: -(2 ** 40), max: 0 }));
const text = fc.oneof(
  bigInts.map(String),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 70n }).map(String),
  fc.constantFrom(...nasty),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.bigInt().map(String),
  fc.double().map(String),
);
const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  text,
  bigInts,
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, 3000000000, -1, 0, 2147483647, 2147483648, Number.MAX_SAFE_INTEGER, 1e308, 1.5),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 12 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant('x'.repeat(70_000)),
);

describe.each(DIALECTS)('fuzz over the OpenAPI routes (%s)', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await buildWorld(t);
  });
  afterAll(async () => t?.close());

  it(`answers ${RUNS} generated requests without a 5xx, every 4xx as {message, code}`, { timeout: 110_000 }, async () => {
    const ops = operationsOf(t.app.swagger());
    expect(ops.length).toBeGreaterThan(15);
    const tokens = [undefined, 'garbage', w.bad, w.expired, w.level1.token, w.level5.token, w.owner.token, w.other.token];
    const request = fc.record({
      op: fc.constantFrom(...ops),
      pathValue: fc.oneof(text, fc.constantFrom(String(w.pub), String(w.priv), String(w.playlist))),
      raw: fc.boolean(),
      query: fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom('musicId', 'tempPlayListId', 'page', 'size', 'q', 'sort', 'g', 'moods', 'exp', 'uid', 'sig'),
            fc.string({ maxLength: 8 }),
          ),
          text,
        ),
        { maxLength: 5 },
      ),
      body: fc.oneof(
        fc.constant(undefined),
        jsonish,
        fc.dictionary(
          fc.oneof(
            fc.constantFrom(
              'musicId',
              'playlistId',
              'id',
              'name',
              'title',
              'email',
              'password',
              'token',
              'genre',
              'moods',
              'bpm',
              'soundKey',
              'description',
            ),
            fc.string({ maxLength: 8 }),
          ),
          jsonish,
          { maxKeys: 5 },
        ),
      ),
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'text/plain',
        'multipart/form-data; boundary=b',
        'multipart/form-data',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        'garbage/?;;',
        undefined,
      ),
      token: fc.constantFrom(...tokens),
      lang: fc.constantFrom('ko', 'en', 'ja', 'xx', undefined),
    });
    let failure: string | null = null;
    const started = Date.now();
    try {
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const value = r.raw ? r.pathValue : encode(r.pathValue);
          const qs = r.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
          const url = r.op.path.replace(/\{[^}]+\}/gu, value) + (qs ? `?${qs}` : '');
          const hasBody = r.body !== undefined && r.op.method !== 'GET' && r.op.method !== 'DELETE';
          const payload = hasBody
            ? typeof r.body === 'string' && !r.contentType?.includes('json')
              ? r.body
              : JSON.stringify(r.body)
            : undefined;
          const res = await t.call({
            method: r.op.method as 'GET',
            url,
            token: r.token,
            lang: r.lang,
            headers: r.contentType && hasBody ? { 'content-type': r.contentType } : {},
            ...(payload !== undefined ? { payload } : {}),
          });
          const where = `${r.op.method} ${url.slice(0, 200)} ${String(payload).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
          if (res.statusCode >= 400) {
            let body: { message?: unknown; code?: unknown } = {};
            try {
              body = res.json();
            } catch {
              throw new Error(`4xx without JSON: ${where}`);
            }
            if (typeof body.message !== 'string' || typeof body.code !== 'string') throw new Error(`4xx without message/code: ${where}`);
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    } catch (err) {
      failure = `fuzz failed with FUZZ_SEED=${SEED} (${dialect}): ${(err as Error).message}\n${String((err as Error).cause ?? '')}`;
      console.error(failure);
    }
    console.info(
      `[fuzz] ${dialect}: ${RUNS} requests over ${ops.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s, FUZZ_SEED=${SEED}`,
    );
    expect(failure).toBeNull();
  });
});
