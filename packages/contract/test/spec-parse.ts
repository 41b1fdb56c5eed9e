// Reads the calls out of section 7 of the spec's Markdown, as the spec
// writes them: absolute /api paths, lists after "followed by", paths relative
// to the previous one ('/heatmapsets/{id}/points', '.../locations/{lid}'),
// and alternatives in braces ('{code or lng/lat}' is two calls).
import { pathShape } from './spec-calls';

export interface SpecCall {
  method: string;
  /** The text of the spec the call was read from. */
  source: string;
  /** The paths it may stand for; a relative path stands for one per prefix of the previous path. */
  candidates: string[];
}

/** Section 7 of the spec, up to section 8. */
export function sectionSeven(markdown: string): string {
  const start = markdown.search(/^## 7\./m);
  const end = markdown.search(/^## 8\./m);
  if (start < 0 || end < start) throw new Error('the spec has no section "## 7." followed by "## 8."');
  return markdown.slice(start, end);
}

/** '{code or lng/lat}' as '{code}' and '{lng}/{lat}'. */
export function expandAlternatives(path: string): string[] {
  const match = /\{([^}]*\sor\s[^}]*)\}/.exec(path);
  if (!match) return [path];
  return match[1].split(/\s+or\s+/).flatMap((alternative) => {
    const segments = alternative
      .trim()
      .split('/')
      .map((part) => `{${part.trim()}}`)
      .join('/');
    return expandAlternatives(path.slice(0, match.index) + segments + path.slice(match.index + match[0].length));
  });
}

const segment = String.raw`(?:\{[^}]*\}|[^\s/,;:()?{}.]+)`;
const token = new RegExp(
  String.raw`\b(GET|POST|PUT|DELETE)\b` + String.raw`|(?<=^|\s)(\/api(?:\/${segment})*\/?)` + String.raw`|(?<=^|\s)((?:\.\.\.)?(?:\/${segment})+\/?)`,
  'g',
);

function prefixes(path: string): string[] {
  const parts = path.replace(/\/+$/, '').split('/');
  const list: string[] = [];
  for (let n = parts.length - 1; n >= 2; n--) list.push(parts.slice(0, n).join('/'));
  return list;
}

/**
 * The calls of section 7. `has` says whether the table holds a method and
 * path shape; it picks which prefix a relative path continues.
 */
export function specCallsOf(markdown: string, has: (method: string, shape: string) => boolean): SpecCall[] {
  const calls: SpecCall[] = [];
  let previous = '/api';
  const resolve = (method: string, candidates: string[]) => candidates.find((path) => has(method, pathShape(path)));

  for (const line of sectionSeven(markdown)
    .split('\n')
    .filter((text) => text.startsWith('- '))) {
    let method = 'GET';
    for (const match of line.matchAll(token)) {
      if (match[1]) {
        method = match[1];
        continue;
      }
      const raw = match[2] ?? match[3];
      const after = line.slice((match.index ?? 0) + match[0].length);
      const listed = /^\s*followed by:?\s*([^.]*)\./.exec(after);
      let paths: string[][];
      if (match[2] && listed) {
        // '/api/models/{id}/ followed by: a, b, c.' is one call per item.
        const items = listed[1]
          .replace(/\([^)]*\)/g, '')
          .split(/,|\band\b/)
          .map((item) => item.trim())
          .filter(Boolean);
        paths = items.flatMap((item) => expandAlternatives(raw.replace(/\/?$/, '/') + item)).map((path) => [path]);
      } else if (match[2]) {
        paths = expandAlternatives(raw).map((path) => [path]);
      } else {
        const relative = raw.replace(/^\.\.\./, '');
        paths = expandAlternatives(relative).map((part) => prefixes(previous).map((prefix) => prefix + part));
      }
      for (const candidates of paths) {
        calls.push({ method, source: `${method} ${raw}`, candidates });
        const found = resolve(method, candidates);
        if (found && !listed) previous = found;
      }
    }
  }
  return calls;
}
