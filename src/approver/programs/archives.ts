// Archives and compressors: tar's mode (create, extract, list, append), its
// archive (`-f`), its directory (`-C`) and the options that run commands;
// unzip's extraction; zip's archive, `-m` and `-TT`; and the gzip family,
// which replaces each file it compresses.

import { type Action, type ArchiveSource, type Invocation, type ProgramRow, runsCode } from '../core/actions.js';
import { type Argument, derivedArgument, unfixedArgument, valueArgument } from '../core/arguments.js';
import type { Directories } from '../core/effects.js';
import {
  flagLines, getopt, has, type OptionSpec, type OptionTable, optionLines, type ParsedOptions, readOptions, type Userland, valuesOf,
} from '../core/options.js';
import { joinPath, rawComponents } from '../core/path-text.js';
import { shQuote, unfixedWord } from '../core/sh-quote.js';
import { leadingText } from '../core/words.js';

/**
 * tar's options (GNU tar 1.35 `--help`), one a line. The arities are the
 * ones treeward has read tar by: `--anchored`, `--backup` and `--occurrence`
 * take a value here, which GNU tar gives only when attached.
 */
const tarOptions = optionLines([
  // the modes
  '-A --catenate --concatenate',
  '-c --create',
  '-r --append',
  '-u --update',
  '-x --extract --get',
  '   --delete',
  // what is read and written, and where
  '-f --file=ARCHIVE',
  '-C --directory=DIR',
  '-O --to-stdout',
  '-P --absolute-names',
  '-T --files-from=FILE',
  '-X --exclude-from=FILE',
  '   --remove-files',
  // options whose value tar runs as a command (with `sh -c`)
  '-I --use-compress-program=PROG',
  '-F --info-script=NAME --new-volume-script=NAME',
  '   --to-command=COMMAND',
  '   --rsh-command=COMMAND',
  '   --checkpoint-action=ACTION',
  // the other options with a value
  '-b --blocking-factor=BLOCKS',
  '-g --listed-incremental=FILE',
  '-H --format=FORMAT',
  '-K --starting-file=MEMBER',
  '-L --tape-length=N',
  '-N --newer=DATE --after-date=DATE',
  '-V --label=TEXT',
  '   --exclude=PATTERN',
  '   --exclude-tag=FILE',
  '   --exclude-tag-under=FILE',
  '   --exclude-tag-all=FILE',
  '   --transform=EXPRESSION --xform=EXPRESSION',
  '   --one-top-level[=DIR]',
  '   --checkpoint[=N]',
  '   --strip-components=NUMBER',
  '   --owner=NAME',
  '   --group=NAME',
  '   --mode=CHANGES',
  '   --mtime=DATE',
  '   --newer-mtime=DATE',
  '   --suffix=STRING',
  '   --index-file=FILE',
  '   --backup=CONTROL',
  '   --warning=KEYWORD',
  '   --occurrence=NUMBER',
  '   --hole-detection=TYPE',
  '   --sort=ORDER',
  '   --quoting-style=STYLE',
  '   --record-size=NUMBER',
  '   --volno-file=FILE',
  '   --anchored=PATTERN',
]);

/** The options whose value tar runs as a command (`-F` is `--info-script`; `--checkpoint-action=exec=…` is read apart). */
const commandOptions = new Set(['use-compress-program', 'info-script', 'to-command', 'rsh-command']);

/** Long names tar is read to take a unique prefix of (`--use-compress=`, `--to-comm=`): those of the options that run a command. */
const prefixedLongNames = ['use-compress-program', 'to-command', 'info-script', 'new-volume-script', 'rsh-command', 'checkpoint-action'];

/** One option of a tar command line: its table name, how it was spelled, its value, and the word holding the value. */
interface TarOption {
  name: string;
  spelled: string;
  value: string | null;
  arg: Argument;
}

function letterSpec(letter: string, letters: OptionTable = tarOptions): OptionSpec | undefined {
  return letters.options.find((spec) => spec.short === letter);
}

/**
 * bsdtar (libarchive tar/cmdline.c, macOS's tar): `short_options =
 * "aBb:C:cf:HhI:JjkLlmnOoPpqrSs:T:tUuvW:wX:xyZz"`, read by its own getopt,
 * which stops at the first word that does not start with `-` (the members)
 * after an old-style first word. Where bsdtar's letters mean other things
 * than GNU's: `-s PATTERN` renames members as they are extracted (tar(1):
 * "Modify file or archive member names according to pattern"), `-I FILE` is
 * `-T FILE` (GNU's `-I` runs a program), `-H`, `-L` and `-l` follow links or
 * check them (GNU's `-H` and `-L` take a value), `-U` unlinks before
 * writing, `-W NAME=VALUE` is the long option `--NAME=VALUE` (bsdtar.c
 * "Obscure GNU convention"), which can name `use-compress-program`.
 */
const bsdtarLetters = getopt('aBb:C:cf:HhI:JjkLlmnOoPpqrSs:T:tUuvW:wX:xyZz', true, {
  c: 'create', r: 'append', u: 'update', x: 'extract', f: 'file', C: 'directory', O: 'to-stdout', P: 'absolute-names', T: 'files-from', I: 'files-from',
  X: 'exclude-from', s: 'substitution', U: 'unlink-first', k: 'keep-old-files', b: 'blocking-factor', W: 'long-option',
});

/** How one userland's tar reads its words: its letters, and whether its options stop at the first member. */
interface TarReading {
  letters: OptionTable;
  stopAtOperand: boolean;
}

const tarReadings: Record<Userland, TarReading> = {
  gnu: { letters: tarOptions, stopAtOperand: false },
  bsd: { letters: bsdtarLetters, stopAtOperand: true },
};

/**
 * A long name as tar is read: a known name, else the one long option of the
 * table it is a prefix of (getopt_long takes any unambiguous prefix:
 * `--dir=` is `--directory=`; tar 1.35 has no other long option starting
 * `--dir`), else the command option it is a unique prefix of, else as typed.
 */
function tarLongName(name: string): string {
  if (tarOptions.options.some((spec) => spec.long === name)) return name;
  const longs = tarOptions.options.flatMap((spec) => (spec.long ? [spec.long] : []));
  const prefixOf = longs.filter((full) => full.startsWith(name));
  if (name.length >= 2 && prefixOf.length === 1) return prefixOf[0]!;
  if (name.length < 3) return name;
  const matches = prefixedLongNames.filter((full) => full.startsWith(name));
  return matches.length === 1 ? matches[0]! : name;
}

/** A long option as the table names it (unknown ones by their typed name), and how it takes a value. */
function longOption(name: string): { name: string; takesValue: boolean } {
  const spec = tarOptions.options.find((candidate) => candidate.long === name);
  return spec ? { name: spec.name!, takesValue: spec.arity === 'required' } : { name, takesValue: false };
}

/** A letter as the table names it (unknown letters by themselves), and whether it takes a value. */
function letterOption(letter: string, letters: OptionTable = tarOptions): { name: string; takesValue: boolean } {
  const spec = letterSpec(letter, letters);
  return spec ? { name: spec.name!, takesValue: spec.arity === 'required' } : { name: letter, takesValue: false };
}

/** A word the line does not fix that spells a command option (`--to-command="$X"`, `-I"$C"`): its command is not fixed. */
function unfixedCommandOption(arg: Argument): string | null {
  const lead = leadingText(arg.word).text;
  const long = /^--([a-z-]+)=(.*)$/s.exec(lead);
  if (long) {
    const name = tarLongName(long[1]!);
    if (commandOptions.has(longOption(name).name) || (name === 'checkpoint-action' && 'exec='.startsWith(long[2]!.slice(0, 5)))) return `--${name}`;
    return null;
  }
  const short = /^-([A-Za-z]*?)([IF])/.exec(lead);
  if (short && ![...short[1]!].some((letter) => letterOption(letter).takesValue)) return `-${short[2]}`;
  return null;
}

/**
 * The old-style first word (`tar xzf archive.tgz`): its letters are options,
 * and each that takes a value takes the next word, in order.
 */
function oldStyleKey(rest: Argument[], options: TarOption[], letters: OptionTable): Argument[] {
  const first = rest[0]?.text;
  if (!first || first.startsWith('-') || !/^[A-Za-z]+$/.test(first)) return rest;
  let k = 1;
  for (const letter of first) {
    const option = letterOption(letter, letters);
    if (option.takesValue) {
      options.push({ name: option.name, spelled: `-${letter}`, value: rest[k]?.text ?? null, arg: rest[k] ?? rest[0]! });
      k++;
    } else options.push({ name: option.name, spelled: `-${letter}`, value: null, arg: rest[0]! });
  }
  return rest.slice(k);
}

/**
 * tar's command line by its userland's table: options anywhere (GNU tar
 * permutes) or up to the first member (bsdtar), clusters, `--` ending them.
 */
function readTarLine(args: Argument[], out: Action[], reading: TarReading): { options: TarOption[]; operands: Argument[] } {
  const options: TarOption[] = [];
  const operands: Argument[] = [];
  const rest = oldStyleKey(args.slice(1), options, reading.letters);
  const letterOf = (letter: string) => letterOption(letter, reading.letters);
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const t = arg.text;
    if (t === null) {
      const option = unfixedCommandOption(arg);
      if (option) out.push(runsCode(arg.word.span, { source: 'unfixed', via: `\`tar ${option}\``, what: 'tar command' }));
      operands.push(arg);
      if (reading.stopAtOperand) { operands.push(...rest.slice(i + 1)); break; }
      continue;
    }
    if (t === '--') { operands.push(...rest.slice(i + 1)); break; }
    if (t.startsWith('--')) {
      const eq = t.indexOf('=');
      const typed = tarLongName(eq < 0 ? t.slice(2) : t.slice(2, eq));
      const { name, takesValue } = longOption(typed);
      const spelled = `--${typed}`;
      // the value after `=` is the option's argument, not the whole word (`--directory=~/.ssh` extracts into ~/.ssh)
      if (eq >= 0) options.push({ name, spelled, value: t.slice(eq + 1), arg: derivedArgument(arg, t.slice(eq + 1)) });
      else if (takesValue) { options.push({ name, spelled, value: rest[i + 1]?.text ?? null, arg: rest[i + 1] ?? arg }); i++; }
      else options.push({ name, spelled, value: null, arg });
      continue;
    }
    if (t.startsWith('-') && t.length > 1) {
      for (let j = 1; j < t.length; j++) {
        const { name, takesValue } = letterOf(t[j]!);
        const spelled = `-${t[j]!}`;
        if (takesValue) {
          if (j + 1 < t.length) options.push({ name, spelled, value: t.slice(j + 1), arg: derivedArgument(arg, t.slice(j + 1)) });
          else { options.push({ name, spelled, value: rest[i + 1]?.text ?? null, arg: rest[i + 1] ?? arg }); i++; }
          break;
        }
        options.push({ name, spelled, value: null, arg });
      }
      continue;
    }
    operands.push(arg);
    if (reading.stopAtOperand) { operands.push(...rest.slice(i + 1)); break; }
  }
  return { options: options.flatMap(longOptionOfW), operands };
}

/** bsdtar's `-W NAME=VALUE`: the long option `--NAME=VALUE`. */
function longOptionOfW(o: TarOption): TarOption[] {
  if (o.name !== 'long-option') return [o];
  if (o.value === null) return [{ ...o, name: 'use-compress-program', value: null }]; // not fixed: it may name a command
  const eq = o.value.indexOf('=');
  const typed = tarLongName(eq < 0 ? o.value : o.value.slice(0, eq));
  const value = eq < 0 ? null : o.value.slice(eq + 1);
  return [{ name: longOption(typed).name, spelled: `-W ${typed}`, value, arg: value === null ? o.arg : derivedArgument(o.arg, value) }];
}

/**
 * Options that rename members as they are extracted: GNU tar's
 * `--transform`/`--xform`, and bsdtar's `-s /old/new/` (bsdtar(1); GNU tar
 * reads `-s` as `--same-order`, so only the bsdtar reading has it).
 * Measured with bsdtar 3.6.2 and GNU tar 1.34: without `-P` a renamed
 * member still lands below the directory (a leading `/` is dropped, `..`
 * refused), but under any name there: `-s ',^,.git/hooks/,'` writes
 * `DIR/.git/hooks/…`.
 */
function renamesMembers(options: TarOption[]): boolean {
  return options.some((o) => o.name === 'transform' || o.name === 'substitution');
}

/**
 * The options with which `tar -c` still holds exactly its operands, each
 * as it stands (the walk lists them: walk/archives.ts), or fewer of them
 * (exclusions, `--newer`: a member left out was listed anyway, which reads
 * more, never less): the mode and archive, compression, verbosity, what
 * sets modes, owners and times, and `-C`, which changes where the names
 * that follow it are read (`createSources`). Anything else (`-T`, `-h`, `-P`,
 * `--transform`, bsdtar's `-s`, `-H`, `-L`, an option treeward does not
 * know) leaves what the archive holds unread.
 */
const createReads = new Set([
  'create', 'file', 'verbose', 'v', 'z', 'j', 'J', 'Z', 'a', 'gzip', 'bzip2', 'xz', 'zstd', 'lzma', 'auto-compress',
  'exclude', 'exclude-from', 'exclude-tag', 'exclude-tag-under', 'exclude-tag-all', 'exclude-vcs', 'exclude-caches', 'exclude-backups',
  'remove-files', 'owner', 'group', 'mode', 'mtime', 'sort', 'numeric-owner', 'format', 'blocking-factor', 'record-size', 'checkpoint',
  'warning', 'one-file-system', 'no-recursion', 'newer', 'newer-mtime', 'totals', 'directory',
]);

/**
 * The options with which `tar -x` writes each member under its own name below
 * the directory, or leaves it out (`-k`, member operands, exclusions): the
 * mode and archive, `-C`, decompression, what keeps or replaces files already
 * there, modes, owners and times; `--strip-components=N` with a number,
 * which the walk applies to the members' names. `--one-top-level`, `--transform`, `-s`, `-P`, `-g` (which removes what the archive's
 * directories do not list), `--recursive-unlink` and any other option leave
 * the members unread: the extraction is read as any archive's.
 */
const extractReads = new Set([
  'extract', 'file', 'directory', 'strip-components', 'verbose', 'v', 'z', 'j', 'J', 'Z', 'gzip', 'bzip2', 'xz', 'zstd', 'lzma', 'auto-compress',
  'p', 'preserve-permissions', 'same-permissions', 'no-same-permissions', 'm', 'touch', 'o', 'no-same-owner', 'numeric-owner',
  'k', 'keep-old-files', 'skip-old-files', 'keep-newer-files', 'overwrite', 'overwrite-dir', 'no-overwrite-dir', 'U', 'unlink-first',
  'keep-directory-symlink', 'warning', 'blocking-factor', 'record-size', 'checkpoint', 'exclude', 'exclude-from', 'totals',
]);

/** An archive on this machine, named by the line: GNU tar reads `HOST:PATH` as a remote archive (tar(1) "--force-local"). */
function localArchive(archive: Argument | undefined): archive is Argument {
  return archive !== undefined && archive.text !== null && archive.text !== '-' && !/^[^/]*:/.test(archive.text);
}

function readTar({ args, ctx, span, userland }: Invocation): Action[] {
  const out: Action[] = [];
  const { options, operands } = readTarLine(args, out, tarReadings[userland]);
  const has = (...names: string[]) => options.some((o) => names.includes(o.name));
  for (const o of options) {
    if (commandOptions.has(o.name)) {
      if (o.value === null) out.push(runsCode(span, { source: 'unfixed', via: `\`tar ${o.spelled}\``, what: 'tar command' }));
      else out.push({ kind: 'shell-code', code: o.value, span: o.arg.word.span, dialect: 'sh' });
    }
    if (o.name === 'checkpoint-action' && o.value !== null && /^exec=/.test(o.value)) {
      out.push({ kind: 'shell-code', code: o.value.slice(5), span: o.arg.word.span, dialect: 'sh' });
    }
  }
  const archive = options.filter((o) => o.name === 'file').map((o) => o.arg).pop();
  if (has('extract')) {
    if (has('to-stdout')) return out;
    if (has('absolute-names')) {
      out.push({ kind: 'write', arg: unfixedArgument(archive ?? args[0]!, { source: 'program-reads', what: 'tar -P path' }), by: 'tar -x -P' });
      return out;
    }
    // members renamed as they land (bsdtar -s, GNU --transform) still land below the directory: both rename first, then strip
    // a leading `/` and refuse `..` unless -P (libarchive tar/util.c `edit_pathname`: apply_substitution, then strip_absolute_path)
    const renaming = renamesMembers(options);
    // the members keep their names when no option changes them and no word that may be one is unfixed
    const strip = stripComponents(options);
    const named = localArchive(archive) && strip !== null && options.every((o) => extractReads.has(o.name)) && operands.every((o) => o.text !== null);
    const read = named ? { archive, ...(strip > 0 ? { stripComponents: strip } : {}) } : {};
    for (const arg of extractionDirectories(options, args[0]!)) {
      out.push({ kind: 'write', arg, extraction: true, recursive: true, by: 'tar -x', ...read });
      // a renamed member may take any name below the directory, a protected one among them: a recursive write, even inside the tree
      if (renaming) out.push({ kind: 'write', arg, recursive: true, by: 'tar -x --transform/-s' });
    }
    return out;
  }
  if (has('create', 'append', 'update', 'catenate', 'delete')) {
    if (archive && archive.text !== '-') out.push({ kind: 'write', arg: archive, by: 'tar -f' });
    if (localArchive(archive) && has('create')) {
      const sources = options.every((o) => createReads.has(o.name)) ? createSources(options, operands, userland) : null;
      out.push({ kind: 'archive', arg: archive, sources, links: 'kept' });
    }
    if (has('remove-files')) out.push(...removedFiles(options, operands, ctx.dirs));
  }
  return out;
}

/** `--strip-components=N` (the last one given), 0 without it; null when N is not a number tar reads as written. */
function stripComponents(options: TarOption[]): number | null {
  const given = options.filter((o) => o.name === 'strip-components').pop();
  if (given === undefined) return 0;
  return given.value !== null && /^[0-9]{1,3}$/.test(given.value) ? Number(given.value) : null;
}

/**
 * The names `tar -c` archives, each with the directory it is read in: a
 * `-C DIR` changes the directory for the names after it, each relative to
 * the one before (tar(1): "-C, --directory=DIR Change to DIR before
 * performing any operations. This option is order-sensitive, i.e. it
 * affects all options that follow"), while the archive itself is opened
 * where the shell is (GNU tar 1.34 and bsdtar 3.6.2 run: `tar -C src -cf
 * a.tar .` writes ./a.tar). GNU tar reads `-C` anywhere among the names, in
 * the order of the words; bsdtar's options stop at the first name, and its
 * `-C DIR` among the names is read as it goes (bsdtar 3.6.2 run: `-cf f.tar
 * a -C ../other o` holds `a` and `o`). A directory not fixed, or holding
 * `..` (resolved by the kernel through links), leaves the archive unread.
 */
function createSources(options: TarOption[], operands: Argument[], userland: Userland): ArchiveSource[] | null {
  const steps: ({ dir: string | null } | { source: Argument })[] = [];
  const at = (arg: Argument) => arg.word.span[0];
  const changes = options.filter((o) => o.name === 'directory').map((o) => ({ start: at(o.arg), step: { dir: o.value } }));
  if (userland === 'gnu') {
    const names = operands.map((arg) => ({ start: at(arg), step: { source: arg } }));
    steps.push(...[...changes, ...names].sort((a, b) => a.start - b.start).map((e) => e.step));
  } else {
    steps.push(...changes.map((e) => e.step));
    for (let i = 0; i < operands.length; i++) {
      const t = operands[i]!.text;
      if (t === '-C') steps.push({ dir: operands[++i]?.text ?? null });
      else if (t?.startsWith('-C')) steps.push({ dir: t.slice(2) });
      else steps.push({ source: operands[i]! });
    }
  }
  const out: ArchiveSource[] = [];
  let from: string | null = null;
  for (const step of steps) {
    if ('source' in step) {
      out.push({ arg: step.source, ...(from !== null ? { from } : {}) });
      continue;
    }
    if (step.dir === null || step.dir === '' || rawComponents(step.dir).includes('..')) return null;
    from = from === null ? step.dir : joinPath(from, step.dir);
  }
  return out;
}

/**
 * Where `tar -x` writes: each `-C DIR` in turn (tar changes directory
 * relative to the one before: `-C a -C b` is `a/b`), else the current
 * directory; and below each, the `--one-top-level=DIR` it extracts into,
 * which is also read on its own in case tar takes an absolute one as given.
 */
function extractionDirectories(options: TarOption[], program: Argument): Argument[] {
  const places: Argument[] = [];
  let current: Argument | null = null;
  for (const o of options.filter((option) => option.name === 'directory')) {
    let next = o.arg;
    if (current !== null && !(o.arg.text ?? '').startsWith('/')) {
      next = current.text !== null && o.arg.text !== null ? derivedArgument(o.arg, joinPath(current.text, o.arg.text))
        : unfixedArgument(o.arg, { source: 'derived', what: 'tar -C name' });
    }
    places.push(next);
    current = next;
  }
  if (places.length === 0) places.push(derivedArgument(program, '.'));
  const placed = current !== null;
  const top = options.filter((o) => o.name === 'one-top-level' && o.value !== null).pop();
  if (!top) return places;
  const below = placed ? places.map((p) => (p.text === null ? p : derivedArgument(top.arg, joinPath(p.text, top.value!)))) : [];
  return [...places, ...below, top.arg];
}

/** `tar --remove-files`: the names it archives, read both where the line is and in the `-C DIR` that may place them. */
function removedFiles(options: TarOption[], operands: Argument[], here: Directories): Action[] {
  const places = options.filter((o) => o.name === 'directory');
  let dirs: Directories | undefined;
  if (places.length > 1 || places.some((o) => o.value === null)) dirs = null;
  else if (places.length === 1) {
    const value = places[0]!.value!;
    const joined = value.startsWith('/') ? [value] : here === null ? null : here.map((d) => joinPath(d, value));
    dirs = joined === null || here === null ? null : [...new Set([...here, ...joined])];
  }
  return operands.map((source): Action => {
    const arg = dirs === null && !(source.text ?? '').startsWith('/') ? unfixedArgument(source, { source: 'derived', what: 'tar -C name' }) : source;
    return { kind: 'remove', arg, recursive: true, by: 'tar --remove-files', ...(dirs ? { dirs } : {}) };
  });
}

/** gzip, bzip2 and xz: one table for the three (an option one of them lacks is refused there and does nothing). */
const compressOptions = optionLines([
  '-c --stdout --to-stdout',
  '-d --decompress --uncompress',
  '-f --force',
  '-k --keep',
  '-l --list',
  '-n',
  '-N',
  '-q --quiet',
  '-r --recursive',
  '-S --suffix=SUF',
  '-t --test',
  '-T --threads=N',
  '-v --verbose',
  ...flagLines('0123456789'), // compression levels
  '   --rm',
  '   --fast',
  '   --best',
]);

/** zstd: as gzip, with `-o FILE`, and removing its input only with `--rm`. */
const zstdOptions = optionLines([
  '-c --stdout --to-stdout',
  '-d --decompress --uncompress',
  '-f --force',
  '-k --keep',
  '-l --list',
  '-o FILE',
  '-q --quiet',
  '-r --recursive',
  '-t --test',
  '-T --threads=N',
  '-v --verbose',
  ...flagLines('0123456789'), // compression levels
  '   --suffix=SUF',
  '   --rm',
  '   --fast',
  '   --best',
]);

/**
 * The suffixes each tool takes off when it decompresses, and what a tar suffix becomes (gzip(1) "-S", "gunzip can
 * currently decompress files created by gzip, zip, compress"; bzip2(1), xz(1), zstd(1)); the first is what compressing adds.
 */
const compressSuffixes: Record<string, readonly (readonly [string, string])[]> = {
  gzip: [['.gz', ''], ['-gz', ''], ['.z', ''], ['-z', ''], ['_z', ''], ['.Z', ''], ['.tgz', '.tar'], ['.taz', '.tar']],
  bzip2: [['.bz2', ''], ['.bz', ''], ['.tbz2', '.tar'], ['.tbz', '.tar']],
  xz: [['.xz', ''], ['.lzma', ''], ['.txz', '.tar'], ['.tlz', '.tar']],
  zstd: [['.zst', ''], ['.tzst', '.tar']],
};

/**
 * The file compressing or decompressing `arg` writes beside it: NAME plus the suffix, or NAME without one it knows
 * (none: the tool refuses the file and writes nothing). gzip -N restores a name stored in the file: not fixed.
 */
function compressedOutput(line: ParsedOptions, arg: Argument, tool: string, decompress: boolean): Argument | null {
  if (arg.text === null) return null;
  const suffix = valuesOf(line, 'suffix')[0]?.value;
  if (suffix === null) return unfixedArgument(arg, { source: 'option-value' });
  const table = suffix !== undefined ? [[suffix, ''] as const] : compressSuffixes[tool]!;
  if (!decompress) return derivedArgument(arg, arg.text + table[0]![0]);
  if (has(line, 'N')) return unfixedArgument(arg, { source: 'program-reads', what: 'stored name' });
  const hit = table.find(([s]) => arg.text!.length > s.length && arg.text!.endsWith(s));
  return hit ? derivedArgument(arg, arg.text.slice(0, -hit[0].length) + hit[1]) : null;
}

/**
 * gzip, bzip2 and xz replace each file they compress or decompress (unless -k or -c) with the file of the other name
 * (`gunzip -k ~/.bashrc.gz` writes ~/.bashrc); zstd removes only with --rm.
 */
function compressRemovals(line: ParsedOptions, by: string, tool: string): Action[] {
  if (has(line, 'stdout', 'list', 'test')) return [];
  const out: Action[] = [];
  const removes = tool === 'zstd' ? has(line, 'rm') : !has(line, 'keep');
  const decompress = has(line, 'decompress') || /^un|^gunzip$/.test(by);
  for (const arg of line.operands) {
    out.push({ kind: 'write', arg, by });
    // -r walks a directory and names each file below it: those outputs stand below the operand already
    const output = has(line, 'recursive') ? null : compressedOutput(line, arg, tool, decompress);
    if (output) out.push({ kind: 'write', arg: output, by });
    if (removes) out.push({ kind: 'remove', arg, recursive: has(line, 'recursive'), by });
  }
  for (const o of valuesOf(line, 'o')) out.push({ kind: 'write', arg: valueArgument(o), by });
  return out;
}

// ------------------------------------------------------------------ zip

const zipTable = optionLines([
  ...flagLines('0123456789AcdDeFfgjJklLnoqrRSuvwXyz'),
  '-m --move',
  '-T --test',
  '-b PATH',
  '-i FILE',
  '-O FILE',
  '-P PASSWORD',
  '-t DATE',
  '-x FILE',
  '   --unzip-command=COMMAND',
]);

/**
 * The zip options with which the archive holds its operands as they stand, or
 * fewer (`-x`, `-i`, `-t`): recursion, `-y` (zip(1) "Store symbolic links as
 * such in the zip archive, instead of compressing and storing the file
 * referred to by the link"; without it a link is followed, and an archive
 * that meets one is unread), levels, quiet and verbose, `-D`, `-X`, `-m`,
 * `-T`, `-o`. `-R` (patterns), `-j` (junked paths), `-@`, `-u`, `-f`, `-d`,
 * `-g`, `-U`, `-O`, `-s` and the rest leave it unread.
 */
const zipReads = new Set(['r', 'y', 'q', 'v', ...'0123456789', 'D', 'X', 'move', 'test', 'o', 'x', 'i', 't']);

/** zip: the archive it writes, `-m` removals, and `-TT CMD`, the test command it runs with system(). */
function readZip({ args }: Invocation): Action[] {
  const out: Action[] = [];
  const commands: { text: string | null; arg: Argument }[] = [];
  const rest: Argument[] = [];
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === '-TT' || t === '--unzip-command') {
      const value = args[++i];
      if (value) commands.push({ text: value.text, arg: value });
    } else if (t !== null && /^(?:-TT=?|--unzip-command=)/.test(t) && t !== '-TT') {
      commands.push({ text: t.replace(/^(?:-TT=?|--unzip-command=)/, ''), arg: args[i]! });
    } else rest.push(args[i]!);
  }
  const line = readOptions(rest, zipTable);
  const [archive, ...sources] = line.operands;
  for (const c of commands) {
    if (c.text === null) {
      out.push(runsCode(c.arg.word.span, { source: 'unfixed', via: '`zip -TT`', what: 'command' }));
      continue;
    }
    // `{}` is the archive's name (zip's temporary copy of it, in the same directory); else the name is appended
    const name = archive ? (archive.text === null ? unfixedWord : shQuote(archive.text)) : unfixedWord;
    const code = c.text.includes('{}') ? c.text.split('{}').join(name) : `${c.text} ${name}`;
    out.push({ kind: 'shell-code', code, span: c.arg.word.span, dialect: 'sh' });
  }
  if (archive) out.push({ kind: 'write', arg: archive, by: 'zip' });
  if (archive?.text && archive.text !== '-') {
    // zip(1): a name without a suffix gets `.zip`, and an archive that exists is added to (the walk reads only a new one)
    const listed = commands.length === 0 && line.invalid.length === 0 && line.options.every((o) => zipReads.has(o.name)) && /\.[^/]*$/.test(archive.text);
    out.push({ kind: 'archive', arg: archive, sources: listed ? sources.map((arg) => ({ arg })) : null, links: has(line, 'y') ? 'kept' : 'followed' });
  }
  if (has(line, 'move')) for (const arg of sources) out.push({ kind: 'remove', arg, recursive: has(line, 'r', 'R'), by: 'zip -m' });
  return out;
}

/** unzip's options with which each member lands under its own name below the directory, or not at all (`-n`, `-f`, `-u`). */
const unzipReads = new Set(['d', 'o', 'n', 'q', 'f', 'u']);

export const rows: ProgramRow[] = [
  // tar is GNU's on Linux and bsdtar on macOS; bsdtar is libarchive's everywhere, gtar GNU's. None of these rows gets the
  // POSIXLY_CORRECT reading (ProgramContext `posixlyCorrect`): GNU tar 1.34 parses with argp in ARGP_IN_ORDER, which reads
  // options after operands whatever the environment (measured: `POSIXLY_CORRECT=1 tar -cf a.tar a.txt -v` is verbose), and
  // zip 3.0 reads its own argv (measured: `POSIXLY_CORRECT=1 zip z.zip a.txt -x a.txt` still excludes a.txt)
  { names: ['tar'], shadowable: true, bsdReading: true, runsCommands: true, read: readTar },
  { names: ['bsdtar'], read: (invocation) => readTar({ ...invocation, userland: 'bsd' }) },
  { names: ['gtar'], read: readTar },
  { names: ['gzip', 'gunzip'], options: compressOptions, bsdReading: true, read: ({ line, name }) => compressRemovals(line, name, 'gzip') },
  { names: ['bzip2', 'bunzip2'], options: compressOptions, bsdReading: true, read: ({ line, name }) => compressRemovals(line, name, 'bzip2') },
  { names: ['xz', 'unxz'], options: compressOptions, bsdReading: true, read: ({ line, name }) => compressRemovals(line, name, 'xz') },
  { names: ['zstd', 'unzstd'], options: zstdOptions, bsdReading: true, read: ({ line, name }) => compressRemovals(line, name, 'zstd') },
  {
    names: ['unzip'],
    options: getopt('cd:fhlnoqtuvxZ'),
    bsdReading: true,
    shadowable: true,
    read: ({ line, name }) => {
      if (has(line, 'l', 't', 'v', 'c', 'Z')) return [];
      // unzip(1) `-:`: members' `../` are kept, so an extraction can land anywhere
      const dotdot = line.operands.concat(line.options.map((o) => o.arg)).find((a) => /^-(?!-).*:/s.test(a.text ?? ''));
      if (dotdot) return [{ kind: 'write', arg: unfixedArgument(dotdot, { source: 'program-reads', what: 'unzip -: path' }), by: `${name} -:` }];
      // members keep their names (unzip(1) strips a leading `/` and `../`) unless -j junks their paths or -: keeps `../`
      const archive = line.operands[0];
      const named = archive?.text && line.invalid.length === 0 && line.options.every((o) => unzipReads.has(o.name)) ? { archive } : {};
      const dir = valuesOf(line, 'd').map(valueArgument)[0];
      if (dir) return [{ kind: 'write', arg: dir, extraction: true, recursive: true, by: name, ...named }];
      return archive ? [{ kind: 'write', arg: derivedArgument(archive, '.'), extraction: true, recursive: true, by: name, ...named }] : [];
    },
  },
  { names: ['zip'], read: readZip },
];
