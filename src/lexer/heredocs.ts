// Here-documents: the queue of those opened on a line, and their bodies,
// read after the line's newline (SPEC §2 "Heredocs").

import type { Heredoc, Redirect } from '../syntax/ast.js';
import { Char } from './chars.js';
import type { LexerState } from './state.js';
import { scanQuotedParts } from './quotes.js';

/** Queue a here-document: its body starts after the next newline. */
export function queueHeredoc(lexer: LexerState, redirect: Redirect): void {
  lexer.pendingHeredocs.push(redirect);
}

/** Set the queue aside while the body of a substitution is read: the here-documents opened inside it queue apart. */
export function holdPendingHeredocs(lexer: LexerState): Redirect[] {
  const held = lexer.pendingHeredocs;
  lexer.pendingHeredocs = [];
  return held;
}

/** Back from a substitution: the queue set aside, then those opened inside it and still waiting for their line's end. */
export function resumePendingHeredocs(lexer: LexerState, held: Redirect[]): void {
  // appended in place: a copy per substitution would grow with the line (`$(cat <<E)` × 10,000)
  for (const redirect of lexer.pendingHeredocs) held.push(redirect);
  lexer.pendingHeredocs = held;
}

/** At the end of the input: here-documents still waiting read as empty and unterminated. */
export function closePendingHeredocs(lexer: LexerState): void {
  for (const redirect of lexer.pendingHeredocs) {
    const heredoc = redirect.heredoc!;
    heredoc.terminated = false;
    heredoc.span = [lexer.end, lexer.end];
    heredoc.body = { type: 'Word', span: [lexer.end, lexer.end], parts: [], unquoted: false };
  }
  lexer.pendingHeredocs = [];
}

/** Read the bodies of the pending here-documents; pos just after a newline. */
export function readHeredocBodies(lexer: LexerState): void {
  const pending = lexer.pendingHeredocs;
  lexer.pendingHeredocs = [];
  for (const redirect of pending) readHeredocBody(lexer, redirect.heredoc!);
  lexer.tokenEnd = lexer.pos;
}

export function readHeredocBody(lexer: LexerState, heredoc: Heredoc): void {
  const src = lexer.src;
  const start = lexer.pos;
  const delimiter = heredoc.delimiter;
  let lineStart = start;
  let bodyEnd = -1;
  let after = lexer.end;
  while (lineStart < lexer.end) {
    let lineEnd = src.indexOf('\n', lineStart);
    if (lineEnd < 0 || lineEnd > lexer.end) lineEnd = lexer.end;
    let textStart = lineStart;
    if (heredoc.stripTabs) while (textStart < lineEnd && src.charCodeAt(textStart) === Char.Tab) textStart++;
    let line = src.slice(textStart, lineEnd);
    if (!heredoc.quoted) {
      // In an unquoted body a backslash-newline joins lines before the delimiter is looked for:
      // `EO\⏎F` ends the body at `EOF`, and `a\⏎EOF` is body text.
      while (lineEnd < lexer.end && endsInOddBackslashes(line)) {
        let next = src.indexOf('\n', lineEnd + 1);
        if (next < 0 || next > lexer.end) next = lexer.end;
        line = line.slice(0, -1) + src.slice(lineEnd + 1, next);
        lineEnd = next;
      }
    }
    if (line === delimiter) {
      bodyEnd = lineStart;
      after = lineEnd < lexer.end ? lineEnd + 1 : lineEnd;
      break;
    }
    if (lexer.insideCommandSubstitution > 0 && lexer.dialect.heredocEndsAtCloseParen && line.startsWith(delimiter) &&
      line.length > delimiter.length && line.charCodeAt(delimiter.length) === Char.RightParen) {
      // bash ends a here-document inside `$(…)` at `DELIM)`, and the `)` closes the substitution.
      bodyEnd = lineStart;
      after = textStart + delimiter.length;
      break;
    }
    if ((lexer.insideCommandSubstitution > 0 || lexer.insideProcessSubstitution > 0) && lexer.dialect.heredocEndsAtCloseParen &&
      line.startsWith(delimiter) && line.includes(')', delimiter.length)) {
      // bash 5.2 also ends it at `DELIMb)`, `DELIM ;)`, … and reads the rest of the line as commands
      // (not at `DELIM')'` or `DELIM(x)`): a reading treeward does not follow, so it refuses the line
      lexer.error(
        `a here-document line inside a substitution that starts with its delimiter \`${delimiter}\` and holds a \`)\`: ` +
          'bash may end the here-document there and read the rest as commands; put the delimiter alone on its line',
        textStart, lineEnd, 'unsupported');
    }
    lineStart = lineEnd + 1;
  }
  const terminated = bodyEnd >= 0;
  if (!terminated) bodyEnd = lexer.end;
  heredoc.terminated = terminated;
  heredoc.span = [start, after];
  if (heredoc.quoted) {
    const value = src.slice(start, bodyEnd);
    heredoc.body = { type: 'Word', span: [start, bodyEnd], parts: value ? [{ type: 'Literal', span: [start, bodyEnd], value }] : [], unquoted: false };
  } else {
    lexer.pos = start;
    const parts = scanQuotedParts(lexer, -1, true, bodyEnd);
    heredoc.body = { type: 'Word', span: [start, bodyEnd], parts, unquoted: false };
  }
  lexer.pos = after;
}

function endsInOddBackslashes(line: string): boolean {
  let n = 0;
  for (let i = line.length - 1; i >= 0 && line.charCodeAt(i) === Char.Backslash; i--) n++;
  return n % 2 === 1;
}
