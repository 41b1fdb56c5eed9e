// A PostgreSQL cluster of the test's own (initdb in a temporary folder, on a
// free port), so a fault test can stop, restart and kill it without touching
// the server other tests share. Needs the PostgreSQL binaries (Debian's
// postgresql package); as root the cluster runs as the postgres user.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server.js';

export interface OwnCluster {
  port: number;
  /** The admin URL (database postgres). */
  url: string;
  /** A URL of a new database on this cluster. */
  createDatabase(name: string): Promise<string>;
  start(): void;
  stop(mode?: 'fast' | 'immediate'): void;
  restart(): void;
  running(): boolean;
  destroy(): void;
}

export function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? join(base, versions[versions.length - 1]!, 'bin') : undefined;
}

const isRoot = () => process.getuid?.() === 0;

function run(bin: string, args: string[]) {
  const command = join(bin, args[0]!);
  const result = isRoot()
    ? spawnSync('su', ['postgres', '-s', '/bin/bash', '-c', [command, ...args.slice(1)].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')], {
        encoding: 'utf8',
      })
    : spawnSync(command, args.slice(1), { encoding: 'utf8' });
  return result;
}

export async function startOwnCluster(): Promise<OwnCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const dir = mkdtempSync(join(tmpdir(), 'locus-rob-pg-'));
  if (isRoot())
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  const data = join(dir, 'data');
  const port = await freePort();
  const init = run(bin, ['initdb', '-D', data, '-U', 'postgres', '-A', 'trust']);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=on -c max_connections=100`;
  const cluster: OwnCluster = {
    port,
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    async createDatabase(name) {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      return `postgresql://postgres@127.0.0.1:${port}/${name}`;
    },
    start() {
      const r = run(bin, ['pg_ctl', '-D', data, '-l', join(dir, 'server.log'), '-w', '-o', options, 'start']);
      if (r.status !== 0) throw new Error(`pg_ctl start failed: ${r.stderr}${r.stdout}`);
    },
    stop(mode = 'fast') {
      run(bin, ['pg_ctl', '-D', data, '-m', mode, '-w', 'stop']);
    },
    restart() {
      cluster.stop('fast');
      cluster.start();
    },
    running() {
      return run(bin, ['pg_ctl', '-D', data, 'status']).status === 0;
    },
    destroy() {
      cluster.stop('immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
