// sed: its options, the scripts it joins (`-e`, `-f`, the first operand),
// which sed-script.ts reads for the files they write and the commands they
// run, and the files `-i` edits in place with their backups.

import { type Action, runsCode, effectAction, type Invocation, type ProgramRow } from '../core/actions.js';
import type { Userland } from '../core/options.js';
import { type Argument, derivedArgument, unfixedArgument } from '../core/arguments.js';
import { bsdGetopt, has, optionLines, valuesOf } from '../core/options.js';
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
    // BSD sed (macOS text_cmds 199 sed/main.c, from FreeBSD usr.bin/sed): `getopt(argc, argv, "EHI:ae:f:i:lnru")`
    // under __APPLE__. `-i` and `-I` take the backup extension as their value, attached or the next word
    // (sed(1): "-i extension ... If a zero-length extension is given, no backup will be saved"), so
    // `sed -i -e p f` edits f with the script `p` and keeps f-e; -I spans the files as one stream.
    bsdReading: bsdGetopt('EHI:ae:f:i:lnru', { e: 'expression', f: 'file', i: 'in-place', I: 'in-place', n: 'quiet', E: 'regexp-extended' }),
    shadowable: true,
    read: readSed,
  },
];

function readSed({ name, args, line, userland, ctx, span }: Invocation): Action[] {
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
    // a path a listing prints (`grep -rl … | xargs sed -i s/a/b/`) is BSD sed's script: one it may compile (`src/x/rb/rw.bashrc`
    // is an `s` command with a `w` flag), and treeward does not know which path comes first
    if (userland === 'bsd' && operands[0]!.listed) return [runsCode(span, { source: 'unfixed', via: `\`${name}\``, what: 'bsd sed script' })];
    if (userland === 'bsd' && compilesNot(operands[0]!)) return [];
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
    // BSD's -i always has a value: one not fixed is a suffix the line does not fix
    const unfixedSuffix = inPlace.value === null && (inPlace.attached || userland === 'bsd');
    for (const f of operands) {
      out.push({ kind: 'write', arg: f, by: 'sed -i' });
      // `-i.bak` (and `-irc`: the suffix is `rc`) also writes a backup beside the file, or where a `/` in it says
      if (!inPlace.value && !unfixedSuffix) continue;
      const backup = f.text === null || inPlace.value === null
        ? unfixedArgument(f, { source: 'derived', what: 'sed backup' })
        : derivedArgument(f, backupNames[userland](f.text, inPlace.value));
      out.push({ kind: 'write', arg: backup, by: 'sed -i' });
    }
  }
  if (inPlace && inPlace.value === null && inPlace.attached) out.push(runsCode(span, { source: 'unfixed', via: '`sed -i`', what: 'backup suffix' }));
  return out;
}

/**
 * BSD sed compiles every script before it opens a file (text_cmds
 * sed/main.c: `compile()` before `process()`), and a script it cannot
 * compile ends it with an error, having edited nothing. That is what GNU's
 * `sed -i s/a/b/ FILE` is to BSD sed, whose -i takes `s/a/b/` as the
 * suffix and FILE as the script: a file name treeward cannot read as a sed
 * script is read as that error. BSD's sed
 * grammar is POSIX's with extensions GNU's has too, so what treeward's
 * reader of GNU scripts cannot read BSD's cannot compile.
 */
function compilesNot(script: Argument): boolean {
  return script.text !== null && readSedScript(script.text).problem !== null;
}

/**
 * The backup `sed -i SUFFIX` keeps of FILE: GNU's (sed/execute.c
 * `get_backup_file_name`) replaces each `*` in the suffix by the file's
 * name; BSD's (text_cmds sed/main.c: `strlcat(oldfname, inplace, …)`)
 * appends the suffix as it is.
 */
const backupNames: Record<Userland, (file: string, suffix: string) => string> = {
  gnu: sedBackupName,
  bsd: (file, suffix) => file + suffix,
};

/** GNU sed's backup name: FILE+SUFFIX, or SUFFIX with each `*` replaced by the file's name (a path when it holds a `/`). */
function sedBackupName(file: string, suffix: string): string {
  if (!suffix.includes('*')) return file + suffix;
  const named = suffix.replaceAll('*', baseName(file));
  if (named.includes('/')) return named;
  const slash = file.lastIndexOf('/');
  return slash < 0 ? named : file.slice(0, slash + 1) + named;
}

