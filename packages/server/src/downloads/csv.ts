// CSV as Excel opens it in either culture: a byte-order mark, CRLF line ends,
// culture nl with semicolons and decimal commas, en with commas and decimal
// points; no thousands separators. Fields holding the separator, a quote or a
// line break are quoted.
import type { FastifyReply } from 'fastify';

export type Culture = 'nl' | 'en';

const BOM = '\uFEFF';

export type Cell = string | number | boolean | null | undefined;

export function formatNumber(value: number, culture: Culture): string {
  if (!Number.isFinite(value)) return '';
  // Ten significant decimals at most: enough for any figure shown, without float noise.
  const text = String(Number(value.toFixed(10)));
  return culture === 'nl' ? text.replace('.', ',') : text;
}

export function csv(culture: Culture, header: readonly string[], rows: readonly Cell[][]): string {
  const separator = culture === 'nl' ? ';' : ',';
  const field = (v: Cell): string => {
    if (v === null || v === undefined) return '';
    const text = typeof v === 'number' ? formatNumber(v, culture) : typeof v === 'boolean' ? (v ? '1' : '0') : v;
    return /[";,\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return BOM + [header, ...rows].map((r) => r.map(field).join(separator)).join('\r\n') + '\r\n';
}

/** A file name safe in a Content-Disposition header. */
export function fileName(...parts: Array<string | number>): string {
  return parts
    .map((p) =>
      String(p)
        .normalize('NFKD')
        .replace(/[^\w.-]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('-');
}

export function sendFile(reply: FastifyReply, name: string, contentType: string, body: string | Buffer): undefined {
  reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('Cache-Control', 'private, no-store')
    .send(body);
  return undefined;
}

export const sendCsv = (reply: FastifyReply, name: string, text: string) => sendFile(reply, `${name}.csv`, 'text/csv; charset=utf-8', text);
