// The server's TLS certificate. msal-browser only accepts an https authority,
// so app, API and identity provider share one HTTPS origin. The certificate
// comes from TLS_CERT / TLS_KEY when configured; otherwise a self-signed one
// for this machine is generated at first start and kept in the data folder,
// so the browser has to accept it only once.
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import type { ServerConfig } from './config.js';

export interface TlsMaterial {
  key: string;
  cert: string;
  /** True when generated here (the browser shows a warning until accepted). */
  selfSigned: boolean;
  /** Where the certificate is (NODE_EXTRA_CA_CERTS for Node clients of a self-signed server). */
  certFile: string;
}

/** Days a generated certificate is valid: within the 825 days macOS accepts for a trusted server certificate. */
const VALIDITY_DAYS = 825;
/** A generated certificate this close to its end is replaced at start. */
const RENEW_BEFORE_DAYS = 30;

export async function loadOrCreateTls(config: Pick<ServerConfig, 'dataDir' | 'publicUrl' | 'tlsCertFile' | 'tlsKeyFile'>): Promise<TlsMaterial> {
  if (config.tlsCertFile || config.tlsKeyFile) {
    if (!config.tlsCertFile || !config.tlsKeyFile) throw new Error('TLS_CERT and TLS_KEY must be set together');
    const cert = readFileSync(config.tlsCertFile, 'utf8');
    const key = readFileSync(config.tlsKeyFile, 'utf8');
    if (!new X509Certificate(cert).checkPrivateKey(createPrivateKey(key))) {
      throw new Error(`TLS_KEY does not belong to the certificate in TLS_CERT (${config.tlsCertFile})`);
    }
    return { key, cert, selfSigned: false, certFile: config.tlsCertFile };
  }

  const dir = join(config.dataDir, 'tls');
  const certFile = join(dir, 'server.crt');
  const keyFile = join(dir, 'server.key');
  const names = certificateNames(config.publicUrl);
  const existing = readUsable(certFile, keyFile, names);
  if (existing) return { ...existing, selfSigned: true, certFile };

  const { key, cert } = await generateCertificate(names);
  mkdirSync(dir, { recursive: true });
  // Written next to the final files and renamed, so a reader never sees half a file.
  const suffix = `.${process.pid}.tmp`;
  writeFileSync(keyFile + suffix, key, { mode: 0o600 });
  writeFileSync(certFile + suffix, cert);
  renameSync(keyFile + suffix, keyFile);
  renameSync(certFile + suffix, certFile);
  return { key, cert, selfSigned: true, certFile };
}

interface CertificateNames {
  dns: string[];
  ips: string[];
}

/** localhost, the loopback addresses, this machine's name and the public URL's host. */
function certificateNames(publicUrl: string): CertificateNames {
  const dns = new Set(['localhost']);
  const ips = new Set(['127.0.0.1', '::1']);
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) ips.add(host);
  else if (host) dns.add(host.toLowerCase());
  const machine = hostname().toLowerCase();
  if (machine && /^[a-z0-9.-]+$/.test(machine)) dns.add(machine);
  return { dns: [...dns], ips: [...ips] };
}

/** The kept certificate, when it matches its key, covers the names and is not about to expire. */
function readUsable(certFile: string, keyFile: string, names: CertificateNames): { key: string; cert: string } | undefined {
  if (!existsSync(certFile) || !existsSync(keyFile)) return undefined;
  try {
    const cert = readFileSync(certFile, 'utf8');
    const key = readFileSync(keyFile, 'utf8');
    const x509 = new X509Certificate(cert);
    if (!x509.checkPrivateKey(createPrivateKey(key))) return undefined;
    if (new Date(x509.validTo).getTime() - Date.now() < RENEW_BEFORE_DAYS * 86_400_000) return undefined;
    const san = x509.subjectAltName ?? '';
    const covered = names.dns.every((n) => x509.checkHost(n) !== undefined) && names.ips.every((ip) => x509.checkIP(ip) !== undefined);
    if (!covered || !san) return undefined;
    return { key, cert };
  } catch {
    return undefined;
  }
}

async function generateCertificate(names: CertificateNames): Promise<{ key: string; cert: string }> {
  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(notBeforeDate.getTime() + VALIDITY_DAYS * 86_400_000);
  const pems = await generate([{ name: 'commonName', value: 'Locus (self-signed)' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [...names.dns.map((value) => ({ type: 2 as const, value })), ...names.ips.map((ip) => ({ type: 7 as const, ip }))],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
