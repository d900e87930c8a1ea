// tar: a mode (create, extract, list, append), an archive (`-f`), a
// directory (`-C`), and options that run commands.

import type { Span } from '../syntax/ast.js';
import { leadingText } from './core/words.js';
import type { Directories } from './core/effects.js';
import type { Argument } from './core/arguments.js';
import { joinPath } from './core/path-text.js';
import type { Action, ProgramContext } from './core/actions.js';

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

export function readTar(_name: string, args: Argument[], ctx: ProgramContext, span: Span): Action[] {
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
      if (option) out.push({ kind: 'effect', effect: { kind: 'dynamic-code', span: arg.word.span, reason: `\`tar ${option}\` runs a command the line does not fix` } });
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
          if (j + 1 < t.length) options.push({ name: letter, value: t.slice(j + 1), arg: derived(arg, t.slice(j + 1)) });
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
      if (o.value === null) out.push({ kind: 'effect', effect: { kind: 'dynamic-code', span, reason: `\`tar ${o.name.length > 1 ? '--' + o.name : '-' + o.name}\` runs a command the line does not fix` } });
      else out.push({ kind: 'shell-code', code: o.value, span: o.arg.word.span, dialect: 'sh' });
    }
    if (o.name === 'checkpoint-action' && o.value !== null && /^exec=/.test(o.value)) out.push({ kind: 'shell-code', code: o.value.slice(5), span: o.arg.word.span, dialect: 'sh' });
  }
  const directory = options.filter((o) => o.name === 'C' || o.name === 'directory').map((o) => o.arg).pop();
  const archive = options.filter((o) => o.name === 'f' || o.name === 'file').map((o) => o.arg).pop();
  if (has('x', 'extract', 'get')) {
    if (has('O', 'to-stdout')) return out;
    if (has('P', 'absolute-names')) {
      out.push({ kind: 'write', arg: unfixed(archive ?? args[0]!, '`tar -P` extracts absolute paths the archive chooses'), by: 'tar -x -P' });
      return out;
    }
    out.push({ kind: 'write', arg: directory ?? derived(args[0]!, '.'), extraction: true, recursive: true, by: 'tar -x' });
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
        const arg = dirs === null && !(source.text ?? '').startsWith('/') ? unfixed(source, 'a name `tar -C` places in a directory the line does not fix') : source;
        out.push({ kind: 'remove', arg, recursive: true, by: 'tar --remove-files', ...(dirs ? { dirs } : {}) });
      }
    }
  }
  return out;
}

function derived(from: Argument, text: string): Argument {
  return { word: from.word, value: { kind: 'fixed', fields: [{ text, chunks: [{ text, quoted: true }], glob: false }] }, text };
}

function unfixed(from: Argument, reason: string): Argument {
  return { word: from.word, value: { kind: 'unfixed', reason, span: from.word.span }, text: null };
}
