// treeward's explicit budgets, in one place. Past any of them a line is
// refused (`parse` throws a BudgetError, `approve` denies it as
// `too-complex`), never approved and never left running. Each is far above
// what a real command line needs; each has a test at the limit and just past
// it (test/robustness/budgets.test.ts), and `npm run bench` prints how time
// and memory grow towards them (the stress table).
//
// What is not a budget but the shells' own limit lives with the dialect
// (bash's parser stack: a pipeline of more than 3,333 commands) or with the
// path reader (the kernel's 40 symlinks per lookup, src/approver/core/path-reading.ts).

export const budgets = {
  /**
   * Input size: the longest line read, in UTF-16 code units (bytes, for
   * ASCII): 1 MiB. The parser's time and the tree's size grow linearly with
   * the input; this bounds both (a 1 MiB line of `a;a;…` builds a tree of
   * about 400 MB, the worst shape measured), so no line exhausts memory.
   */
  maxInputLength: 1 << 20,

  /**
   * Nesting depth: constructs open at once while reading a line (compound
   * commands, substitutions, quotes, `${…}`, arithmetic, nested in each
   * other). Low enough that the recursive descent can never overflow V8's
   * stack, even in a cold process before the code is compiled.
   */
  maxNesting: 200,

  /**
   * Expansion count: the fields one word may expand to (brace expansion
   * `{a,b}{c,d}…`, `{1..100000000}`); more is `too-complex` (src/approver/core/words.ts).
   */
  maxFields: 256,

  /**
   * Filesystem operations: lookups (lstat, readlink, readdir) one line may
   * spend on the working tree; running out is `too-complex` (src/approver/approve.ts).
   */
  maxLookups: 10_000,

  /** The largest file the approver reads (startup files, scripts the line wrote): larger ones read as unknown (src/approver/core/fs.ts). */
  maxFileBytes: 1 << 20,

  /**
   * Code read inside code: nested `bash -c`, `eval`, function calls and git
   * settings; deeper is `too-complex` (src/approver/walk/code.ts).
   */
  maxCodeDepth: 16,

  /**
   * Judging work: the text of the commands the walk judges, counted again
   * each time it is judged again (a function's body at each call, a loop's
   * body until its directories settle, code inside code), plus 16 for each
   * command, plus 16 and the text of each field a word expands to when it
   * expands to several. Depth alone does not bound it: functions that each
   * call the one before twice double the work at every level, and so do
   * loops inside loops. Twice the longest line (a
   * typical agent line spends under 100, a loop over 18 words 1,400); past
   * it the walk stops and the line is `too-complex` (src/approver/walk/state.ts).
   */
  maxJudgingWork: 1 << 21,

  /** Possible current directories followed at once (`cd a || cd b …`); more reads as unknown (src/approver/walk/scope.ts). */
  maxDirectories: 8,

  /**
   * Fixed words a `for` loop is followed through one by one, and arguments a
   * `parallel ::: …` list is read for; more reads as unknown
   * (src/approver/walk/compound.ts, src/approver/programs/wrappers.ts).
   */
  maxLoopWords: 32,

  /**
   * The judging work (maxJudgingWork) charged for each command the walk
   * judges, and for each field past a word's first, besides their text.
   */
  workPerItem: 16,

  /**
   * Passes over a loop's body while the directories it may leave grow; a
   * loop that still moves after the last is read as leaving them unknown
   * (src/approver/walk/compound.ts).
   */
  maxLoopPasses: 3,

  /**
   * Levels below a protected path the rules list to see whether a deleting
   * `find`'s tests could match anything there; deeper is taken as a match
   * (src/approver/rules/removals.ts).
   */
  maxFindWalkDepth: 16,

  /**
   * Modules the line wrote that inline code loads by name, read in turn
   * (a literal module's own imports); deeper is `dynamic-code`
   * (src/approver/programs/loading.ts).
   */
  maxLoadedModuleDepth: 4,

  /**
   * Startup files read for glob options: files followed through `source`
   * and `.` from the dialect's own (src/approver/core/startup.ts), and how
   * deep; past either, dot globbing is assumed.
   */
  maxStartupFiles: 16,
  maxStartupDepth: 4,
} as const;
