// Quoted text: `"…"` (and a here-document body, read as inside double
// quotes), backquoted substitutions, and the escapes of `$'…'`.

import type { CommandSubstitution, DoubleQuoted, WordPart } from '../syntax/ast.js';
import { Char } from './chars.js';
import type { LexerState } from './state.js';

/** `"…"`; pos at the opening quote. */
export function scanDoubleQuoted(lexer: LexerState): DoubleQuoted {
  const start = lexer.pos;
  lexer.enter(start);
  lexer.pos = start + 1;
  const parts = scanQuotedParts(lexer, Char.DoubleQuote, false);
  if (lexer.code(lexer.pos) !== Char.DoubleQuote) lexer.error('unterminated double quote: add the closing `"`', start, lexer.pos);
  lexer.pos++;
  lexer.leave();
  return { type: 'DoubleQuoted', span: [start, lexer.pos], parts };
}

/**
 * Text as inside double quotes (or a here-document body, where `"` is
 * ordinary), up to `close` or the end. Backslash escapes only `$`, `` ` ``,
 * `"`, `\` and newline.
 */
export function scanQuotedParts(lexer: LexerState, close: number, heredoc: boolean, limit = lexer.end): WordPart[] {
  const src = lexer.src;
  const base = lexer.partTop;
  let pos = lexer.pos;
  let litStart = pos;
  let literal = '';
  let litFrom = pos;
  while (pos < limit) {
    const c = src.charCodeAt(pos);
    if (c === close && !heredoc) break;
    if (c === Char.Backslash && pos + 1 < limit) {
      const n = src.charCodeAt(pos + 1);
      if (n === Char.Newline) {
        literal += src.slice(litStart, pos);
        pos += 2;
        litStart = pos;
        continue;
      }
      if (n === Char.Dollar || n === Char.Backquote || n === Char.Backslash || (n === Char.DoubleQuote && !heredoc)) {
        lexer.pushLiteral(litFrom, litStart, pos, literal);
        literal = '';
        lexer.pushPart({ type: 'Escaped', span: [pos, pos + 2], value: src[pos + 1]! });
        pos += 2;
        litStart = litFrom = pos;
        continue;
      }
      pos += 2;
      continue;
    }
    if (c === Char.Dollar) {
      if (lexer.dollarExpands(pos, true, limit)) {
        lexer.pushLiteral(litFrom, litStart, pos, literal);
        literal = '';
        lexer.pos = pos;
        lexer.pushPart(lexer.scanDollar(true));
        pos = lexer.pos;
        litStart = litFrom = pos;
        continue;
      }
      pos++;
      continue;
    }
    if (c === Char.Backquote) {
      lexer.pushLiteral(litFrom, litStart, pos, literal);
      literal = '';
      lexer.pos = pos;
      lexer.pushPart(scanBackquote(lexer, true));
      pos = lexer.pos;
      litStart = litFrom = pos;
      continue;
    }
    pos++;
  }
  lexer.pushLiteral(litFrom, litStart, pos, literal);
  lexer.pos = pos;
  return lexer.takeParts(base);
}

/** `` `…` ``; pos at the opening backquote. */
export function scanBackquote(lexer: LexerState, inDoubleQuotes: boolean): CommandSubstitution {
  const start = lexer.pos;
  lexer.enter(start);
  const src = lexer.src;
  let text = '';
  const positions: number[] = [];
  let i = start + 1;
  for (;;) {
    if (i >= lexer.end) lexer.error('unterminated backquote: add the closing `` ` ``', start, i);
    const c = src.charCodeAt(i);
    if (c === Char.Backquote) break;
    if (c === Char.Backslash && i + 1 < lexer.end) {
      const n = src.charCodeAt(i + 1);
      // Inside backquotes a backslash quotes only `$`, `` ` ``, `\` (and `"` within double quotes).
      if (n === Char.Dollar || n === Char.Backquote || n === Char.Backslash || (inDoubleQuotes && n === Char.DoubleQuote)) {
        text += src[i + 1];
        positions.push(i + 1);
        i += 2;
        continue;
      }
    }
    text += src[i];
    positions.push(i);
    i++;
  }
  positions.push(i);
  const end = i + 1;
  const body = lexer.nestedParser.parseBackquoted(text, positions, [start, end]);
  lexer.pos = end;
  lexer.leave();
  return { type: 'CommandSubstitution', span: [start, end], body, backquote: true };
}

/** Decode the escapes of `$'…'`; `\x` and octal escapes give bytes, read as UTF-8. */
export function decodeAnsiC(raw: string): string {
  let out = '';
  let bytes: number[] = [];
  const flush = () => {
    if (bytes.length === 0) return;
    out += new TextDecoder('utf-8').decode(Uint8Array.from(bytes));
    bytes = [];
  };
  const isHex = (c: string | undefined) => c !== undefined && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c !== '\\' || i + 1 >= raw.length) { flush(); out += c; continue; }
    const n = raw[++i]!;
    if (n === 'x') {
      let hex = '';
      if (raw[i + 1] === '{') {
        const close = raw.indexOf('}', i + 2);
        if (close > 0) {
          hex = raw.slice(i + 2, close);
          i = close;
          flush();
          const cp = parseInt(hex, 16);
          out += Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
          continue;
        }
      }
      while (hex.length < 2 && isHex(raw[i + 1])) hex += raw[++i];
      if (hex) bytes.push(parseInt(hex, 16));
      else { flush(); out += '\\x'; }
      continue;
    }
    if (n >= '0' && n <= '7') {
      let oct = n;
      while (oct.length < 3 && i + 1 < raw.length && raw[i + 1]! >= '0' && raw[i + 1]! <= '7') oct += raw[++i];
      bytes.push(parseInt(oct, 8) & 0xff);
      continue;
    }
    flush();
    switch (n) {
      case 'a': out += '\x07'; break;
      case 'b': out += '\b'; break;
      case 'e': case 'E': out += '\x1b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      case '\\': out += '\\'; break;
      case "'": out += "'"; break;
      case '"': out += '"'; break;
      case '?': out += '?'; break;
      case 'u': case 'U': {
        const max = n === 'u' ? 4 : 8;
        let hex = '';
        while (hex.length < max && isHex(raw[i + 1])) hex += raw[++i];
        const cp = hex ? parseInt(hex, 16) : -1;
        out += cp >= 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '\\' + n + hex;
        break;
      }
      case 'c': {
        // `\c\\` takes both backslashes as its character
        if (i + 1 < raw.length) {
          let ch = raw[++i]!;
          if (ch === '\\' && raw[i + 1] === '\\') i++;
          if (ch === '?') { out += '\x7f'; break; }
          ch = ch.toUpperCase();
          out += String.fromCharCode(ch.charCodeAt(0) & 0x1f);
        } else out += '\\c';
        break;
      }
      default:
        out += '\\' + n;
    }
  }
  flush();
  return out;
}
