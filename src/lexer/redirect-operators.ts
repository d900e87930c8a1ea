// Redirection operators: `<`, `>`, `>>`, `<<`, `<<<`, `&>`, zsh's `>!` and
// the rest, as the dialect reads them (SPEC §2 "Redirection operators").

import type { RedirectOperator } from '../syntax/ast.js';
import { Char } from './chars.js';
import { Token } from './tokens.js';
import type { LexerState } from './state.js';

/** A redirection operator starting at `at` (after any fd). */
export function readRedirectOperator(lexer: LexerState, at: number, ampersandFirst: boolean): Token {
  const dialect = lexer.dialect;
  const c = lexer.code(at);
  const c1 = lexer.code(at + 1);
  const c2 = lexer.code(at + 2);
  const bang = (x: number) => dialect.zshRedirections && (x === Char.Bang || x === Char.Pipe);
  let op: RedirectOperator;
  let end: number;
  if (ampersandFirst) {
    // at points at `>` after `&`
    if (c1 === Char.Greater) {
      if (bang(c2)) { op = c2 === Char.Bang ? '>>&!' : '>>&|'; end = at + 3; }
      else { op = '&>>'; end = at + 2; }
    } else if (bang(c1)) { op = c1 === Char.Bang ? '&>!' : '&>|'; end = at + 2; }
    else { op = '&>'; end = at + 1; }
  } else if (c === Char.Less) {
    if (c1 === Char.Less) {
      if (c2 === Char.Less && dialect.hereString) { op = '<<<'; end = at + 3; }
      else if (c2 === Char.Minus) { op = '<<-'; end = at + 3; }
      else if (c2 === Char.LeftParen && dialect.zshRedirections) { op = '<'; end = at + 1; } // zsh: `<<(x)` is `<` `<(x)`
      else { op = '<<'; end = at + 2; }
    } else if (c1 === Char.Amp) { op = '<&'; end = at + 2; }
    else if (c1 === Char.Greater) { op = '<>'; end = at + 2; }
    else { op = '<'; end = at + 1; }
  } else {
    if (c1 === Char.Greater) {
      if (c2 === Char.Amp && dialect.zshRedirections) {
        const c3 = lexer.code(at + 3);
        if (bang(c3)) { op = c3 === Char.Bang ? '>>&!' : '>>&|'; end = at + 4; }
        else { op = '>>&'; end = at + 3; }
      } else if (bang(c2)) { op = c2 === Char.Bang ? '>>!' : '>>|'; end = at + 3; }
      else if (c2 === Char.LeftParen && dialect.zshRedirections) { op = '>'; end = at + 1; } // zsh: `>>(x)` is `>` `>(x)`
      else { op = '>>'; end = at + 2; }
    } else if (c1 === Char.Amp) {
      if (bang(c2)) { op = c2 === Char.Bang ? '>&!' : '>&|'; end = at + 3; }
      else { op = '>&'; end = at + 2; }
    } else if (c1 === Char.Pipe) { op = '>|'; end = at + 2; }
    else if (c1 === Char.Bang && dialect.zshRedirections) { op = '>!'; end = at + 2; }
    else { op = '>'; end = at + 1; }
  }
  lexer.redirectOperator = op;
  return lexer.finish(Token.Redirect, end);
}
