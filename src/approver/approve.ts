// approve(): judge one command line for a working tree, and hand it back
// pinned there (`cd -- '<dir>' && {⏎<command>⏎}`) or refuse it with an id,
// a reason the agent can act on, and the span that caused it. It never
// throws and never approves by accident: any failure inside is a deny.
// explain() reads a line the same way (prepareLine), for the tests.

import { budgets } from '../budgets.js';
import { type Dialect, type DialectName, type ShReading, shReadings } from '../syntax/dialect.js';
import { BudgetError, ParseError } from '../syntax/errors.js';
import type { Script, Span } from '../syntax/ast.js';
import { parse } from '../parser/parser.js';
import type { Removal, Write } from './core/effects.js';
import { emptyFileSystem, type EntryKind, type FileSystem, FsError, snapshotFileSystem } from './core/fs.js';
import { type LookupBudget, lookupBudget, resolveThroughLinks } from './core/path-reading.js';
import { isInsideOrEqual, normalizeLexically } from './core/path-text.js';
import { protectedSet, type ProtectedSet } from './core/protected.js';
import { startupGlobDots } from './core/startup.js';
import type { ApproveOptions, DenyId, PackName, Verdict } from './core/types.js';
import { handBackProblem, wrapInTree } from './handback.js';
import { agentPrograms } from './programs/index.js';
import type { JudgeContext } from './rules/context.js';
import { judge, LookupsExhausted } from './rules/index.js';
import { line } from './rules/reasons.js';
import { Walker } from './walk/walker.js';

export function approve(command: string, options: ApproveOptions): Verdict {
  try {
    return approveAsEveryShell(command, options);
  } catch (error) {
    // A RangeError is a stack or a string or array past what the runtime holds: whatever its wording
    // (V8's and Bun's differ), the line is past what treeward can judge.
    const start: Span = [0, Math.min(command.length, 1)];
    if (error instanceof BudgetError || error instanceof LookupsExhausted || error instanceof RangeError) return deny('too-complex', start, line.pastBudget());
    return deny('internal-error', start, line.internalError(error instanceof FsError ? { code: error.code, path: error.path } : null));
  }
}

/** The readings of sh a line is judged in: the `/bin/sh` the options name, else both (SPEC §1 `--shell sh`). */
const shReadingsOf: Readonly<Record<NonNullable<ApproveOptions['sh']> | 'unknown', readonly ShReading[]>> = {
  dash: ['dash'], bash: ['bash-posix'], unknown: ['dash', 'bash-posix'],
};

/**
 * The verdict under every `/bin/sh` the line may meet (issue 14 item 5): the
 * line is judged with sh read as dash and again as bash in POSIX mode, and
 * refused when either refuses. The second reading is made only when the first
 * read something as sh (the line is sh, or holds an `sh -c`, a git setting, …):
 * the dialects' map records it. A refusal only one reading makes says which.
 */
function approveAsEveryShell(command: string, options: ApproveOptions): Verdict {
  const readings = shReadingsOf[options.sh ?? 'unknown'];
  const first = watchingSh(shReadings[readings[0]!]);
  const shared = sharedWork(options);
  const verdict = approveOrThrow(command, options, first.dialects, shared);
  if (readings.length === 1 || !first.readSh()) return verdict;
  const other = approveOrThrow(command, options, shReadings[readings[1]!], shared);
  if (verdict.decision === 'deny') return other.decision === 'deny' ? verdict : { ...verdict, reason: line.oneShReading(verdict.reason, readings[0]!) };
  return other.decision === 'deny' ? { ...other, reason: line.oneShReading(other.reason, readings[1]!) } : verdict;
}

/**
 * A reading's dialects, watched: whether anything asked for sh (only then is the other /bin/sh's reading made).
 * A class, so that the getter lives on its prototype: an object literal with a getter is made in dictionary
 * mode at every verdict (issue 18 item 3).
 */
class WatchedDialects implements Readonly<Record<DialectName, Dialect>> {
  // private by the language, not only by the type: the object's own names stay the dialects' alone
  #asked = false;
  readonly #reading: Readonly<Record<DialectName, Dialect>>;
  readonly bash: Dialect;
  readonly zsh: Dialect;

  constructor(reading: Readonly<Record<DialectName, Dialect>>) {
    this.#reading = reading;
    this.bash = reading.bash;
    this.zsh = reading.zsh;
  }

  get sh(): Dialect {
    this.#asked = true;
    return this.#reading.sh;
  }

  readSh(): boolean {
    return this.#asked;
  }
}

function watchingSh(reading: Readonly<Record<DialectName, Dialect>>): { dialects: Readonly<Record<DialectName, Dialect>>; readSh: () => boolean } {
  const dialects = new WatchedDialects(reading);
  return { dialects, readSh: () => dialects.readSh() };
}

/**
 * What one approve() call works out once for every reading of sh it makes (issue 18: a verdict in tens of
 * microseconds): the fs as one snapshot, so both readings see the same tree and read each path once; the
 * line parsed and handed back in each dialect (bash and zsh are the same objects in both readings, so a
 * bash line that runs `sh -c` is parsed once); and, when a rule first asks, the protected set, the run
 * and temp dirs as resolved, and the startup files' glob option for each dialect.
 */
interface SharedWork {
  fs: FileSystem;
  parsed: Map<Dialect, Script | { denial: Verdict }>;
  handBack: Map<Dialect, ReturnType<typeof handBackProblem>>;
  protectedPaths?: ProtectedSet;
  runDirs?: string[];
  tempDirs?: string[];
  globDots: Map<Dialect, boolean>;
  /** The run and temp dirs' own resolution has its own budget: the line's is for what the line names. */
  dirsBudget: LookupBudget;
}

function sharedWork(options: ApproveOptions): SharedWork {
  return { fs: snapshotFileSystem(options.fs ?? emptyFileSystem), parsed: new Map(), handBack: new Map(), globDots: new Map(),
    dirsBudget: lookupBudget(budgets.maxLookups),
  };
}

function deny(id: DenyId, span: Span, reason: string): Verdict {
  return { decision: 'deny', id, reason, span };
}

/** Where a line runs and what it may touch, from the options (paths made absolute and normal). */
interface LineSettings {
  dialect: Dialect;
  /** Every dialect by its name, sh as this reading's `/bin/sh`. */
  dialects: Readonly<Record<DialectName, Dialect>>;
  tree: string;
  cwd: string;
  home: string;
  tempDir: string;
}

function lineSettings(options: ApproveOptions, dialects: Readonly<Record<DialectName, Dialect>>): LineSettings {
  const tree = normalizeLexically(options.tree);
  return {
    dialect: dialects[options.dialect ?? 'bash'],
    dialects,
    tree,
    cwd: options.cwd ? normalizeLexically(options.cwd) : tree,
    home: normalizeLexically(options.home ?? '/root'),
    tempDir: normalizeLexically(options.tempDir ?? '/tmp'),
  };
}

/**
 * The line parsed in its dialect, and a walker over it with the options
 * approve and explain share; or the verdict when it does not parse
 * (`parse-error`; a closer with nothing open is `tree-group-broken`).
 */
function prepareLine(
  command: string, options: ApproveOptions, settings: LineSettings, fs: FileSystem, parsed?: Map<Dialect, Script | { denial: Verdict }>,
): { script: Script; walker: Walker } | { denial: Verdict } {
  const { dialect } = settings;
  let script = parsed?.get(dialect);
  if (script === undefined) {
    script = parseLine(command, dialect);
    parsed?.set(dialect, script);
  }
  if ('denial' in script) return script;
  const walker = new Walker({
    dialect, dialects: settings.dialects, home: settings.home, tempDir: settings.tempDir, env: options.env ?? {},
    agentNames: agentNamesOf(options.agentNames),
    wrappers: new Set(options.wrappers ?? []),
    globDots: false,
    inlineCode: options.inlineCode ?? 'scan',
    readText: (path) => readText(fs, path),
    // SPEC §3 "Platforms": the rows with a BSD reading read the line by this platform's tools (absent: both)
    ...(options.platform ? { platform: options.platform } : {}),
    listNames: (dir) => listNames(fs, dir),
    entryKind: (path) => entryKind(fs, path),
  }, script.body);
  return { script, walker };
}

/**
 * The agents' program names with the configured ones: the table's own set when none are configured (issue 18 item 3:
 * a Set of every agent's name built per verdict was a fifth of what a short line allocates). Read only.
 */
function agentNamesOf(configured: readonly string[] | undefined): ReadonlySet<string> {
  return configured === undefined || configured.length === 0 ? agentPrograms : new Set([...agentPrograms, ...configured]);
}

/** The line parsed in its dialect, or the verdict when it does not parse (`parse-error`; a closer with nothing open is `tree-group-broken`). */
function parseLine(command: string, dialect: Dialect): Script | { denial: Verdict } {
  try {
    return parse(command, { dialect });
  } catch (error) {
    if (error instanceof BudgetError) return { denial: deny('too-complex', error.span, line.parsePastBudget(error.message)) };
    if (error instanceof ParseError) {
      if (error.kind === 'stray-closer') return { denial: deny('tree-group-broken', error.span, line.strayCloser(error.message)) };
      return { denial: deny('parse-error', error.span, line.unparsable(dialect.label, error.message)) };
    }
    throw error;
  }
}

function approveOrThrow(command: string, options: ApproveOptions, dialects: Readonly<Record<DialectName, Dialect>>, shared: SharedWork): Verdict {
  if (!options.tree || !options.tree.startsWith('/')) throw new TypeError('approve() needs an absolute `tree`');
  const settings = lineSettings(options, dialects);
  const { dialect, cwd } = settings;
  const { fs } = shared;

  // 1. parse-error (a closer with nothing open: tree-group-broken)
  const prepared = prepareLine(command, options, settings, fs, shared.parsed);
  if ('denial' in prepared) return prepared.denial;
  const { script, walker } = prepared;
  // 2. tree-group-broken
  if (script.body.length === 0) return deny('tree-group-broken', [0, command.length], line.empty());
  if (endsInBackslash(command)) return deny('tree-group-broken', [command.length - 1, command.length], line.finalBackslash());
  let problem = shared.handBack.get(dialect);
  if (problem === undefined) shared.handBack.set(dialect, (problem = handBackProblem(cwd, command, dialect)));
  if (problem) return deny('tree-group-broken', [0, command.length], line.handBack(problem));

  // 3. the walk, and the rules in order
  walker.walkLine(script.body, cwd);
  // what the rules ask of the tree and home is worked out when first asked (VerdictContext)
  const denial = judge(walker.effects, new VerdictContext(options, settings, shared));
  if (denial) return { decision: 'deny', ...denial };
  return { decision: 'allow', command: wrapInTree(cwd, command) };
}

/**
 * What the rules are given for one reading (rules/context.ts). The protected set (which stats the tree and
 * home) and the startup files' glob options are worked out when a rule first asks: most lines remove and
 * write nothing, and only a glob asks about dot files (issue 18: a verdict in tens of microseconds). So are
 * the run and temp dirs as resolved through their links: a line that names no path outside the tree needs
 * neither. Each reading of sh asks the same of them: they are worked out once per call (sharedWork). A
 * class, so that its getters live on the prototype rather than being defined again at every verdict.
 */
class VerdictContext implements JudgeContext {
  readonly tree: string;
  readonly home: string;
  readonly fs: FileSystem;
  readonly budget: LookupBudget = lookupBudget(budgets.maxLookups);
  readonly dialect: Dialect;
  readonly packs: readonly PackName[];

  constructor(private readonly options: ApproveOptions, private readonly settings: LineSettings, private readonly shared: SharedWork) {
    this.tree = settings.tree;
    this.home = settings.home;
    this.fs = shared.fs;
    this.dialect = settings.dialect;
    this.packs = options.packs ?? [];
  }

  get runDirs(): string[] {
    const { options, shared } = this;
    return (shared.runDirs ??= bothReadings((options.runDirs ?? []).map(normalizeLexically), shared.fs, shared.dirsBudget, [this.tree, this.home]));
  }

  get tempDirs(): string[] {
    const { shared } = this;
    return (shared.tempDirs ??= bothReadings([...new Set([this.settings.tempDir, '/tmp'])], shared.fs, shared.dirsBudget, [this.tree, this.home]));
  }

  get protected(): ProtectedSet {
    return (this.shared.protectedPaths ??= protectedSet(this.tree, this.home, this.options.protected ?? [], this.shared.fs));
  }

  get globDots(): boolean {
    const { options, shared, dialect } = this;
    let dots = shared.globDots.get(dialect);
    if (dots === undefined) {
      dots = options.globDots === true || startupGlobDots(this.home, dialect, shared.fs, options.env ?? {});
      shared.globDots.set(dialect, dots);
    }
    return dots;
  }
}

/**
 * Directories as written and as resolved through their links (SPEC §3
 * "Reading a path", issue 14 item 3): on macOS `$TMPDIR` is
 * `/var/folders/…/T/` behind `/var -> /private/var`, and `/tmp` is
 * `/private/tmp`, while targets are resolved; a target inside either reading
 * is inside. A directory that cannot be resolved is kept as written only,
 * and so is one whose link leads to `/`, the home directory or the tree, or
 * above them: a temp dir is never where the user's own files are.
 */
function bothReadings(dirs: readonly string[], fs: FileSystem, budget: LookupBudget, keep: readonly string[]): string[] {
  const out = new Set<string>();
  for (const dir of dirs) {
    out.add(dir);
    const resolved = resolveThroughLinks(dir, fs, { followLast: true, budget });
    if (resolved.ok && !keep.some((k) => isInsideOrEqual(k, resolved.path))) out.add(resolved.path);
  }
  return [...out];
}

/** What the approver found a line doing, for tests: its verdict and its effects. */
export interface Explanation {
  verdict: Verdict;
  /** Removals and writes, each with the absolute paths it names (as written, and as resolved through links), or null when not fixed. */
  effects: { kind: 'removal' | 'write'; by: string; paths: string[] | null; glob: boolean; recursive: boolean; span: Span }[];
}

export function explain(command: string, options: ApproveOptions): Explanation {
  const verdict = approve(command, options);
  const effects: Explanation['effects'] = [];
  const fs = options.fs ?? emptyFileSystem;
  const budget = lookupBudget(budgets.maxLookups);
  // the effects as every reading of sh finds them (dash and bash in POSIX mode, unless the options name one /bin/sh),
  // the second made only when the first read something as sh, as approve() does
  const readings = shReadingsOf[options.sh ?? 'unknown'];
  for (let k = 0; k < readings.length; k++) {
    const watched = watchingSh(shReadings[readings[k]!]);
    const settings = lineSettings(options, watched.dialects);
    let walker: Walker;
    try {
      const prepared = prepareLine(command, options, settings, snapshotFileSystem(fs));
      if ('denial' in prepared) continue;
      walker = prepared.walker;
      walker.walkLine(prepared.script.body, settings.cwd);
    } catch {
      continue;
    }
    // a word handed to a program treeward does not read is no write it knows of (programs/unknown.ts)
    for (const e of walker.effects) if (e.kind === 'removal' || (e.kind === 'write' && !e.handed)) effects.push(explained(e, fs, budget));
    if (!watched.readSh()) break;
  }
  return { verdict, effects };
}

/** A removal's or write's paths, as written and as resolved. */
function explained(e: Removal | Write, fs: NonNullable<ApproveOptions['fs']>, budget: ReturnType<typeof lookupBudget>): Explanation['effects'][number] {
  // a write to what a program lists below a directory reaches everything there its filters allow
  const recursive = e.recursive || (e.kind === 'write' && e.below !== undefined) || (e.kind === 'removal' && e.belowOnly);
  if (e.value.kind !== 'fixed' || e.dirs === null) return { kind: e.kind, by: e.by, paths: null, glob: false, recursive, span: e.span };
  const paths = new Set<string>();
  let glob = false;
  for (const field of e.value.fields) {
    glob ||= field.glob;
    for (const dir of field.text.startsWith('/') ? ['/'] : e.dirs) {
      const raw = field.text.startsWith('/') ? field.text : `${dir}/${field.text}`;
      paths.add(normalizeLexically(raw));
      // as resolved too: `cd link && rm ../x` removes beside the link's target
      if (field.glob) continue;
      const followLast = e.kind === 'write' || /\/\.?$/.test(field.text);
      const resolution = resolveThroughLinks(raw, fs, { followLast, budget });
      if (resolution.ok) paths.add(resolution.path);
    }
  }
  return { kind: e.kind, by: e.by, paths: [...paths], glob, recursive, span: e.span };
}

/** A final backslash that escapes nothing (an odd run of backslashes at the very end). */
function endsInBackslash(command: string): boolean {
  let n = 0;
  for (let i = command.length - 1; i >= 0 && command[i] === '\\'; i--) n++;
  return n % 2 === 1;
}

/** The names in a directory before the line runs, for globs that may match option-like names (walk/option-globs.ts); none where nothing stands. */
function listNames(fs: FileSystem, dir: string): readonly string[] | 'unreadable' {
  try {
    return fs.readdir(dir) ?? [];
  } catch (error) {
    if (error instanceof FsError) return 'unreadable';
    throw error;
  }
}

/** What stands at a path before the line runs (walk/archives.ts lists the sources of an archive the line makes). */
function entryKind(fs: FileSystem, path: string): EntryKind | null | 'unreadable' {
  try {
    return fs.lstat(path);
  } catch (error) {
    if (error instanceof FsError) return 'unreadable';
    throw error;
  }
}

/** A file's text for a program's row (package.json, .npmrc): what stands there before the line runs. */
function readText(fs: FileSystem, path: string): { text: string } | 'absent' | 'unreadable' {
  if (!fs.readFile) return 'unreadable';
  try {
    const text = fs.readFile(path);
    return text === null ? 'absent' : { text };
  } catch (error) {
    if (error instanceof FsError) return 'unreadable';
    throw error;
  }
}
