// Password hashing for the built-in identity provider: scrypt from node:crypto
// (memory-hard: N=16384, r=8 needs 16 MiB per hash) with a random 16-byte
// salt, stored as "scrypt$N$r$p$salt$hash" so parameters can grow.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, length, options, (err, key) => (err ? reject(err) : resolve(key))));

const N = 16384,
  R = 8,
  P = 1,
  KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(key, expected);
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const ALPHABET = UPPER + LOWER + DIGITS;

/** The generated-password policy (docs/security.md). */
export const GENERATED_PASSWORD_POLICY = {
  length: 16,
  /** Letters and digits without the look-alikes I, O, l, 0 and 1: 57 characters, about 93 bits per password. */
  alphabet: ALPHABET,
  /** At least one upper-case letter, one lower-case letter and one digit (what directories such as Entra ID ask). */
  classes: [UPPER, LOWER, DIGITS],
} as const;

/** Whether a password meets the generated-password policy. */
export function meetsGeneratedPasswordPolicy(password: string): boolean {
  const { length, alphabet, classes } = GENERATED_PASSWORD_POLICY;
  return password.length === length && [...password].every((c) => alphabet.includes(c)) && classes.every((set) => [...password].some((c) => set.includes(c)));
}

/** A readable generated password for new logins, meeting GENERATED_PASSWORD_POLICY; uniform over the alphabet. */
export function generatePassword(): string {
  const { length } = GENERATED_PASSWORD_POLICY;
  // Bytes at or above the largest multiple of the alphabet's size are skipped, so no character is favoured.
  const limit = 256 - (256 % ALPHABET.length);
  for (;;) {
    let password = '';
    while (password.length < length) {
      for (const b of randomBytes(length * 2)) {
        if (b < limit && password.length < length) password += ALPHABET[b % ALPHABET.length];
      }
    }
    if (meetsGeneratedPasswordPolicy(password)) return password;
  }
}
