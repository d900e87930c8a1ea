// The program table: for each program and wrapper, its options (with their
// arity), which operands are removal targets, write targets, commands it
// runs, code it runs, or directory changes. Rows are data; the few programs
// whose command lines are languages of their own (find, git, tar, sed,
// interpreters, shells) have a reader each.

import type { Span } from '../syntax/ast.js';
import { agentLaunch, packageHarness } from './agents.js';
import { readFind } from './find.js';
import { readGit } from './git.js';
import { readTar } from './tar.js';
import { readSsh, rsyncShell } from './ssh.js';
import { readCurl, readWget } from './download.js';
import { readAwk } from './awk.js';
import { readSedScript } from './sed.js';
import { readGdb, readLess, readMake, readZip } from './tools.js';
import type { Directories, Effect } from './core/effects.js';
import type { Action, ProgramContext } from './core/actions.js';
import { scanInlineCode } from './inline-code.js';
import { type Argument, listedArgument } from './core/arguments.js';
import { type Arity, has, type OptionTable, options, platformReadings, type ReadCommandLine, type ReadOption, readOptions, valuesOf } from './core/options.js';
import { chgrpOptions, chmodOptions, chownOptions, cpOptions, installOptions, lnOptions, mkdirOptions, mvOptions, rmdirOptions, rmOptions, touchOptions, unlinkOptions } from './coreutils.js';
import { baseName, beforeFirst, joinPath, trimTrailingSlashes, withoutExtras } from './core/path-text.js';
import { leadingText } from './core/words.js';
import type { Chunk } from './core/words.js';

export type { Argument } from './core/arguments.js';

type Reader = (name: string, args: Argument[], ctx: ProgramContext, span: Span) => Action[];

// ------------------------------------------------------------------ helpers

function dynamic(span: Span, reason: string): Action {
  return { kind: 'effect', effect: { kind: 'dynamic-code', span, reason } };
}

function effect(e: Effect): Action {
  return { kind: 'effect', effect: e };
}

/** An option's value as an argument of its own (attached values are sliced out of their word). */
export function optionArgument(option: ReadOption): Argument {
  if (!option.attached) return option.arg;
  const text = option.value;
  if (text === null) return { word: option.arg.word, value: { kind: 'unfixed', reason: 'the option value is not fixed', span: option.arg.word.span }, text: null };
  return { word: option.arg.word, value: { kind: 'fixed', fields: [{ text, chunks: [{ text, quoted: true }], glob: false }] }, text };
}

/** A synthetic fixed argument (a path derived from another word, such as curl -O's file name). */
function derivedArgument(from: Argument, text: string): Argument {
  return { word: from.word, value: { kind: 'fixed', fields: [{ text, chunks: [{ text, quoted: true }], glob: false }] }, text };
}

function unfixedArgument(from: Argument, reason: string): Argument {
  return { word: from.word, value: { kind: 'unfixed', reason, span: from.word.span }, text: null };
}

function envValue(ctx: ProgramContext, name: string): string | null | undefined {
  const assignment = ctx.environment.get(name);
  if (assignment === undefined) return ctx.env[name];
  if (typeof assignment === 'string') return assignment;
  return null; // set by the line (its value is read by the walk where needed)
}

// ------------------------------------------------------------------ rows

interface Row {
  table: OptionTable;
  read: (line: ReadCommandLine, by: string, ctx: ProgramContext, span: Span) => Action[];
}

const rows: Record<string, Row> = {
  rm: {
    table: rmOptions,
    read: (line, by) => {
      const recursive = has(line, 'recursive');
      return line.operands.map((arg) => ({ kind: 'remove', arg, recursive, by }));
    },
  },
  rmdir: {
    table: rmdirOptions,
    read: (line, by) => {
      const parents = has(line, 'parents');
      const out: Action[] = [];
      for (const arg of line.operands) {
        out.push({ kind: 'remove', arg, recursive: false, by });
        if (parents && arg.text !== null) {
          // rmdir -p a/b/c also removes a/b and a
          let p = trimTrailingSlashes(arg.text);
          while (p.includes('/')) {
            p = p.slice(0, p.lastIndexOf('/'));
            if (p === '' || p === '.') break;
            out.push({ kind: 'remove', arg: derivedArgument(arg, p), recursive: false, by });
          }
        }
      }
      return out;
    },
  },
  unlink: { table: unlinkOptions, read: (line, by) => line.operands.map((arg) => ({ kind: 'remove', arg, recursive: false, by })) },
  shred: {
    table: options('fn:s:uvxz', ['force', ['iterations', 'required'], ['random-source', 'required'], ['size', 'required'], ['remove', 'optional'], 'verbose', 'exact', 'zero']),
    read: (line, by) => {
      const remove = has(line, 'u', 'remove');
      const out: Action[] = [];
      for (const arg of line.operands) {
        out.push({ kind: 'write', arg, by });
        if (remove) out.push({ kind: 'remove', arg, recursive: false, by });
      }
      return out;
    },
  },
  mv: { table: mvOptions, read: (line, by) => copyLike(line, by, 'move') },
  cp: { table: cpOptions, read: (line, by) => copyLike(line, by, 'copy') },
  install: {
    table: installOptions,
    read: (line, by, _ctx, span) => {
      for (const o of valuesOf(line, 'strip-program')) return [dynamic(span, `\`install --strip-program\` runs \`${o.value ?? '…'}\``)];
      if (has(line, 'directory')) return line.operands.map((arg) => ({ kind: 'write', arg, by }));
      return copyLike(line, by, 'copy');
    },
  },
  ln: { table: lnOptions, read: (line, by) => copyLike(line, by, has(line, 'symbolic') ? 'symlink' : 'hardlink') },
  touch: { table: touchOptions, read: (line, by) => line.operands.map((arg) => ({ kind: 'write', arg, by, content: false })) },
  mkdir: { table: mkdirOptions, read: (line, by) => line.operands.map((arg) => ({ kind: 'write', arg, by, content: false })) },
  truncate: {
    table: options('cor:s:', ['no-create', 'io-blocks', ['reference', 'required'], ['size', 'required']]),
    read: (line, by) => line.operands.map((arg) => ({ kind: 'write', arg, by })),
  },
  tee: {
    table: options('aip', ['append', 'ignore-interrupts', ['output-error', 'optional']]),
    read: (line, by) => line.operands.map((arg) => ({ kind: 'write', arg, by })),
  },
  chmod: { table: chmodOptions, read: (line, by) => ownerLike(line, by) },
  chown: { table: chownOptions, read: (line, by) => ownerLike(line, by) },
  chgrp: { table: chgrpOptions, read: (line, by) => ownerLike(line, by) },
  sort: {
    table: options('bcCdfghiMmno:rRsS:t:T:uVzk:', ['ignore-leading-blanks', ['check', 'optional'], 'dictionary-order', 'ignore-case', 'general-numeric-sort', 'human-numeric-sort', 'ignore-nonprinting', 'month-sort', 'merge', 'numeric-sort', ['output', 'required'], 'reverse', 'random-sort', ['random-source', 'required'], 'stable', ['buffer-size', 'required'], ['field-separator', 'required'], ['temporary-directory', 'required'], 'unique', 'version-sort', 'zero-terminated', ['key', 'required'], ['sort', 'required'], ['parallel', 'required'], ['files0-from', 'required'], ['compress-program', 'required'], 'debug']),
    read: (line, by, _ctx, span) => {
      const out: Action[] = valuesOf(line, 'o', 'output').map((o) => ({ kind: 'write', arg: optionArgument(o), by }) as Action);
      for (const o of valuesOf(line, 'compress-program')) out.push(dynamic(span, `\`sort --compress-program\` runs \`${o.value ?? '…'}\``));
      return out;
    },
  },
  uniq: {
    table: options('cdDf:is:uw:z', ['count', 'repeated', ['all-repeated', 'optional'], ['skip-fields', 'required'], ['group', 'optional'], 'ignore-case', ['skip-chars', 'required'], 'unique', 'zero-terminated', ['check-chars', 'required']]),
    read: (line, by) => (line.operands.length >= 2 ? [{ kind: 'write', arg: line.operands[1]!, by }] : []),
  },
  iconv: {
    table: options('cf:lo:st:', [['from-code', 'required'], ['to-code', 'required'], 'list', ['output', 'required'], 'silent', 'verbose']),
    read: (line, by) => valuesOf(line, 'o', 'output').map((o) => ({ kind: 'write', arg: optionArgument(o), by })),
  },
  dd: {
    table: options('', [], true),
    read: (line, by) => {
      const out: Action[] = [];
      for (const arg of line.operands) {
        if (arg.text === null) {
          if (arg.value.kind !== 'fixed') out.push({ kind: 'write', arg: unfixedArgument(arg, 'a `dd` operand that is not fixed may be `of=`'), by });
          continue;
        }
        if (arg.text.startsWith('of=')) out.push({ kind: 'write', arg: derivedArgument(arg, arg.text.slice(3)), by });
      }
      return out;
    },
  },
  gzip: { table: compressTable('gzip'), read: (line, by) => compressRemovals(line, by, 'gzip') },
  gunzip: { table: compressTable('gzip'), read: (line, by) => compressRemovals(line, by, 'gzip') },
  bzip2: { table: compressTable('bzip2'), read: (line, by) => compressRemovals(line, by, 'bzip2') },
  bunzip2: { table: compressTable('bzip2'), read: (line, by) => compressRemovals(line, by, 'bzip2') },
  xz: { table: compressTable('xz'), read: (line, by) => compressRemovals(line, by, 'xz') },
  unxz: { table: compressTable('xz'), read: (line, by) => compressRemovals(line, by, 'xz') },
  zstd: { table: compressTable('zstd'), read: (line, by) => compressRemovals(line, by, 'zstd') },
  unzip: {
    table: options('cd:fhlnoqtuvxZ', [], false),
    read: (line, by) => {
      if (has(line, 'l', 't', 'v', 'c', 'Z')) return [];
      const dir = valuesOf(line, 'd').map(optionArgument)[0];
      if (dir) return [{ kind: 'write', arg: dir, extraction: true, recursive: true, by }];
      const here = line.operands[0];
      return here ? [{ kind: 'write', arg: derivedArgument(here, '.'), extraction: true, recursive: true, by }] : [];
    },
  },
  rsync: {
    table: options('aAbcCdDEgHhIklLmnOoPpqRrSsuvWxXzyz0e:f:B:T:', ['archive', ['delete', 'none'], 'delete-before', 'delete-during', 'delete-delay', 'delete-after', 'delete-excluded', 'remove-source-files', ['rsh', 'required'], ['rsync-path', 'required'], ['exclude', 'required'], ['include', 'required'], ['filter', 'required'], 'dry-run', 'recursive', 'verbose', 'compress', 'progress', 'partial', 'update', 'checksum', 'links', 'copy-links', 'times', 'perms', 'owner', 'group', 'human-readable', ['info', 'required'], ['chmod', 'required'], ['backup-dir', 'required'], ['temp-dir', 'required'], ['log-file', 'required'], ['exclude-from', 'required'], ['include-from', 'required'], ['files-from', 'required'], 'stats', 'itemize-changes', 'mkpath']),
    read: (line, by, ctx, span) => {
      const out: Action[] = rsyncShell(line, ctx.environment, span);
      if (has(line, 'n', 'dry-run')) return out;
      const operands = line.operands;
      if (operands.length === 0) return out;
      const destination = operands[operands.length - 1]!;
      const sources = operands.slice(0, -1);
      const remote = (a: Argument) => a.text !== null && /^[^/]*:/.test(a.text);
      if (!remote(destination)) {
        out.push({ kind: 'write', arg: destination, recursive: true, by });
        if (line.options.some((o) => o.name.startsWith('delete') || o.name === 'del')) out.push({ kind: 'remove', arg: destination, recursive: true, belowOnly: true, by: 'rsync --delete' });
      }
      if (has(line, 'remove-source-files')) for (const s of sources) if (!remote(s)) out.push({ kind: 'remove', arg: s, recursive: false, by: 'rsync --remove-source-files' });
      for (const o of valuesOf(line, 'log-file', 'backup-dir')) out.push({ kind: 'write', arg: optionArgument(o), by });
      return out;
    },
  },
};

function compressTable(tool: string): OptionTable {
  const long: (string | [string, Arity, string?])[] = ['stdout', 'to-stdout', 'decompress', 'uncompress', 'force', 'keep', 'list', 'quiet', 'verbose', 'test', 'recursive', ['suffix', 'required'], 'rm', 'fast', 'best', ['threads', 'required']];
  return options(tool === 'zstd' ? 'cdfklqrtvT:o:0123456789' : 'cdfklnNqrtvS:T:0123456789', long);
}

/** gzip, bzip2 and xz replace each file they compress (unless -k or -c); zstd only with --rm. */
function compressRemovals(line: ReadCommandLine, by: string, tool: string): Action[] {
  if (has(line, 'c', 'stdout', 'to-stdout', 'l', 'list', 't', 'test')) return [];
  const out: Action[] = [];
  const removes = tool === 'zstd' ? has(line, 'rm') : !has(line, 'k', 'keep');
  for (const arg of line.operands) {
    out.push({ kind: 'write', arg, by });
    if (removes) out.push({ kind: 'remove', arg, recursive: has(line, 'r', 'recursive'), by });
  }
  for (const o of valuesOf(line, 'o')) out.push({ kind: 'write', arg: optionArgument(o), by });
  return out;
}

/**
 * cp, mv, ln, install: sources, and a destination (or `-t DIR`). When the
 * destination is a directory what lands is DEST/NAME for each source
 * (DEST/SOURCE with cp `--parents`), so both are written: the destination
 * itself (judged as a directory only when it is not one already) and the
 * name inside it. With backups (`-b`, `--backup`, `-S SUFFIX`) what stood at
 * each destination moves to DEST + a suffix, or DEST.~N~: a write of
 * `DEST*` (the suffix may come from the environment; it never holds a `/`).
 */
function copyLike(line: ReadCommandLine, by: string, mode: 'copy' | 'move' | 'symlink' | 'hardlink'): Action[] {
  const out: Action[] = [];
  const targetDirs = valuesOf(line, 'target-directory').map(optionArgument);
  let sources = line.operands;
  let destinations: Argument[] = targetDirs;
  let named = false; // `ln -s target`: the link's name is the target's, here
  if (destinations.length === 0) {
    if (sources.length === 1 && (mode === 'symlink' || mode === 'hardlink')) {
      const only = sources[0]!;
      destinations = [only.text === null ? unfixedArgument(only, 'the link name comes from a target that is not fixed') : derivedArgument(only, baseName(only.text))];
      named = true;
    } else if (sources.length > 0) {
      destinations = [sources[sources.length - 1]!];
      sources = sources.slice(0, -1);
    }
  }
  const recursive = has(line, 'recursive', 'archive') || mode === 'move';
  const links = mode === 'symlink' || mode === 'hardlink' || has(line, 'symbolic-link', 'link');
  const hardLinks = mode === 'hardlink' || (mode === 'copy' && has(line, 'link'));
  const backups = has(line, 'backup', 'suffix');
  const keepsPath = mode === 'copy' && has(line, 'parents');
  for (const source of sources) {
    if (mode === 'move') out.push({ kind: 'remove', arg: source, recursive: true, by });
    if (hardLinks) out.push({ kind: 'write', arg: source, hardLinkSource: true, by });
  }
  const places: Action[] = [];
  for (const destination of destinations) {
    const directoryOnly = targetDirs.length > 0 || destination.text?.endsWith('/') === true || /(^|\/)\.\.?$/.test(destination.text ?? '');
    const inside = named || has(line, 'no-target-directory') ? [] : sources.map((source) => inDirectory(destination, source, mode === 'copy' && recursive, keepsPath)).filter((a) => a !== null);
    const written = !directoryOnly || inside.length === 0 ? [destination, ...inside] : inside;
    for (const arg of written) out.push({ kind: 'write', arg, recursive, by, ...(arg === destination && !named ? { destination: true } : {}) });
    if (backups) for (const arg of written) out.push({ kind: 'write', arg: withAnySuffix(arg), by });
    // what was put in place may be a link: later paths through it are not fixed
    if (links || mode === 'move' || mode === 'copy') for (const arg of directoryOnly ? inside : written) places.push({ kind: 'place', arg });
  }
  return [...out, ...places];
}

/** `DEST*`: a backup's name, DEST with a suffix (a glob of the destination's own words). */
function withAnySuffix(arg: Argument): Argument {
  if (arg.value.kind !== 'fixed') return arg;
  const fields = arg.value.fields.map((field) => ({ ...field, text: `${field.text}*`, chunks: [...field.chunks, { text: '*', quoted: false }], glob: true }));
  return { word: arg.word, value: { kind: 'fixed', fields }, text: null };
}

/**
 * DEST/NAME for a source copied or moved into the directory DEST: NAME is
 * the source's last name (its whole path with cp `--parents`; a glob when
 * the source is one), or any name at all (a dot-matching `*`) when the
 * source is not fixed. `src/.` merges its entries into DEST itself, which
 * is then any name below DEST.
 */
function inDirectory(destination: Argument, source: Argument, merges: boolean, keepsPath = false): Argument | null {
  if (destination.text === null) return null;
  const base = trimTrailingSlashes(destination.text) || '/';
  const prefix = base === '/' ? '/' : `${base}/`;
  const anyName = (): Argument => ({
    word: source.word,
    value: { kind: 'fixed', fields: [{ text: `${prefix}*`, chunks: [{ text: prefix, quoted: true }, { text: '*', quoted: false }], glob: true, dots: true }] },
    text: null,
  });
  if (source.value.kind !== 'fixed' || source.value.fields.length !== 1) return anyName();
  const field = source.value.fields[0]!;
  const trimmed = trimTrailingSlashes(field.text);
  const from = keepsPath ? 0 : trimmed.lastIndexOf('/') + 1;
  const name = trimmed.slice(from);
  // `cp -r src/. dest` merges src's entries into dest; `ln -s / dir` or `mv x/. y` make no new name there
  if (!keepsPath && (name === '' || name === '.' || name === '..')) return merges ? anyName() : null;
  const chunks: Chunk[] = [{ text: prefix, quoted: true }];
  let at = 0;
  for (const chunk of field.chunks) {
    const lo = Math.max(from, at);
    const hi = Math.min(trimmed.length, at + chunk.text.length);
    if (lo < hi) chunks.push({ text: chunk.text.slice(lo - at, hi - at), quoted: chunk.quoted });
    at += chunk.text.length;
  }
  const text = prefix + name;
  return { word: source.word, value: { kind: 'fixed', fields: [{ text, chunks, glob: field.glob, ...(field.dots ? { dots: true } : {}) }] }, text: field.glob ? null : text };
}

/**
 * chmod, chown, chgrp: the first operand is the mode or owner, unless
 * `--reference` names the file to copy it from, or (GNU chmod) a mode
 * stood among the options (`chmod -w a`, `chmod a -w`: every operand a file).
 */
function ownerLike(line: ReadCommandLine, by: string): Action[] {
  const recursive = has(line, 'recursive');
  const files = has(line, 'reference', 'mode') ? line.operands : line.operands.slice(1);
  return files.map((arg) => ({ kind: 'write', arg, recursive, by, content: false }));
}

// ------------------------------------------------------------------ readers

const readers: Record<string, Reader> = {};

/** Read one command: its program's row or reader, through wrappers, with agent launches and shadowing checked. */
export function readProgram(name: string, args: Argument[], ctx: ProgramContext, span: Span): Action[] {
  const program = baseName(name);
  const launch = agentLaunch(program, args, ctx, span);
  if (launch) return [effect(launch)];
  const reader = readers[program];
  if (reader) return reader(program, args, ctx, span);
  if (ctx.wrappers.has(program)) return [{ kind: 'run', argv: args.slice(1).filter((a) => !(a.text ?? '').startsWith('-')) }];
  const row = rows[program];
  // a row's program may be GNU's or BSD's: what either reading does is what it may do
  if (row) return unionOf(platformReadings(args.slice(1), row.table).map((line) => row.read(line, program, ctx, span)));
  return [];
}

/**
 * The actions of several readings, each once (an action of a later reading
 * equal, field by field, to an earlier one is dropped). The readings are
 * alternatives, not steps: what one puts in place (`place`) comes after
 * every reading's writes, so it cannot make the other's targets unfixed.
 */
function unionOf(readings: Action[][]): Action[] {
  if (readings.length === 1) return readings[0]!;
  const out: Action[] = [];
  const places: Action[] = [];
  const byArgument = new Map<unknown, Action[]>();
  const same = (a: Action, b: Action) => {
    const keys = Object.keys(a) as (keyof Action)[];
    return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
  };
  for (const actions of readings) {
    for (const action of actions) {
      const key = 'arg' in action ? action.arg : null;
      const seen = byArgument.get(key) ?? [];
      if (seen.some((earlier) => same(earlier, action))) continue;
      seen.push(action);
      byArgument.set(key, seen);
      (action.kind === 'place' ? places : out).push(action);
    }
  }
  return [...out, ...places];
}

// cd, pushd, popd -------------------------------------------------------

readers['cd'] = (name, args, ctx, span) => {
  const line = readOptions(args.slice(1), options('LPe@', [], true));
  const operands = line.operands;
  if (operands.length === 0) return [{ kind: 'cd', to: 'home', push: name === 'pushd' }];
  if (operands.length > 1) {
    // zsh's `cd OLD NEW` substitutes in the current path
    return [{ kind: 'cd', to: 'unknown' }, ...(ctx.dialect.name === 'zsh' ? [] : [])];
  }
  const target = operands[0]!;
  if (target.text === null) return [{ kind: 'cd', to: 'unknown' }];
  if (target.text === '-') return [{ kind: 'cd', to: 'unknown' }];
  const relativeName = !target.text.startsWith('/') && !target.text.startsWith('./') && !target.text.startsWith('../') && target.text !== '.' && target.text !== '..';
  const cdpath = envValue(ctx, 'CDPATH');
  if (relativeName && cdpath !== undefined && cdpath !== '') return [{ kind: 'cd', to: 'unknown' }];
  void span;
  return [{ kind: 'cd', to: { path: target.text }, push: name === 'pushd' }];
};
readers['chdir'] = readers['cd'];
readers['pushd'] = (name, args, ctx, span) => {
  if (!ctx.dialect.directoryStack) return []; // sh has no pushd: nothing changes
  const rest = args.slice(1);
  const first = rest[0]?.text ?? '';
  // `pushd +N`/`-N` rotate the stack, `-n` only adds to it; `--` ends the options
  if (rest.length === 0 || first.startsWith('+') || (first.startsWith('-') && first !== '--')) return [{ kind: 'cd', to: 'unknown' }];
  return readers['cd']!(name, args, ctx, span);
};
readers['popd'] = (_name, args, ctx) => {
  if (!ctx.dialect.directoryStack) return [];
  return args.length > 1 ? [{ kind: 'cd', to: 'unknown' }] : [{ kind: 'cd', to: 'pop' }];
};

// shell options -----------------------------------------------------------

const dotGlobOptions = new Set(['dotglob', 'globdots', 'glob_dots', 'globstar', 'extglob', 'nullglob', 'failglob', 'nomatch', 'glob', 'noglob']);
const expansionOptions = new Set(['globsubst', 'glob_subst', 'shwordsplit', 'sh_word_split', 'braceccl', 'brace_ccl', 'nocaseglob', 'no_case_glob', 'caseglob', 'magicequalsubst', 'magic_equal_subst', 'extendedglob', 'extended_glob', 'ksharrays', 'ksh_arrays', 'kshglob', 'ksh_glob', 'rcexpandparam', 'rc_expand_param', 'globassign', 'nocasematch', 'keyword']);
const harmlessOptions = new Set(['e', 'u', 'x', 'o', 'errexit', 'nounset', 'xtrace', 'pipefail', 'verbose', 'v', 'noclobber', 'C', 'notify', 'monitor', 'm', 'errtrace', 'functrace', 'E', 'T', 'inherit_errexit', 'lastpipe', 'expand_aliases', 'nocorrect', 'correct', 'histexpand', 'H', 'allexport', 'a', 'hashall', 'h', 'interactive_comments', 'interactivecomments', 'localoptions', 'local_options', 'localtraps', 'err_exit', 'errreturn', 'err_return', 'pipe_fail', 'xtrace', 'warn_create_global', 'printexitvalue', 'cdablevars', 'cdable_vars', 'autocd', 'auto_cd']);

function optionActions(names: string[], span: Span): Action[] {
  const out: Action[] = [];
  for (const raw of names) {
    const name = raw.toLowerCase().replace(/^no_?/, (m) => (raw.toLowerCase() === 'noglob' || raw.toLowerCase() === 'nomatch' ? m : ''));
    const plain = raw.toLowerCase();
    if (plain === 'cdablevars' || plain === 'cdable_vars') out.push({ kind: 'set-options', cdableVars: true });
    else if (dotGlobOptions.has(plain) || dotGlobOptions.has(name)) out.push({ kind: 'set-options', globDots: true });
    else if (expansionOptions.has(plain) || expansionOptions.has(name)) out.push({ kind: 'set-options', expansionChanged: true });
    else if (!harmlessOptions.has(plain) && !harmlessOptions.has(name)) out.push({ kind: 'set-options', expansionChanged: true });
  }
  void span;
  return out;
}

readers['shopt'] = (_name, args, _ctx, span) => {
  const rest = args.slice(1);
  if (rest.some((a) => a.text === null)) return [{ kind: 'set-options', expansionChanged: true }];
  const texts = rest.map((a) => a.text!);
  if (!texts.includes('-s')) return [];
  return optionActions(texts.filter((t) => !t.startsWith('-')), span);
};
readers['setopt'] = (_name, args, _ctx, span) => {
  const rest = args.slice(1);
  if (rest.some((a) => a.text === null)) return [{ kind: 'set-options', expansionChanged: true }];
  return optionActions(rest.map((a) => a.text!).filter((t) => !t.startsWith('-')), span);
};
readers['unsetopt'] = (_name, args, _ctx, span) => {
  // unsetting globbing-related options changes matching as well
  const rest = args.slice(1);
  if (rest.some((a) => a.text === null)) return [{ kind: 'set-options', expansionChanged: true }];
  return optionActions(rest.map((a) => a.text!), span);
};
readers['set'] = (_name, args, _ctx, span) => {
  const out: Action[] = [];
  const rest = args.slice(1);
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!.text;
    if (t === null) return [{ kind: 'set-options', expansionChanged: true }];
    if ((t === '-o' || t === '+o') && i + 1 < rest.length) {
      const v = rest[++i]!.text;
      if (v === null) return [{ kind: 'set-options', expansionChanged: true }];
      if (t === '-o') out.push(...optionActions([v], span));
      continue;
    }
    if (t === '--') break;
    if (/^-[a-zA-Z]+$/.test(t)) {
      if (t.includes('k')) out.push({ kind: 'set-options', expansionChanged: true });
      if (t.includes('f')) out.push({ kind: 'set-options', expansionChanged: true });
      continue;
    }
    if (/^\+[a-zA-Z]+$/.test(t)) continue;
    break; // positional parameters
  }
  return out;
};
readers['emulate'] = (_name, args) => (args.length > 1 ? [{ kind: 'set-options', expansionChanged: true }] : []);

// eval, source, trap, alias --------------------------------------------------

readers['eval'] = (_name, args, ctx, span) => {
  const words = args.slice(1);
  if (words.some((a) => a.text === null)) return [dynamic(span, '`eval` of text the line does not fix; run the command directly')];
  return [{ kind: 'shell-code', code: words.map((a) => a.text!).join(' '), span, dialect: ctx.dialect.name, subshell: false }];
};
readers['source'] = (name, args, ctx, span) => {
  const file = args[1];
  if (!file || file.text === null) return [dynamic(span, `\`${name}\` of a file the line does not fix`)];
  const written = ctx.contentOf(file.text);
  if (written) {
    if (written.literal === null) return [dynamic(span, `\`${name}\` runs \`${file.text}\`, whose content an earlier part of the line wrote; write it in one command and source it in another`)];
    return [{ kind: 'shell-code', code: written.literal, span, dialect: ctx.dialect.name, subshell: false }];
  }
  // a file treeward does not read runs in this shell: it may change the directory, any name, the glob options
  return [{ kind: 'unknown-shell-state', what: `\`${name} ${file.text}\`` }];
};
readers['.'] = readers['source'];
readers['trap'] = (_name, args, ctx, span) => {
  const rest = args[1]?.text === '--' ? args.slice(2) : args.slice(1);
  if (rest.length === 0 || rest[0]!.text === '-l' || rest[0]!.text === '-p') return [];
  const action = rest[0]!;
  if (action.text === null) return [dynamic(span, '`trap` of code the line does not fix')];
  if (action.text === '' || action.text === '-') return [];
  return [{ kind: 'shell-code', code: action.text, span, dialect: ctx.dialect.name, subshell: false }];
};
readers['alias'] = (_name, args, ctx, span) => {
  const names: string[] = [];
  const out: Action[] = [];
  for (const a of args.slice(1)) {
    if (a.text === null) return [dynamic(span, 'an `alias` whose value the line does not fix')];
    const eq = a.text.indexOf('=');
    if (eq <= 0) continue;
    names.push(a.text.slice(0, eq));
    out.push({ kind: 'shell-code', code: a.text.slice(eq + 1), span: a.word.span, dialect: ctx.dialect.name, subshell: true });
  }
  return [{ kind: 'alias', names }, ...out];
};
readers['hash'] = (_name, args, _ctx, span) => (args.some((a) => a.text === '-p') ? [dynamic(span, '`hash -p` makes a name run another program')] : []);
readers['enable'] = (_name, args, _ctx, span) => (args.some((a) => a.text === '-f') ? [dynamic(span, '`enable -f` loads a builtin from a shared object')] : []);
readers['zmodload'] = (_name, _args, _ctx, span) => [dynamic(span, '`zmodload` adds builtins treeward does not read')];
readers['autoload'] = (_name, _args, _ctx, span) => [dynamic(span, '`autoload` defines functions from files treeward does not read')];
for (const setter of ['read', 'mapfile', 'readarray', 'getopts', 'declare', 'typeset', 'local', 'export', 'readonly', 'integer', 'float', 'unset', 'vared']) {
  readers[setter] = (name, args, ctx, span) => {
    const out: Action[] = [];
    const names: string[] = [];
    const assignments: { name: string; value: string | null; span: Span }[] = [];
    for (const a of args.slice(1)) {
      if (a.text === null) {
        // `export PATH="$HOME/bin:$PATH"`: a fixed name set to a value the line does not fix
        const fixedName = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(leadingText(a.word).text);
        if (fixedName && name !== 'read' && name !== 'unset') {
          names.push(fixedName[1]!);
          assignments.push({ name: fixedName[1]!, value: null, span: a.word.span });
          continue;
        }
        // `export "$name=…"`: which name is set is not known
        if (name !== 'read' && name !== 'unset') out.push(dynamic(a.word.span, `\`${name}\` sets a name the line does not fix`));
        continue;
      }
      const m = /^([A-Za-z_][A-Za-z0-9_]*)/.exec(a.text);
      // `export NAME` (no value) leaves NAME's value as it was
      if (m && !((name === 'export' || name === 'readonly') && m[0] === a.text)) names.push(m[1]!);
      const assignment = /^([A-Za-z_][A-Za-z0-9_]*)(\+?=)/.exec(a.text);
      if (assignment && name !== 'read' && name !== 'unset') {
        assignments.push({ name: assignment[1]!, value: assignment[2] === '=' ? a.text.slice(assignment[0].length) : null, span: a.word.span });
      }
      if (subscriptRunsCode(a.text)) out.push(dynamic(a.word.span, `\`${name}\` evaluates the subscript in \`${a.text}\` as arithmetic, which runs its \`$(\``));
      else if ((name === 'declare' || name === 'typeset' || name === 'local') && /\$\(|`/.test(a.text) && /^-[a-zA-Z]*i/.test(args[1]?.text ?? '')) {
        out.push(dynamic(span, `\`${name} -i\` evaluates its values as arithmetic, which runs \`$(\``));
      }
      if (name === 'mapfile' || name === 'readarray') {
        if (a.text === '-C') out.push(dynamic(span, `\`${name} -C\` runs a callback`));
      }
    }
    void ctx;
    return [...out, { kind: 'forget-parameters', names }, ...(assignments.length ? [{ kind: 'variables' as const, assignments }] : [])];
  };
}
/** `read 'a[$(cmd)]'`: bash evaluates a name's subscript as arithmetic, running any substitution in it. */
function subscriptRunsCode(text: string): boolean {
  const open = text.indexOf('[');
  const equals = text.indexOf('=');
  if (open <= 0 || (equals !== -1 && equals < open)) return false; // `x=a[$(id)]` is a value, not a name
  return /\$\(|`/.test(text.slice(open));
}

readers['printf'] = (_name, args, _ctx, span) => {
  const v = args.findIndex((a) => a.text === '-v');
  if (v > 0 && args[v + 1]?.text && subscriptRunsCode(args[v + 1]!.text!)) return [dynamic(args[v + 1]!.word.span, '`printf -v` evaluates the subscript of its name as arithmetic, which runs its `$(`')];
  if (v > 0 && args[v + 1]?.text) return [{ kind: 'forget-parameters', names: [beforeFirst(args[v + 1]!.text!, '[')] }];
  void span;
  return [];
};
readers['let'] = (_name, args, _ctx, span) => {
  for (const a of args.slice(1)) if (a.text !== null && /\$\(|`/.test(a.text)) return [dynamic(span, '`let` evaluates its words as arithmetic, which runs `$(`')];
  return [];
};
// `test -v 'a[$(cmd)]'`, `wait -p`: a name whose subscript is arithmetic
for (const nameTaker of ['test', '[', 'wait']) {
  readers[nameTaker] = (_name, args) => {
    for (let i = 1; i + 1 < args.length; i++) {
      const operand = args[i + 1]!;
      if ((args[i]!.text === '-v' || args[i]!.text === '-p') && operand.text !== null && subscriptRunsCode(operand.text)) {
        return [dynamic(operand.word.span, `\`${args[i]!.text}\` evaluates the subscript in \`${operand.text}\` as arithmetic, which runs its \`$(\``)];
      }
    }
    return [];
  };
}
readers['compgen'] = (_name, args, _ctx, span) => (args.some((a) => a.text === '-C') ? [dynamic(span, '`compgen -C` runs a command')] : []);

// wrappers -------------------------------------------------------------------

/** A wrapper that reads its own options and then runs the rest as a command. */
function wrapper(table: OptionTable, before?: (line: ReadCommandLine, args: Argument[], ctx: ProgramContext, span: Span) => Action[] | { actions: Action[]; skip: number } | null): Reader {
  return (_name, args, ctx, span) => {
    const rest = args.slice(1);
    const line = readOptions(rest, table, true);
    let operands = line.operands;
    const out: Action[] = [];
    if (before) {
      const extra = before(line, operands, ctx, span);
      if (extra && !Array.isArray(extra)) {
        out.push(...extra.actions);
        operands = operands.slice(extra.skip);
      } else if (extra) out.push(...extra);
    }
    if (operands.length > 0) out.push({ kind: 'run', argv: operands });
    return out;
  };
}

readers['nohup'] = wrapper(options('', []));
readers['nice'] = wrapper(options('n:', [['adjustment', 'required']]));
readers['ionice'] = wrapper(options('c:n:p:P:tu:', [['class', 'required'], ['classdata', 'required'], 'ignore', ['pid', 'required'], ['pgid', 'required'], ['uid', 'required']]));
readers['stdbuf'] = wrapper(options('i:o:e:', [['input', 'required'], ['output', 'required'], ['error', 'required']]));
readers['setsid'] = wrapper(options('cfw', ['ctty', 'fork', 'wait']));
readers['timeout'] = wrapper(options('k:s:v', [['kill-after', 'required'], ['signal', 'required'], 'foreground', 'preserve-status', 'verbose']), () => ({ actions: [], skip: 1 }));
readers['taskset'] = wrapper(options('acp', ['all-tasks', 'cpu-list', 'pid']), (line) => (has(line, 'p', 'pid') ? { actions: [], skip: 99 } : { actions: [], skip: 1 }));
readers['chrt'] = wrapper(options('abdfiorRpD:T:P:ve', []), () => ({ actions: [], skip: 1 }));
readers['numactl'] = wrapper(options('aC:m:N:p:l', [['interleave', 'required'], ['membind', 'required'], ['cpunodebind', 'required'], ['physcpubind', 'required'], 'localalloc', ['preferred', 'required']]));
readers['prlimit'] = wrapper(options('p:', [['pid', 'required'], 'noheadings', ['output', 'required'], 'raw', 'verbose', ['as', 'optional'], ['core', 'optional'], ['cpu', 'optional'], ['data', 'optional'], ['fsize', 'optional'], ['nofile', 'optional'], ['nproc', 'optional'], ['stack', 'optional']]));
readers['strace'] = wrapper(options('cdfFhiqrtTvVxyzCDe:o:p:s:u:E:', [['output', 'required']]), (line) => valuesOf(line, 'o', 'output').map((o) => ({ kind: 'write', arg: optionArgument(o), by: 'strace -o' }) as Action));
readers['ltrace'] = wrapper(options('cCfhiLrStTVe:o:p:s:u:n:', [['output', 'required']]), (line) => valuesOf(line, 'o', 'output').map((o) => ({ kind: 'write', arg: optionArgument(o), by: 'ltrace -o' }) as Action));
readers['fakeroot'] = wrapper(options('l:s:i:u', [['lib', 'required'], ['faked', 'required'], 'unknown-is-real']));
readers['setpriv'] = wrapper(options('d', [['reuid', 'required'], ['regid', 'required'], ['groups', 'required'], 'clear-groups', 'keep-groups', 'init-groups', ['inh-caps', 'required'], ['bounding-set', 'required'], 'no-new-privs']));
readers['unshare'] = wrapper(options('mupinUCTrfR:w:S:G:', ['mount', 'uts', 'ipc', 'net', 'pid', 'user', 'cgroup', 'time', 'fork', 'map-root-user', 'map-current-user', ['root', 'required'], ['wd', 'required']]));
readers['nsenter'] = wrapper(options('at:mupinUCTrw', [['target', 'required'], 'all', ['root', 'optional'], ['wd', 'optional']]));
readers['firejail'] = wrapper(options('', ['quiet', 'noprofile', 'private', 'net', 'noroot', 'seccomp', ['profile', 'required']]));
readers['systemd-run'] = wrapper(options('pGqtu:', ['user', 'scope', 'wait', 'pipe', 'pty', 'quiet', ['unit', 'required'], ['property', 'required'], ['working-directory', 'required'], 'same-dir', 'collect']));
readers['noglob'] = wrapper(options('', []));
readers['nocorrect'] = wrapper(options('', []));
readers['-'] = wrapper(options('', []));
readers['builtin'] = (_name, args) => (args.length > 1 ? [{ kind: 'run', argv: args.slice(1), noFunctions: true }] : []);
readers['command'] = (_name, args) => {
  const line = readOptions(args.slice(1), options('pvV', [], true));
  if (has(line, 'v', 'V')) return [];
  return line.operands.length > 0 ? [{ kind: 'run', argv: line.operands, noFunctions: true }] : [];
};
readers['exec'] = (_name, args, _ctx, span) => {
  const line = readOptions(args.slice(1), options('a:cl', [], true));
  void span;
  return line.operands.length > 0 ? [{ kind: 'run', argv: line.operands }] : [];
};
readers['time'] = wrapper(options('ao:pqvf:', [['output', 'required'], 'append', 'portability', 'verbose', 'quiet', ['format', 'required']]), (line) =>
  valuesOf(line, 'o', 'output').map((o) => ({ kind: 'write', arg: optionArgument(o), by: 'time -o' }) as Action));
readers['sudo'] = wrapper(options('AbEeg:hHiKklnPp:r:sSt:T:u:UvVC:D:R:', [['user', 'required'], ['group', 'required'], 'preserve-env', 'login', 'shell', 'non-interactive', ['chdir', 'required'], ['prompt', 'required'], 'stdin', 'background', 'edit']), (line, _operands, _ctx, span) => {
  if (has(line, 'e', 'edit')) return [dynamic(span, '`sudo -e` edits files with an editor treeward does not read')];
  return null;
});
readers['doas'] = wrapper(options('nsu:C:L', []));
// mktemp makes a new file (or directory with -d) from a template: in the temp dir unless told otherwise
readers['mktemp'] = (_name, args, ctx) => {
  const line = readOptions(args.slice(1), options('dqtup:', ['directory', 'quiet', 'dry-run', ['suffix', 'required'], ['tmpdir', 'optional']]));
  if (has(line, 'u', 'dry-run')) return [];
  const template = line.operands[0];
  if (template && template.text === null) return [{ kind: 'write', arg: template, by: 'mktemp', content: false }];
  const directory = valuesOf(line, 'p', 'tmpdir')[0];
  const inTempDir = !template || has(line, 't') || directory !== undefined;
  const name = template?.text ?? 'tmp.XXXXXXXXXX';
  const environment = ctx.environment.get('TMPDIR');
  const tempDir = typeof environment === 'string' ? environment : environment ? null : ctx.tempDir;
  const base = directory?.value ?? tempDir;
  if (inTempDir && !name.includes('/') && base === null) return [{ kind: 'write', arg: unfixedArgument(args[0]!, 'a temp dir the line does not fix'), by: 'mktemp', content: false }];
  const path = inTempDir && !name.includes('/') ? `${trimTrailingSlashes(base!)}/${name}` : name;
  return [{ kind: 'write', arg: derivedArgument(template ?? args[0]!, path), by: 'mktemp', content: false, fresh: true }];
};
readers['flock'] = wrapper(options('sexunw:E:oFc:', ['shared', 'exclusive', 'unlock', 'nonblock', ['timeout', 'required'], ['conflict-exit-code', 'required'], 'close', 'no-fork', ['command', 'required'], 'verbose']), (line, operands, ctx, span) => {
  const command = valuesOf(line, 'c', 'command')[0];
  if (command) {
    if (command.value === null) return [dynamic(span, '`flock -c` of a command the line does not fix')];
    return { actions: [{ kind: 'shell-code', code: command.value, span, dialect: 'sh' }], skip: 99 };
  }
  void ctx;
  // the lock file (created when missing), unless it is an fd number
  const lock = operands[0];
  const actions: Action[] = lock && !(lock.text !== null && /^[0-9]+$/.test(lock.text)) ? [{ kind: 'write', arg: lock, by: 'flock', content: false }] : [];
  // `flock FILE -c STRING`: the option may follow the lock file, and STRING runs through sh -c
  const after = operands[1]?.text;
  if (after === '-c' || after === '--command' || after?.startsWith('--command=')) {
    const code = after.startsWith('--command=') ? after.slice('--command='.length) : operands[2]?.text ?? null;
    actions.push(code === null ? dynamic(span, '`flock -c` of a command the line does not fix') : { kind: 'shell-code', code, span, dialect: 'sh' });
    return { actions, skip: 99 };
  }
  return { actions, skip: 1 };
});
readers['watch'] = (_name, args, ctx, span) => {
  const line = readOptions(args.slice(1), options('bcCdegn:pqtwx', ['beep', 'color', 'no-color', ['differences', 'optional'], 'errexit', 'chgexit', ['interval', 'required'], 'precise', 'no-title', 'no-wrap', 'exec', 'no-linewrap'], true));
  if (line.operands.length === 0) return [];
  if (has(line, 'x', 'exec')) return [{ kind: 'run', argv: line.operands, subshell: true }];
  if (line.operands.some((a) => a.text === null)) return [dynamic(span, '`watch` of a command the line does not fix')];
  void ctx;
  return [{ kind: 'shell-code', code: line.operands.map((a) => a.text!).join(' '), span, dialect: 'sh' }];
};
readers['script'] = (_name, args, _ctx, span) => {
  const line = readOptions(args.slice(1), options('ac:eE:fl:I:O:qB:T:t::m:', [['command', 'required'], 'append', 'return', 'flush', 'quiet', ['log-io', 'required'], ['log-in', 'required'], ['log-out', 'required'], ['log-timing', 'required']]));
  const out: Action[] = line.operands.slice(0, 1).map((arg) => ({ kind: 'write', arg, by: 'script' }) as Action);
  for (const o of valuesOf(line, 'log-io', 'log-in', 'log-out', 'log-timing', 'O', 'I', 'B', 'T')) out.push({ kind: 'write', arg: optionArgument(o), by: 'script' });
  for (const o of valuesOf(line, 'c', 'command')) {
    if (o.value === null) out.push(dynamic(span, '`script -c` of a command the line does not fix'));
    else out.push({ kind: 'shell-code', code: o.value, span, dialect: 'sh' });
  }
  if (out.length === 0) out.push({ kind: 'write', arg: derivedArgument(args[0]!, 'typescript'), by: 'script' });
  return out;
};
/**
 * su and runuser: `su [options] [-] [user [args]]` reads options on either
 * side of the user (`su dev -c '…'`); `runuser -u user [--] command [args]`
 * runs a command directly, and stops reading options at it.
 */
const suLike: Reader = (name, args, _ctx, span) => {
  const commandForm = name === 'runuser' && args.some((a) => a.text === '-u' || (a.text?.startsWith('--user') ?? false) || /^-u./.test(a.text ?? ''));
  const line = readOptions(args.slice(1), options('c:flmps:u:g:G:P', [['command', 'required'], ['session-command', 'required'], 'login', 'preserve-environment', ['shell', 'required'], ['user', 'required'], ['group', 'required'], 'pty'], commandForm));
  const commands = valuesOf(line, 'c', 'command', 'session-command');
  const out: Action[] = commands.map((o) => (o.value === null ? dynamic(span, `\`${name} -c\` of a command the line does not fix`) : ({ kind: 'shell-code', code: o.value, span, dialect: 'sh' }) as Action));
  for (const o of valuesOf(line, 's', 'shell')) if (o.value === null || !/(^|\/)(ba|da|z)?sh$/.test(o.value)) out.push(dynamic(span, `\`${name} -s\` starts a shell treeward does not read`));
  if (commands.length > 0) return out;
  if (commandForm) return line.operands.length > 0 ? [...out, { kind: 'run', argv: line.operands }] : out;
  // words after the user go to the user's shell as its arguments (a script, or `-c …`)
  const operands = line.operands.filter((a) => a.text !== '-');
  if (operands.length > 1) out.push(dynamic(span, `\`${name}\` passes these words to the user's shell, which runs them`));
  return out;
};
readers['su'] = suLike;
readers['runuser'] = suLike;

/** env's grouped short options as separate words: `-iS'cmd'` is `-i -S cmd`, `-vu NAME` is `-v -u NAME`. */
function expandEnvClusters(args: Argument[]): Argument[] {
  const out: Argument[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    const t = a.text;
    if (t === null || !/^-[^-]./.test(t)) {
      out.push(a);
      // the command starts at the first word that is neither an option nor an assignment
      if (t === null || (!t.startsWith('-') && !t.includes('='))) return [...out, ...args.slice(k + 1)];
      if (t === '-u' || t === '-C' || t === '-S') if (k + 1 < args.length) out.push(args[++k]!);
      continue;
    }
    for (let j = 1; j < t.length; j++) {
      const letter = t[j]!;
      out.push(derivedArgument(a, `-${letter}`));
      if (letter === 'u' || letter === 'C' || letter === 'S') {
        if (j + 1 < t.length) out.push(derivedArgument(a, t.slice(j + 1)));
        else if (k + 1 < args.length) out.push(args[++k]!);
        break;
      }
    }
  }
  return out;
}

readers['env'] = (_name, args, ctx, span) => {
  const rest = expandEnvClusters(args.slice(1));
  const environment: [string, string][] = [];
  let i = 0;
  let dirs: Directories | undefined;
  const out: Action[] = [];
  while (i < rest.length) {
    const a = rest[i]!;
    const t = a.text;
    if (t === null) return [dynamic(span, '`env` with a word the line does not fix')];
    if (t === '-i' || t === '--ignore-environment' || t === '-0' || t === '--null' || t === '-v' || t === '--debug' || t === '-') { i++; continue; }
    if (t === '-u' || t === '--unset') { i += 2; continue; }
    if (t.startsWith('--unset=') || (t.startsWith('-u') && t.length > 2)) { i++; continue; }
    if (t === '-C' || t === '--chdir' || t.startsWith('--chdir=') || (t.startsWith('-C') && t.length > 2)) {
      const value = t === '-C' || t === '--chdir' ? rest[i + 1]?.text ?? null : t.startsWith('--chdir=') ? t.slice(8) : t.slice(2);
      i += t === '-C' || t === '--chdir' ? 2 : 1;
      if (value === null) dirs = null;
      else dirs = ctx.dirs === null && !value.startsWith('/') ? null : value.startsWith('/') ? [value] : ctx.dirs!.map((d) => joinPath(d, value));
      continue;
    }
    if (t === '-S' || t === '--split-string' || t.startsWith('--split-string=') || (t.startsWith('-S') && t.length > 2)) {
      const value = t === '-S' || t === '--split-string' ? rest[i + 1]?.text ?? null : t.startsWith('--split-string=') ? t.slice(15) : t.slice(2);
      if (value === null) return [dynamic(span, '`env -S` of text the line does not fix')];
      const split = splitEnvString(value);
      if (split === null) return [dynamic(span, '`env -S` text treeward cannot split')];
      const from = rest[i]!;
      const extra = split.map((w) => derivedArgument(from, w));
      rest.splice(i, t === '-S' || t === '--split-string' ? 2 : 1, ...extra);
      continue;
    }
    if (t.startsWith('-')) { i++; continue; }
    const eq = t.indexOf('=');
    // env takes any word with `=` before the command as an assignment, whatever its name (`BASH_FUNC_ls%%=…`)
    if (eq > 0) {
      environment.push([t.slice(0, eq), t.slice(eq + 1)]);
      i++;
      continue;
    }
    break;
  }
  const argv = rest.slice(i);
  if (argv.length > 0) out.push({ kind: 'run', argv, environment, ...(dirs !== undefined ? { dirs } : {}) });
  return out;
};

/** env -S: split as env does (blanks, single and double quotes, backslash escapes). */
function splitEnvString(text: string): string[] | null {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) { words.push(current); current = ''; inWord = false; }
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return null;
      current += text.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && j + 1 < text.length) { current += text[j + 1]; j += 2; continue; }
        current += text[j];
        j++;
      }
      if (j >= text.length) return null;
      i = j;
    } else if (c === '\\' && i + 1 < text.length) {
      current += text[++i];
    } else if (c === '$') {
      return null; // ${VAR} expansion inside -S
    } else current += c;
  }
  if (inWord) words.push(current);
  return words;
}

readers['xargs'] = (_name, args, ctx, span) => {
  const line = readOptions(args.slice(1), options('0a:d:E:e::I:i::L:l::n:oP:prs:tx', ['null', ['arg-file', 'required'], ['delimiter', 'required'], ['eof', 'optional'], ['replace', 'optional'], ['max-lines', 'optional'], ['max-args', 'required'], 'open-tty', ['max-procs', 'required'], 'interactive', 'no-run-if-empty', ['max-chars', 'required'], 'verbose', 'exit', 'show-limits', ['process-slot-var', 'required']], true));
  const argv = line.operands.length > 0 ? line.operands : [derivedArgument(args[0]!, 'echo')];
  void span;
  // xargs appends words read from its input: not fixed, but below a listing program's start points when it reads one
  const fromFile = has(line, 'a', 'arg-file');
  const input = listedArgument(args[0]!, fromFile ? null : ctx.stdinListing ?? null, fromFile ? 'a word `xargs` reads from a file' : 'a word `xargs` reads from its input');
  const replace = line.options.find((o) => o.name === 'I' || o.name === 'i' || o.name === 'replace');
  if (replace) {
    // -I R: each R in the command's words is an input line; nothing is appended
    const token = replace.name === 'I' ? replace.value : replace.value ?? '{}';
    if (token === null) return [dynamic(span, '`xargs -I` with a replacement string the line does not fix')];
    const replaced = argv.map((a) => (a.text === token ? input : a.text !== null && a.text.includes(token) ? listedArgument(a, null, 'a word `xargs` fills in from its input') : a));
    return [{ kind: 'run', argv: replaced, subshell: true }];
  }
  return [{ kind: 'run', argv: [...argv, input], subshell: true }];
};
readers['parallel'] = (_name, args, _ctx, span) => {
  const sep = args.findIndex((a) => a.text === ':::' || a.text === '::::' || a.text === ':::+');
  const head = sep < 0 ? args.slice(1) : args.slice(1, sep);
  const line = readOptions(head, options('0a:d:E:I:j:kn:NP:qrsS:t:uvX', [['jobs', 'required'], 'keep-order', 'dry-run', ['arg-file', 'required'], 'null', 'pipe', 'quote', 'tag', 'verbose', 'halt'], true));
  if (line.operands.length === 0) return [dynamic(span, '`parallel` runs commands it reads from its input')];
  const words = line.operands.map((a) => a.text);
  if (words.some((w) => w === null)) return [dynamic(span, '`parallel` with a command the line does not fix')];
  // `::: ARGS` are the arguments, one run each (appended, or put where `{}` stands); `::::` names files of them
  const values = sep < 0 ? [] : args.slice(sep).filter((a) => a.text !== ':::' && a.text !== ':::+');
  const fromElsewhere = sep < 0 || args.slice(sep).some((a) => a.text === '::::') || values.length === 0 || values.length > 32;
  const inputs = fromElsewhere ? [unfixedArgument(args[0]!, sep < 0 ? 'a word `parallel` reads from its input' : 'a word `parallel` takes from its argument list')] : values;
  return inputs.map((input) => {
    const placed = line.operands.some((a) => a.text!.includes('{}'));
    const argv = placed ? line.operands.map((a) => (a.text === '{}' ? input : a.text!.includes('{}') ? (input.text === null ? unfixedArgument(a, 'a word `parallel` fills in') : derivedArgument(a, a.text!.replaceAll('{}', input.text))) : a)) : [...line.operands, input];
    return { kind: 'run', argv, subshell: true } as Action;
  });
};
readers['busybox'] = (_name, args) => (args.length > 1 ? [{ kind: 'run', argv: args.slice(1) }] : []);

// shells -------------------------------------------------------------------------

const shellDialects: Record<string, 'bash' | 'sh' | 'zsh'> = { bash: 'bash', rbash: 'bash', sh: 'sh', dash: 'sh', zsh: 'zsh' };
const unreadShells = new Set(['ksh', 'mksh', 'ksh93', 'yash', 'posh', 'fish', 'csh', 'tcsh', 'pdksh', 'oksh', 'ash', 'elvish', 'nu', 'xonsh']);

function readShell(name: string, args: Argument[], ctx: ProgramContext, span: Span): Action[] {
  const dialect = shellDialects[name];
  const rest = args.slice(1);
  let commandString: Argument | null = null;
  let sawC = false;
  let scriptIndex = -1;
  let readsStdin = false;
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!.text;
    if (t === null) {
      if (sawC && !commandString) return [dynamic(span, `\`${name} -c\` of code the line does not fix`)];
      scriptIndex = i;
      break;
    }
    if (t === '--' || t === '-') { if (t === '-') readsStdin = true; scriptIndex = i + 1; break; }
    if (t === '-o' || t === '+o' || t === '-O' || t === '+O' || t === '--rcfile' || t === '--init-file') { i++; continue; }
    if (t.startsWith('--')) continue;
    if (/^[-+][A-Za-z]+$/.test(t)) {
      if (t.includes('c')) sawC = true;
      if (t.includes('s')) readsStdin = true;
      continue;
    }
    if (sawC && !commandString) {
      commandString = rest[i]!;
      continue;
    }
    if (!sawC) scriptIndex = i;
    break;
  }
  const startup = ['BASH_ENV', 'ENV', 'ZDOTDIR'].filter((v) => ctx.environment.has(v));
  if (startup.length > 0) return [dynamic(span, `\`${startup[0]}\` makes \`${name}\` run a startup file first`)];
  if (!dialect) {
    if (sawC || readsStdin || scriptIndex < 0) return [dynamic(span, `\`${name}\` is a shell treeward does not read; use bash, sh or zsh`)];
    return [dynamic(span, `\`${name}\` runs a script in a shell treeward does not read`)];
  }
  if (sawC) {
    if (!commandString) return [];
    if (commandString.text === null) return [dynamic(span, `\`${name} -c\` of code the line does not fix`)];
    return [{ kind: 'shell-code', code: commandString.text, span: commandString.word.span, dialect }];
  }
  if (scriptIndex >= 0 && scriptIndex < rest.length && !readsStdin) {
    const script = rest[scriptIndex]!;
    if (script.text === null) return [dynamic(span, `\`${name}\` runs a script the line does not fix`)];
    const written = ctx.contentOf(script.text);
    if (written) {
      if (written.literal === null) return [dynamic(span, `\`${name}\` runs \`${script.text}\`, whose content an earlier part of the line wrote; write the script in one command and run it in another`)];
      return [{ kind: 'shell-code', code: written.literal, span, dialect }];
    }
    return [];
  }
  // the program comes from stdin: a literal here-document is read; a pipe or file is not
  if (ctx.stdinText !== undefined && ctx.stdinText !== null) return [{ kind: 'shell-code', code: ctx.stdinText, span, dialect }];
  if (ctx.fedByPipe || ctx.stdinText === null) return [dynamic(span, `\`${name}\` reads its program from a pipe or file treeward cannot read`)];
  return [];
}
for (const shell of [...Object.keys(shellDialects), ...unreadShells]) readers[shell] = readShell;

// interpreters ---------------------------------------------------------------------

interface InterpreterRow {
  language: string;
  /** Options that take a value, and which of them hold code or a module. */
  table: OptionTable;
  code: string[];
  module: string[];
  /** Options after which the interpreter only checks or prints (no run). */
  noRun?: string[];
  /** The first operand is a subcommand (`deno run`, `bun run`). */
  subcommands?: string[];
}

const interpreters: Record<string, InterpreterRow> = {
  node: { language: 'javascript', table: options('ce:ip:r:vh', [['eval', 'required'], ['print', 'required'], ['require', 'required'], ['import', 'required'], 'check', 'interactive', ['loader', 'required'], ['experimental-loader', 'required'], ['input-type', 'required'], ['env-file', 'required'], 'watch', 'test', ['inspect', 'optional'], ['inspect-brk', 'optional'], ['max-old-space-size', 'required'], 'version', 'help', 'enable-source-maps', 'no-warnings', 'experimental-vm-modules', ['conditions', 'required'], ['title', 'required'], ['stack-size', 'required']], true), code: ['e', 'eval', 'p', 'print'], module: ['r', 'require', 'import', 'loader', 'experimental-loader'], noRun: ['c', 'check', 'v', 'version', 'h', 'help'] },
  python: { language: 'python', table: options('bBc:dEhiIm:OqsSuvVW:xX:', [], true), code: ['c'], module: ['m'], noRun: ['V', 'h'] },
  ruby: { language: 'ruby', table: options('acdhlnpsSvwWx::C:e:E:F:i::I:K:r:T::U0::', ['version', 'help', ['require', 'required'], ['encoding', 'required']], true), code: ['e'], module: ['r', 'require'], noRun: ['c', 'v', 'version', 'h', 'help'] },
  perl: { language: 'perl', table: options('acC::d::D::e:E:f::F:hi::I:l::m:M:nsStTuUvVwWx::0::', [], true), code: ['e', 'E'], module: ['m', 'M'], noRun: ['c', 'v', 'V', 'h'] },
  php: { language: 'php', table: options('aCc:d:ef:hHilmnr:B:R:E:F:sS:t:vwz:', ['version', 'help'], true), code: ['r', 'B', 'R', 'E'], module: [], noRun: ['l', 'v', 'version', 'h', 'help', 'm', 'i'] },
  lua: { language: 'lua', table: options('e:il:vE', [], true), code: ['e'], module: ['l'], noRun: ['v'] },
  Rscript: { language: 'r', table: options('e:', ['verbose', 'vanilla', 'version', 'no-environ', 'no-site-file', 'no-init-file', 'restore', 'save'], true), code: ['e'], module: [], noRun: ['version'] },
  pwsh: { language: 'powershell', table: options('', [['command', 'required', 'c'], ['c', 'required', 'c'], ['encodedcommand', 'required', 'c'], ['file', 'required', 'f'], 'noprofile', 'nologo', 'noninteractive', ['executionpolicy', 'required']], true), code: ['c'], module: [], noRun: [] },
  osascript: { language: 'applescript', table: options('e:l:i:s:', [], true), code: ['e'], module: [], noRun: [] },
  tsx: { language: 'javascript', table: options('e:p:r:', [['eval', 'required'], ['print', 'required'], ['require', 'required'], ['import', 'required'], ['tsconfig', 'required'], 'watch'], true), code: ['e', 'eval', 'p', 'print'], module: ['r', 'require', 'import'], noRun: [] },
  'ts-node': { language: 'javascript', table: options('e:p:r:PTHh', [['eval', 'required'], ['print', 'required'], ['require', 'required'], ['project', 'required'], 'transpile-only', 'esm', 'files'], true), code: ['e', 'eval', 'p', 'print'], module: ['r', 'require'], noRun: ['h'] },
  deno: { language: 'javascript', table: options('A', ['allow-all', ['allow-read', 'optional'], ['allow-write', 'optional'], ['allow-net', 'optional'], ['allow-env', 'optional'], ['allow-run', 'optional'], ['config', 'required'], 'reload', 'quiet', 'unstable', ['import-map', 'required']], true), code: [], module: [], noRun: [], subcommands: ['run', 'eval', 'test', 'task', 'fmt', 'lint', 'check', 'compile', 'install', 'repl', 'serve', 'bench', 'info', 'doc'] },
  bun: { language: 'javascript', table: options('e:p:r:', [['eval', 'required'], ['print', 'required'], ['preload', 'required'], 'watch', 'hot', ['cwd', 'required']], true), code: ['e', 'eval', 'p', 'print'], module: ['r', 'preload'], noRun: [], subcommands: ['run', 'test', 'install', 'add', 'remove', 'build', 'x', 'create', 'init', 'pm', 'link', 'upgrade', 'outdated'] },
};
interpreters['python3'] = interpreters['python']!;
for (const v of ['python2', 'python3.8', 'python3.9', 'python3.10', 'python3.11', 'python3.12', 'python3.13', 'pypy', 'pypy3']) interpreters[v] = interpreters['python']!;
interpreters['nodejs'] = interpreters['node']!;
interpreters['powershell'] = interpreters['pwsh']!;

/** Python modules whose operands it writes. */
const pythonWritingModules: Record<string, (operands: Argument[]) => Argument[]> = {
  'json.tool': (operands) => operands.slice(1, 2),
};

function readInterpreter(name: string, args: Argument[], ctx: ProgramContext, span: Span): Action[] {
  const row = interpreters[name]!;
  let rest = args.slice(1);
  if (row.subcommands && rest[0]?.text && row.subcommands.includes(rest[0].text)) {
    const sub = rest[0].text;
    rest = rest.slice(1);
    if (name === 'deno' && sub === 'eval') {
      const code = rest.find((a) => !(a.text ?? '').startsWith('-'));
      return [inlineCodeAction(row.language, code?.text ?? null, code?.word.span ?? span, ctx)];
    }
    if (name === 'bun' && sub === 'x') return readers['npx']!('npx', [args[0]!, ...rest], ctx, span); // `bun x` is `bunx`
    if (sub !== 'run' && !(name === 'deno' && sub === 'test')) return [];
  }
  const line = readOptions(rest, row.table);
  const out: Action[] = [];
  if (row.noRun && has(line, ...row.noRun) && !has(line, ...row.code)) return out;
  for (const o of line.options) {
    if (row.code.includes(o.name)) out.push(inlineCodeAction(row.language, o.value, o.arg.word.span, ctx));
    if (row.module.includes(o.name) && o.value !== null && /^data:/i.test(o.value)) {
      out.push(inlineCodeAction(row.language, decodeURIComponent(o.value.replace(/^data:[^,]*,/, '')), o.arg.word.span, ctx));
    }
  }
  // perl -i edits its file operands in place
  if (name === 'perl' && line.options.some((o) => o.name === 'i')) {
    const files = has(line, 'e', 'E') ? line.operands : line.operands.slice(1);
    for (const f of files) out.push({ kind: 'write', arg: f, by: 'perl -i' });
  }
  const hasCode = has(line, ...row.code);
  const module = line.options.find((o) => row.module.includes(o.name) && name.startsWith('python'));
  if (module && module.value !== null) {
    const writes = pythonWritingModules[module.value];
    if (writes) for (const arg of writes(line.operands)) out.push({ kind: 'write', arg, by: `python -m ${module.value}` });
    return out;
  }
  if (hasCode) return out;
  const script = line.operands[0];
  // `deno run npm:pkg`, `deno run jsr:@scope/pkg`: a package runner
  if (name === 'deno' && script?.text && /^(npm|jsr):/.test(script.text)) return [...out, ...runPackage(script, line.operands.slice(1), ctx, span)];
  if (script && script.text !== '-') {
    if (script.text === null) out.push(dynamic(span, `\`${name}\` runs a script the line does not fix`));
    else {
      const written = ctx.contentOf(script.text);
      if (written) {
        // a script the line wrote: its literal text follows the inline-code policy; unknown text is refused
        if (written.literal === null) out.push(dynamic(span, `\`${name}\` runs \`${script.text}\`, whose content an earlier part of the line wrote; write the script in one command and run it in another`));
        else out.push(inlineCodeAction(row.language, written.literal, span, ctx));
      }
    }
    return out;
  }
  // no script: the program comes from stdin
  if (ctx.stdinText !== undefined) out.push(inlineCodeAction(row.language, ctx.stdinText, span, ctx));
  else if (ctx.fedByPipe) out.push(inlineCodeAction(row.language, null, span, ctx));
  return out;
}
for (const name of Object.keys(interpreters)) readers[name] = readInterpreter;

function inlineCodeAction(language: string, code: string | null, span: Span, ctx: ProgramContext): Action {
  const finding = ctx.inlineCode === 'allow' ? null : ctx.inlineCode === 'refuse' ? 'the inline-code policy refuses all inline code' : code === null ? 'the code comes from a pipe or file treeward cannot read' : scanInlineCode(language, code);
  return effect({ kind: 'inline-code', span, language, code, finding });
}

// text tools with programs of their own -----------------------------------------

readers['awk'] = readAwk;
for (const awk of ['gawk', 'mawk', 'nawk', 'busybox-awk']) readers[awk] = readers['awk']!;

readers['sed'] = (name, args, ctx, span) => {
  const line = readOptions(args.slice(1), options('Ee:f:i::l:nrsuz', [['expression', 'required'], ['file', 'required'], ['in-place', 'optional'], ['line-length', 'required'], 'quiet', 'silent', 'regexp-extended', 'separate', 'unbuffered', 'null-data', 'posix', 'sandbox', 'debug', 'follow-symlinks']));
  // GNU sed joins every -e and -f script, a newline between each, into one
  const scripts: (string | null)[] = [];
  const out: Action[] = [];
  for (const o of line.options) {
    if (o.name === 'e' || o.name === 'expression') scripts.push(o.value);
    else if (o.name === 'f' || o.name === 'file') {
      // a script file the line wrote is read like the text it wrote; any other file is ordinary
      if (o.value === null) scripts.push(null);
      else if (o.value === '-' || o.value === '/dev/stdin') {
        // the script comes on stdin: a literal heredoc or here-string is read, a pipe is not
        if (ctx.stdinText !== undefined) scripts.push(ctx.stdinText);
        else if (ctx.fedByPipe) scripts.push(null);
      } else {
        const written = ctx.contentOf(o.value);
        if (written?.literal === null) out.push(dynamic(span, `\`${name}\` runs \`${o.value}\`, whose content an earlier part of the line wrote; write the script in one command and run it in another`));
        else if (written) scripts.push(written.literal);
      }
    }
  }
  let operands = line.operands;
  if (!has(line, 'e', 'expression', 'f', 'file') && operands.length > 0) {
    scripts.push(operands[0]!.text);
    operands = operands.slice(1);
  }
  const sandbox = has(line, 'sandbox');
  if (scripts.some((s) => s === null)) out.push(dynamic(span, `\`${name}\` runs a script the line does not fix`));
  else if (scripts.length > 0) {
    const script = scripts.join('\n');
    const read = readSedScript(script);
    for (const file of read.writes) out.push({ kind: 'write', arg: derivedArgument(args[0]!, file), by: 'sed w' });
    if (!sandbox && read.problem !== null) out.push(effect({ kind: 'inline-code', span, language: 'sed', code: script, finding: `treeward cannot read the sed script (${read.problem}); write it in a form GNU sed reads` }));
    else if (!sandbox && read.executes) out.push(effect({ kind: 'inline-code', span, language: 'sed', code: script, finding: 'the sed script runs commands (`e` or `s///e`)' }));
  }
  const inPlace = valuesOf(line, 'i', 'in-place')[0];
  if (inPlace) {
    for (const f of operands) {
      out.push({ kind: 'write', arg: f, by: 'sed -i' });
      // `-i.bak` (and `-irc`: the suffix is `rc`) also writes a backup beside the file, or where a `/` in it says
      if (inPlace.value) out.push({ kind: 'write', arg: f.text === null ? unfixedArgument(f, 'a backup named after a file the line does not fix') : derivedArgument(f, sedBackupName(f.text, inPlace.value)), by: 'sed -i' });
    }
  }
  if (inPlace && inPlace.value === null && inPlace.attached) out.push(dynamic(span, '`sed -i` with a backup suffix the line does not fix'));
  return out;
};

/** GNU sed's backup name: FILE+SUFFIX, or SUFFIX with each `*` replaced by the file's name (a path when it holds a `/`). */
function sedBackupName(file: string, suffix: string): string {
  if (!suffix.includes('*')) return file + suffix;
  const named = suffix.replaceAll('*', baseName(file));
  if (named.includes('/')) return named;
  const slash = file.lastIndexOf('/');
  return slash < 0 ? named : file.slice(0, slash + 1) + named;
}

readers['crontab'] = (_name, args, ctx, span) => {
  const rest = args.slice(1).map((a) => a.text);
  if (rest.includes('-l')) return [];
  const spool = derivedArgument(args[0]!, joinPath(ctx.home, '.crontab-spool'));
  if (rest.includes('-r')) return [{ kind: 'remove', arg: spool, recursive: false, by: 'crontab -r' }];
  if (rest.includes('-e')) return [dynamic(span, '`crontab -e` edits the table with an editor treeward does not read')];
  return [effect({ kind: 'crontab', span })];
};

readers['find'] = readFind;
readers['git'] = readGit;
readers['tar'] = readTar;
readers['bsdtar'] = readTar;
readers['gtar'] = readTar;
for (const ssh of ['ssh', 'scp', 'sftp']) readers[ssh] = readSsh;
readers['curl'] = readCurl;
readers['wget'] = readWget;
readers['gdb'] = readGdb;
readers['make'] = readMake;
readers['gmake'] = readMake;
readers['less'] = readLess;
readers['zip'] = readZip;

// package runners (wrappers for every rule) ------------------------------------------------

/** Run a package's binary: an agent package is a launch; any other runs its bin like a program. */
function runPackage(spec: Argument, rest: Argument[], ctx: ProgramContext, span: Span): Action[] {
  if (spec.text === null) return [dynamic(span, 'a package runner of a package the line does not fix')];
  const harness = packageHarness(spec.text);
  if (harness) {
    const launch = agentLaunch(harness, [derivedArgument(spec, harness), ...rest], ctx, span);
    return launch ? [effect(launch)] : [];
  }
  const bin = packageBin(spec.text);
  return [{ kind: 'run', argv: [derivedArgument(spec, bin), ...rest] }];
}

/** `@scope/name@1.2.3` → `name`; `npm:pkg` → `pkg`; `cowsay==6.0` → `cowsay`. */
function packageBin(spec: string): string {
  let name = spec.replace(/^(npm|jsr|pypi):/, '');
  const at = name.lastIndexOf('@');
  if (at > 0) name = name.slice(0, at);
  name = withoutExtras(beforeFirst(name, '=<>~!'));
  return name.slice(name.lastIndexOf('/') + 1);
}

readers['npx'] = (_name, args, ctx, span) => {
  const line = readOptions(args.slice(1), options('yqp:c:', ['yes', 'no', 'quiet', ['package', 'required'], ['call', 'required'], 'ignore-existing', ['prefix', 'required']], true));
  const out: Action[] = [];
  for (const o of valuesOf(line, 'c', 'call')) {
    if (o.value === null) return [dynamic(span, '`npx -c` of a command the line does not fix')];
    out.push({ kind: 'shell-code', code: o.value, span: o.arg.word.span, dialect: 'sh' });
  }
  const packages = valuesOf(line, 'p', 'package');
  for (const p of packages) if (p.value !== null && packageHarness(p.value)) return [effect(agentLaunch(packageHarness(p.value)!, [optionArgument(p)], ctx, span)!)];
  if (line.operands.length === 0) return out;
  if (packages.length > 0) return [...out, { kind: 'run', argv: line.operands }];
  return [...out, ...runPackage(line.operands[0]!, line.operands.slice(1), ctx, span)];
};
readers['bunx'] = readers['npx'];
readers['npm'] = (_name, args, ctx, span) => {
  const sub = args[1]?.text;
  if (sub === 'exec' || sub === 'x') return readers['npx']!('npx', [args[0]!, ...args.slice(2)], ctx, span);
  // `npm install -g @anthropic-ai/claude-code` installs a harness but starts none
  return [];
};
readers['pnpm'] = (_name, args, ctx, span) => {
  const sub = args[1]?.text;
  if (sub === 'dlx') return readers['npx']!('npx', [args[0]!, ...args.slice(2)], ctx, span);
  if (sub === 'exec') {
    const rest = args.slice(2).filter((a, k, all) => !(a.text ?? '').startsWith('-') || k === all.length);
    return rest.length > 0 ? [{ kind: 'run', argv: rest }] : [];
  }
  return [];
};
readers['yarn'] = (_name, args, ctx, span) => {
  const sub = args[1]?.text;
  if (sub === 'dlx') return readers['npx']!('npx', [args[0]!, ...args.slice(2)], ctx, span);
  if (sub === 'exec') return args.length > 2 ? [{ kind: 'run', argv: args.slice(2) }] : [];
  return [];
};
const uvLike: Reader = (name, args, ctx, span) => {
  let rest = args.slice(1);
  let mode: 'tool' | 'run' = name === 'uvx' ? 'tool' : 'run';
  if (name === 'uv') {
    if (rest[0]?.text === 'tool' && rest[1]?.text === 'run') { mode = 'tool'; rest = rest.slice(2); }
    else if (rest[0]?.text === 'run') rest = rest.slice(1);
    else return [];
  }
  if (name === 'pipx') {
    if (rest[0]?.text !== 'run') return [];
    rest = rest.slice(1);
    mode = 'tool';
  }
  const line = readOptions(rest, options('p:q', [['python', 'required'], ['with', 'required'], ['from', 'required'], ['index-url', 'required'], ['extra', 'required'], ['project', 'required'], ['directory', 'required'], ['env-file', 'required'], 'quiet', 'isolated', 'no-project', 'frozen', 'locked', ['spec', 'required'], 'no-sync', 'verbose', ['group', 'required'], 'all-extras'], true));
  const from = valuesOf(line, 'from', 'spec')[0];
  if (from && from.value !== null && packageHarness(from.value)) return [effect(agentLaunch(packageHarness(from.value)!, [optionArgument(from)], ctx, span)!)];
  if (line.operands.length === 0) return [];
  if (mode === 'tool') return runPackage(line.operands[0]!, line.operands.slice(1), ctx, span);
  return [{ kind: 'run', argv: line.operands }];
};
readers['uvx'] = uvLike;
readers['uv'] = uvLike;
readers['pipx'] = uvLike;

// removal tools however launched --------------------------------------------------------

const removalTool = (recursive: boolean): Row => ({
  table: options('fgGrRvi', ['glob', 'no-glob', 'dry-run', 'verbose', 'force', 'recursive', ['preserve-root', 'optional'], 'trash-dir', 'interactive']),
  read: (line, by) => (has(line, 'dry-run') ? [] : line.operands.map((arg) => ({ kind: 'remove', arg, recursive, by }))),
});
rows['rimraf'] = removalTool(true);
rows['del'] = removalTool(true);
rows['del-cli'] = removalTool(true);
rows['trash'] = removalTool(true);
rows['trash-put'] = removalTool(true);
rows['trash-cli'] = removalTool(true);
readers['gio'] = (_name, args, ctx, span) => {
  const sub = args[1]?.text;
  if (sub === 'trash' || sub === 'remove' || sub === 'rm') {
    const line = readOptions(args.slice(2), options('f', ['force', 'empty']));
    if (has(line, 'empty')) return [{ kind: 'remove', arg: derivedArgument(args[0]!, joinPath(ctx.home, '.local/share/Trash')), recursive: true, by: 'gio trash --empty' }];
    return line.operands.map((arg) => ({ kind: 'remove', arg, recursive: true, by: `gio ${sub}` }));
  }
  if (sub === 'copy' || sub === 'move' || sub === 'save') {
    const operands = args.slice(2).filter((a) => !(a.text ?? '').startsWith('-'));
    const destination = operands[operands.length - 1];
    const out: Action[] = destination ? [{ kind: 'write', arg: destination, recursive: true, by: `gio ${sub}` }] : [];
    if (sub === 'move') for (const s of operands.slice(0, -1)) out.push({ kind: 'remove', arg: s, recursive: true, by: 'gio move' });
    return out;
  }
  void span;
  return [];
};
