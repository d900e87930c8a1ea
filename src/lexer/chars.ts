// Character codes the lexer dispatches on, and the classes of characters it asks about.

/** Character codes the lexer dispatches on. */
export const enum Char {
  Tab = 9,
  Newline = 10,
  CarriageReturn = 13,
  Space = 32,
  Bang = 33,
  DoubleQuote = 34,
  Hash = 35,
  Dollar = 36,
  Percent = 37,
  Amp = 38,
  SingleQuote = 39,
  LeftParen = 40,
  RightParen = 41,
  Star = 42,
  Plus = 43,
  Comma = 44,
  Minus = 45,
  Dot = 46,
  Slash = 47,
  Digit0 = 48,
  Digit9 = 57,
  Colon = 58,
  Semi = 59,
  Less = 60,
  Equals = 61,
  Greater = 62,
  Question = 63,
  At = 64,
  UpperA = 65,
  UpperZ = 90,
  LeftBracket = 91,
  Backslash = 92,
  RightBracket = 93,
  Caret = 94,
  Underscore = 95,
  Backquote = 96,
  LowerA = 97,
  LowerZ = 122,
  LeftBrace = 123,
  Pipe = 124,
  RightBrace = 125,
  Tilde = 126,
}

export function isDigit(c: number): boolean {
  return c >= Char.Digit0 && c <= Char.Digit9;
}

export function isNameStart(c: number): boolean {
  return (c >= Char.LowerA && c <= Char.LowerZ) || (c >= Char.UpperA && c <= Char.UpperZ) || c === Char.Underscore;
}

export function isNameChar(c: number): boolean {
  return (c >= Char.LowerA && c <= Char.LowerZ) || (c >= Char.UpperA && c <= Char.UpperZ) || c === Char.Underscore || (c >= Char.Digit0 && c <= Char.Digit9);
}

/** Blanks that separate words: space and tab. */
export function isBlank(c: number): boolean {
  return c === Char.Space || c === Char.Tab;
}

/** Characters that end an unquoted word in command mode. */
export function isMetaChar(c: number): boolean {
  return (
    c === Char.Space || c === Char.Tab || c === Char.Newline || c === Char.Semi || c === Char.Amp ||
    c === Char.Pipe || c === Char.Less || c === Char.Greater || c === Char.LeftParen || c === Char.RightParen
  );
}

export function isValidName(s: string): boolean {
  if (s.length === 0 || !isNameStart(s.charCodeAt(0))) return false;
  for (let i = 1; i < s.length; i++) if (!isNameChar(s.charCodeAt(i))) return false;
  return true;
}
