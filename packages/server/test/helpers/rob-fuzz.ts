// fast-check arbitraries for fuzzing the API, derived from the contract: a
// value the route's zod schema would take (read from the schema's own
// definition: object shapes, string lengths and patterns, number bounds,
// enums, unions, optional and nullable fields), and the hostile variants of
// every part of a request: path parameters (wrong types, numbers at and past
// every limit, NaN and Infinity as text, path traversal, encoded slashes,
// huge and unicode strings), query strings (missing, extra, hostile, huge),
// bodies (a field dropped, added or of the wrong type, deep nesting, invalid
// JSON, wrong content types).
import fc from 'fast-check';
import type { z } from 'zod';
import { pathParamNames, type RouteDef } from '@locus/contract';

type Def = { type: string; [key: string]: any };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

interface Bounds {
  min?: number;
  max?: number;
  int: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
}

function boundsOf(def: Def): Bounds {
  const bounds: Bounds = { int: false };
  for (const check of (def.checks ?? []) as { _zod: { def: any } }[]) {
    const c = check._zod.def;
    if (c.check === 'number_format' && /int/.test(c.format)) bounds.int = true;
    if (c.check === 'greater_than') bounds.min = c.inclusive ? c.value : c.value + (bounds.int ? 1 : 1e-9);
    if (c.check === 'less_than') bounds.max = c.inclusive ? c.value : c.value - (bounds.int ? 1 : 1e-9);
    if (c.check === 'min_length') bounds.minLength = c.minimum;
    if (c.check === 'max_length') bounds.maxLength = c.maximum;
    if (c.check === 'string_format' && c.pattern instanceof RegExp && c.format === 'regex') bounds.pattern = c.pattern;
  }
  if (def.format === 'safeint' || def.format === 'int32') bounds.int = true;
  return bounds;
}

/** A value the schema takes (most of the time: refinements across fields are not read). */
export function validOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return fc.constant(null);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const required = Object.keys(shape).filter((k) => !['optional', 'default'].includes(defOf(shape[k]!).type));
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, field] of Object.entries(shape)) record[key] = validOf(field, depth + 1);
      return fc.record(record, { requiredKeys: required });
    }
    case 'string': {
      if (def.format === 'datetime')
        return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      const b = boundsOf(def);
      if (b.pattern) return fc.stringMatching(b.pattern).filter((s) => s.length <= (b.maxLength ?? 200) && s.length >= (b.minLength ?? 0));
      const minLength = b.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(b.maxLength ?? 24, 24)) });
    }
    case 'number': {
      const b = boundsOf(def);
      const min = Math.max(b.min ?? -1e6, -1e6);
      const max = Math.min(b.max ?? 1e6, 1e6);
      return b.int ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array': {
      const b = boundsOf(def);
      return fc.array(validOf(def.element, depth + 1), { minLength: b.minLength ?? 0, maxLength: Math.max(b.minLength ?? 0, 3) });
    }
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => validOf(o, depth + 1)));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(validOf(def.innerType, depth + 1), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(validOf(def.innerType, depth + 1), { nil: null, freq: 4 });
    case 'pipe':
      return validOf(def.in, depth + 1);
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validOf(def.innerType, depth + 1);
    case 'lazy':
      return validOf(def.getter(), depth + 1);
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), validOf(def.valueType, depth + 1), { maxKeys: 3 });
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map((i) => validOf(i, depth + 1)));
    case 'null':
      return fc.constant(null);
    default:
      return fc.constant(null);
  }
}

/** Values at and just past every limit the schema states: number bounds, string and list lengths, the database's integer range. */
export function limitsOf(schema: z.ZodType, depth = 0): unknown[] {
  const def = defOf(schema);
  if (depth > 4) return [];
  switch (def.type) {
    case 'number': {
      const b = boundsOf(def);
      const values: unknown[] = [2147483647, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER + 2];
      for (const edge of [b.min, b.max]) if (edge !== undefined && Number.isFinite(edge)) values.push(edge, edge - 1, edge + 1, edge - 0.5, edge + 0.5);
      return values;
    }
    case 'string': {
      const b = boundsOf(def);
      const values: unknown[] = ['', ' '];
      if (b.maxLength !== undefined) values.push('m'.repeat(b.maxLength), 'm'.repeat(b.maxLength + 1), 'é'.repeat(b.maxLength + 1));
      if (b.minLength) values.push('m'.repeat(b.minLength - 1));
      return values;
    }
    case 'array': {
      const b = boundsOf(def);
      const values: unknown[] = [[]];
      if (b.maxLength !== undefined) values.push(Array(b.maxLength + 1).fill(1));
      return values;
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return limitsOf(def.innerType, depth + 1);
    case 'pipe':
      return limitsOf(def.in, depth + 1);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => limitsOf(o, depth + 1));
    default:
      return [];
  }
}

function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let k = 0; k < depth; k++) value = asArray ? [value] : { a: value };
  return value;
}

/** Text a path or query parameter could carry that no schema should take as it is. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'NaN',
      'Infinity',
      '-Infinity',
      '1e999',
      '-1e999',
      '-1',
      '0',
      '-0',
      '1.5',
      '0x10',
      '1e3',
      ' 1',
      '1 ',
      '+1',
      '00001',
      '2147483646',
      '2147483647',
      '2147483648',
      '4294967296',
      '9007199254740991',
      '9007199254740993',
      '99999999999999999999',
      '-2147483649',
      '',
      ' ',
      'null',
      'undefined',
      'true',
      '[]',
      '{}',
      '[1,2]',
      '../../etc/passwd',
      '..',
      '.',
      '%2e%2e',
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2f',
      'a/b',
      'a%2Fb',
      '..\\..\\windows',
      '%5c..%5c',
      '%00',
      '%',
      '%zz',
      '%%',
      '%252F',
      '\u0000',
      '\n',
      '\r\nX-Injected: 1',
      "' OR '1'='1",
      '1; DROP TABLE scenario; --',
      '1) OR (1=1',
      '$1',
      ':modelId',
      '*',
      '?',
      '#',
      '<script>alert(1)</script>',
      '${7*7}',
      '{{7*7}}',
      '__proto__',
      'constructor',
      'é',
      'ÄÖÜ',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
      '\u202eevil',
      '\ud800',
      '\ufeff1',
      '١٢٣',
      '１２３',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 5 }).map((k) => 'x'.repeat(10 ** k)) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
);

/** Any JSON value a field could be given instead of the right one. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      -0.5,
      2147483647,
      2147483648,
      -2147483649,
      9007199254740992,
      1e308,
      -1e308,
      5e-324,
      [],
      {},
      [null],
      '',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 3000 }).map((d) => nested(d, 1, false)) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 3000 }).map((d) => nested(d, 1, true)) },
  { weight: 1, arbitrary: fc.array(fc.integer(), { minLength: 1000, maxLength: 20000 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** One fuzzed request: method, path, headers and raw body. */
export interface FuzzRequest {
  route: RouteDef;
  path: string;
  headers: Record<string, string>;
  body?: string;
  token: 'globalAdmin' | 'planner' | 'none' | 'badSignature';
  /** What was done to it, for the report of a failure. */
  kinds: string[];
}

/** Percent-encoding of a path segment; text with lone surrogates is sent as the bytes of its UTF-8 form. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
}

/** Text fit for a raw (not encoded) path segment: the HTTP client refuses the rest. */
const rawSafe = (text: string) => /^[\x21-\x7e]*$/.test(text) && !text.includes('?') && !text.includes('#');

export interface FuzzValues {
  /** A real value of a path or query parameter by name (ids of the worlds), or undefined. */
  real(name: string): fc.Arbitrary<unknown> | undefined;
  /** A realistic body for a write route, when there is one. */
  body(route: RouteDef): unknown;
}

export function requestOf(route: RouteDef, values: FuzzValues): fc.Arbitrary<FuzzRequest> {
  const names = pathParamNames(route.path);
  const paramShape = route.params.shape as Record<string, z.ZodType>;
  const param = (name: string) =>
    fc
      .oneof(
        { weight: 5, arbitrary: (values.real(name) ?? validOf(paramShape[name]!)).map((v) => ({ text: String(v), kind: 'valid' })) },
        { weight: 3, arbitrary: hostileText.map((text) => ({ text, kind: 'hostile' })) },
        { weight: 1, arbitrary: validOf(paramShape[name]!).map((v) => ({ text: String(v), kind: 'schema' })) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(...limitsOf(paramShape[name]!), '2147483648')
            .map((v) => ({ text: typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)), kind: 'limit' })),
        },
      )
      .chain(({ text, kind }) =>
        fc
          .constantFrom('encoded', 'encoded', 'encoded', 'raw')
          .map((how) => (how === 'raw' && rawSafe(text) ? { segment: text === '' ? '' : text, kind: `${kind}-raw` } : { segment: encodeSegment(text), kind })),
      );

  const queryShape = (route.query?.shape ?? {}) as Record<string, z.ZodType>;
  const queryValid = fc.record(Object.fromEntries(Object.entries(queryShape).map(([k, field]) => [k, values.real(k) ?? validOf(field)])), {
    requiredKeys: Object.keys(queryShape).filter((k) => !['optional', 'default'].includes(defOf(queryShape[k]!).type)),
  });
  const query = fc.oneof(
    { weight: 5, arbitrary: queryValid.map((q) => ({ q: q as Record<string, unknown>, kind: 'query-valid' })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(queryValid, fc.string({ minLength: 1, maxLength: 12 }), hostileText)
        .map(([q, k, v]) => ({ q: { ...q, [k]: v }, kind: 'query-extra' })),
    },
    {
      weight: 3,
      arbitrary: Object.keys(queryShape).length
        ? fc
            .tuple(queryValid, fc.constantFrom(...Object.keys(queryShape)), hostileText)
            .map(([q, k, v]) => ({ q: { ...q, [k]: v }, kind: `query-hostile-${k}` }))
        : queryValid.map((q) => ({ q: q as Record<string, unknown>, kind: 'query-valid' })),
    },
    {
      weight: 2,
      arbitrary: Object.keys(queryShape).some((k) => limitsOf(queryShape[k]!).length)
        ? fc.tuple(queryValid, fc.constantFrom(...Object.keys(queryShape).filter((k) => limitsOf(queryShape[k]!).length)), fc.nat()).map(([q, k, n]) => {
            const limits = limitsOf(queryShape[k]!);
            const value = limits[n % limits.length];
            return { q: { ...q, [k]: typeof value === 'string' ? value : JSON.stringify(value) }, kind: `query-limit-${k}` };
          })
        : queryValid.map((q) => ({ q: q as Record<string, unknown>, kind: 'query-valid' })),
    },
    { weight: 1, arbitrary: fc.constant({ q: {}, kind: 'query-empty' }) },
    { weight: 1, arbitrary: fc.constantFrom(1_000, 6_000, 15_000, 40_000, 200_000).map((n) => ({ q: { q: 'x'.repeat(n) }, kind: `query-huge-${n}` })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(100, 2000)
        .map((n) => ({ q: Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, String(i)])), kind: `query-many-${n}` })),
    },
  );

  const bodyArb: fc.Arbitrary<{ text?: string; type?: string; kind: string }> = route.body
    ? (() => {
        const real = values.body(route);
        const base = real !== undefined ? fc.oneof(fc.constant(real), validOf(route.body)) : validOf(route.body);
        const json = (v: unknown) => JSON.stringify(v);
        return fc.oneof(
          { weight: 4, arbitrary: base.map((v) => ({ text: json(v), type: 'application/json', kind: 'body-valid' })) },
          {
            weight: 3,
            arbitrary: fc.tuple(base, hostileJson, fc.nat()).map(([v, bad, n]) => {
              if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length) {
                const keys = Object.keys(v);
                const key = keys[n % keys.length]!;
                return { text: json({ ...(v as object), [key]: bad }), type: 'application/json', kind: `body-wrong-${key}` };
              }
              if (Array.isArray(v) && v.length)
                return { text: json(v.map((item, i) => (i === n % v.length ? bad : item))), type: 'application/json', kind: 'body-wrong-item' };
              return { text: json(bad), type: 'application/json', kind: 'body-hostile' };
            }),
          },
          {
            weight: 2,
            arbitrary: fc.tuple(base, fc.nat(), fc.nat()).map(([v, n, m]) => {
              const shape = defOf(route.body!).type === 'object' ? (defOf(route.body!).shape as Record<string, z.ZodType>) : undefined;
              if (shape && v && typeof v === 'object' && !Array.isArray(v)) {
                const keys = Object.keys(shape).filter((k) => limitsOf(shape[k]!).length);
                if (keys.length) {
                  const key = keys[n % keys.length]!;
                  const limits = limitsOf(shape[key]!);
                  return { text: json({ ...(v as object), [key]: limits[m % limits.length] }), type: 'application/json', kind: `body-limit-${key}` };
                }
              }
              return { text: json(v), type: 'application/json', kind: 'body-valid' };
            }),
          },
          {
            weight: 2,
            arbitrary: fc.tuple(base, fc.nat()).map(([v, n]) => {
              if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length) {
                const keys = Object.keys(v);
                const { [keys[n % keys.length]!]: _dropped, ...rest } = v as Record<string, unknown>;
                return { text: json(rest), type: 'application/json', kind: `body-missing-${keys[n % keys.length]}` };
              }
              return { text: json([]), type: 'application/json', kind: 'body-empty-list' };
            }),
          },
          {
            weight: 1,
            arbitrary: fc.tuple(base, fc.string({ minLength: 1, maxLength: 10 }), hostileJson).map(([v, k, bad]) => ({
              text: json(v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as object), [k]: bad } : [v, bad]),
              type: 'application/json',
              kind: 'body-extra',
            })),
          },
          { weight: 2, arbitrary: hostileJson.map((bad) => ({ text: json(bad), type: 'application/json', kind: 'body-hostile' })) },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(
                '{',
                '{"a":',
                '[1,2',
                'nul',
                'NaN',
                '{"a":NaN}',
                '{"a":Infinity}',
                '\u0000',
                "{'a':1}",
                '{"__proto__":{"x":1}}',
                '{"constructor":{"prototype":{"x":1}}}',
                '',
              )
              .map((text) => ({ text, type: 'application/json', kind: 'body-invalid-json' })),
          },
          {
            weight: 1,
            arbitrary: fc
              .tuple(
                base,
                fc.constantFrom(
                  'text/plain',
                  'application/xml',
                  'multipart/form-data; boundary=x',
                  'application/x-www-form-urlencoded',
                  'application/json; charset=utf-16',
                  'image/png',
                  'application/jsonx',
                ),
              )
              .map(([v, type]) => ({ text: json(v), type, kind: `body-type-${type.split(/[;/]/)[1]}` })),
          },
          { weight: 1, arbitrary: fc.constant({ kind: 'body-absent' }) },
        );
      })()
    : fc.oneof(
        { weight: 6, arbitrary: fc.constant({ kind: 'no-body' }) },
        { weight: 1, arbitrary: hostileJson.map((bad) => ({ text: JSON.stringify(bad), type: 'application/json', kind: 'body-unexpected' })) },
      );

  return fc
    .record({
      params: fc.tuple(...names.map(param)),
      query,
      body: bodyArb,
      token: fc.constantFrom<FuzzRequest['token']>(
        'globalAdmin',
        'globalAdmin',
        'globalAdmin',
        'globalAdmin',
        'globalAdmin',
        'planner',
        'planner',
        'none',
        'badSignature',
      ),
    })
    .map(({ params, query: q, body, token }) => {
      let index = 0;
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, () => params[index++]!.segment);
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(q.q)) {
        if (value === undefined || value === null) continue;
        for (const item of Array.isArray(value) ? value : [value]) search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
      }
      const text = search.toString();
      const headers: Record<string, string> = { accept: 'application/json' };
      if (body.type) headers['content-type'] = body.type;
      return {
        route,
        path: `${path}${text ? `?${text}` : ''}`,
        headers,
        body: body.text,
        token,
        kinds: [...params.map((p, i) => `${names[i]}:${p.kind}`), q.kind, body.kind],
      };
    });
}
