// Tokenizer of the expression language. Positions are 0-based character
// offsets into the source so that every error can point at its place.

import { ExpressionSyntaxError } from './errors.js';

export type TokenKind = 'number' | 'string' | 'name' | 'keyword' | 'operator' | 'punctuation' | 'end';

export interface Token {
  kind: TokenKind;
  /** The number's value, the string's content, the property name, the lower-case keyword or the operator. */
  text: string;
  value?: number;
  /** Offset of the first character and offset after the last one. */
  start: number;
  end: number;
  /** A name written as [name]: it is always a property, never a keyword or function. */
  quoted?: boolean;
}

/** Reserved words, matched case-insensitively (planners type IF and If as often as if). */
export const KEYWORDS: ReadonlySet<string> = new Set(['if', 'then', 'else', 'and', 'or', 'not', 'true', 'false']);

const OPERATORS = ['<=', '>=', '<>', '!=', '==', '&&', '||', '+', '-', '*', '/', '%', '^', '<', '>', '=', '!'];

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

function isNameStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

function isNamePart(c: string): boolean {
  return isNameStart(c) || isDigit(c);
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c) || (c === '.' && isDigit(source[i + 1] ?? ''))) {
      while (isDigit(source[i] ?? '')) i++;
      if (source[i] === '.') {
        i++;
        while (isDigit(source[i] ?? '')) i++;
      }
      if (source[i] === 'e' || source[i] === 'E') {
        let k = i + 1;
        if (source[k] === '+' || source[k] === '-') k++;
        if (isDigit(source[k] ?? '')) {
          i = k;
          while (isDigit(source[i] ?? '')) i++;
        }
      }
      if (isNameStart(source[i] ?? '')) {
        throw new ExpressionSyntaxError(`unexpected character '${source[i]}' after a number`, i, 'exprCharAfterNumber', { char: source[i]! });
      }
      const text = source.slice(start, i);
      tokens.push({ kind: 'number', text, value: Number(text), start, end: i });
      continue;
    }
    if (isNameStart(c)) {
      while (i < source.length && isNamePart(source[i])) i++;
      const text = source.slice(start, i);
      const lower = text.toLowerCase();
      if (KEYWORDS.has(lower)) tokens.push({ kind: 'keyword', text: lower, start, end: i });
      else tokens.push({ kind: 'name', text, start, end: i });
      continue;
    }
    if (c === '[') {
      // Quoted property name for names with spaces or other characters: [Sales area (m2)].
      const close = source.indexOf(']', i + 1);
      if (close < 0) throw new ExpressionSyntaxError("a name opened with '[' is not closed with ']'", start, 'exprBracketNotClosed');
      const text = source.slice(i + 1, close);
      if (text.trim() === '') throw new ExpressionSyntaxError('empty name between [ and ]', start, 'exprEmptyBracketName');
      i = close + 1;
      tokens.push({ kind: 'name', text, start, end: i, quoted: true });
      continue;
    }
    if (c === "'" || c === '"') {
      let text = '';
      i++;
      let closed = false;
      while (i < source.length) {
        const d = source[i];
        if (d === '\\' && i + 1 < source.length) {
          text += source[i + 1];
          i += 2;
          continue;
        }
        if (d === c) {
          closed = true;
          i++;
          break;
        }
        text += d;
        i++;
      }
      if (!closed) throw new ExpressionSyntaxError('a text value is not closed with its quote', start, 'exprTextNotClosed');
      tokens.push({ kind: 'string', text, start, end: i });
      continue;
    }
    if (c === '(' || c === ')' || c === ',') {
      i++;
      tokens.push({ kind: 'punctuation', text: c, start, end: i });
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (op) {
      i += op.length;
      tokens.push({ kind: 'operator', text: op, start, end: i });
      continue;
    }
    throw new ExpressionSyntaxError(`unexpected character '${c}'`, start, 'exprUnexpectedCharacter', { char: c });
  }
  tokens.push({ kind: 'end', text: '', start: source.length, end: source.length });
  return tokens;
}
