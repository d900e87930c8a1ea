// What the lexer hands the parser, and in what mode the parser asks for it:
// token kinds (words carry their parts; operators only their kind, a
// redirection its operator and fd) and the flags of a read.

export enum Token {
  EOF,
  Newline,
  Word,
  /** `;` */
  Semi,
  /** `;;` */
  DoubleSemi,
  /** `;&` */
  SemiAmp,
  /** `;;&` */
  DoubleSemiAmp,
  /** zsh `;|` */
  SemiPipe,
  /** `&` */
  Amp,
  /** zsh `&|`, `&!`: background and disown */
  AmpDisown,
  /** `&&` */
  AndIf,
  /** `||` */
  OrIf,
  /** `|` */
  Pipe,
  /** `|&` */
  PipeAmp,
  /** `(` */
  LeftParen,
  /** `)` */
  RightParen,
  /** `((` … `))` read whole as arithmetic (command position only) */
  ArithmeticCommand,
  /** zsh `()` written as one token */
  EmptyParens,
  /** any redirection operator, with its fd */
  Redirect,
}

/** The mode of a read: flags the parser passes with each one (command position, `[[ ]]`, a case pattern, …). */
export const enum LexMode {
  None = 0,
  /** The next word may be a command name, a reserved word or an assignment. */
  CommandPosition = 1,
  /** `name=(…)` may start an array here (prefix assignments, declaration builtins). */
  AssignmentAllowed = 2,
  /** Inside `[[ ]]`: `<`, `>`, `(`, `)` are condition operators. */
  Condition = 4,
  /** A case pattern: `(`, `|`, `)` delimit patterns. */
  CasePattern = 8,
  /** The right side of bash's `=~`: parentheses and `|` belong to the word. */
  Regex = 16,
  /** An element of `name=(…)`: bash reads a leading `[key]` whole. */
  ArrayElement = 32,
}
