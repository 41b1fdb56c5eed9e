// Runs every package's benchmark (`bench` and `bench:*` scripts of each
// workspace package) one after another; each prints its own figures beside a
// baseline measured in the same run. `npm run bench -- engine` runs one.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv.slice(2);
let failed = 0;
for (const pkg of readdirSync(join(root, 'packages')).sort()) {
  const file = join(root, 'packages', pkg, 'package.json');
  if (!existsSync(file)) continue;
  const scripts = JSON.parse(readFileSync(file, 'utf8')).scripts ?? {};
  for (const name of Object.keys(scripts)
    .filter((s) => s === 'bench' || s.startsWith('bench:'))
    .sort()) {
    if (only.length && !only.some((o) => pkg.includes(o) || name.includes(o))) continue;
    console.log(`\n=== ${pkg}: ${name} ===`);
    const r = spawnSync('npm', ['run', name, '--silent'], { cwd: join(root, 'packages', pkg), stdio: 'inherit' });
    if (r.status !== 0) {
      failed++;
      console.log(`(${pkg} ${name} exited with ${r.status})`);
    }
  }
}
process.exit(failed ? 1 : 0);
