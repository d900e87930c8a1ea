// The syntax tree treeward reads a line into. Every node carries its
// `[start, end]` span: offsets into the source string, end exclusive.
// Lists are kept flat and in source order, which is execution order.

import type { DialectName } from './dialect.js';
import type { Span } from './span.js';

export type { Span } from './span.js';

/** A whole line (or the body of a substitution): statements in order. */
export interface Script {
  type: 'Script';
  span: Span;
  dialect: DialectName;
  body: Statement[];
}

/** One and-or list, ended by `;`, `&`, a newline or the end. */
export interface Statement {
  type: 'Statement';
  span: Span;
  andOr: AndOr;
  /** `cmd &` (and zsh's `&|`, `&!`, which also disown it). */
  background: boolean;
}

/** Pipelines joined by `&&` and `||`: `a && b || c`. */
export interface AndOr {
  type: 'AndOr';
  span: Span;
  pipelines: Pipeline[];
  /** operators[i] joins pipelines[i] and pipelines[i + 1]. */
  operators: ('&&' | '||')[];
}

/** Commands joined by `|` or `|&`, perhaps negated or timed. */
export interface Pipeline {
  type: 'Pipeline';
  span: Span;
  /** `! pipeline` */
  negated: boolean;
  /** `time [-p] pipeline` (the reserved word, not /usr/bin/time) */
  timed: boolean;
  commands: Command[];
  /** operators[i] joins commands[i] and commands[i + 1]; `|&` also pipes stderr. */
  operators: ('|' | '|&')[];
}

export type Command =
  | SimpleCommand
  | Subshell
  | BraceGroup
  | IfCommand
  | WhileCommand
  | ForCommand
  | ArithForCommand
  | CaseCommand
  | FunctionDefinition
  | TestCommand
  | ArithmeticCommand
  | CoprocCommand
  | RepeatCommand
  | AlwaysCommand;

/** `name=value … word … <redirections>`, in source order. */
export interface SimpleCommand {
  type: 'SimpleCommand';
  span: Span;
  assignments: Assignment[];
  words: Word[];
  redirects: Redirect[];
}

/** `( list )` */
export interface Subshell {
  type: 'Subshell';
  span: Span;
  body: Statement[];
  redirects: Redirect[];
}

/** `{ list; }` */
export interface BraceGroup {
  type: 'BraceGroup';
  span: Span;
  body: Statement[];
  redirects: Redirect[];
}

/** `if c; then b; elif c; then b; else b; fi` (and zsh's `if c { b }`). */
export interface IfCommand {
  type: 'If';
  span: Span;
  clauses: { condition: Statement[]; body: Statement[] }[];
  elseBody: Statement[] | null;
  redirects: Redirect[];
}

/** `while c; do b; done`, `until c; do b; done` */
export interface WhileCommand {
  type: 'While';
  span: Span;
  until: boolean;
  condition: Statement[];
  body: Statement[];
  redirects: Redirect[];
}

/** `for name in words; do b; done`, `select name in …`, zsh's `for a b (words) b`, `foreach`. */
export interface ForCommand {
  type: 'For';
  span: Span;
  select: boolean;
  variables: { name: string; span: Span }[];
  /** null when the loop runs over the positional parameters. */
  items: Word[] | null;
  body: Statement[];
  redirects: Redirect[];
}

/** `for (( init; test; update )); do b; done` */
export interface ArithForCommand {
  type: 'ArithFor';
  span: Span;
  init: Arithmetic;
  test: Arithmetic;
  update: Arithmetic;
  body: Statement[];
  redirects: Redirect[];
}

/** `case word in pattern) list ;; … esac` */
export interface CaseCommand {
  type: 'Case';
  span: Span;
  subject: Word;
  items: CaseItem[];
  redirects: Redirect[];
}

export interface CaseItem {
  type: 'CaseItem';
  span: Span;
  patterns: Word[];
  body: Statement[];
  /** `;;`, `;&`, `;;&`, zsh `;|`, or null before `esac`. */
  terminator: string | null;
}

/**
 * `name() body`, `function name body`, zsh's `name1 name2 () body`, and zsh's
 * anonymous `() body args…`, which runs at once with `args` as its parameters.
 */
export interface FunctionDefinition {
  type: 'FunctionDefinition';
  span: Span;
  names: Word[];
  keyword: boolean;
  body: Command;
  /** Arguments of an anonymous function (zsh), which runs where it is defined. */
  args: Word[];
  redirects: Redirect[];
}

/** `[[ expression ]]` */
export interface TestCommand {
  type: 'Test';
  span: Span;
  expression: TestExpression;
  redirects: Redirect[];
}

/** `(( expression ))` */
export interface ArithmeticCommand {
  type: 'ArithmeticCommand';
  span: Span;
  expression: Arithmetic;
  redirects: Redirect[];
}

/** `coproc [NAME] command` */
export interface CoprocCommand {
  type: 'Coproc';
  span: Span;
  name: string | null;
  body: Command;
  redirects: Redirect[];
}

/** zsh's `repeat N command` */
export interface RepeatCommand {
  type: 'Repeat';
  span: Span;
  count: Word;
  body: Statement[];
  redirects: Redirect[];
}

/** zsh's `{ try } always { finally }` */
export interface AlwaysCommand {
  type: 'Always';
  span: Span;
  body: Statement[];
  always: Statement[];
  redirects: Redirect[];
}

export type TestExpression =
  | { type: 'TestWord'; span: Span; word: Word }
  | { type: 'TestUnary'; span: Span; operator: string; operand: Word }
  | { type: 'TestBinary'; span: Span; operator: string; left: Word; right: Word }
  | { type: 'TestNot'; span: Span; operand: TestExpression }
  | { type: 'TestLogical'; span: Span; operator: '&&' | '||'; left: TestExpression; right: TestExpression }
  | { type: 'TestGroup'; span: Span; inner: TestExpression };

/**
 * Arithmetic text (inside `(( ))`, `$(( ))`, `$[ ]`, an arithmetic `for`).
 * The shells check its grammar only when it runs, so treeward keeps its text
 * and the expansions inside it, which can run commands.
 */
export interface Arithmetic {
  type: 'Arithmetic';
  span: Span;
  text: string;
  parts: WordPart[];
}

/** `name=value`, `name+=value`, `name[i]=value`, `name=(a b)`. */
export interface Assignment {
  type: 'Assignment';
  span: Span;
  name: string;
  nameSpan: Span;
  index: Word | null;
  append: boolean;
  value: Word | null;
  array: ArrayElement[] | null;
}

export interface ArrayElement {
  type: 'ArrayElement';
  span: Span;
  /** `[key]=value` */
  key: Word | null;
  value: Word;
}

export type RedirectOperator =
  | '<' | '>' | '>>' | '>|' | '<>' | '<<' | '<<-' | '<<<' | '<&' | '>&'
  | '&>' | '&>>'
  // zsh only
  | '>!' | '>>!' | '>>|' | '&>|' | '&>!' | '>&|' | '>&!' | '>>&' | '>>&|' | '>>&!';

/** `[n]op target`, `{var}op target`, or a here-document. */
export interface Redirect {
  type: 'Redirect';
  span: Span;
  operator: RedirectOperator;
  /** An explicit fd number before the operator. */
  fd: number | null;
  /** `{name}>`: the shell picks an fd and stores it in `name`. */
  fdVariable: string | null;
  /** The target word, or a here-document's delimiter word. */
  target: Word;
  heredoc: Heredoc | null;
}

export interface Heredoc {
  type: 'Heredoc';
  /** The span of the body lines, including the delimiter line. */
  span: Span;
  delimiter: string;
  /** A quoted delimiter makes the body literal. */
  quoted: boolean;
  /** `<<-` strips leading tabs. */
  stripTabs: boolean;
  /** The body: literal text, or with expansions when unquoted. */
  body: Word;
  /** false when the input ended before the delimiter line. */
  terminated: boolean;
}

/**
 * A shell word. `unquoted` is true only when no quote, backslash or empty
 * quote pair stands anywhere in the word's own text (a quote inside a
 * substitution does not count): only such a word can be a reserved word.
 */
export interface Word {
  type: 'Word';
  span: Span;
  parts: WordPart[];
  unquoted: boolean;
}

export type WordPart =
  | Literal
  | Escaped
  | SingleQuoted
  | DoubleQuoted
  | AnsiCQuoted
  | LocaleQuoted
  | ParameterExpansion
  | CommandSubstitution
  | ArithmeticExpansion
  | ProcessSubstitution
  | Glob
  | BraceExpansion
  | Tilde
  | EqualsCommandPath;

/** Unquoted (or, inside double quotes, quoted) text with nothing special in it. */
export interface Literal {
  type: 'Literal';
  span: Span;
  value: string;
}

/** `\c`: the character c, quoted. */
export interface Escaped {
  type: 'Escaped';
  span: Span;
  value: string;
}

/** `'text'` */
export interface SingleQuoted {
  type: 'SingleQuoted';
  span: Span;
  value: string;
}

/** `"…"` */
export interface DoubleQuoted {
  type: 'DoubleQuoted';
  span: Span;
  parts: WordPart[];
}

/** `$'…'`: `value` holds the decoded text. */
export interface AnsiCQuoted {
  type: 'AnsiCQuoted';
  span: Span;
  raw: string;
  value: string;
}

/** `$"…"` */
export interface LocaleQuoted {
  type: 'LocaleQuoted';
  span: Span;
  parts: WordPart[];
}

/**
 * `$name`, `${name}`, `${name op word}`, `${#name}`, `${!name}`, zsh's
 * `${(flags)name}` and `${${nested}}`. `operator` is the text of the
 * operator (`:-`, `#`, `//`, `:`, `@`, …) and `operand` the word after it.
 */
export interface ParameterExpansion {
  type: 'ParameterExpansion';
  span: Span;
  name: string;
  braced: boolean;
  /** `${#name}` */
  length: boolean;
  /** `${!name}` */
  indirect: boolean;
  /** zsh `${(flags)…}`, without the parentheses. */
  flags: string | null;
  /** zsh's `${~x}`, `${=x}`, `${^x}`, `${+x}` prefixes (re-globbing, splitting, joining, is-set), when present. */
  zshPrefix?: string;
  /** zsh `${${…}…}`, `${$(…)…}`: the inner expansion, when `name` is empty. */
  nested: WordPart | null;
  index: Word | null;
  operator: string | null;
  operand: Word | null;
  /** For `${name/pattern/replacement}`, the replacement. */
  replacement: Word | null;
  /**
   * Why the shell will refuse this expansion when it reaches it, or null.
   * zsh reads `${…}` lazily: `${a b}` is not a syntax error, but it fails the
   * whole line when expanded ("bad substitution").
   */
  invalid: string | null;
}

/** `$(list)` or `` `list` `` */
export interface CommandSubstitution {
  type: 'CommandSubstitution';
  span: Span;
  body: Statement[];
  backquote: boolean;
}

/** `$(( expression ))` or `$[ expression ]` */
export interface ArithmeticExpansion {
  type: 'ArithmeticExpansion';
  span: Span;
  expression: Arithmetic;
  /** Why the shell will refuse it when it expands it (zsh checks `$[ ]` then), or null. */
  invalid: string | null;
}

/** `<(list)`, `>(list)`, zsh `=(list)` */
export interface ProcessSubstitution {
  type: 'ProcessSubstitution';
  span: Span;
  operator: '<' | '>' | '=';
  body: Statement[];
}

/**
 * A pattern the shell matches against file names: `*`, `?`, `[…]`, `**`,
 * bash's `@(…)` family, zsh's `(…)` groups and qualifiers, `^`, `#`, `~`.
 */
export interface Glob {
  type: 'Glob';
  span: Span;
  pattern: string;
}

/** `{a,b}` or `{1..3}`: each alternative is a list of parts. */
export interface BraceExpansion {
  type: 'BraceExpansion';
  span: Span;
  alternatives: WordPart[][] | null;
  /** `{start..end[..step]}` */
  sequence: { start: string; end: string; step: string | null } | null;
}

/** `~`, `~user`, `~+`, `~-` at the start of a word (or after `=`/`:` where the dialect expands it). */
export interface Tilde {
  type: 'Tilde';
  span: Span;
  user: string;
}

/** zsh: a word `=name` is the path of the command `name`. */
export interface EqualsCommandPath {
  type: 'EqualsCommandPath';
  span: Span;
  name: string;
}

export type Node =
  | Script | Statement | AndOr | Pipeline | Command | CaseItem | Assignment | ArrayElement
  | Redirect | Heredoc | Word | WordPart | Arithmetic | TestExpression;
