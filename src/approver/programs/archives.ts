// Archives and compressors: tar's mode (create, extract, list, append), its
// archive (`-f`), its directory (`-C`) and the options that run commands;
// unzip's extraction; zip's archive, `-m` and `-TT`; and the gzip family,
// which replaces each file it compresses.

import { type Action, type Invocation, type ProgramRow, runsCode } from '../core/actions.js';
import { type Argument, derivedArgument, unfixedArgument, valueArgument } from '../core/arguments.js';
import type { Directories } from '../core/effects.js';
import { flagLines, getopt, has, optionLines, type ParsedOptions, readOptions, valuesOf } from '../core/options.js';
import { joinPath } from '../core/path-text.js';
import { shQuote, unfixedWord } from '../core/sh-quote.js';
import { leadingText } from '../core/words.js';

const withValue = new Set(['f', 'C', 'T', 'X', 'I', 'F', 'b', 'K', 'L', 'N', 'g', 'V', 'H']);
const longWithValue = new Set(['file', 'directory', 'files-from', 'exclude-from', 'use-compress-program', 'blocking-factor', 'starting-file', 'tape-length', 'newer', 'listed-incremental', 'label', 'format', 'to-command', 'checkpoint-action', 'info-script', 'new-volume-script', 'exclude', 'transform', 'xform', 'strip-components', 'owner', 'group', 'mode', 'mtime', 'suffix', 'index-file', 'rsh-command', 'backup', 'warning', 'occurrence', 'hole-detection', 'sort', 'quoting-style', 'record-size', 'volno-file', 'after-date', 'newer-mtime', 'anchored', 'exclude-tag', 'exclude-tag-under', 'exclude-tag-all']);
/** Options whose value tar runs as a command (GNU tar runs them with `sh -c`); `-F` is `--info-script`. */
const commandOptions = new Set(['I', 'F', 'use-compress-program', 'to-command', 'info-script', 'new-volume-script', 'rsh-command']);
const commandLongNames = ['use-compress-program', 'to-command', 'info-script', 'new-volume-script', 'rsh-command', 'checkpoint-action'];

/** GNU tar takes unambiguous prefixes of long names (`--use-compress=`, `--to-comm=`): read one that starts a command option as it. */
function longName(name: string): string {
  if (longWithValue.has(name) || name.length < 3) return name;
  const matches = commandLongNames.filter((full) => full.startsWith(name));
  return matches.length === 1 ? matches[0]! : name;
}

/** A word the line does not fix that spells a command option (`--to-command="$X"`, `-I"$C"`): its command is not fixed. */
function unfixedCommandOption(arg: Argument): string | null {
  const lead = leadingText(arg.word).text;
  const long = /^--([a-z-]+)=(.*)$/s.exec(lead);
  if (long) {
    const name = longName(long[1]!);
    if (commandOptions.has(name) || (name === 'checkpoint-action' && 'exec='.startsWith(long[2]!.slice(0, 5)))) return `--${name}`;
    return null;
  }
  const short = /^-([A-Za-z]*?)([IF])/.exec(lead);
  if (short && ![...short[1]!].some((letter) => withValue.has(letter))) return `-${short[2]}`;
  return null;
}

function readTar({ args, ctx, span }: Invocation): Action[] {
  const out: Action[] = [];
  const options: { name: string; value: string | null; arg: Argument }[] = [];
  const operands: Argument[] = [];
  let rest = args.slice(1);
  // the traditional first word: `tar xzf archive.tgz`
  const first = rest[0]?.text;
  if (first && !first.startsWith('-') && /^[A-Za-z]+$/.test(first)) {
    const letters = first.split('');
    let k = 1;
    for (const letter of letters) {
      if (withValue.has(letter)) {
        options.push({ name: letter, value: rest[k]?.text ?? null, arg: rest[k] ?? rest[0]! });
        k++;
      } else options.push({ name: letter, value: null, arg: rest[0]! });
    }
    rest = rest.slice(k);
  }
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const t = arg.text;
    if (t === null) {
      const option = unfixedCommandOption(arg);
      if (option) out.push(runsCode(arg.word.span, { source: 'unfixed', via: `\`tar ${option}\``, what: 'tar command' }));
      operands.push(arg);
      continue;
    }
    if (t === '--') { operands.push(...rest.slice(i + 1)); break; }
    if (t.startsWith('--')) {
      const eq = t.indexOf('=');
      const name = longName(eq < 0 ? t.slice(2) : t.slice(2, eq));
      if (eq >= 0) options.push({ name, value: t.slice(eq + 1), arg });
      else if (longWithValue.has(name)) { options.push({ name, value: rest[i + 1]?.text ?? null, arg: rest[i + 1] ?? arg }); i++; }
      else options.push({ name, value: null, arg });
      continue;
    }
    if (t.startsWith('-') && t.length > 1) {
      for (let j = 1; j < t.length; j++) {
        const letter = t[j]!;
        if (withValue.has(letter)) {
          if (j + 1 < t.length) options.push({ name: letter, value: t.slice(j + 1), arg: derivedArgument(arg, t.slice(j + 1)) });
          else { options.push({ name: letter, value: rest[i + 1]?.text ?? null, arg: rest[i + 1] ?? arg }); i++; }
          break;
        }
        options.push({ name: letter, value: null, arg });
      }
      continue;
    }
    operands.push(arg);
  }
  const has = (...names: string[]) => options.some((o) => names.includes(o.name));
  for (const o of options) {
    if (commandOptions.has(o.name)) {
      if (o.value === null) out.push(runsCode(span, { source: 'unfixed', via: `\`tar ${o.name.length > 1 ? '--' + o.name : '-' + o.name}\``, what: 'tar command' }));
      else out.push({ kind: 'shell-code', code: o.value, span: o.arg.word.span, dialect: 'sh' });
    }
    if (o.name === 'checkpoint-action' && o.value !== null && /^exec=/.test(o.value)) out.push({ kind: 'shell-code', code: o.value.slice(5), span: o.arg.word.span, dialect: 'sh' });
  }
  const directory = options.filter((o) => o.name === 'C' || o.name === 'directory').map((o) => o.arg).pop();
  const archive = options.filter((o) => o.name === 'f' || o.name === 'file').map((o) => o.arg).pop();
  if (has('x', 'extract', 'get')) {
    if (has('O', 'to-stdout')) return out;
    if (has('P', 'absolute-names')) {
      out.push({ kind: 'write', arg: unfixedArgument(archive ?? args[0]!, { source: 'program-reads', what: 'tar -P path' }), by: 'tar -x -P' });
      return out;
    }
    out.push({ kind: 'write', arg: directory ?? derivedArgument(args[0]!, '.'), extraction: true, recursive: true, by: 'tar -x' });
    return out;
  }
  if (has('c', 'create', 'r', 'append', 'u', 'update', 'A', 'catenate', 'concatenate', 'delete')) {
    if (archive && archive.text !== '-') out.push({ kind: 'write', arg: archive, by: 'tar -f' });
    if (has('remove-files')) {
      // `-C DIR` places the names after it; names may stand on either side of it, so each is read in both places
      const places = options.filter((o) => o.name === 'C' || o.name === 'directory');
      let dirs: Directories | undefined;
      if (places.length > 1 || places.some((o) => o.value === null)) dirs = null;
      else if (places.length === 1) {
        const value = places[0]!.value!;
        const joined = value.startsWith('/') ? [value] : ctx.dirs === null ? null : ctx.dirs.map((d) => joinPath(d, value));
        dirs = joined === null || ctx.dirs === null ? null : [...new Set([...ctx.dirs, ...joined])];
      }
      for (const source of operands) {
        const arg = dirs === null && !(source.text ?? '').startsWith('/') ? unfixedArgument(source, { source: 'derived', what: 'tar -C name' }) : source;
        out.push({ kind: 'remove', arg, recursive: true, by: 'tar --remove-files', ...(dirs ? { dirs } : {}) });
      }
    }
  }
  return out;
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

/** gzip, bzip2 and xz replace each file they compress (unless -k or -c); zstd only with --rm. */
function compressRemovals(line: ParsedOptions, by: string, tool: string): Action[] {
  if (has(line, 'stdout', 'list', 'test')) return [];
  const out: Action[] = [];
  const removes = tool === 'zstd' ? has(line, 'rm') : !has(line, 'keep');
  for (const arg of line.operands) {
    out.push({ kind: 'write', arg, by });
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
    } else if (t !== null && /^(?:-TT=?|--unzip-command=)/.test(t) && t !== '-TT') commands.push({ text: t.replace(/^(?:-TT=?|--unzip-command=)/, ''), arg: args[i]! });
    else rest.push(args[i]!);
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
  if (has(line, 'move')) for (const arg of sources) out.push({ kind: 'remove', arg, recursive: has(line, 'r', 'R'), by: 'zip -m' });
  return out;
}

export const rows: ProgramRow[] = [
  { names: ['tar'], shadowable: true, read: readTar },
  { names: ['bsdtar', 'gtar'], read: readTar },
  { names: ['gzip', 'gunzip'], options: compressOptions, bsdReading: true, read: ({ line, name }) => compressRemovals(line, name, 'gzip') },
  { names: ['bzip2', 'bunzip2'], options: compressOptions, bsdReading: true, read: ({ line, name }) => compressRemovals(line, name, 'bzip2') },
  { names: ['xz', 'unxz'], options: compressOptions, bsdReading: true, read: ({ line, name }) => compressRemovals(line, name, 'xz') },
  { names: ['zstd'], options: zstdOptions, bsdReading: true, read: ({ line, name }) => compressRemovals(line, name, 'zstd') },
  {
    names: ['unzip'],
    options: getopt('cd:fhlnoqtuvxZ'),
    bsdReading: true,
    shadowable: true,
    read: ({ line, name }) => {
      if (has(line, 'l', 't', 'v', 'c', 'Z')) return [];
      const dir = valuesOf(line, 'd').map(valueArgument)[0];
      if (dir) return [{ kind: 'write', arg: dir, extraction: true, recursive: true, by: name }];
      const here = line.operands[0];
      return here ? [{ kind: 'write', arg: derivedArgument(here, '.'), extraction: true, recursive: true, by: name }] : [];
    },
  },
  { names: ['zip'], read: readZip },
];
