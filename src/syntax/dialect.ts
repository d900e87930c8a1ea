// Every way bash, sh (as dash reads it) and zsh differ in how they read a line.
// Nothing else in treeward branches on a dialect's name: code asks this table.
// Each row was checked against the real shells (see ../shared/dialects.md and
// test/shells/*.test.ts, which confirm the rows in CI).

export type DialectName = 'bash' | 'sh' | 'zsh';

export const dialectNames: readonly DialectName[] = ['bash', 'sh', 'zsh'];

export interface Dialect {
  readonly name: DialectName;
  /** Words read as reserved when wholly unquoted and in command position. */
  readonly reservedWords: ReadonlySet<string>;

  // Redirection operators.
  /** `&>` and `&>>` redirect both streams; in sh `&>` is `&` (background) then `>`. */
  readonly ampersandRedirect: boolean;
  /** `<<<` here-strings. */
  readonly hereString: boolean;
  /** A run of several digits before `<`/`>` is an fd (`10>`); elsewhere only one digit is. */
  readonly multiDigitFd: boolean;
  /** `{name}>` allocates an fd into a variable; elsewhere `{name}` is an argument. */
  readonly fdVariables: boolean;
  /** zsh's `>!`, `>>!`, `>>|`, `&>|`, `&>!`, `>&|`, `>&!`, `>>&`, `>>&|`, `>>&!`; elsewhere `>!` is `>` to a file named `!`. */
  readonly zshRedirections: boolean;
  /** `|&` pipes stdout and stderr. */
  readonly pipeAmpersand: boolean;
  /** zsh's `&|` and `&!` (background and disown). */
  readonly disownAmpersand: boolean;

  // Substitutions and quoting.
  /** `<(…)` and `>(…)`. */
  readonly processSubstitution: boolean;
  /** zsh's `=(…)`: a temp file holding a command's output. */
  readonly equalsSubstitution: boolean;
  /** `$'…'` ANSI-C quoting; in sh it is `$` then a single-quoted string. */
  readonly ansiCQuotes: boolean;
  /** `$"…"` locale quoting; elsewhere `$` then a double-quoted string. */
  readonly localeQuotes: boolean;
  /** The legacy `$[ … ]` arithmetic expansion. */
  readonly bracketArithmetic: boolean;
  /** `{a,b}` and `{1..3}` brace expansion. */
  readonly braceExpansion: boolean;
  /** Tilde expansion after `=` and `:` inside an argument (`--x=~/y`, bash only). */
  readonly tildeAfterEqualsInArguments: boolean;
  /** `~+` and `~-` name the current and previous directory. */
  readonly tildePlusMinus: boolean;
  /** A tilde prefix may end at a quote: `~"/x"` is `$HOME/x` (zsh); elsewhere it stays literal. */
  readonly tildeBeforeQuotes: boolean;
  /** The last element of a pipeline runs in the current shell (zsh): its `cd` holds after the pipeline. */
  readonly lastPipelineElementInShell: boolean;
  /** An `alias` defined on one line rewrites the lines after it (sh); bash and zsh `-c` ignore it. */
  readonly aliasesApplyToLaterLines: boolean;
  /** A command word `=name` is the path of `name` (zsh). */
  readonly equalsCommandPath: boolean;
  /** `.*` also matches `.` and `..` (dash); bash and zsh never match them. */
  readonly dotGlobMatchesDotDot: boolean;
  /** A glob in a redirection target is expanded (bash writes its single match, zsh every match); sh writes the name literally. */
  readonly globsRedirectionTargets: boolean;
  /** An unquoted `$var` is split into words and globbed (bash, sh); zsh does neither. */
  readonly splitsUnquotedParameters: boolean;
  /** zsh applies history modifiers to an unbraced parameter: `$x:h` is x's directory (bash and sh read `:h` as text). */
  readonly unbracedParameterModifiers: boolean;

  // Compound commands and grammar.
  /** `(( … ))` is arithmetic; in sh it is two nested subshells. */
  readonly arithmeticCommand: boolean;
  /** `$(( … ))` that does not close as arithmetic is reread as `$( ( … ) … )` (bash, zsh). */
  readonly arithmeticFallbackToSubshell: boolean;
  /** `name=(…)` array assignments. */
  readonly arrays: boolean;
  /** `name+=value` appends; in sh it is a command word. */
  readonly appendAssignment: boolean;
  /** `name[sub]=value` element assignments. */
  readonly subscriptAssignment: boolean;
  /**
   * bash reads `name[` in command position (and `[` starting an array element)
   * up to its `]`, blanks included (`a[ b ]=1`), and fails when none follows.
   */
  readonly subscriptRunsToBracket: boolean;
  /** `name() command` accepts any command as body (zsh, sh); bash needs a compound command. */
  readonly functionBodyAnyCommand: boolean;
  /** Case item terminators after `;;`. */
  readonly caseFallthrough: ReadonlySet<string>;
  /** bash's extended globs `@(…)`, `*(…)`, `+(…)`, `?(…)`, `!(…)` (read with extglob on). */
  readonly extglob: boolean;
  /** zsh reads `(` inside a word as a glob group or qualifier: `*(D)`, `(a|b)`, `a(b c)`. */
  readonly zshGlobParens: boolean;
  /** zsh reads a sole `}` as a close brace anywhere, not only in command position. */
  readonly closeBraceAnywhere: boolean;
  /** zsh splits an unescaped `}` off the end of a word: `echo x}` is `echo x` then `}`. */
  readonly splitTrailingCloseBrace: boolean;
  /** zsh opens a group at a word starting with `{` in command position: `{echo hi; }`. */
  readonly openBraceGlued: boolean;
  /** zsh's short forms: `if c { }`, `for i (a b) cmd`, `repeat`, `foreach … end`, `{ } always { }`. */
  readonly zshGrammar: boolean;
  /** zsh accepts `&&`/`||`/`|` at the very end of the input. */
  readonly danglingOperatorAtEnd: boolean;
  /** A final unescaped backslash: `literal` backslash, or dropped (zsh). */
  readonly trailingBackslashDropped: boolean;
  /** `coproc` (bash: optional NAME before a compound command; zsh: no name). */
  readonly coproc: 'bash' | 'zsh' | null;
  /** `time` is a reserved word timing a pipeline; in sh it is `/usr/bin/time`. */
  readonly timeKeyword: boolean;
  /** `time -p pipeline` (bash); elsewhere `-p` is the first word of the command. */
  readonly timePosixFlag: boolean;
  /** `! ! cmd` (bash); sh and zsh refuse a second `!`. */
  readonly repeatedBang: boolean;
  /** A `!` with no command after it, before `;` or the end (bash, zsh); sh refuses it. */
  readonly bareBang: boolean;
  /** A `for`/`select` variable must be a name when the line is read (sh, zsh; zsh also takes `1`); bash checks only when it runs. */
  readonly loopVariableChecked: boolean;
  /** `for … { list }` as the loop body (bash, zsh). */
  readonly braceLoopBody: boolean;
  /** `[[ ]]` grammar: bash's (known unary and binary tests) or zsh's (par_cond); null where `[[` is a command. */
  readonly conditionGrammar: 'bash' | 'zsh' | null;
  /** Function names must be plain names and not special builtins (dash: "Bad function name"). */
  readonly functionNamesChecked: boolean;
  /** dash's own `${` checks: a quote right after `${`, and `${name:}`, are syntax errors. */
  readonly dashParameterChecks: boolean;
  /** `${…}` contents are checked when the line is parsed (zsh rejects `${a b}`, `${1x}`). */
  readonly strictParameterSyntax: boolean;
  /** A `{` inside `${…}` needs its own `}` (zsh: `${a-{}x}` is `{}x`; bash and dash read `{x}`). */
  readonly parameterBraceNesting: boolean;
  /** Inside `$(…)`, a here-document also ends at a line `DELIM)` whose `)` closes the substitution (bash). */
  readonly heredocEndsAtCloseParen: boolean;
  /** Empty lists are allowed: `{ }`, `( )`, `if then fi`, a lone `;` (zsh); so is `cmd & ;`. */
  readonly emptyLists: boolean;
  /**
   * bash reads `time` as a plain word when it is the first token of a `$( )`
   * or `<( )` body (its parser takes `time` as the keyword only after a
   * separator, `!` or another keyword), so `$(time if true; then :; fi)` fails
   * at `then`; after a newline or `;` inside, it is the keyword again.
   */
  readonly timeIsPlainAtSubstitutionStart: boolean;
  /** bash refuses `local >f a=(1)`: an array assignment in a declaration command after a redirection that follows a word. */
  readonly declarationArrayAfterRedirectRefused: boolean;
  /** zsh reads `$$(cmd)` as the text `$` and the substitution `$(cmd)`; bash and dash read `$$` and then a stray `(`. */
  readonly dollarBeforeSubstitutionIsText: boolean;
  /** zsh refuses `<& file`: after `<&` it wants an fd number, `-` or `p` (bash fails only when it runs). */
  readonly inputDuplicationNeedsNumber: boolean;
  /** bash refuses `$(((i)); case x in a) …` : a case pattern without `(` inside a `$(((` that is a command substitution. */
  readonly caseNeedsParenAfterArithmeticFallback: boolean;
  /** zsh refuses `noglob > f`, `- > f`, `command -p > f`: a precommand modifier with redirections but no command. */
  readonly precommandNeedsCommand: boolean;
  /** zsh refuses to put in the background a command with no words (`A=1 &`, `> f &`, `cat | A=1 &!`). */
  readonly backgroundNeedsCommandWord: boolean;
  /** The shell's own check (`zsh -n`) expands top-level command words and so reports a bad `${…}` there. */
  readonly checkExpandsTopLevelWords: boolean;
  /**
   * The most commands one pipeline may hold. bash's parser keeps a pipeline on
   * its stack (10,000 entries, 3 per `|`) and refuses one of more than 3,333
   * commands, a few fewer inside other constructs; treeward refuses past 3,000.
   * dash reads 100,000 and more; zsh's limit is unmeasured (`zsh -n` forks a
   * process for each command of a pipeline, so a long one cannot be checked).
   */
  readonly maxPipelineCommands: number;

  // The shell's state, as the approver reads it.
  /** `pushd`, `popd` and `dirs` keep a directory stack (bash, zsh); sh has none, and `pushd` there is a command not found. */
  readonly directoryStack: boolean;
  /** Parameters that are the shell's own tables: writing one defines a function, alias or command path, sets an option or writes a file (bash's `BASH_CMDS`, zsh's `functions`, `mapfile`, …). */
  readonly commandTableParameters: ReadonlySet<string>;
  /** Setting `GLOBIGNORE` (to anything but empty) turns on `dotglob` (bash). */
  readonly globIgnoreSetsDotGlob: boolean;
  /** The startup files in the home directory an interactive or `-c` shell of the harness reads, which may set glob options. */
  readonly startupFiles: readonly string[];
}

const posixReserved = ['!', '{', '}', 'case', 'do', 'done', 'elif', 'else', 'esac', 'fi', 'for', 'if', 'in', 'then', 'until', 'while'];

export const bash: Dialect = {
  name: 'bash',
  reservedWords: new Set([...posixReserved, '[[', ']]', 'function', 'select', 'time', 'coproc']),
  ampersandRedirect: true,
  hereString: true,
  multiDigitFd: true,
  fdVariables: true,
  zshRedirections: false,
  pipeAmpersand: true,
  disownAmpersand: false,
  processSubstitution: true,
  equalsSubstitution: false,
  ansiCQuotes: true,
  localeQuotes: true,
  bracketArithmetic: true,
  braceExpansion: true,
  tildeAfterEqualsInArguments: true,
  tildePlusMinus: true,
  equalsCommandPath: false,
  arithmeticCommand: true,
  arithmeticFallbackToSubshell: true,
  arrays: true,
  appendAssignment: true,
  subscriptAssignment: true,
  functionBodyAnyCommand: false,
  caseFallthrough: new Set([';&', ';;&']),
  extglob: true,
  zshGlobParens: false,
  closeBraceAnywhere: false,
  splitTrailingCloseBrace: false,
  openBraceGlued: false,
  zshGrammar: false,
  danglingOperatorAtEnd: false,
  trailingBackslashDropped: false,
  coproc: 'bash',
  timeKeyword: true,
  strictParameterSyntax: false,
  parameterBraceNesting: false,
  heredocEndsAtCloseParen: true,
  emptyLists: false,
  backgroundNeedsCommandWord: false,
  inputDuplicationNeedsNumber: false,
  dollarBeforeSubstitutionIsText: false,
  caseNeedsParenAfterArithmeticFallback: true,
  precommandNeedsCommand: false,
  timeIsPlainAtSubstitutionStart: true,
  declarationArrayAfterRedirectRefused: true,
  checkExpandsTopLevelWords: false,
  maxPipelineCommands: 3_000,
  tildeBeforeQuotes: false,
  subscriptRunsToBracket: true,
  timePosixFlag: true,
  repeatedBang: true,
  bareBang: true,
  loopVariableChecked: false,
  braceLoopBody: true,
  conditionGrammar: 'bash',
  functionNamesChecked: false,
  dashParameterChecks: false,
  splitsUnquotedParameters: true,
  unbracedParameterModifiers: false,
  lastPipelineElementInShell: false,
  aliasesApplyToLaterLines: false,
  dotGlobMatchesDotDot: false,
  globsRedirectionTargets: true,
  directoryStack: true,
  commandTableParameters: new Set(['BASH_CMDS', 'BASH_ALIASES']),
  globIgnoreSetsDotGlob: true,
  startupFiles: ['.bashrc'],
};

export const sh: Dialect = {
  name: 'sh',
  reservedWords: new Set(posixReserved),
  ampersandRedirect: false,
  hereString: false,
  multiDigitFd: false,
  fdVariables: false,
  zshRedirections: false,
  pipeAmpersand: false,
  disownAmpersand: false,
  processSubstitution: false,
  equalsSubstitution: false,
  ansiCQuotes: false,
  localeQuotes: false,
  bracketArithmetic: false,
  braceExpansion: false,
  tildeAfterEqualsInArguments: false,
  tildePlusMinus: false,
  equalsCommandPath: false,
  arithmeticCommand: false,
  arithmeticFallbackToSubshell: false,
  arrays: false,
  appendAssignment: false,
  subscriptAssignment: false,
  functionBodyAnyCommand: true,
  caseFallthrough: new Set(),
  extglob: false,
  zshGlobParens: false,
  closeBraceAnywhere: false,
  splitTrailingCloseBrace: false,
  openBraceGlued: false,
  zshGrammar: false,
  danglingOperatorAtEnd: false,
  trailingBackslashDropped: false,
  coproc: null,
  timeKeyword: false,
  strictParameterSyntax: false,
  parameterBraceNesting: false,
  heredocEndsAtCloseParen: false,
  emptyLists: false,
  backgroundNeedsCommandWord: false,
  inputDuplicationNeedsNumber: false,
  dollarBeforeSubstitutionIsText: false,
  caseNeedsParenAfterArithmeticFallback: false,
  precommandNeedsCommand: false,
  timeIsPlainAtSubstitutionStart: false,
  declarationArrayAfterRedirectRefused: false,
  checkExpandsTopLevelWords: false,
  maxPipelineCommands: Infinity,
  tildeBeforeQuotes: false,
  subscriptRunsToBracket: false,
  timePosixFlag: false,
  repeatedBang: false,
  bareBang: false,
  loopVariableChecked: true,
  braceLoopBody: false,
  conditionGrammar: null,
  functionNamesChecked: true,
  dashParameterChecks: true,
  splitsUnquotedParameters: true,
  unbracedParameterModifiers: false,
  lastPipelineElementInShell: false,
  aliasesApplyToLaterLines: true,
  dotGlobMatchesDotDot: true,
  globsRedirectionTargets: false,
  directoryStack: false,
  commandTableParameters: new Set(),
  globIgnoreSetsDotGlob: false,
  startupFiles: [],
};

export const zsh: Dialect = {
  name: 'zsh',
  // `]]` is read only inside `[[ ]]`; `in` and `always` are plain words zsh's parser looks for by text
  reservedWords: new Set([
    ...posixReserved.filter((w) => w !== 'in'), '[[', 'function', 'select', 'time', 'coproc',
    'repeat', 'foreach', 'end', 'nocorrect',
    // zsh 5.1+ parses these as reserved words so `local a=(1 2)` is an array.
    'declare', 'export', 'float', 'integer', 'local', 'readonly', 'typeset',
  ]),
  ampersandRedirect: true,
  hereString: true,
  multiDigitFd: false,
  fdVariables: true,
  zshRedirections: true,
  pipeAmpersand: true,
  disownAmpersand: true,
  processSubstitution: true,
  equalsSubstitution: true,
  ansiCQuotes: true,
  localeQuotes: false,
  bracketArithmetic: true,
  braceExpansion: true,
  tildeAfterEqualsInArguments: false,
  tildePlusMinus: true,
  equalsCommandPath: true,
  arithmeticCommand: true,
  arithmeticFallbackToSubshell: true,
  arrays: true,
  appendAssignment: true,
  subscriptAssignment: true,
  functionBodyAnyCommand: true,
  caseFallthrough: new Set([';&', ';|']),
  extglob: false,
  zshGlobParens: true,
  closeBraceAnywhere: true,
  splitTrailingCloseBrace: true,
  openBraceGlued: true,
  zshGrammar: true,
  danglingOperatorAtEnd: true,
  trailingBackslashDropped: true,
  coproc: 'zsh',
  timeKeyword: true,
  strictParameterSyntax: true,
  parameterBraceNesting: true,
  heredocEndsAtCloseParen: false,
  emptyLists: true,
  backgroundNeedsCommandWord: true,
  inputDuplicationNeedsNumber: true,
  dollarBeforeSubstitutionIsText: true,
  caseNeedsParenAfterArithmeticFallback: false,
  precommandNeedsCommand: true,
  timeIsPlainAtSubstitutionStart: false,
  declarationArrayAfterRedirectRefused: false,
  checkExpandsTopLevelWords: true,
  maxPipelineCommands: Infinity,
  tildeBeforeQuotes: true,
  subscriptRunsToBracket: false,
  timePosixFlag: false,
  repeatedBang: false,
  bareBang: true,
  loopVariableChecked: true,
  braceLoopBody: true,
  conditionGrammar: 'zsh',
  functionNamesChecked: false,
  dashParameterChecks: false,
  splitsUnquotedParameters: false,
  unbracedParameterModifiers: true,
  lastPipelineElementInShell: true,
  aliasesApplyToLaterLines: false,
  dotGlobMatchesDotDot: false,
  globsRedirectionTargets: true,
  directoryStack: true,
  commandTableParameters: new Set([
    'functions', 'functions_source', 'aliases', 'galiases', 'saliases', 'commands', 'options', 'mapfile', 'builtins', 'reswords',
    'nameddirs', 'dis_functions', 'dis_aliases', 'dis_galiases', 'dis_saliases', 'dis_builtins', 'dis_reswords', 'dis_patchars',
    'modules', 'parameters', 'sysparams',
  ]),
  globIgnoreSetsDotGlob: false,
  startupFiles: ['.zshenv', '.zshrc'],
};

export const dialects: Readonly<Record<DialectName, Dialect>> = { bash, sh, zsh };

export function isDialectName(name: string): name is DialectName {
  return name === 'bash' || name === 'sh' || name === 'zsh';
}
