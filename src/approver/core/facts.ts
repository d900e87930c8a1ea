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
  | { source: 'program-reads'; what: 'dd operand' | 'temp dir' | 'tar -P path' | 'known-hosts value' | 'known-hosts tokens' }
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
