// sed: its options, the scripts it joins (`-e`, `-f`, the first operand),
// which sed-script.ts reads for the files they write and the commands they
// run, and the files `-i` edits in place with their backups.

import { type Action, runsCode, effectAction, type Invocation, type ProgramRow } from '../core/actions.js';
import { derivedArgument, unfixedArgument } from '../core/arguments.js';
import { has, optionLines, valuesOf } from '../core/options.js';
import { baseName } from '../core/path-text.js';
import { readSedScript } from './sed-script.js';

export const rows: ProgramRow[] = [
  {
    names: ['sed'],
    options: optionLines([
      '-E --regexp-extended',
      '-e --expression=SCRIPT',
      '-f --file=FILE',
      '-i [SUFFIX] --in-place[=SUFFIX]',
      '-l --line-length=N',
      '-n --quiet --silent',
      '-r',
      '-s --separate',
      '-u --unbuffered',
      '-z --null-data',
      '   --posix',
      '   --sandbox',
      '   --debug',
      '   --follow-symlinks',
    ]),
    shadowable: true,
    read: readSed,
  },
];

function readSed({ name, args, line, ctx, span }: Invocation): Action[] {
  // GNU sed joins every -e and -f script, a newline between each, into one
  const scripts: (string | null)[] = [];
  const out: Action[] = [];
  for (const o of line.options) {
    if (o.name === 'expression') scripts.push(o.value);
    else if (o.name === 'file') {
      // a script file the line wrote is read like the text it wrote; any other file is ordinary
      if (o.value === null) scripts.push(null);
      else if (o.value === '-' || o.value === '/dev/stdin') {
        // the script comes on stdin: a literal heredoc or here-string is read, a pipe is not
        if (ctx.stdinText !== undefined) scripts.push(ctx.stdinText);
        else if (ctx.fedByPipe) scripts.push(null);
      } else {
        const written = ctx.contentOf(o.value);
        if (written?.literal === null) out.push(runsCode(span, { source: 'written-by-line', via: `\`${name}\``, file: o.value, use: 'run' }));
        else if (written) scripts.push(written.literal);
      }
    }
  }
  let operands = line.operands;
  if (!has(line, 'expression', 'file') && operands.length > 0) {
    scripts.push(operands[0]!.text);
    operands = operands.slice(1);
  }
  const sandbox = has(line, 'sandbox');
  if (scripts.some((s) => s === null)) out.push(runsCode(span, { source: 'unfixed', via: `\`${name}\``, what: 'script' }));
  else if (scripts.length > 0) {
    const script = scripts.join('\n');
    const read = readSedScript(script);
    for (const file of read.writes) out.push({ kind: 'write', arg: derivedArgument(args[0]!, file), by: 'sed w' });
    if (!sandbox && (read.problem !== null || read.executes)) {
      out.push(effectAction({ kind: 'inline-code', span, language: 'sed', code: script, finding: { source: 'sed', problem: read.problem } }));
    }
  }
  const inPlace = valuesOf(line, 'in-place')[0];
  if (inPlace) {
    for (const f of operands) {
      out.push({ kind: 'write', arg: f, by: 'sed -i' });
      // `-i.bak` (and `-irc`: the suffix is `rc`) also writes a backup beside the file, or where a `/` in it says
      if (!inPlace.value) continue;
      const backup = f.text === null ? unfixedArgument(f, { source: 'derived', what: 'sed backup' }) : derivedArgument(f, sedBackupName(f.text, inPlace.value));
      out.push({ kind: 'write', arg: backup, by: 'sed -i' });
    }
  }
  if (inPlace && inPlace.value === null && inPlace.attached) out.push(runsCode(span, { source: 'unfixed', via: '`sed -i`', what: 'backup suffix' }));
  if (inPlace && inPlace.value === null && !inPlace.attached) out.push(...bsdBackups(args, line.operands, has(line, 'expression', 'file')));
  return out;
}

/**
 * BSD sed's reading of a detached `-i` (macOS, FreeBSD usr.bin/sed/main.c:
 * `case 'i': inplace = optarg`, with `i:` in its getopt string; sed(1):
 * "-i extension ... If a zero-length extension is given, no backup will be
 * saved"): the next word is the backup suffix, so `sed -i rc -e p ~/.bash`
 * also writes `~/.bashrc`. GNU reads that word as the script or a file, which
 * the GNU reading above judges; treeward does not yet pass the platform to
 * the programs, so this reading is added on every platform (it only refuses more).
 */
function bsdBackups(args: Invocation['args'], gnuOperands: Invocation['line']['operands'], scriptGiven: boolean): Action[] {
  const at = args.findIndex((a, i) => i > 0 && a.text !== null && /^-[a-zA-Z]*i$/.test(a.text));
  const suffix = at > 0 ? args[at + 1] : undefined;
  if (!suffix || suffix.text === '') return [];
  // BSD's files: the operands after its suffix, and after its script when no -e or -f gave one
  const files = gnuOperands.filter((f) => f.word !== suffix.word).slice(scriptGiven ? 0 : 1);
  const out: Action[] = [];
  for (const f of files) {
    const backup = f.text === null || suffix.text === null
      ? unfixedArgument(f, { source: 'derived', what: 'sed backup' })
      : derivedArgument(f, f.text + suffix.text);
    out.push({ kind: 'write', arg: backup, by: 'sed -i (BSD)' });
  }
  return out;
}

/** GNU sed's backup name: FILE+SUFFIX, or SUFFIX with each `*` replaced by the file's name (a path when it holds a `/`). */
function sedBackupName(file: string, suffix: string): string {
  if (!suffix.includes('*')) return file + suffix;
  const named = suffix.replaceAll('*', baseName(file));
  if (named.includes('/')) return named;
  const slash = file.lastIndexOf('/');
  return slash < 0 ? named : file.slice(0, slash + 1) + named;
}

