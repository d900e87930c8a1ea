// Every way bash, sh and zsh differ in how they read a line, written as rows:
// one feature, its doc comment, and its value in each shell. Nothing else in
// treeward branches on a dialect's name: code asks a row.
//
// `sh` is read two ways (SPEC §1 "`--shell sh` means the system's `/bin/sh`",
// issue 14 item 5): as dash reads it (the `sh` column: /bin/sh on Debian and
// Ubuntu) and as bash in POSIX mode reads it (`bash --posix`: /bin/sh on
// macOS, Fedora, RHEL and Arch). The second reading is a fourth column,
// `bash-posix`, which a row gives only where it differs from bash's value;
// every other row takes bash's. Both columns are named `sh`: the approver
// reads an sh line in each (see `shReadings`) and refuses what either refuses.
//
// Each row was checked against the real shells. Its comment names where:
// `dialects.md §N #k` is row #k of ../shared/dialects.md (what the shells
// were seen to do), `probe x` a line of test/shells/probes.ts, which runs
// it through the real shells in CI, `SPEC §2` the specification's list.
// `probe x [bash-posix]` is a probe of probes.ts that runs in `bash --posix`
// too (every probe for sh does), `probe posix-…` a line of
// test/shells/shell-state.test.ts. The four `Dialect` objects below are
// built from the rows.

export type DialectName = 'bash' | 'sh' | 'zsh';

export const dialectNames: readonly DialectName[] = ['bash', 'sh', 'zsh'];

/** A column of the table: a dialect, or sh as bash in POSIX mode reads it. */
export type ReadingName = 'bash' | 'dash' | 'bash-posix' | 'zsh';

/** Which `/bin/sh` reads an sh line: dash, or bash in POSIX mode. */
export type ShReading = 'dash' | 'bash-posix';

/** One feature's value in each shell; `bash-posix` where it is not bash's. */
type Row<T> = { readonly [name in DialectName]: T } & { readonly 'bash-posix'?: T };

/** A row whose values are not plain booleans, typed as written. */
function row<T>(values: Row<T>): Row<T> {
  return values;
}

const posixReserved = ['!', '{', '}', 'case', 'do', 'done', 'elif', 'else', 'esac', 'fi', 'for', 'if', 'in', 'then', 'until', 'while'];

/** zsh's typeset family: reserved words since zsh 5.1, so that `local a=(1 2)` is an array. */
const zshDeclarations = ['declare', 'export', 'float', 'integer', 'local', 'readonly', 'typeset'];

const features = {
  // ------------------------------------------------------------------ reserved words

  /**
   * Words read as reserved when wholly unquoted and in command position
   * (SPEC §2, dialects.md §5). zsh's `]]` is read only inside `[[ ]]`, and
   * `in` and `always` are plain words its parser looks for by their text.
   */
  reservedWords: row<ReadonlySet<string>>({
    bash: new Set([...posixReserved, '[[', ']]', 'function', 'select', 'time', 'coproc']),
    sh: new Set(posixReserved),
    zsh: new Set([
      ...posixReserved.filter((word) => word !== 'in'), '[[', 'function', 'select', 'time', 'coproc',
      'repeat', 'foreach', 'end', 'nocorrect', ...zshDeclarations,
    ]),
  }),
  /**
   * zsh reads the word right after a closing `fi`, `done`, `esac` or `end`
   * (only blanks between) as a plain word, never a reserved one: `… fi fi`
   * fails at the second `fi` as a stray word, and `… fi always` is no `always`.
   */
  wordRightAfterCloserIsPlain: { bash: false, sh: false, zsh: true },

  // ------------------------------------------------------------------ redirection operators

  /** `&>` and `&>>` redirect both streams; in sh `&>` is `&` (background) then `>`. (dialects.md §2 #1, #2) */
  ampersandRedirect: { bash: true, sh: false, zsh: true },
  /** `<<<` here-strings. (dialects.md §2 #22, #23) */
  hereString: { bash: true, sh: false, zsh: true },
  /** A run of several digits before `<`/`>` is an fd (`10>`); elsewhere only one digit is. (dialects.md §2 #33) */
  multiDigitFd: { bash: true, sh: false, zsh: false },
  /** `{name}>` allocates an fd into a variable; elsewhere `{name}` is an argument. (dialects.md §2 #35) */
  fdVariables: { bash: true, sh: false, zsh: true },
  /** zsh takes `{name}>` only on a simple command: `{ a; } {fd}> f` is a parse error. */
  fdVariablesOnlyOnSimpleCommands: { bash: false, sh: false, zsh: true },
  /**
   * zsh's `>!`, `>>!`, `>>|`, `&>|`, `&>!`, `>&|`, `>&!`, `>>&`, `>>&|`,
   * `>>&!`; elsewhere `>!` is `>` to a file named `!`. (dialects.md §2 #11,
   * #12, #14, #15, #19)
   */
  zshRedirections: { bash: false, sh: false, zsh: true },
  /**
   * zsh refuses `<& file`: after `<&` it wants an fd number, `-` or `p` (bash fails only when it runs). (probes
   * fuzz-zsh-input-dup-word, fuzz-zsh-input-dup-quoted-number)
   */
  inputDuplicationNeedsNumber: { bash: false, sh: false, zsh: true },
  /**
   * A glob in a redirection target is expanded (bash writes its single match,
   * zsh every match); sh writes the name literally, dash and bash in POSIX mode
   * alike (bash's POSIX mode: "Redirection operators do not perform filename
   * expansion on the word in the redirection unless the shell is interactive").
   * (dialects.md §2 #27, #28, #29; probes redir-glob-one, redir-glob-many [bash-posix])
   */
  globsRedirectionTargets: { bash: true, sh: false, zsh: true, 'bash-posix': false },
  /** `|&` pipes stdout and stderr. (dialects.md §10 #271) */
  pipeAmpersand: { bash: true, sh: false, zsh: true },
  /** zsh's `&|` and `&!` (background and disown). (probes zsh-disown-bar, zsh-disown-bang) */
  disownAmpersand: { bash: false, sh: false, zsh: true },

  // ------------------------------------------------------------------ here-documents

  /**
   * Inside `$(…)`, a here-document also ends at a line `DELIM)` whose `)`
   * closes the substitution (bash). (SPEC §2 "Heredocs"; probes heredoc-in-cmdsub-paren, fuzz-heredoc-delim-prefix-*)
   */
  heredocEndsAtCloseParen: { bash: true, sh: false, zsh: false },

  // ------------------------------------------------------------------ quoting and expansions

  /** `$'…'` ANSI-C quoting; in sh it is `$` then a single-quoted string. (dialects.md §11 #253, #254) */
  ansiCQuotes: { bash: true, sh: false, zsh: true },
  /** `$"…"` locale quoting; elsewhere `$` then a double-quoted string. (dialects.md §11 #256) */
  localeQuotes: { bash: true, sh: false, zsh: false },
  /** The legacy `$[ … ]` arithmetic expansion. (dialects.md §4 #79) */
  bracketArithmetic: { bash: true, sh: false, zsh: true },
  /** `<(…)` and `>(…)`. (dialects.md §9 #213, #214) */
  processSubstitution: { bash: true, sh: false, zsh: true },
  /** zsh's `=(…)`: a temp file holding a command's output. (dialects.md §9 #215) */
  equalsSubstitution: { bash: false, sh: false, zsh: true },
  /** A command word `=name` is the path of `name` (zsh). (dialects.md §9 #216, #217) */
  equalsCommandPath: { bash: false, sh: false, zsh: true },
  /** `{a,b}` and `{1..3}` brace expansion. (dialects.md §7 #197–#200) */
  braceExpansion: { bash: true, sh: false, zsh: true },
  /** zsh's `{x..y}` ranges take any two single characters (`{/../}` is `/`); bash's only letters and numbers. (probe shell-state-brace-range) */
  braceRangesOfAnyCharacter: { bash: false, sh: false, zsh: true },
  /**
   * Tilde expansion after `=` and `:` inside an argument (`--x=~/y`, bash only; not in its POSIX mode: "Tilde expansion is
   * only performed on assignments preceding a command name"). (dialects.md §8 #207; probe posix-tilde-after-equals)
   */
  tildeAfterEqualsInArguments: { bash: true, sh: false, zsh: false, 'bash-posix': false },
  /** `~+` and `~-` name the current and previous directory. (dialects.md §8 #208) */
  tildePlusMinus: { bash: true, sh: false, zsh: true },
  /** A tilde prefix may end at a quote: `~"/x"` is `$HOME/x` (zsh); elsewhere it stays literal. (dialects.md §8 #209) */
  tildeBeforeQuotes: { bash: false, sh: false, zsh: true },
  /** bash's extended globs `@(…)`, `*(…)`, `+(…)`, `?(…)`, `!(…)` (read with extglob on). (SPEC §2, dialects.md §7 #184, #185) */
  extglob: { bash: true, sh: false, zsh: false },
  /** zsh reads `(` inside a word as a glob group or qualifier: `*(D)`, `(a|b)`, `a(b c)`. (dialects.md §7 #175–#177) */
  zshGlobParens: { bash: false, sh: false, zsh: true },
  /** `.*` also matches `.` and `..` (dash); bash and zsh never match them. (dialects.md §7 #168, #323) */
  dotGlobMatchesDotDot: { bash: false, sh: true, zsh: false },
  /** An unquoted `$var` is split into words and globbed (bash, sh); zsh does neither. (dialects.md §7 #190, #191, #193) */
  splitsUnquotedParameters: { bash: true, sh: true, zsh: false },
  /**
   * zsh reads `[…]` right after an unbraced parameter as its subscript: `s=x.git; rm -rf $s[2,5]` removes `.git`, and
   * `"$s[1]"` is the first character; bash and sh read `$s` then the text (or glob) `[…]`. zsh's `ksharrays` turns it
   * off (`$s[1]` is then `$s` and a glob), which the walk does not follow, since the `setopt` may not have run: such a
   * word is unfixed under either reading. (probes shell-state-unbraced-subscript*)
   */
  unbracedParameterSubscripts: { bash: false, sh: false, zsh: true },
  /** zsh applies history modifiers to an unbraced parameter: `$x:h` is x's directory (bash and sh read `:h` as text). (SPEC §2) */
  unbracedParameterModifiers: { bash: false, sh: false, zsh: true },
  /**
   * zsh reads `$$(cmd)` as the text `$` and the substitution `$(cmd)`; bash and dash read `$$` and then a stray `(`. (probes
   * fuzz-zsh-dollar-dollar-paren, fuzz-zsh-dollar-dollar-quoted)
   */
  dollarBeforeSubstitutionIsText: { bash: false, sh: false, zsh: true },
  /** `${…}` contents are checked when the line is parsed (zsh rejects `${a b}`, `${1x}`). */
  strictParameterSyntax: { bash: false, sh: false, zsh: true },
  /** A `{` inside `${…}` needs its own `}` (zsh: `${a-{}x}` is `{}x`; bash and dash read `{x}`). */
  parameterBraceNesting: { bash: false, sh: false, zsh: true },
  /** dash's own `${` checks: a quote right after `${`, and `${name:}`, are syntax errors. */
  dashParameterChecks: { bash: false, sh: true, zsh: false },
  /** The shell's own check (`zsh -n`) expands top-level command words and so reports a bad `${…}` there. (dialects.md §12 #310) */
  checkExpandsTopLevelWords: { bash: false, sh: false, zsh: true },
  /** A final unescaped backslash: `literal` backslash, or dropped (zsh). (dialects.md §5 #115, #116) */
  trailingBackslashDropped: { bash: false, sh: false, zsh: true },

  // ------------------------------------------------------------------ braces

  /** zsh reads a sole `}` as a close brace anywhere, not only in command position. (dialects.md §5 #98, #99, #103) */
  closeBraceAnywhere: { bash: false, sh: false, zsh: true },
  /** zsh splits an unescaped `}` off the end of a word: `echo x}` is `echo x` then `}`. (SPEC §2, dialects.md §5 #100) */
  splitTrailingCloseBrace: { bash: false, sh: false, zsh: true },
  /** zsh opens a group at a word starting with `{` in command position: `{echo hi; }`. (dialects.md §5 #87) */
  openBraceGlued: { bash: false, sh: false, zsh: true },

  // ------------------------------------------------------------------ lists and pipelines

  /** Empty lists are allowed: `{ }`, `( )`, `if then fi`, a lone `;` (zsh); so is `cmd & ;`. (dialects.md §6 #133) */
  emptyLists: { bash: false, sh: false, zsh: true },
  /**
   * Wherever the grammar skips newlines (before a list and between its
   * commands, before `then`, `do` and `in`, between case items, inside an
   * array's `( )`), zsh skips `;` too: `if true; ; then`. (zsh's SEPER)
   */
  semicolonsWhereNewlines: { bash: false, sh: false, zsh: true },
  /** `;` may follow `|`, `&&` and `||` as a newline may: `a && ; b` (zsh). */
  separatorsAfterOperator: { bash: false, sh: false, zsh: true },
  /** zsh accepts `&&`/`||`/`|` at the very end of the input. (dialects.md §1 #122, §6 #141) */
  danglingOperatorAtEnd: { bash: false, sh: false, zsh: true },
  /** zsh refuses to put in the background a command with no words (`A=1 &`, `> f &`, `cat | A=1 &!`). (probes fuzz-zsh-background-*) */
  backgroundNeedsCommandWord: { bash: false, sh: false, zsh: true },
  /**
   * The most commands one pipeline may hold. bash's parser keeps a pipeline on
   * its stack (10,000 entries, 3 per `|`) and refuses one of more than 3,333
   * commands, a few fewer inside other constructs; treeward refuses past 3,000.
   * dash reads 100,000 and more; zsh's limit is unmeasured (`zsh -n` forks a
   * process for each command of a pipeline, so a long one cannot be checked).
   */
  maxPipelineCommands: { bash: 3_000, sh: Infinity, zsh: Infinity },
  /** `time` is a reserved word timing a pipeline; in sh it is `/usr/bin/time`. (dialects.md §10 #228, #229) */
  timeKeyword: { bash: true, sh: false, zsh: true },
  /** `time -p pipeline` (bash); elsewhere `-p` is the first word of the command. */
  timePosixFlag: { bash: true, sh: false, zsh: false },
  /**
   * `time` is a plain word (the program `/usr/bin/time`) when the next word on its line, after blanks, begins with `-`
   * (bash in POSIX mode, after POSIX interpretation 267: parse.y's time_command_acceptable): `time -p cmd` and
   * `time -f %e rm x` run the program. (probes rw-time-p-if, rw-time-dash-group [bash-posix], posix-time-dash)
   */
  timePlainBeforeDash: { bash: false, sh: false, zsh: false, 'bash-posix': true },
  /**
   * bash reads `time` as a plain word when it is the first token of a `$( )`
   * or `<( )` body (its parser takes `time` as the keyword only after a
   * separator, `!` or another keyword), so `$(time if true; then :; fi)` fails
   * at `then`; after a newline or `;` inside, it is the keyword again.
   * (probes fuzz-time-first-*, fuzz-time-after-*)
   */
  timeIsPlainAtSubstitutionStart: { bash: true, sh: false, zsh: false },
  /** `! ! cmd` (bash); sh and zsh refuse a second `!`. */
  repeatedBang: { bash: true, sh: false, zsh: false },
  /** A `!` with no command after it, before `;` or the end (bash, zsh); sh refuses it. (dialects.md §12 #337) */
  bareBang: { bash: true, sh: false, zsh: true },
  /** A bare `!` or `time` may also stand right before a `)` or a closing word: `( ! )`, `{ time }` (zsh). */
  emptyPipelineBeforeCloser: { bash: false, sh: false, zsh: true },
  /**
   * Which `coproc` the shell reads: bash's `coproc [NAME] command` (a name
   * only before a compound command) or zsh's `coproc pipeline` (no name, at
   * the start of a pipeline); in sh it is a command name. (dialects.md §10 #226, #227)
   */
  coproc: row<'bash' | 'zsh' | null>({ bash: 'bash', sh: null, zsh: 'zsh' }),
  /**
   * zsh refuses `noglob > f`, `- > f`, `command -p > f`: a precommand modifier with redirections but no command. (probes
   * fuzz-zsh-noglob-redirect, fuzz-zsh-command-p-redirect)
   */
  precommandNeedsCommand: { bash: false, sh: false, zsh: true },

  // ------------------------------------------------------------------ simple commands

  /** `name=(…)` array assignments. (dialects.md §7 #195) */
  arrays: { bash: true, sh: false, zsh: true },
  /** `name+=value` appends; in sh it is a command word. (probes array-append, array-append-scalar) */
  appendAssignment: { bash: true, sh: false, zsh: true },
  /** `name[sub]=value` element assignments. (probe array-element-assign) */
  subscriptAssignment: { bash: true, sh: false, zsh: true },
  /**
   * bash reads `name[` in command position (and `[` starting an array element)
   * up to its `]`, blanks included (`a[ b ]=1`), and fails when none follows.
   */
  subscriptRunsToBracket: { bash: true, sh: false, zsh: false },
  /**
   * Commands whose `name=(…)` arguments are read as array assignments: bash's
   * assignment builtins (plus `eval` and `let`, which bash's parser also
   * marks), zsh's reserved typeset family; sh has no arrays. (probe array-declare)
   */
  declarationCommands: row<ReadonlySet<string>>({
    bash: new Set(['declare', 'typeset', 'local', 'export', 'readonly', 'integer', 'float', 'alias', 'eval', 'let']),
    sh: new Set(),
    zsh: new Set(zshDeclarations),
  }),
  /** bash refuses `local >f a=(1)`: an array assignment in a declaration command after a redirection that follows a word. (probes fuzz-declaration-array-*) */
  declarationArrayAfterRedirectRefused: { bash: true, sh: false, zsh: false },
  /**
   * After assignments or redirections, zsh still reads reserved words: a
   * compound command may follow (`> f { … }`, `> f ( … )`, the redirections
   * are its own), and any other reserved word ends the simple command.
   */
  redirectionsBeforeCompound: { bash: false, sh: false, zsh: true },

  // ------------------------------------------------------------------ compound commands

  /** `(( … ))` is arithmetic; in sh it is two nested subshells. (dialects.md §4 #73, #74) */
  arithmeticCommand: { bash: true, sh: false, zsh: true },
  /** `$(( … ))` that does not close as arithmetic is reread as `$( ( … ) … )` (bash, zsh). (probe redir-arith-fallback) */
  arithmeticFallbackToSubshell: { bash: true, sh: false, zsh: true },
  /** bash refuses `$(((i)); case x in a) …` : a case pattern without `(` inside a `$(((` that is a command substitution. (probes fuzz-arith-fallback-*) */
  caseNeedsParenAfterArithmeticFallback: { bash: true, sh: false, zsh: false },
  /**
   * Which grammar `[[ ]]` follows: bash's, which reads its words by the known
   * unary and binary operators, or zsh's (par_cond), by their count and a
   * leading `-`; null where `[[` is a command. (dialects.md §4 #68, #69, #71)
   */
  conditionGrammar: row<'bash' | 'zsh' | null>({ bash: 'bash', sh: null, zsh: 'zsh' }),
  /** zsh reads newlines anywhere inside `[[ ]]` as blanks; bash takes them only around `&&` and `||`. */
  conditionNewlinesAsBlanks: { bash: false, sh: false, zsh: true },
  /**
   * zsh: `if c { … }`, `while c { … }`, `until c { … }` (bash takes `{ }` as a loop body only after `for` and `select`). (probes
   * zsh-if-brace-then, zsh-while-brace)
   */
  braceConditionBodies: { bash: false, sh: false, zsh: true },
  /** `for … { list }` as the loop body (bash, zsh). (probe zsh-for-paren-brace) */
  braceLoopBody: { bash: true, sh: false, zsh: true },
  /**
   * zsh's short forms: one command as the body of `if c cmd`, `while c cmd`,
   * `for i (a b) cmd`, `repeat 2 cmd`. (dialects.md §10 #221, #223, #332; probes zsh-if-short, zsh-repeat)
   */
  shortBodies: { bash: false, sh: false, zsh: true },
  /** A `for`/`select` variable must be a name when the line is read (sh, zsh); bash checks only when it runs. */
  loopVariableChecked: { bash: false, sh: true, zsh: true },
  /** zsh's `for a b in …` sets several variables per round; zsh also takes a number (`for 1 in …`) as a variable. */
  forSeveralNames: { bash: false, sh: false, zsh: true },
  /** zsh's `for i (a b) …` and `foreach i (a b) … end`: the words in parentheses. (dialects.md §10 #221, #224) */
  forParenthesizedWords: { bash: false, sh: false, zsh: true },
  /** Case item terminators after `;;`. (dialects.md §10 #234–#236) */
  caseFallthrough: row<ReadonlySet<string>>({ bash: new Set([';&', ';;&']), sh: new Set(), zsh: new Set([';&', ';|']) }),
  /** zsh's `case word { pattern) … }`. */
  caseBraces: { bash: false, sh: false, zsh: true },
  /** zsh takes an empty alternative in a case pattern: `|b)`, `a|)`. */
  caseEmptyAlternatives: { bash: false, sh: false, zsh: true },
  /** zsh reads a case pattern written whole in parentheses, `(a) cmd`, as the pattern `a` with the optional `(`. */
  caseParenthesizedPattern: { bash: false, sh: false, zsh: true },
  /** zsh's `{ try } always { finally }`. (probes zsh-always, zsh-always-semi) */
  alwaysBlock: { bash: false, sh: false, zsh: true },

  // ------------------------------------------------------------------ functions

  /** `name() command` accepts any command as body (zsh, sh); bash needs a compound command. (dialects.md §10 #233) */
  functionBodyAnyCommand: { bash: false, sh: true, zsh: true },
  /** Function names must be plain names and not special builtins (dash: "Bad function name"). */
  functionNamesChecked: { bash: false, sh: true, zsh: false },
  /**
   * zsh: `a b () body` and `function a b body` define several functions at
   * once; `function body` with no name, like `() body`, defines an anonymous
   * function and runs it at once with the words after it. (probes
   * zsh-multi-name-function, zsh-anon-function, fn-keyword-names-semi)
   */
  severalFunctionNames: { bash: false, sh: false, zsh: true },
  /**
   * zsh reads a function's body after `;` as well as newlines, as `{ list }`
   * with its redirections or as one command; bash and sh skip only newlines.
   */
  functionBodyAfterSeparators: { bash: false, sh: false, zsh: true },

  // ------------------------------------------------------------------ the shell's state, as the approver reads it

  /**
   * `shopt` is a builtin (bash). dash and zsh have none: `shopt -s lastpipe` there is a command that is not
   * found and changes nothing. (explore seed 245172577: `shopt -s lastpipe; echo | cd sub && rm …` in sh)
   */
  shoptBuiltin: { bash: true, sh: false, zsh: false },
  /**
   * `setopt`, `unsetopt` and `emulate` are builtins (zsh); in bash and dash they are commands that are not found
   * and change nothing. (explore seed -1598636050: `setopt magicequalsubst && … dd of=~/z` in sh writes `./~/z`)
   */
  setoptBuiltin: { bash: false, sh: false, zsh: true },
  /**
   * Functions the shell itself calls later by their name alone: zsh's `TRAPEXIT`, `TRAPZERR`, `TRAPDEBUG`… (`TRAP` and a
   * signal's name), `zshexit`, `chpwd`, `precmd`, `preexec`, `periodic`, `zshaddhistory`, `zsh_directory_name` and
   * `command_not_found_handler` (zshmisc "Special Functions"); bash's `command_not_found_handle` (bash(1) "COMMAND
   * EXECUTION"). dash calls none. Elsewhere these names are ordinary functions, run only when called.
   * (probe shell-state-trap-functions-bash: `TRAPEXIT() { rm …; }; zshexit() { rm …; }` runs no rm in bash or dash)
   */
  functionsTheShellCalls: row<RegExp | null>({
    bash: /^command_not_found_handle$/,
    sh: null,
    zsh: /^(?:TRAP[A-Z0-9]+|zshexit|chpwd|precmd|preexec|periodic|zshaddhistory|zsh_directory_name|command_not_found_handler)$/,
  }),
  /** The last element of a pipeline runs in the current shell (zsh): its `cd` holds after the pipeline. */
  lastPipelineElementInShell: { bash: false, sh: false, zsh: true },
  /**
   * An `alias` defined on one line rewrites the lines after it (sh, and bash in POSIX mode: "Alias expansion is always
   * enabled, even in non-interactive shells"); bash and zsh `-c` ignore it. (dialects.md §1 #279; probes lines-alias [bash-posix], posix-alias-later-line)
   */
  aliasesApplyToLaterLines: { bash: false, sh: true, zsh: false, 'bash-posix': true },
  /**
   * An alias rewrites code the shell parses only when it runs it (eval's text):
   * dash, zsh and bash in POSIX mode always, bash only with `expand_aliases`. (probe posix-alias-eval)
   */
  aliasesReachCodeParsedLater: { bash: false, sh: true, zsh: true, 'bash-posix': true },
  /**
   * An alias rewrites a later `$(…)` or backquote body on the same line: zsh, and bash with `expand_aliases` (so bash in
   * POSIX mode, seen there for a backquote body); dash does not. (probe posix-alias-backquote)
   */
  aliasesReachSubstitutions: { bash: false, sh: false, zsh: true, 'bash-posix': true },
  /**
   * `pushd`, `popd` and `dirs` keep a directory stack (bash, zsh); sh has
   * none, and `pushd` there is a command not found. (dialects.md §11 #303)
   */
  directoryStack: { bash: true, sh: false, zsh: true },
  /**
   * Parameters that are the shell's own tables: writing one defines a
   * function, alias or command path, sets an option or writes a file (bash's
   * `BASH_CMDS`, zsh's `functions`, `mapfile`, …). (SPEC §2)
   */
  commandTableParameters: row<ReadonlySet<string>>({
    bash: new Set(['BASH_CMDS', 'BASH_ALIASES']),
    sh: new Set(),
    zsh: new Set([
      'functions', 'functions_source', 'aliases', 'galiases', 'saliases', 'commands', 'options', 'mapfile', 'builtins', 'reswords',
      'nameddirs', 'dis_functions', 'dis_aliases', 'dis_galiases', 'dis_saliases', 'dis_builtins', 'dis_reswords', 'dis_patchars',
      'modules', 'parameters', 'sysparams',
    ]),
  }),
  // ------------------------------------------------------------------ options a line may set (issue 12)
  // Off in every shell by default; `setopt`/`shopt` in the line turns them on for what follows, and the
  // walk reads later words under the changed column (walk/scope.ts `options`). probes shell-state-*.

  /** zsh `braceccl`: `{ab}` and `{a-c}` (no comma) expand to each character: `{.}git` is `.git`. (probe shell-state-braceccl) */
  braceCharacterClass: { bash: false, sh: false, zsh: false },
  /** zsh `globsubst`: an unquoted parameter's value is globbed (`x='.g*'; rm $x`). Not modelled: such a parameter is unfixed. (probe shell-state-globsubst) */
  globSubstitution: { bash: false, sh: false, zsh: false },
  /**
   * zsh `extendedglob`: `#`, `##`, `^` and `~` are glob operators (`.gi#t` matches `.git`). Not modelled: a word holding one is
   * unfixed. (probe shell-state-extendedglob)
   */
  extendedGlobOperators: { bash: false, sh: false, zsh: false },
  /** bash `nocaseglob`, zsh `nocaseglob`: globs match names whatever their case (`.G*` matches `.git`). (probe shell-state-nocaseglob) */
  caselessGlob: { bash: false, sh: false, zsh: false },
  /** zsh `magicequalsubst`: `~` after the first `=` of an argument expands (`of=~/x`), as bash does by default. (probe shell-state-magicequalsubst) */
  magicEqualSubst: { bash: false, sh: false, zsh: false },
  /** bash `set -k`, zsh `setopt keyword`: `NAME=value` anywhere among a command's words is an assignment to its environment. (probe shell-state-keyword) */
  assignmentsAnywhere: { bash: false, sh: false, zsh: false },
  /**
   * bash `shopt -s nullglob`, zsh `setopt nullglob` / `cshnullglob` and the `(N)` qualifier: a glob that matches nothing
   * expands to no word at all, so the words after it move up (`find *.none -delete` is `find -delete`, which deletes
   * under `.`). A command with such a glob is read both with the word and without it. (probe shell-state-nullglob)
   */
  globsMayExpandToNothing: { bash: false, sh: false, zsh: false },
  /**
   * zsh `ksharrays`: arrays are indexed from 0, `$a` is the first element, and `$a[1]` is `$a` then the text `[1]`.
   * zsh `rcexpandparam`: an array beside text joins it element by element (`x$a` is `xa1 xa2`). Neither changes how a
   * scalar expands (`s=a; echo x$s ${s:0:1}` is `xa a` either way), and the walk fixes only scalars read whole
   * (core/words.ts expandParameter `plain`): array references and subscripts, the words these options change, are
   * unfixed under either reading. (probes shell-state-ksharrays*, shell-state-rcexpandparam*)
   */
  arraysIndexedFromZero: { bash: false, sh: false, zsh: false },
  arrayElementsJoinAdjacentText: { bash: false, sh: false, zsh: false },
  /** bash `shopt -s expand_aliases`: aliases apply to the lines after their definition (as in sh). (probe shell-state-expand-aliases) */
  aliasesExpanded: { bash: false, sh: false, zsh: false },
  /** Setting `GLOBIGNORE` (to anything but empty) turns on `dotglob` (bash). */
  globIgnoreSetsDotGlob: { bash: true, sh: false, zsh: false },
  /**
   * The startup files in the home directory an interactive or `-c` shell of the harness reads, which may set glob options
   * (bash in POSIX mode reads `$ENV` instead, and only when interactive).
   */
  startupFiles: row<readonly string[]>({ bash: ['.bashrc'], sh: [], zsh: ['.zshenv', '.zshrc'], 'bash-posix': [] }),
  /**
   * Variables of the inherited environment that name a startup file the harness's shell runs first: bash's `BASH_ENV` (bash(1)
   * INVOCATION: every non-interactive bash), sh's `ENV` (dash(1), POSIX sh: an interactive sh; bash in posix mode, which reads
   * no BASH_ENV: `BASH_ENV=F bash --posix -c true` and bash run as sh do not run F, checked with bash 5.2). (issue 13 item 8;
   * probes startup-bash-env, startup-env-interactive-only in test/shells/startup-files.test.ts)
   */
  startupFileVariables: row<readonly string[]>({ bash: ['BASH_ENV'], sh: ['ENV'], zsh: [], 'bash-posix': ['ENV'] }),
  /**
   * A variable naming the directory the startup files are read from instead of the home (zsh(1) STARTUP/SHUTDOWN FILES: `ZDOTDIR`).
   * (probes startup-zdotdir-zshenv, startup-zdotdir-not-home)
   */
  startupDirectoryVariable: row<string | null>({ bash: null, sh: null, zsh: 'ZDOTDIR', 'bash-posix': null }),
};

type Features = typeof features;

/** How one shell reads a line: its name, the column it is read by, and its value of every row. */
export type Dialect = { readonly name: DialectName; readonly reading: ReadingName; readonly label: string } & {
  readonly [feature in keyof Features]: Features[feature][DialectName];
};

/** How a reason names the dialect a line was read in. */
const readingLabels: Readonly<Record<ReadingName, string>> = { bash: 'bash', dash: 'sh', 'bash-posix': 'sh as bash in POSIX mode reads it', zsh: 'zsh' };

/**
 * One shell's column of the table. Object.fromEntries builds an object with
 * fast properties and, since every column lists the rows in the same order,
 * the three dialects share one shape (a loop of assignments would leave a
 * dictionary, slower on every read the parser makes).
 */
function column(name: DialectName, reading: ReadingName): Dialect {
  const entries: [string, unknown][] = [['name', name], ['reading', reading], ['label', readingLabels[reading]]];
  for (const [feature, values] of Object.entries(features)) {
    const r = values as Row<unknown>;
    entries.push([feature, reading === 'bash-posix' ? ('bash-posix' in r ? r['bash-posix'] : r.bash) : r[name]]);
  }
  return Object.fromEntries(entries) as Dialect;
}

export const bash: Dialect = column('bash', 'bash');
export const sh: Dialect = column('sh', 'dash');
export const zsh: Dialect = column('zsh', 'zsh');
/** sh as bash in POSIX mode reads it (`bash --posix`, bash run as `sh`). */
export const bashPosix: Dialect = column('sh', 'bash-posix');

/** Each dialect by its name, `sh` as dash reads it. */
export const dialects: Readonly<Record<DialectName, Dialect>> = { bash, sh, zsh };

/** Every dialect by its name, with `sh` read by the given `/bin/sh`. */
export const shReadings: Readonly<Record<ShReading, Readonly<Record<DialectName, Dialect>>>> = {
  dash: dialects,
  'bash-posix': { bash, sh: bashPosix, zsh },
};

export function isDialectName(name: string): name is DialectName {
  return name === 'bash' || name === 'sh' || name === 'zsh';
}
