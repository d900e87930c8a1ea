// Tools with a command language of their own that writes, removes or runs
// (issue 13 item 2): `cmake -E` (cmake(1) "Run a Command-Line Tool"),
// `patch` (patch(1), GNU patch 2.7: its targets come from the diff) and
// `sqlite3` (sqlite3 CLI, "Special commands to sqlite3 (dot-commands)").
// Each also hands its words on as an unknown program's (programs/unknown.ts).

import { type Action, type Invocation, type ProgramRow, runsCode } from '../core/actions.js';
import { type Argument, derivedArgument, unfixedArgument, valueArgument } from '../core/arguments.js';
import { has, optionLines, valuesOf } from '../core/options.js';
import { baseName, joinPath } from '../core/path-text.js';
import { rows as archives } from './archives.js';
import { readAs } from './invocation.js';
import { handedWords } from './unknown.js';

const andHanded = (read: (invocation: Invocation) => Action[]) => (invocation: Invocation): Action[] =>
  [...read(invocation), ...handedWords(invocation.name, invocation.args, invocation.ctx.home)];

const unknown = (span: Invocation['span'], via: string, what: 'command' | 'code' | 'command file' = 'command'): Action =>
  runsCode(span, { source: 'unfixed', via: `\`${via}\``, what });

// ------------------------------------------------------------------ cmake -E

/** cmake(1) -E: each tool by what it does to its operands. */
function readCmake(invocation: Invocation): Action[] {
  const { args, span } = invocation;
  const e = args.findIndex((a) => a.text === '-E');
  if (e < 0) {
    // `cmake -P script` runs a CMake script, whose execute_process() runs anything
    if (args.some((a) => a.text === '-P')) return [unknown(span, 'cmake -P', 'code')];
    return [];
  }
  const tool = args[e + 1]?.text ?? null;
  const ops = args.slice(e + 2);
  const by = `cmake -E ${tool ?? ''}`.trim();
  const last = ops[ops.length - 1];
  switch (tool) {
    case null: return [unknown(span, 'cmake -E')];
    case 'rm': {
      const flags = ops.filter((a) => /^-[rRf]+$/.test(a.text ?? '')).map((a) => a.text).join('');
      return ops.filter((a) => !/^-[rRf]+$/.test(a.text ?? '') &&
        a.text !== '--').map((arg): Action => ({ kind: 'remove', arg, recursive: /[rR]/.test(flags), by }));
    }
    case 'remove': return ops.filter((a) => a.text !== '-f').map((arg): Action => ({ kind: 'remove', arg, recursive: false, by }));
    case 'remove_directory': return ops.map((arg): Action => ({ kind: 'remove', arg, recursive: true, by }));
    case 'copy': case 'copy_if_different': case 'copy_if_newer': case 'copy_directory': case 'copy_directory_if_different': case 'copy_directory_if_newer': {
      const copies = ops.filter((a) => a.text !== '-t');
      const dest = ops.some((a) => a.text === '-t') ? ops[ops.findIndex((a) => a.text === '-t') + 1] : last;
      if (!dest || copies.length < 2) return [];
      const recursive = tool.includes('directory');
      // copy: into DEST when it is a directory (cmake 3.25 run: `copy a.txt dir` makes dir/a.txt); copy_directory merges the contents into DEST
      const inside = recursive || dest.text === null ? [] : copies.filter((c) => c !== dest && c.text !== null)
        .map((c) => derivedArgument(c, joinPath(dest.text!, baseName(c.text!))));
      return [{ kind: 'write', arg: dest, recursive, destination: true, by }, ...inside.map((arg): Action => ({ kind: 'write', arg, by })),
        { kind: 'place', arg: dest }, ...inside.map((arg): Action => ({ kind: 'place', arg }))];
    }
    case 'rename': case 'create_symlink': case 'create_hardlink': {
      const [from, to] = ops;
      if (!from || !to) return [];
      const source: Action[] = tool === 'rename' ? [{ kind: 'remove', arg: from, recursive: true, by }]
        : tool === 'create_hardlink' ? [{ kind: 'write', arg: from, hardLinkSource: true, by }] : [];
      return [...source, { kind: 'write', arg: to, by }, { kind: 'place', arg: to }];
    }
    case 'make_directory': case 'touch': case 'touch_nocreate': return ops.map((arg): Action => ({ kind: 'write', arg, content: false, by }));
    case 'chdir': {
      const [dir, ...argv] = ops;
      if (!dir || argv.length === 0) return [];
      return [{ kind: 'run', argv, dirs: dir.text === null ? null : [dir.text.startsWith('/') ? dir.text : joinPath(invocation.ctx.dirs?.[0] ?? '',
        dir.text)] }];
    }
    case 'env': {
      const i = ops.findIndex((a) => !/^(--unset=|--modify|[A-Za-z_][A-Za-z0-9_]*=)/.test(a.text ?? ''));
      const environment = ops.slice(0, i < 0 ? ops.length : i).flatMap((a): [string, string][] => {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(a.text ?? '');
        return m ? [[m[1]!, m[2]!]] : [];
      });
      return i < 0 ? [] : [{ kind: 'run', argv: ops.slice(i), environment }];
    }
    case 'time': return ops.length > 0 ? [{ kind: 'run', argv: ops }] : [];
    case 'tar': {
      const tar = archives.find((row) => row.names.includes('tar'))!;
      const key = ops[0]?.text;
      const rest = key && !key.startsWith('-') ? [derivedArgument(ops[0]!, `-${key}`), ...ops.slice(1)] : ops;
      return readAs(tar, invocation, [derivedArgument(args[0]!, 'tar'), ...rest]);
    }
    // tools that only read or print
    case 'echo': case 'echo_append': case 'cat': case 'compare_files': case 'md5sum': case 'sha1sum': case 'sha224sum': case 'sha256sum': case 'sha384sum':
    case 'sha512sum': case 'sleep': case 'true': case 'false': case 'capabilities': case 'environment': case 'help':
      return [];
    default: return [unknown(span, by)];
  }
}

// ------------------------------------------------------------------ patch

const patchOptions = optionLines([
  '-b --backup', '-B --prefix=PREFIX', '-c --context', '-d --directory=DIR', '-D --ifdef=NAME', '-e --ed', '-E --remove-empty-files', '-f --force',
  '-F --fuzz=N', '-g --get=N', '-i --input=PATCHFILE', '-l --ignore-whitespace', '-n --normal', '-N --forward', '-o --output=FILE', '-p --strip=N',
  '-r --reject-file=FILE', '-R --reverse', '-s --silent --quiet', '-t --batch', '-T --set-time', '-u --unified', '-v --version', '-V --version-control=METHOD',
  '-x --debug=N', '-Y --basename-prefix=PREFIX', '-z --suffix=SUFFIX', '-Z --set-utc', '   --posix', '   --dry-run', '   --merge[=STYLE]',
    '   --follow-symlinks',
  '   --read-only=BEHAVIOR', '   --reject-format=FORMAT', '   --backup-if-mismatch', '   --no-backup-if-mismatch', '   --quoting-style=STYLE', '   --binary',
  '   --verbose', '   --help',
]);

/** The file names a diff's headers name (`---`/`+++`/`***`, git's `rename to`/`copy to`), or null when it has none (an ed script patch would run). */
export function diffTargets(text: string): string[] | null {
  const names = new Set<string>();
  let headers = 0;
  for (const line of text.split('\n')) {
    const m = /^(?:(?:---|\+\+\+|\*\*\*) |(?:rename|copy) to |Index: )(.*)$/.exec(line);
    if (!m) continue;
    if (line.startsWith('*** ') && /^\*\*\* \d/.test(line)) continue; // a context hunk's range, not a name
    headers++;
    let name = m[1]!.split('\t')[0]!.trim();
    if (name.startsWith('"')) return null; // C-quoted names: not read
    if (name === '/dev/null' || name === '') continue;
    name = name.replace(/\s+\d{4}-\d\d-\d\d.*$/, '');
    names.add(name);
  }
  return headers === 0 ? null : [...names];
}

/** A diff name with `-p N` leading components stripped (patch(1) -p), or, with no -p, the whole name and its last component. */
function stripped(name: string, strip: number | null): string[] {
  const parts = name.split('/').filter((p, i) => p !== '' || i === 0);
  if (strip === null) return [...new Set([name, parts[parts.length - 1]!])];
  if (strip >= parts.length) return [];
  return [parts.slice(strip).join('/')];
}

/**
 * patch(1) 2.7.6 reads its options by getopt_long, which honours POSIXLY_CORRECT: with it set, the
 * options stop at the first operand (measured: `POSIXLY_CORRECT=1 patch a.txt --dry-run` reads its
 * diff from a file named `--dry-run` and patches a.txt). The row's `options` make the walk read both
 * ways where it may be set (programs/invocation.ts); `--posix` alone still permutes (measured).
 */
function readPatch({ args, line, ctx, span }: Invocation): Action[] {
  if (has(line, 'dry-run', 'help', 'version')) return [];
  const out: Action[] = [];
  for (const o of valuesOf(line, 'reject-file')) out.push({ kind: 'write', arg: valueArgument(o), by: 'patch -r' });
  const output = valuesOf(line, 'output').pop();
  if (output) {
    if (output.value !== '-') out.push({ kind: 'write', arg: valueArgument(output), by: 'patch -o' });
    return out;
  }
  if (has(line, 'ed')) return [...out, unknown(span, 'patch -e', 'code')];
  const [original] = line.operands;
  const dir = valuesOf(line, 'directory').pop();
  const within = (arg: Argument, name: string): Argument => {
    if (!dir) return derivedArgument(arg, name);
    if (dir.value === null) return unfixedArgument(arg, { source: 'option-value' });
    return derivedArgument(arg, name.startsWith('/') ? name : joinPath(dir.value, name));
  };
  if (original) return [...out, { kind: 'write', arg: original.text === null ? original : within(original, original.text), by: 'patch' }];
  const input = valuesOf(line, 'input').pop();
  const text = input ? (input.value === null ? null : ctx.contentOf(input.value)?.literal ?? null) : ctx.stdinText ?? null;
  const targets = text === null ? null : diffTargets(text);
  const strip = valuesOf(line, 'strip').pop();
  const n = strip ? (strip.value !== null && /^\d+$/.test(strip.value) ? Number(strip.value) : -1) : null;
  if (targets === null || n === -1) {
    // a diff treeward does not read can name any path
    return [...out, { kind: 'write', arg: unfixedArgument(input?.arg ?? args[0]!, { source: 'program-reads', what: 'patch targets' }), by: 'patch' }];
  }
  const names = new Set(targets.flatMap((name) => stripped(name, n)));
  for (const target of names) out.push({ kind: 'write', arg: within(args[0]!, target), by: 'patch' });
  return out;
}

// ------------------------------------------------------------------ sqlite3

/** Dot-commands that only show or set how output looks, or read the database. */
const quietDotCommands = new Set([
  'tables', 'schema', 'fullschema', 'headers', 'header', 'mode', 'separator', 'nullvalue', 'width', 'indexes', 'indices', 'databases', 'dbinfo', 'show',
    'stats',
  'timer', 'print', 'prompt', 'quit', 'exit', 'help', 'echo', 'eqp', 'explain', 'lint', 'changes', 'bail', 'binary', 'dump', 'import', 'limit', 'timeout',
  'vfsinfo', 'vfslist', 'vfsname', 'version', 'crnl', 'sha3sum', 'recover', 'dbconfig', 'parameter', 'scanstats', 'expert', 'nonce', 'auth', 'selecttrace',
  'wheretrace', 'connection', 'filectrl', 'imposter', 'progress', 'restore',
]);

/** SQL that writes a file, loads code or runs a program (ATTACH and VACUUM INTO make database files anywhere). */
const writingSql = /\b(attach|vacuum\s+into|writefile|edit|load_extension|fts3_tokenizer)\b/i;

/** sqlite3's options that take a value (`sqlite3 -help`, 3.40; one dash or two, anywhere on the line). */
const sqliteValued = new Set(['cmd', 'init', 'separator', 'newline', 'nullvalue', 'vfs', 'maxsize', 'mmap', 'pagecache', 'lookaside', 'heap', 'A', 'nonce',
  'escape']);

interface SqliteLine { operands: Argument[]; cmd: Argument[]; init: boolean; readonly: boolean; unfixed: boolean }

function sqliteLine(words: Argument[]): SqliteLine {
  const out: SqliteLine = { operands: [], cmd: [], init: false, readonly: false, unfixed: false };
  for (let i = 0; i < words.length; i++) {
    const t = words[i]!.text;
    if (t === null) {
      if (out.operands.length === 0) out.unfixed = true;
      out.operands.push(words[i]!);
      continue;
    }
    if (!t.startsWith('-') || t === '-') { out.operands.push(words[i]!); continue; }
    const name = t.replace(/^--?/, '');
    if (name === 'readonly') out.readonly = true;
    if (!sqliteValued.has(name)) continue;
    const value = words[++i];
    if (name === 'cmd' && value) out.cmd.push(value);
    if (name === 'init') out.init = true;
  }
  return out;
}

/** One command of sqlite3's: a dot-command by name, or SQL. */
function sqliteCommand(text: string, at: Argument, span: Invocation['span'], home: string): Action[] {
  const trimmed = text.trim();
  if (!trimmed.startsWith('.')) return writingSql.test(trimmed) ? [unknown(span, 'sqlite3', 'code')] : [];
  const [dot, ...rest] = trimmed.slice(1).split(/\s+/);
  const name = dot!.toLowerCase();
  if (quietDotCommands.has(name)) return [];
  // the first word that is not an option is the file (sqlite 3.40 shell.c `.output`: a later one is "extra argument"),
  // and one that starts with `|` takes every word after it as its command
  const operand = rest.find((w) => !w.startsWith('-'));
  if (/^(output|once|save|backup|log|trace|iotrace|testcase|open|clone)$/.test(name)) {
    if (rest.some((w) => /^-[ex]$/.test(w))) return [unknown(span, `sqlite3 .${name}`)]; // an editor or a spreadsheet program
    if (operand === undefined || /^(stdout|stderr|off)$/.test(operand)) return [];
    if (operand.startsWith('|')) return [{ kind: 'shell-code', code: `${operand.slice(1)} ${rest.slice(rest.indexOf(operand) + 1).join(' ')}`.trim(), span,
      dialect: 'sh' }];
    if (rest.some((w) => /['"\\]/.test(w))) return [unknown(span, `sqlite3 .${name}`)];
    const by = `sqlite3 .${name}`;
    // the name as sqlite3 opens it (no `~` expansion: sqlite3 3.40 run: `.output ~/x` fails on a missing `~` directory), and handed on in case
    return [{ kind: 'write', arg: derivedArgument(at, operand), by }, ...handedWords(by, [at, derivedArgument(at, operand)], home)];
  }
  if (name === 'shell' || name === 'system') {
    const code = rest.join(' ');
    return /['"\\]/.test(code) ? [unknown(span, `sqlite3 .${name}`)] : [{ kind: 'shell-code', code, span, dialect: 'sh' }];
  }
  // .read FILE (commands from a file), .load (a library), .cd, .archive, .excel and the rest
  return [unknown(span, `sqlite3 .${name}`)];
}

function readSqlite({ args, ctx, span }: Invocation): Action[] {
  const line = sqliteLine(args.slice(1));
  const out: Action[] = [];
  const [database, ...sql] = line.operands;
  if (line.unfixed) out.push(unknown(span, 'sqlite3'));
  if (database && database.text !== ':memory:' && !line.readonly) out.push({ kind: 'write', arg: database, by: 'sqlite3' });
  if (line.init) out.push(unknown(span, 'sqlite3 -init', 'command file'));
  for (const c of [...line.cmd, ...sql]) {
    if (c.text === null) out.push(unknown(span, 'sqlite3'));
    else out.push(...sqliteCommand(c.text, c, span, ctx.home));
  }
  if (sql.length === 0) {
    // commands from stdin: a here-document is read, line by line; anything else is not
    if (ctx.stdinText === undefined || ctx.stdinText === null) out.push(unknown(span, 'sqlite3', 'command file'));
    else for (const l of ctx.stdinText.split('\n')) out.push(...sqliteCommand(l, database ?? args[0]!, span, ctx.home));
  }
  return out;
}

export const rows: ProgramRow[] = [
  { names: ['cmake'], read: andHanded(readCmake) },
  { names: ['patch'], options: patchOptions, read: andHanded(readPatch) },
  { names: ['sqlite3'], read: andHanded(readSqlite) },
];
