// Lists source lines longer than a limit (default 160 characters, Prettier's
// printWidth in .prettierrc.json) in the files git tracks: TypeScript,
// JavaScript and CSS. Prettier wraps code but not long strings or comments,
// so this catches what it leaves. Prints each line's place and length and a
// count; exits 1 when any line is over the limit.
//   node scripts/long-lines.mjs [--limit N] [--count]
// --count prints only the totals and exits 0 (for a figure, not a gate).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const at = args.indexOf('--limit');
const limit = at >= 0 ? Number(args[at + 1]) : JSON.parse(readFileSync(new URL('../.prettierrc.json', import.meta.url), 'utf8')).printWidth;
if (!Number.isInteger(limit) || limit < 1) {
  console.error('--limit takes a whole number of characters');
  process.exit(2);
}
const countOnly = args.includes('--count');
const root = new URL('..', import.meta.url);
const files = execFileSync('git', ['ls-files', '-z', '*.ts', '*.tsx', '*.js', '*.mjs', '*.css'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);

let over = 0;
const perFile = new Map();
for (const file of files) {
  const lines = readFileSync(new URL(file, root), 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (line.length <= limit) return;
    over++;
    perFile.set(file, (perFile.get(file) ?? 0) + 1);
    if (!countOnly) console.log(`${file}:${i + 1}: ${line.length} characters`);
  });
}
console.log(`${over} line(s) over ${limit} characters in ${perFile.size} of ${files.length} files`);
process.exit(over > 0 && !countOnly ? 1 : 0);
