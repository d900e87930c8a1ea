// Facts the readers and the walk state, apart from the sentences that word
// them (rules/reasons.ts): why a word's value is not fixed. A rule decides
// by a fact's `source`; the verdict's words are reasons.ts's alone.

/**
 * Why a word's value (or a path a program derives from one) is not fixed
 * until the line runs.
 */
export type Unfixed =
  /** `$x`, `${x…}`: a parameter the line does not fix. */
  | { source: 'parameter'; name: string; braced: boolean }
  /** `$x` that splits into several fields beside other text (`a$x`). */
  | { source: 'split-parameter'; name: string }
  /** `$x` split by an IFS the line changed. */
  | { source: 'changed-ifs'; name: string }
  /** An option the line set (issue 12) makes the word's reading one treeward does not model. */
  | { source: 'shell-option'; option: 'globsubst' | 'extendedglob' | 'unknown' }
  /** zsh's `$x:h`: a modifier that moves the path. */
  | { source: 'zsh-modifier'; name: string; modifier: string }
  /** A zsh glob qualifier treeward does not read (`*(e:…:)`). */
  | { source: 'glob-qualifier'; text: string }
  /** An extended glob or zsh group treeward does not read (`@(a|b)`). */
  | { source: 'pattern'; pattern: string }
  /** `~` where the line set HOME, or ran a file that may have. */
  | { source: 'home' }
  /** `~user`. */
  | { source: 'user-home'; user: string }
  /** `$(…)`, backquotes. */
  | { source: 'substitution' }
  /** `<(…)`, `>(…)`, zsh's `=(…)`. */
  | { source: 'process-substitution' }
  /** `$((…))`. */
  | { source: 'arithmetic' }
  /** zsh's `=name`: the path of a command. */
  | { source: 'command-path'; name: string }
  /** More fields than the expansion budget (`{a,b}{c,d}…`, `{1..100000}`): the line is too complex, not merely unknown. */
  | { source: 'expansion-budget'; sequence: string | null }
  /** An option's attached value the line does not fix (`-o"$f"`). */
  | { source: 'option-value' }
  /** A word a command runner reads from its input (or `xargs -a FILE`) and hands to the command it runs. */
  | { source: 'input'; runner: 'xargs' | 'parallel'; from: 'input' | 'file'; filledIn: boolean }
  /** A word a runner fills in from its own list (`parallel … ::: $x`, `find -exec … {}`). */
  | { source: 'runner-list'; runner: 'parallel' | 'find'; filledIn: boolean }
  /** A URL `wget -i` reads from a file. */
  | { source: 'url-list' }
  /** A name a program derives from a word the line does not fix. */
  | { source: 'derived'; what: 'sed backup' | 'link name' | 'ssh host' | 'tar -C name' }
  /** A value a program takes from the line in a way treeward does not read. */
  | {
    source: 'program-reads';
    what: 'dd operand' | 'temp dir' | 'tar -P path' | 'unzip -: path' | 'tarfile member path' | 'stored name' | 'patch targets' | 'find -L entries'
      | 'known-hosts value' | 'known-hosts tokens' | 'home variable';
  }
  /** A variable the line sets to a value it does not fix (`GIT_TRACE=$f`). */
  | { source: 'variable'; name: string }
  /** An option the line does not fix that places the file (`curl --output-dir`, `wget -P`). */
  | { source: 'placing-option'; option: string }
  /** A file of options treeward cannot read (`curl -K FILE`). */
  | { source: 'options-file'; file: string | null }
  /** A file name the server chooses (`curl -J`, `wget --content-disposition`). */
  | { source: 'server-name'; option: string | null }
  /** A file name from a URL the line does not fix, or from a URL glob (`curl -o 'f_#1' 'x/{a,b}'`), or a host it does not fix. */
  | { source: 'url-name'; from: 'url' | 'url-glob' | 'host' };

/** Why a line is past what treeward judges (`too-complex`). */
export type Complexity =
  /** The walk's judging work (budgets.maxJudgingWork). */
  | { source: 'judging-work' }
  /** Code read inside code past budgets.maxCodeDepth levels. */
  | { source: 'code-depth' }
  /** Code given as text that is past the parser's budget (its BudgetError's message). */
  | { source: 'nested-parse'; message: string }
  /** A word past the expansion budget. */
  | { source: 'expansion'; why: Unfixed }
  /** A function that calls itself (`name`: its literal name; null when it has none that is literal; absent: anonymous), which treeward does not follow. */
  | { source: 'recursion'; name?: string | null };

/**
 * What the line gives a program, or names, that is not fixed and that the
 * program runs as code, by what it is: `{ source: 'unfixed', via: '`eval`',
 * what: 'eval text' }` is "`eval` of text the line does not fix".
 */
export type UnfixedCode =
  | 'command' | 'code' | 'text' | 'file' | 'script' | 'eval text' | 'command file' | 'makefile' | 'key' | 'wgetrc command' | 'program'
  | 'program file' | 'awk program' | 'package' | 'word' | 'replacement string' | 'parallel command' | 'backup suffix' | 'tar command'
  | 'find word' | 'git option' | 'alias value' | 'name' | 'gdb command' | 'less options' | 'ssh library' | 'ssh program' | 'rsync shell'
  | 'ssh config' | 'less command' | 'ssh option value' | 'ssh option' | 'ssh host' | 'ssh values' | 'bsd sed script';

/** Why a package manager's scripts could not be read (programs/package-scripts.ts). */
export type PackageScriptProblem = 'name' | 'directory' | 'unreadable' | 'not-json' | 'not-text' | 'written' | 'workspace' | 'arguments' | 'shell';

/** A file an earlier part of the line wrote, which a program then runs, sources, loads or reads as commands. */
export type WrittenUse =
  | 'run' | 'source' | 'gdb commands' | 'gdb source' | 'ssh library' | 'ssh config' | 'make recipes'
  /** An interpreter loads it by a module name (`python3 -m NAME`, `import NAME`, `node -r X`, `perl -MMOD`, `ruby -r LIB`). */
  | 'module'
  /** An interpreter or shell loads it at every start (`sitecustomize.py`, a `.pth` file, `BASH_ENV`, `$ZDOTDIR/.zshenv`). */
  | 'startup'
  /** A shell reads it as its program on stdin (`sh < FILE`, `{ sh; } < FILE`, `exec < FILE; sh`). */
  | 'stdin program'
  /** Code treeward does not read runs where it can import it by a name treeward never sees (`echo … > util.py; python3 app.py`). */
  | 'importable'
  /** make reads it as a makefile from MAKEFILES. */
  | 'makefiles';

/** Text a program reads as code from stdin or a file treeward cannot read. */
export type PipedCode = 'program' | 'gdb commands' | 'sftp commands' | 'makefile';

/**
 * Code the line runs that treeward cannot judge (`dynamic-code`): code it
 * assembles at run time, or that a program runs from somewhere treeward does
 * not read. `via` is display text only (what runs it, as the line spells
 * it); no rule decides by it.
 */
export type CodeFact =
  /**
   * A package manager's script treeward cannot find or read (issue 17): its directory, its package.json, the workspace it
   * names, the `--` arguments, or a package.json or .npmrc an earlier part of the line wrote.
   */
  | { source: 'package-script'; via: string; why: PackageScriptProblem; file?: string }
  /** Code, a command or a file of them that the line does not fix. */
  | { source: 'unfixed'; via: string; what: UnfixedCode }
  /** A file an earlier part of the line wrote (`via` null: the line runs the file itself). */
  | { source: 'written-by-line'; via: string | null; file: string; use: WrittenUse }
  /** The line runs a file it wrote whose `#!` names a program other than a shell treeward reads. */
  | { source: 'written-script'; file: string; interpreter: string }
  /** An ssh config the line wrote that uses `Include` or `Match exec`. */
  | { source: 'written-ssh-config'; file: string; directive: 'Include' | 'Match exec' }
  /** Code a program reads from a pipe or a file treeward cannot read. */
  | { source: 'pipe'; via: string; what: PipedCode }
  /** A shell treeward does not read: running code in it, a script in it, or starting it. */
  | { source: 'unread-shell'; via: string; runs: 'code' | 'script' | 'shell' }
  /**
   * An interpreter's option its row does not know: its value may be the script it runs (issue 13 item 3).
   * `of: 'wrapper'`: a wrapper's (`su`, `runuser`), whose value may be the command it runs.
   */
  | { source: 'unknown-option'; via: string; option: string; of?: 'wrapper' }
  /** A startup file a variable the line gives makes a shell run first (`BASH_ENV=f bash`). */
  | { source: 'startup-file'; variable: string; shell: string; through?: true }
  /**
   * Text bash or zsh evaluates as arithmetic, which runs a `$(` in it: a
   * name's subscript (`text`), a setter's values (`declare -i`), `printf -v`'s
   * name, `let`'s words, a word of `[[ ]]` or a subscript, or a parameter
   * holding a substitution (`name`; `setByLine`: the pre-pass saw the line
   * set it to such text).
   */
  | { source: 'arithmetic'; via: string; in: 'subscript'; text: string }
  | { source: 'arithmetic'; via: string; in: 'values' | 'name' | 'words' }
  | { source: 'arithmetic'; in: 'text' }
  | { source: 'arithmetic'; in: 'parameter'; name: string; setByLine: boolean }
  /** Text a program splits into a command that treeward cannot split. */
  | { source: 'unsplittable'; what: 'env -S' | 'KnownHostsCommand' | 'sftp -D' | 'rsync -e' }
  /** A program an option names, which the program runs (`install --strip-program X`). */
  | { source: 'runs-program'; via: string; program: string | null }
  /** A program the line gives an editor to (`sudo -e`, `crontab -e`, `git rebase -i`). */
  | { source: 'editor'; edits: 'sudo -e' | 'crontab -e' | 'git rebase -i' }
  /** What a builtin or option does that changes what later names run, or what code runs. */
  | { source: 'changes-commands'; via: string; how: ChangesCommands }
  /** Words a program hands a shell or a list of commands it reads (`su USER ARGS`, `parallel` with no `:::`). */
  | { source: 'hands-to-shell'; via: string; what: 'user shell' | 'input commands' }
  /** A variable whose value is code, or makes a shell or program load code (programs/environment.ts). */
  | { source: 'variable'; name: string; meaning: VariableCode }
  | { source: 'variable'; name: CodeLoadingVariable; meaning: 'loads code' }
  /** A NODE_OPTIONS, RUBYOPT or PERL5OPT option that loads code. */
  | { source: 'loading-option'; variable: 'NODE_OPTIONS' | 'RUBYOPT' | 'PERL5OPT'; option: string }
  /** An sftp batch command that changes local files. */
  | { source: 'sftp-local'; command: string }
  /** make's SHELL, MAKESHELL or .SHELLFLAGS (`shell`), or a variable a recipe puts into `sh -c` text holding shell syntax (`syntax`). */
  | { source: 'make-variable'; variable: string; how: 'shell' | 'syntax' }
  /** `make --eval` text that is more than plain assignments. */
  | { source: 'make-eval' }
  /** The command word: not fixed, not one fixed word, or built from parameters into a builtin that sets names. */
  | { source: 'command-word'; how: 'unfixed' | 'not-one-word' }
  | { source: 'command-word'; how: 'sets-names'; program: string }
  /** A function whose name is not fixed. */
  | { source: 'function-name' }
  /** A function that hides a builtin or a program the table reads. */
  | { source: 'shadowing'; name: string }
  /** An `alias` in sh, which dash applies to the lines after it. */
  | { source: 'sh-alias' }
  /** A zsh glob qualifier that runs code for every name (`*(e:…:)`, `*(+f)`). */
  | { source: 'qualifier'; text: string }
  /** A `${…}` or `$((…))` zsh cannot expand, which stops the whole line. */
  | { source: 'zsh-stops'; in: 'parameter' | 'arithmetic'; message: string }
  /** zsh parameter flags that evaluate the value again (`${(e)x}`). */
  | { source: 'zsh-flags'; flags: string }
  /** `${x@P}`: a value expanded as a prompt (`holdsSubstitution`: fixed, but with `$(` in it). */
  | { source: 'prompt-expansion'; name: string; holdsSubstitution: boolean }
  /** Code given as text that does not parse in its dialect. */
  | { source: 'unparsable'; dialect: string; message: string }
  /**
   * A glob before `--` that can match a name starting with `-`, which the program would read as an option (issue 13 item 6),
   * where treeward cannot list those names: an earlier part of the line may have made them, the directory is not known or
   * cannot be read, or there are too many.
   */
  | { source: 'option-like-glob'; glob: string; program: string; why: 'made-by-line' | 'unknown-directory' | 'unreadable' | 'too-many' }
  /** State the line gives the shell that changes what later words run, which treeward does not follow (issue 12). */
  | { source: 'shell-state'; change: ShellStateChange; name?: string };

/** What the line changed in the shell's state that treeward refuses to follow (rules/reasons.ts, issue 12). */
export type ShellStateChange =
  | 'alias-later-lines' | 'alias-runtime-code' | 'hash' | 'path' | 'assignments-anywhere' | 'integer-attribute' | 'recursive-arithmetic'
  | 'stdin-script' | 'nested-shell-option' | 'code-module' | 'editor-commands' | 'hook-functions' | 'exported-function';

/** What a builtin or option does that makes later names, or code, run otherwise. */
export type ChangesCommands =
  | 'hash -p' | 'enable -f' | 'zmodload' | 'autoload' | 'compgen -C' | 'mapfile -C' | 'git --exec-path' | 'git --config-env' | 'git filter'
  | 'RSYNC_CONNECT_PROG' | 'gdb eval' | 'gdb call' | 'less command';

/** What a variable's value is to the shells and programs the line starts. */
export type VariableCode =
  | 'command table' | 'bash function' | 'prompt command' | 'unfixed prompt' | 'prompt substitution' | 'startup file'
  | 'unfixed NODE_OPTIONS' | 'unfixed switches';

/** Names that make every program, shell or interpreter started later load or run code the line chooses. */
export const codeLoadingVariables = [
  'SHELLOPTS', 'BASHOPTS', 'PYTHONSTARTUP', 'LD_PRELOAD', 'LD_AUDIT', 'PERL5DB', 'BASH_LOADABLES_PATH', 'LESSOPEN', 'LESSCLOSE',
] as const;

export type CodeLoadingVariable = (typeof codeLoadingVariables)[number];

/** Why the inline-code policy refuses inline code (`inline-code`). */
export type InlineFinding =
  /** The policy is `refuse`. */
  | { source: 'policy' }
  /** The code comes from a pipe or a file treeward cannot read. */
  | { source: 'unread' }
  /** The scan found a call of this API (`os.remove`, `child_process`). */
  | { source: 'calls'; api: string }
  /** The reader of the language (programs/inline/) met a call or construct it cannot read: the API and what about it. */
  | { source: 'unread-call'; api: string; what: InlineUnread; detail?: string }
  /** The scan has no patterns for the language. */
  | { source: 'unscanned' }
  /** An awk program that runs a command or writes a file. */
  | { source: 'awk'; finding: AwkFinding }
  /** A sed script treeward cannot read (`problem`: where the reading stopped), or one that runs commands. */
  | { source: 'sed'; problem: SedProblem | null };

/** What about an inline call the reader could not read. */
export type InlineUnread = 'path' | 'command' | 'mode' | 'options' | 'api' | 'value' | 'code' | 'name' | 'syntax' | 'directory';

/** Where treeward's reading of a sed script stopped (programs/sed-script.ts). */
export type SedProblem =
  | { kind: 'address-without-command' }
  /** `1,` */
  | { kind: 'no-second-address' }
  /** `1,~` or `1,+` with no number after it. */
  | { kind: 'step-without-number'; step: string }
  | { kind: 'unknown-command'; command: string }
  | { kind: 'unterminated'; what: 'regular expression' | 'replacement'; delimiter: string }
  | { kind: 'unterminated-bracket' }
  | { kind: 'no-delimiter'; command: string }
  | { kind: 'characters-after'; command: string }
  /** `w` with nothing after it. */
  | { kind: 'no-file-name' };

/** What in an awk program runs a command or writes a file. */
export type AwkFinding =
  | { kind: 'system' }
  | { kind: 'pipe' }
  /** gawk's `@load` or `@include`. */
  | { kind: 'directive'; directive: string }
  /** `print … > FILE`: the statement and its operator. */
  | { kind: 'print-redirection'; statement: string; operator: string }
  /** `gawk -l NAME`. */
  | { kind: 'extension'; name: string | null };

/** Why a git setting cannot be approved, before its command is judged (`git-command-setting`). */
export type GitProblem =
  /** The setting's value is not fixed. */
  | { source: 'unfixed' }
  /** `GIT_CONFIG_PARAMETERS`, `GIT_CONFIG_COUNT` and kin: settings in a form treeward does not read. */
  | { source: 'unread-settings' }
  /** A file of configuration or hooks git reads that treeward does not (`include.path`, GIT_CONFIG_GLOBAL, `--template`; issue 13). */
  | { source: 'config-file' }
  /** A config or hook the line wrote into a git directory that git is pointed at, not as literal config text (issue 13 item 4). */
  | { source: 'repository-file' }
  /** `git archive --exec`/`--remote`: a command run on a remote. */
  | { source: 'remote-command' }
  /** Settings inside settings past the code depth budget. */
  | { source: 'nesting' }
  /** git runs the value with sh, and it does not parse (the parser's message). */
  | { source: 'unparsable'; message: string };

/** Why the handed-back text `cd -- DIR && {⏎LINE⏎}` does not read back as the one group (SPEC §4, `tree-group-broken`). */
export type HandBackProblem =
  /** It does not parse (the parser's message). */
  | { source: 'unparsable'; message: string }
  /** More than one statement: the line ends the group before its end. */
  | { source: 'ends-group' }
  | { source: 'background' }
  /** More commands joined to `cd … && { … }` than the group. */
  | { source: 'more-commands' }
  | { source: 'cd-not-alone' }
  | { source: 'cd-elsewhere' }
  | { source: 'group-piped' }
  | { source: 'not-one-group' }
  /** The group closes before the end of the text. */
  | { source: 'closes-early' }
  /** A statement of the group lies outside the line's own text. */
  | { source: 'runs-outside' };
