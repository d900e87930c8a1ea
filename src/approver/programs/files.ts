// File tools (GNU coreutils and their BSD namesakes, and the tools written
// like them): which operands they remove, write, or put in place. Each is
// read by the platform's userland: GNU's options, BSD's (coreutils-options.ts
// has the BSD tools' own getopt strings), or both where the platform is not
// known.

import { type Action, type Invocation, runsCode, type ProgramRow } from '../core/actions.js';
import { type Argument, derivedArgument, operandsAt, unfixedArgument, valueArgument } from '../core/arguments.js';
import { has, optionLines, type ParsedOptions, valuesOf } from '../core/options.js';
import { baseName, joinPath, trimTrailingSlashes } from '../core/path-text.js';
import type { Chunk } from '../core/words.js';
import {
  chgrpOptions, chmodBsdOptions, chmodOptions, chownBsdOptions, chownOptions, cpBsdOptions, cpOptions, installBsdOptions, installOptions, lnBsdOptions,
  lnOptions, mkdirBsdOptions, mkdirOptions, mvBsdOptions, mvOptions, rmBsdOptions, rmdirBsdOptions, rmdirOptions, rmOptions, touchBsdOptions, touchOptions,
  unlinkOptions,
} from './coreutils-options.js';
import { rsyncShell } from './ssh.js';

/**
 * uniq [INPUT [OUTPUT]]: GNU uniq reads an operand `+N` before `--` as the
 * obsolete `-s N` (coreutils 9.1 run: `uniq +2 a.txt out.txt` writes out.txt),
 * unless _POSIX2_VERSION asks for POSIX 2001; the output is read both ways.
 */
function readUniq({ line, name, args }: Invocation): Action[] {
  const end = args.findIndex((a) => a.text === '--');
  const obsolete = (arg: Argument) => /^\+\d+$/.test(arg.text ?? '') && (end < 0 || args.indexOf(arg) < end);
  // a glob may expand to both the input and the output (`uniq *`: the second match is written)
  const outputs = new Set([...operandsAt(line.operands, 1), ...operandsAt(line.operands.filter((a) => !obsolete(a)), 1)]);
  return [...outputs].map((arg): Action => ({ kind: 'write', arg, by: name }));
}

export const rows: ProgramRow[] = [
  {
    names: ['rm'],
    options: rmOptions,
    bsdReading: rmBsdOptions,
    shadowable: true,
    read: ({ line, name }) => {
      const recursive = has(line, 'recursive');
      // BSD rm -W brings a whited-out name back (rm(1): "Attempt to undelete the named files"): it writes them
      if (has(line, 'undelete')) return line.operands.map((arg) => ({ kind: 'write', arg, by: `${name} -W` }));
      return line.operands.map((arg) => ({ kind: 'remove', arg, recursive, by: name }));
    },
  },
  {
    names: ['rmdir'],
    options: rmdirOptions,
    bsdReading: rmdirBsdOptions,
    shadowable: true,
    read: ({ line, name }) => {
      const parents = has(line, 'parents');
      const out: Action[] = [];
      for (const arg of line.operands) {
        out.push({ kind: 'remove', arg, recursive: false, by: name });
        if (parents && arg.text !== null) {
          // rmdir -p a/b/c also removes a/b and a
          let p = trimTrailingSlashes(arg.text);
          while (p.includes('/')) {
            p = p.slice(0, p.lastIndexOf('/'));
            if (p === '' || p === '.') break;
            out.push({ kind: 'remove', arg: derivedArgument(arg, p), recursive: false, by: name });
          }
        }
      }
      return out;
    },
  },
  {
    names: ['unlink'],
    options: unlinkOptions,
    bsdReading: true,
    shadowable: true,
    read: ({ line, name }) => line.operands.map((arg) => ({ kind: 'remove', arg, recursive: false, by: name })),
  },
  {
    names: ['shred'],
    options: optionLines([
      '-f --force',
      '-n --iterations=N',
      '-s --size=N',
      '-u --remove[=HOW]',
      '-v --verbose',
      '-x --exact',
      '-z --zero',
      '   --random-source=FILE',
    ]),
    bsdReading: true,
    shadowable: true,
    read: ({ line, name }) => {
      const remove = has(line, 'remove');
      const out: Action[] = [];
      for (const arg of line.operands) {
        out.push({ kind: 'write', arg, by: name });
        if (remove) out.push({ kind: 'remove', arg, recursive: false, by: name });
      }
      return out;
    },
  },
  { names: ['mv'], options: mvOptions, bsdReading: mvBsdOptions, shadowable: true, read: ({ line, name }) => copyLike(line, name, 'move', plainNames) },
  {
    names: ['cp'],
    options: cpOptions,
    bsdReading: cpBsdOptions,
    shadowable: true,
    // cp(1): without -R it follows a link it copies (GNU: -P, -d and -a keep one; BSD: -P), and it copies no directory;
    // --parents makes directories, a backup renames what stood there (coreutils 9.1 run: `cp link x` makes a regular file)
    read: ({ line, name }) => copyLike(line, name, 'copy', has(line, ...keepsLinksOrMakesDirectories) ? plainNames : regularFiles),
  },
  {
    names: ['install'],
    options: installOptions,
    bsdReading: installBsdOptions,
    shadowable: true,
    read: ({ line, name, span, userland, ctx }) => {
      // the first --strip-program names the program install runs
      const strip = valuesOf(line, 'strip-program')[0];
      if (strip) return [runsCode(span, { source: 'runs-program', via: '`install --strip-program`', program: strip.value })];
      // BSD install -s runs $STRIPBIN, else strip (xinstall.c strip(): `getenv("STRIPBIN")`)
      const stripBin = ctx.environment.get('STRIPBIN') ?? ctx.env.STRIPBIN;
      if (userland === 'bsd' && has(line, 'strip') && stripBin !== undefined) {
        return [runsCode(span, { source: 'runs-program', via: '`install -s` (BSD: `$STRIPBIN`)', program: stripBin })];
      }
      // BSD install -M METALOG (install(1): "Write the metadata associated with each item installed to metalog")
      const metalog = valuesOf(line, 'metalog').map((o): Action => ({ kind: 'write', arg: valueArgument(o), by: `${name} -M` }));
      if (has(line, 'directory')) return [...metalog, ...line.operands.map((arg): Action => ({ kind: 'write', arg, by: name }))];
      return [...metalog, ...copyLike(line, name, 'copy')];
    },
  },
  {
    names: ['ln'],
    options: lnOptions,
    bsdReading: lnBsdOptions,
    shadowable: true,
    read: ({ line, name, userland }) => {
      const out = copyLike(line, name, has(line, 'symbolic') ? 'symlink' : 'hardlink', plainNames);
      // BSD ln -F: "If the target file already exists and is a directory, then remove it so that the link may occur" (ln(1);
      // file_cmds ln/ln.c: rmdir(2) of the target, so an empty directory)
      const target = line.operands[line.operands.length - 1];
      if (userland === 'bsd' && has(line, 'no-target-directory') && line.operands.length >= 2 && target) {
        out.unshift({ kind: 'remove', arg: target, recursive: false, by: 'ln -F' });
      }
      return out;
    },
  },
  {
    names: ['touch'],
    options: touchOptions,
    bsdReading: touchBsdOptions,
    shadowable: true,
    // touch(1): an empty regular file where nothing stands, else the times of what does (through a link, unless -h)
    read: ({ line, name }) => line.operands.map((arg) => ({ kind: 'write', arg, by: name, content: false, makes: 'file' })),
  },
  {
    names: ['mkdir'],
    options: mkdirOptions,
    bsdReading: mkdirBsdOptions,
    shadowable: true,
    read: ({ line, name }) => line.operands.map((arg) => ({ kind: 'write', arg, by: name, content: false, makes: 'directory' })),
  },
  {
    names: ['truncate'],
    options: optionLines([
      '-c --no-create',
      '-o --io-blocks',
      '-r --reference=RFILE',
      '-s --size=SIZE',
    ]),
    bsdReading: true,
    shadowable: true,
    // truncate(1): sets a regular file's size, making it where nothing stands (unless -c)
    read: ({ line, name }) => line.operands.map((arg) => ({ kind: 'write', arg, by: name, makes: 'file' })),
  },
  {
    names: ['tee'],
    options: optionLines([
      '-a --append',
      '-i --ignore-interrupts',
      '-p',
      '   --output-error[=MODE]',
    ]),
    bsdReading: true,
    shadowable: true,
    // tee(1) opens each file for writing, as `>` does: a regular file at most
    read: ({ line, name }) => line.operands.map((arg) => ({ kind: 'write', arg, by: name, makes: 'file' })),
  },
  { names: ['chmod'], options: chmodOptions, bsdReading: chmodBsdOptions, shadowable: true, read: ({ line, name }) => ownerLike(line, name) },
  { names: ['chown'], options: chownOptions, bsdReading: chownBsdOptions, shadowable: true, read: ({ line, name }) => ownerLike(line, name) },
  { names: ['chgrp'], options: chgrpOptions, bsdReading: chownBsdOptions, shadowable: true, read: ({ line, name }) => ownerLike(line, name) },
  {
    names: ['sort'],
    options: optionLines([
      '-b --ignore-leading-blanks',
      '-c --check[=WHEN]',
      '-C',
      '-d --dictionary-order',
      '-f --ignore-case',
      '-g --general-numeric-sort',
      '-h --human-numeric-sort',
      '-i --ignore-nonprinting',
      '-M --month-sort',
      '-m --merge',
      '-n --numeric-sort',
      '-o --output=FILE',
      '-r --reverse',
      '-R --random-sort',
      '-s --stable',
      '-S --buffer-size=SIZE',
      '-t --field-separator=SEP',
      '-T --temporary-directory=DIR',
      '-u --unique',
      '-V --version-sort',
      '-z --zero-terminated',
      '-k --key=KEYDEF',
      '   --random-source=FILE',
      '   --sort=WORD',
      '   --parallel=N',
      '   --files0-from=F',
      '   --compress-program=PROG',
      '   --debug',
    ]),
    bsdReading: true,
    read: ({ line, name, span }) => {
      const out: Action[] = valuesOf(line, 'output').map((o) => ({ kind: 'write', arg: valueArgument(o), by: name }) as Action);
      for (const o of valuesOf(line, 'compress-program')) {
        out.push(runsCode(span, { source: 'runs-program', via: '`sort --compress-program`', program: o.value }));
      }
      return out;
    },
  },
  {
    names: ['uniq'],
    options: optionLines([
      '-c --count',
      '-d --repeated',
      '-D --all-repeated[=METHOD]',
      '-f --skip-fields=N',
      '-i --ignore-case',
      '-s --skip-chars=N',
      '-u --unique',
      '-w --check-chars=N',
      '-z --zero-terminated',
      '   --group[=METHOD]',
    ]),
    bsdReading: true,
    read: readUniq,
  },
  {
    names: ['iconv'],
    options: optionLines([
      '-c',
      '-f --from-code=ENCODING',
      '-l --list',
      '-o --output=FILE',
      '-s --silent',
      '-t --to-code=ENCODING',
      '   --verbose',
    ]),
    bsdReading: true,
    read: ({ line, name }) => valuesOf(line, 'output').map((o) => ({ kind: 'write', arg: valueArgument(o), by: name })),
  },
  {
    names: ['dd'],
    options: optionLines([], true),
    bsdReading: true,
    shadowable: true,
    read: ({ line, name }) => {
      const out: Action[] = [];
      for (const arg of line.operands) {
        if (arg.text === null) {
          if (arg.value.kind !== 'fixed') out.push({ kind: 'write', arg: unfixedArgument(arg, { source: 'program-reads', what: 'dd operand' }), by: name });
          continue;
        }
        if (arg.text.startsWith('of=')) out.push({ kind: 'write', arg: derivedArgument(arg, arg.text.slice(3)), by: name });
      }
      return out;
    },
  },
  {
    names: ['rsync'],
    options: optionLines([
      '-a --archive',
      '-A',
      '-b',
      '-c --checksum',
      '-C',
      '-d',
      '-D',
      '-E',
      '-g --group',
      '-H',
      '-h --human-readable',
      '-I',
      '-k',
      '-l --links',
      '-L --copy-links',
      '-m',
      '-n --dry-run',
      '-O',
      '-o --owner',
      '-P',
      '-p --perms',
      '-q',
      '-R',
      '-r --recursive',
      '-S',
      '-s',
      '-u --update',
      '-v --verbose',
      '-W',
      '-x',
      '-X',
      '-z --compress',
      '-y',
      '-z --compress',
      '-0',
      '-e --rsh=COMMAND',
      '-f --filter=RULE',
      '-B VALUE',
      '-T --temp-dir=DIR',
      '   --delete',
      '   --delete-before',
      '   --delete-during',
      '   --delete-delay',
      '   --delete-after',
      '   --delete-excluded',
      '   --remove-source-files',
      '   --rsync-path=PROGRAM',
      '   --exclude=PATTERN',
      '   --include=PATTERN',
      '   --progress',
      '   --partial',
      '   --times',
      '   --info=FLAGS',
      '   --chmod=CHMOD',
      '   --backup-dir=DIR',
      '   --log-file=FILE',
      '   --exclude-from=FILE',
      '   --include-from=FILE',
      '   --files-from=FILE',
      '   --stats',
      '   --itemize-changes',
      '   --mkpath',
    ]),
    bsdReading: true,
    shadowable: true,
    read: ({ line, name, ctx, span }) => {
      const out: Action[] = rsyncShell(line, ctx.environment, span);
      if (has(line, 'dry-run')) return out;
      const operands = line.operands;
      if (operands.length === 0) return out;
      const destination = operands[operands.length - 1]!;
      const sources = operands.slice(0, -1);
      const remote = (a: Argument) => a.text !== null && /^[^/]*:/.test(a.text);
      if (!remote(destination)) {
        out.push({ kind: 'write', arg: destination, recursive: true, by: name });
        if (line.options.some((o) => o.name.startsWith('delete') || o.name === 'del')) {
          out.push({ kind: 'remove', arg: destination, recursive: true, belowOnly: true, by: 'rsync --delete' });
        }
      }
      if (has(line, 'remove-source-files')) {
        for (const s of sources) if (!remote(s)) out.push({ kind: 'remove', arg: s, recursive: false, by: 'rsync --remove-source-files' });
      }
      for (const o of valuesOf(line, 'log-file', 'backup-dir')) out.push({ kind: 'write', arg: valueArgument(o), by: name });
      return out;
    },
  },
  {
    // mktemp makes a new file (or directory with -d) from a template: in the temp dir unless told otherwise
    names: ['mktemp'],
    options: optionLines([
      '-d --directory',
      '-q --quiet',
      '-t',
      '-u --dry-run',
      '-p DIR --tmpdir[=DIR]',
      '   --suffix=SUFF',
    ]),
    read: ({ line, args, ctx }) => {
      if (has(line, 'dry-run')) return [];
      const template = line.operands[0];
      if (template && template.text === null) return [{ kind: 'write', arg: template, by: 'mktemp', content: false }];
      const directory = valuesOf(line, 'tmpdir')[0];
      const inTempDir = !template || has(line, 't') || directory !== undefined;
      const name = template?.text ?? 'tmp.XXXXXXXXXX';
      const environment = ctx.environment.get('TMPDIR');
      const tempDir = typeof environment === 'string' ? environment : environment ? null : ctx.tempDir;
      const base = directory?.value ?? tempDir;
      if (inTempDir && !name.includes('/') && base === null) {
        return [{ kind: 'write', arg: unfixedArgument(args[0]!, { source: 'program-reads', what: 'temp dir' }), by: 'mktemp', content: false }];
      }
      const path = inTempDir && !name.includes('/') ? `${trimTrailingSlashes(base!)}/${name}` : name;
      return [{ kind: 'write', arg: derivedArgument(template ?? args[0]!, path), by: 'mktemp', content: false, fresh: true }];
    },
    output: mktempOutput,
  },
];

/**
 * cp, mv, ln, install: sources, and a destination (or `-t DIR`). When the
 * destination is a directory what lands is DEST/NAME for each source
 * (DEST/SOURCE with cp `--parents`), so both are written: the destination
 * itself (judged as a directory only when it is not one already) and the
 * name inside it. With backups (`-b`, `--backup`, `-S SUFFIX`) what stood at
 * each destination moves to DEST + a suffix, or DEST.~N~: a write of
 * `DEST*` (the suffix may come from the environment; it never holds a `/`).
 */
/** cp's options after which what lands may be a link or a directory: copying one as it is, or making the source's parents. */
const keepsLinksOrMakesDirectories = ['recursive', 'archive', 'd', 'no-dereference', 'P', 'parents', 'symbolic-link', 'link', 'backup', 'suffix'];

/**
 * What a copy, move or link makes at its destinations, for the globs after it (issue 16): `anything` (install,
 * whose -D makes directories), what its `place` actions say (`plainNames`: cp -R, mv, ln), or regular files.
 */
type Lands = 'anything' | 'plainNames' | 'regularFiles';
const plainNames: Lands = 'plainNames';
const regularFiles: Lands = 'regularFiles';

function copyLike(line: ParsedOptions, by: string, mode: 'copy' | 'move' | 'symlink' | 'hardlink', lands: Lands = 'anything'): Action[] {
  const out: Action[] = [];
  const targetDirs = valuesOf(line, 'target-directory').map(valueArgument);
  let sources = line.operands;
  let destinations: Argument[] = targetDirs;
  let named = false; // `ln -s target`: the link's name is the target's, here
  if (destinations.length === 0) {
    if (sources.length === 1 && (mode === 'symlink' || mode === 'hardlink')) {
      const only = sources[0]!;
      destinations = [only.text === null ? unfixedArgument(only, { source: 'derived', what: 'link name' }) : derivedArgument(only, baseName(only.text))];
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
    const intoDirectory = !named && !has(line, 'no-target-directory');
    const into = intoDirectory ? sources.map((source) => inDirectory(destination, source, mode === 'copy' && recursive, keepsPath)) : [];
    const inside = into.filter((a) => a !== null);
    const written = !directoryOnly || inside.length === 0 ? [destination, ...inside] : inside;
    // each written name is also placed below, which says what landed there, unless only the directory is written
    const placesEach = !directoryOnly || inside.length > 0;
    const makes = lands === 'regularFiles' ? { makes: 'file' as const } : lands === 'plainNames' && placesEach ? { makes: 'placed' as const } : {};
    for (const arg of written) out.push({ kind: 'write', arg, recursive, by, ...makes, ...(arg === destination && !named ? { destination: true } : {}) });
    if (backups) for (const arg of written) out.push({ kind: 'write', arg: withAnySuffix(arg), by });
    // what was put in place may be a link: later paths through it are not fixed, unless it is a copy (or the
    // moved entry) of sources the fs shows to be regular files or directories holding no link, or a copy that
    // follows links (issue 16)
    const linked = mode === 'symlink' ? { symlink: true as const } : {};
    const copies = links ? linked : lands === 'regularFiles' ? { regularFile: true as const } : { copies: sources };
    for (const arg of directoryOnly ? inside : written) places.push({ kind: 'place', arg, by, ...copies });
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
  const fields = [{ text, chunks, glob: field.glob, ...(field.dots ? { dots: true } : {}) }];
  return { word: source.word, value: { kind: 'fixed', fields }, text: field.glob ? null : text };
}

/**
 * chmod, chown, chgrp: the first operand is the mode or owner, unless
 * `--reference` names the file to copy it from, or (GNU chmod) a mode
 * stood among the options (`chmod -w a`, `chmod a -w`: every operand a file).
 */
function ownerLike(line: ParsedOptions, by: string): Action[] {
  const recursive = has(line, 'recursive');
  const files = has(line, 'reference', 'mode') ? line.operands : line.operands.slice(1);
  return files.map((arg) => ({ kind: 'write', arg, recursive, by, content: false }));
}

/**
 * What `$(mktemp)` or `$(mktemp -d)` prints: with no template, no directory
 * of its own and no TMPDIR set by the line, a new entry inside the temp dir.
 */
function mktempOutput(words: readonly (string | null)[], tempDir: string): string | null {
  for (const w of words) {
    if (w === null) return null;
    if (w === '-d' || w === '--directory' || w === '-q' || w === '--quiet' || w === '-u' || w === '--dry-run') continue;
    return null; // a template, -p, --tmpdir: a directory of its own
  }
  return joinPath(tempDir, 'tmp.XXXXXXXXXX');
}
