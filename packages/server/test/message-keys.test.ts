// Every message key the server answers a refusal with is one of the
// contract's message constants, whose texts the app keeps in five languages
// (planner-app test/guard.test.tsx fails on a missing one). A key written as
// a bare string in a conflict(...) or new DomainError(kind, ...) call would
// reach a person untranslated: this test reads the server's sources and
// fails on any such key that the contract does not list.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CalibrationMessage, FieldRefusalMessage, GoneMessage, LimitMessage, RuleMessage, ValidationMessage } from '@locus/contract';

const SOURCES = fileURLToPath(new URL('../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const KNOWN = new Set<string>([
  ...Object.values(ValidationMessage),
  ...Object.values(RuleMessage),
  ...Object.values(LimitMessage),
  ...Object.values(FieldRefusalMessage),
  ...Object.values(GoneMessage),
  ...Object.values(CalibrationMessage),
]);

/** A key: one camelCase word (the readable sentences of 401, 403, 404, ... have spaces). */
const KEY_CALL = /(?:\bconflict\(|\bruleConflict\(|new DomainError\(\s*'[A-Za-z]+',)\s*'([A-Za-z]+)'/g;

test('every literal message key of a refusal in the server is a contract message constant', () => {
  const files = sourceFiles(SOURCES);
  assert.ok(files.length > 50, 'the server sources were found');
  const unknown: string[] = [];
  let seen = 0;
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(KEY_CALL)) {
      seen++;
      if (!KNOWN.has(match[1]!)) unknown.push(`${file.slice(SOURCES.length)}: ${match[1]}`);
    }
  }
  assert.ok(seen > 0, 'the pattern finds the literal keys');
  assert.equal(unknown, [], `message keys without a contract constant (and so without a text in the app):\n${unknown.join('\n')}`);
});

test('the pattern catches a key that is not listed', () => {
  const sample = "throw conflict('somethingNew', 'why'); throw new DomainError('conflict', 'loginExists', {});";
  const keys = [...sample.matchAll(KEY_CALL)].map((m) => m[1]);
  assert.equal(keys, ['somethingNew', 'loginExists']);
  assert.equal(
    keys.filter((k) => !KNOWN.has(k!)),
    ['somethingNew'],
  );
});

test.run();
