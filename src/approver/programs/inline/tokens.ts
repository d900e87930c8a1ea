// The tokens the inline-code readers share (python-tokens.ts, js-tokens.ts):
// names, numbers, strings with their value when it is one fixed text,
// operators and statement ends. A string holding code (an f-string's
// fields, a template literal's `${…}`) keeps that code as nested token
// lists, so a call inside it is read like any other.

export type TokenKind = 'name' | 'num' | 'str' | 'op' | 'end';

export interface Token {
  k: TokenKind;
  /** The name, the operator, or the source text of a number or string. */
  t: string;
  /** A string's value when it is one fixed text (no fields, escapes read); null otherwise. */
  v?: string | null;
  /** Code inside the string (f-string fields, `${…}`), each a token list of its own. */
  nested?: Token[][];
  /** The token follows a line break (Python's statement end, JavaScript's automatic semicolons). */
  nl?: boolean;
}

/** Why a tokenizer stopped: the text does not read as the language's code (or is past the budget). */
export class TokenError extends Error {}

/** More tokens than any inline program needs: past it the code is not read (and is refused). */
export const maxTokens = 200_000;
/** Strings inside code inside strings (`f"{f'{x}'}"`) deeper than this are not read. */
export const maxNesting = 16;

export function isNameStart(c: string): boolean {
  return /[A-Za-z_$\u0080-\uffff]/.test(c);
}

export function isNameChar(c: string): boolean {
  return /[A-Za-z0-9_$\u0080-\uffff]/.test(c);
}

/** Operators longest first, so `**=` is read before `**` and `*`. */
export function readOperator(code: string, i: number, operators: readonly string[]): string {
  for (const op of operators) if (code.startsWith(op, i)) return op;
  return code[i]!;
}
