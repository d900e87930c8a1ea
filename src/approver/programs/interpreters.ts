// Interpreters: the code they are given inline (`python -c`, `node -e`,
// `perl -e`, a module as a `data:` URL), which the inline-code policy judges
// (inline-code.ts); a script the line wrote, read like inline code; the
// program they read from stdin; and the files a few write (`perl -i`,
// `python -m json.tool`). `deno run npm:…` and `bun x` run packages.

import { type Action, runsCode, type Invocation, type ProgramRow } from '../core/actions.js';
import { derivedArgument, type Argument, unfixedArgument } from '../core/arguments.js';
import { flagLines, getopt, has, optionLines, type OptionTable, type ParsedOptions, readOptions, valuesOf } from '../core/options.js';
import { inlineCodeActions } from './inline-code.js';
import { nodeOptions, perlOptions, pythonOptions, rubyOptions } from './interpreter-options.js';
import {
  loadedModule, nodeSearch, perlSearch, pythonSearch, pythonStartupLoads, rubySearch, searchPath, writtenModule, writtenSource,
} from './loading.js';
import { readAs } from './invocation.js';
import { bunScriptRequest, packageScripts } from './package-scripts.js';
import { npxRow, runPackage } from './package-runners.js';

interface Interpreter {
  /** The names it runs under; `shadowable`, those a function or alias may not take. */
  names: string[];
  shadowable: string[];
  language: string;
  options: OptionTable;
  /** Options whose value is code, or names a module (a `data:` URL module is code). */
  code: string[];
  module: string[];
  /** Options after which the interpreter only checks or prints (no run). */
  noRun: string[];
  /** The first operand is a subcommand (`deno run`, `bun run`). */
  subcommands?: string[];
  /** The table is the manual's whole: an option it does not hold is refused (its value could be taken for the script). */
  complete?: true;
  /** Options after which every word is the program's (python's `-c`, `-m`). */
  terminal?: string[];
  /** Options whose value is the directory the interpreter moves to before it opens its script (ruby's `-C DIR`, `-xDIR`). */
  chdir?: string[];
}

const node: Interpreter = {
  names: ['node', 'nodejs'],
  shadowable: ['node'],
  language: 'javascript',
  options: nodeOptions,
  code: ['eval', 'print'],
  module: ['require', 'import', 'loader'],
  noRun: ['check', 'version', 'help', 'v8-options', 'completion-bash'],
  complete: true,
};

const python: Interpreter = {
  names: ['python', 'python3', 'python2', 'python3.8', 'python3.9', 'python3.10', 'python3.11', 'python3.12', 'python3.13', 'pypy', 'pypy3'],
  shadowable: ['python', 'python3'],
  language: 'python',
  options: pythonOptions,
  code: ['c'],
  module: ['m'],
  noRun: ['version', 'help', 'help-env', 'help-xoptions', 'help-all'],
  complete: true,
  terminal: ['c', 'm'],
};

const ruby: Interpreter = {
  names: ['ruby'],
  shadowable: [],
  language: 'ruby',
  options: rubyOptions,
  code: ['e'],
  module: ['require'],
  noRun: ['c', 'version', 'help', 'copyright'],
  complete: true,
  // ruby(1): "-C directory: Causes Ruby to switch to the directory", "-x[directory] … Changes directory if specified"
  chdir: ['C', 'x'],
};

const perl: Interpreter = {
  names: ['perl'],
  shadowable: ['perl'],
  language: 'perl',
  options: perlOptions,
  code: ['e', 'E'],
  module: ['m', 'M'],
  // `-c` checks syntax, but runs BEGIN and CHECK blocks (perlrun): not a no-run
  noRun: ['version', 'V', 'help'],
  complete: true,
};

const php: Interpreter = {
  names: ['php'],
  shadowable: [],
  language: 'php',
  options: optionLines([
    ...flagLines('aCeHilmnsw'),
    '-h --help',
    '-v --version',
    '-c PATH',
    '-d KEY',
    '-f FILE',
    '-r CODE',
    '-B CODE',
    '-R CODE',
    '-E CODE',
    '-F FILE',
    '-S ADDRESS',
    '-t DOCROOT',
    '-z FILE',
  ], true),
  code: ['r', 'B', 'R', 'E'],
  module: [],
  noRun: ['l', 'version', 'help', 'm', 'i'],
};

const lua: Interpreter = { names: ['lua'], shadowable: [], language: 'lua', options: getopt('e:il:vE', true), code: ['e'], module: ['l'], noRun: ['v'] };

const rscript: Interpreter = {
  names: ['Rscript'],
  shadowable: [],
  language: 'r',
  options: optionLines([
    '-e EXPRESSION',
    '   --verbose',
    '   --vanilla',
    '   --version',
    '   --no-environ',
    '   --no-site-file',
    '   --no-init-file',
    '   --restore',
    '   --save',
  ], true),
  code: ['e'],
  module: [],
  noRun: ['version'],
};

const pwsh: Interpreter = {
  names: ['pwsh', 'powershell'],
  shadowable: [],
  language: 'powershell',
  options: optionLines([
    '   --command=COMMAND --c=COMMAND --encodedcommand=COMMAND',
    '   --file=FILE',
    '   --noprofile',
    '   --nologo',
    '   --noninteractive',
    '   --executionpolicy=POLICY',
  ], true),
  // pwsh spells options with one dash: `-c CODE` reads as the letter `c`, which the table does not know, whose value is not seen
  code: ['command', 'c'],
  module: [],
  noRun: [],
};

const osascript: Interpreter = {
  names: ['osascript'],
  shadowable: [],
  language: 'applescript',
  options: getopt('e:l:i:s:', true),
  code: ['e'],
  module: [],
  noRun: [],
};

const tsx: Interpreter = {
  names: ['tsx'],
  shadowable: [],
  language: 'javascript',
  options: optionLines([
    '-e --eval=SCRIPT',
    '-p --print=SCRIPT',
    '-r --require=MODULE',
    '   --import=MODULE',
    '   --tsconfig=FILE',
    '   --watch',
  ], true),
  code: ['eval', 'print'],
  module: ['require', 'import'],
  noRun: [],
};

const tsNode: Interpreter = {
  names: ['ts-node'],
  shadowable: [],
  language: 'javascript',
  options: optionLines([
    '-e --eval=SCRIPT',
    '-p --print=SCRIPT',
    '-r --require=MODULE',
    '-P',
    '-T --transpile-only',
    '-H',
    '-h',
    '   --project=FILE',
    '   --esm',
    '   --files',
  ], true),
  code: ['eval', 'print'],
  module: ['require'],
  noRun: ['h'],
};

const deno: Interpreter = {
  names: ['deno'],
  shadowable: [],
  language: 'javascript',
  options: optionLines([
    '-A --allow-all',
    '   --allow-read[=PATHS]',
    '   --allow-write[=PATHS]',
    '   --allow-net[=HOSTS]',
    '   --allow-env[=NAMES]',
    '   --allow-run[=PROGRAMS]',
    '   --config=FILE',
    '   --reload',
    '   --quiet',
    '   --unstable',
    '   --import-map=FILE',
  ], true),
  code: [],
  module: [],
  noRun: [],
  subcommands: ['run', 'eval', 'test', 'task', 'fmt', 'lint', 'check', 'compile', 'install', 'repl', 'serve', 'bench', 'info', 'doc'],
};

const bun: Interpreter = {
  names: ['bun'],
  shadowable: ['bun'],
  language: 'javascript',
  options: optionLines([
    '-e --eval=SCRIPT',
    '-p --print=SCRIPT',
    '-r --preload=MODULE',
    '   --watch',
    '   --hot',
    '   --cwd=DIR',
  ], true),
  code: ['eval', 'print'],
  module: ['preload'],
  noRun: [],
  subcommands: ['run', 'test', 'install', 'add', 'remove', 'build', 'x', 'create', 'init', 'pm', 'link', 'upgrade', 'outdated'],
};

const interpreters = new Map<string, Interpreter>();
for (const interpreter of [node, python, ruby, perl, php, lua, rscript, pwsh, osascript, tsx, tsNode, deno, bun]) {
  for (const name of interpreter.names) interpreters.set(name, interpreter);
}

/** Python modules that run a program, code or debugger commands their operands give (issue 12 class 6). */
const pythonCodeModules = ['cProfile', 'profile', 'trace', 'pdb', 'code', 'runpy'];

/**
 * The archive modules' command lines (Python 3.11 Lib/zipfile.py and Lib/tarfile.py `main`): `-e ARCHIVE [DIR]`
 * extracts an archive treeward does not read into DIR (tarfile: `.` when none, and anywhere its members' names say),
 * `-c ARCHIVE FILES…` writes ARCHIVE.
 */
function pythonArchiveModule(defaultDir: string | null, keepsNames = false): (operands: Argument[], by: string) => Action[] {
  return (operands, by) => {
    const at = operands.findIndex((a) => a.text === null || /^(-e|--extract|-c|--create)$/.test(a.text));
    const flag = operands[at];
    if (!flag) return [];
    const archive = operands[at + 1];
    if (flag.text === null || !archive) return [{ kind: 'write', arg: unfixedArgument(flag, { source: 'option-value' }), by }];
    if (/^(-c|--create)$/.test(flag.text)) return [{ kind: 'write', arg: archive, by }];
    const dir = operands[at + 2] ?? (defaultDir === null ? undefined : derivedArgument(archive, defaultDir));
    // tarfile extracts without a filter: a member's absolute or `../` name lands where it says (Python 3.11.7 run: a
    // `../newdir/x` member is made outside DIR); zipfile drops both (run: `../../z` lands in DIR)
    if (dir && keepsNames) return [{ kind: 'write', arg: unfixedArgument(dir, { source: 'program-reads', what: 'tarfile member path' }), by }];
    return dir ? [{ kind: 'write', arg: dir, extraction: true, recursive: true, by }] : [];
  };
}

/** Python modules whose operands it writes. */
const pythonWritingModules: Record<string, (operands: Argument[], by: string) => Action[]> = {
  'json.tool': (operands, by) => operands.slice(1, 2).map((arg): Action => ({ kind: 'write', arg, by })),
  zipfile: pythonArchiveModule(null),
  tarfile: pythonArchiveModule('.', true),
  // Lib/gzip.py `main`: each FILE to FILE.gz, or with -d/--decompress FILE.gz to FILE
  gzip: (operands, by) => {
    const decompress = operands.some((a) => a.text === '-d' || a.text === '--decompress');
    return operands.filter((a) => a.text === null || !a.text.startsWith('-')).flatMap((arg): Action[] => {
      if (arg.text === null) return [{ kind: 'write', arg, by }];
      if (!decompress) return [{ kind: 'write', arg: derivedArgument(arg, `${arg.text}.gz`), by }];
      return arg.text.endsWith('.gz') ? [{ kind: 'write', arg: derivedArgument(arg, arg.text.slice(0, -3)), by }] : [];
    });
  },
};

/**
 * PowerShell's options, as it reads them: one dash, any case, any
 * unambiguous prefix (`-NoProfile`, `-nop`, `-Com`, `-ec`). The code of
 * `-Command`/`-EncodedCommand`/`-CommandWithArgs` is inline code (encoded
 * text unread); an option treeward does not know may be any of them, so its
 * value is unread code too. Null: the first operand is a script, read as
 * any interpreter's (issue 12 class 6).
 */
function pwshCode(args: readonly Argument[], ctx: Invocation['ctx'], span: Invocation['span']): Action[] | null {
  const flags = ['noprofile', 'nop', 'nologo', 'noninteractive', 'noni', 'noexit', 'mta', 'sta', 'login', 'l', 'interactive', 'i', 'version', 'v', 'help', 'h'];
  const valued = ['executionpolicy', 'ep', 'ex', 'workingdirectory', 'wd', 'inputformat', 'outputformat', 'of', 'windowstyle', 'w',
    'configurationname', 'settingsfile', 'custompipename'];
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === null) return inlineCodeActions('powershell', null, args[i]!.word.span, ctx);
    if (!/^--?[A-Za-z]/.test(t)) return null;
    const o = t.replace(/^--?/, '').toLowerCase().replace(/:.*$/, '');
    if (flags.includes(o)) continue;
    if (valued.includes(o) || (o.length >= 2 && 'executionpolicy'.startsWith(o))) { i++; continue; }
    if (o === 'f' || (o.length >= 2 && 'file'.startsWith(o))) return null;
    const code = args[i + 1];
    const encoded = o === 'e' || o === 'ec' || (o.length >= 2 && 'encodedcommand'.startsWith(o));
    return inlineCodeActions('powershell', encoded || !code ? null : code.text, code?.word.span ?? span, ctx);
  }
  return null;
}

/** `bun run X` and `bun X` run the package.json script X where there is one (issue 17): judged besides bun's reading as a file or binary. */
function readInterpreter(invocation: Invocation): Action[] {
  const { name, args, ctx, span } = invocation;
  const first = args[1]?.text;
  if (name === 'bun' && first !== undefined && first !== null && (first === 'run' || !bun.subcommands!.includes(first))) {
    const request = bunScriptRequest(args, span);
    if (request) return [...packageScripts(request, ctx), ...readInterpreterLine(invocation)];
  }
  return readInterpreterLine(invocation);
}

function readInterpreterLine(invocation: Invocation): Action[] {
  const { name, args, ctx, span } = invocation;
  const row = interpreters.get(name)!;
  if (row === pwsh) {
    const code = pwshCode(args, ctx, span);
    if (code) return code;
  }
  let rest = args.slice(1);
  if (row.subcommands && rest[0]?.text && row.subcommands.includes(rest[0].text)) {
    const sub = rest[0].text;
    rest = rest.slice(1);
    if (name === 'deno' && sub === 'eval') {
      const code = rest.find((a) => !(a.text ?? '').startsWith('-'));
      return inlineCodeActions(row.language, code?.text ?? null, code?.word.span ?? span, ctx);
    }
    if (name === 'bun' && sub === 'x') return readAs(npxRow, invocation, [args[0]!, ...rest]); // `bun x` is `bunx`
    if (sub !== 'run' && !(name === 'deno' && sub === 'test')) return [];
  }
  const line = readOptions(row === perl ? rest.map(perlDigits) : row === node ? nodeUnderscores(rest) : rest, row.options);
  const unknown = row.complete ? unknownOption(line, row) : null;
  if (unknown !== null) return [runsCode(span, { source: 'unknown-option', via: `\`${name}\``, option: unknown })];
  const out: Action[] = [];
  if (row.noRun && has(line, ...row.noRun) && !has(line, ...row.code)) return out;
  // perlrun: `-MMod` is `use Mod;` before the program (`-mMod`, `use Mod ();`): the reader knows what it then may call
  const prelude = row === perl ? perlPrelude(line) : '';
  for (const o of line.options) {
    if (row.code.includes(o.name)) out.push(...inlineCodeActions(row.language, o.value === null ? null : prelude + o.value, o.arg.word.span, ctx));
    if (row.module.includes(o.name) && o.value !== null && /^data:/i.test(o.value)) {
      out.push(...inlineCodeActions(row.language, decodeURIComponent(o.value.replace(/^data:[^,]*,/, '')), o.arg.word.span, ctx));
    }
  }
  // perl -M/-m puts its value into `use …;`: anything but a module name and plain import words is code
  if (name === 'perl') {
    for (const o of line.options) {
      if ((o.name === 'M' || o.name === 'm') && (o.value === null || !/^-?[A-Za-z_][\w:]*(?:=[\w:,]*)?$/.test(o.value))) {
        out.push(...inlineCodeActions(row.language, o.value === null ? null : `use ${o.value};`, o.arg.word.span, ctx));
      }
    }
  }
  out.push(...loadedByName(row, line, invocation));
  if (row === python) out.push(...pythonStartupLoads(ctx, `\`${name}\``, has(line, 'S'), span), ...pycacheWrites(line, name));
  // perl -i and ruby -i (ruby(1): "-i extension … in-place-edit mode") edit their file operands in place
  if ((name === 'perl' || name === 'ruby') && line.options.some((o) => o.name === 'i')) {
    const files = has(line, 'e', 'E') ? line.operands : line.operands.slice(1);
    const option = valuesOf(line, 'i').pop();
    // a bare `-i` has no extension; one the line does not fix (`-i"$x"`) may be any
    const suffix = option === undefined || (option.value === null && option.arg.text !== null) ? '' : option.value;
    for (const f of files) out.push({ kind: 'write', arg: f, by: `${name} -i` });
    // perlrun -i[extension]: the original is kept as FILE.ext, or with each `*` of the extension replaced by the file's name
    // (confirmed with perl 5.36: `-i'old/*'` on d/f keeps old/d/f); ruby(1) -i[extension] keeps FILE.ext
    if (suffix !== '') {
      for (const f of files) {
        const backup = suffix === null || f.text === null ? null : suffix.includes('*') && name === 'perl' ? suffix.replaceAll('*', f.text) : f.text + suffix;
        out.push({ kind: 'write', arg: backup === null ? unfixedArgument(f, { source: 'option-value' }) : derivedArgument(f, backup), by: `${name} -i` });
      }
    }
  }
  const hasCode = has(line, ...row.code);
  const module = line.options.find((o) => row.module.includes(o.name) && name.startsWith('python'));
  if (module && module.value !== null) return [...out, ...pythonModule(module.value, line, invocation, row)];
  if (hasCode) return out;
  return [...out, ...scriptOrStdin(line, invocation, row)];
}

/** The `use` statements perl's `-M`/`-m` options put before the program, for the modules named plainly. */
function perlPrelude(line: ParsedOptions): string {
  return line.options.filter((o) => (o.name === 'M' || o.name === 'm') && o.value !== null && /^-?[A-Za-z_][\w:]*(?:=[\w:,]*)?$/.test(o.value))
    .map((o) => `${o.value!.startsWith('-') ? 'no' : 'use'} ${o.value!.replace(/^-/, '').replace(/=.*$/, '')};\n`).join('');
}

/**
 * perl's `-l` and `-0` take digits only (perlrun: `-l[octnum]`, `-0[octal/hexadecimal]`): `-lane`
 * is `-l -a -n -e`, `-0777` and `-0x1F` one option each. The digits are dropped from the cluster so
 * the table reads both as flags; a letter whose value is the rest of the word (`-e`, `-I`, `-M` …)
 * ends the cluster.
 */
function perlDigits(arg: Argument): Argument {
  const t = arg.text;
  if (t === null || !/^-[^-]/.test(t)) return arg;
  let out = '-';
  for (let i = 1; i < t.length; i++) {
    const c = t[i]!;
    out += c;
    if ('eEImMixdDCFV'.includes(c)) return derivedArgument(arg, out + t.slice(i + 1));
    if (c === 'l' || c === '0') {
      const digits = c === '0' ? /^(?:x[0-9A-Fa-f]+|[0-7]+)/.exec(t.slice(i + 1)) : /^[0-7]+/.exec(t.slice(i + 1));
      if (digits) i += digits[0].length;
    }
  }
  return out === t ? arg : derivedArgument(arg, out);
}

/** node reads `_` in an option's name as `-` (`--max_old_space_size=4096`, V8's spelling), up to the script. */
function nodeUnderscores(args: readonly Argument[]): Argument[] {
  const out: Argument[] = [];
  let ended = false;
  for (const arg of args) {
    const m = ended || arg.text === null ? null : /^(--[\w-]+)(=[\s\S]*)?$/.exec(arg.text);
    if (!ended && (arg.text === '--' || (arg.text !== null && !arg.text.startsWith('-')))) ended = true;
    out.push(m && m[1]!.includes('_') ? derivedArgument(arg, m[1]!.replace(/_/g, '-') + (m[2] ?? '')) : arg);
  }
  return out;
}

/** The first option before the program's own words that the row's table does not hold (node's `--no-` form of a flag it holds is one). */
function unknownOption(line: ParsedOptions, row: Interpreter): string | null {
  const invalid = new Set(line.invalid);
  for (const o of line.options) {
    if (row.terminal?.includes(o.name)) return null;
    const long = o.arg.text !== null && o.arg.text.startsWith('--') ? o.arg.text : null;
    if (!invalid.has(o.spelled) && !(long !== null && invalid.has(long))) continue;
    const negated = /^--no-(.+)$/.exec(o.spelled);
    const flag = (spec: { long?: string; arity?: string }) => spec.long === negated?.[1] && (spec.arity ?? 'none') === 'none';
    if (row === node && negated && o.value === null && row.options.options.some(flag)) continue;
    return long ?? o.spelled;
  }
  // a value an option needed and did not get: the interpreter stops there
  return line.invalid.find((text) => !line.options.some((o) => o.spelled === text || o.arg.text === text)) ?? null;
}

/**
 * Modules the line wrote that the options load by name (issue 13 item 3): node's `-r`, `--import`,
 * `--loader`; ruby's `-r` in its `-I` directories and RUBYLIB; perl's `-M`/`-m` in its `-I`
 * directories and PERL5LIB. A literal node script is read as inline code; the rest is refused.
 */
function loadedByName(row: Interpreter, line: ParsedOptions, { name, ctx, span }: Invocation): Action[] {
  const out: Action[] = [];
  const includes = valuesOf(line, 'I').map((o) => o.value ?? '');
  for (const o of line.options) {
    if (!row.module.includes(o.name) || row === python) continue;
    const via = `\`${name} ${o.spelled}\``;
    if (o.value === null) {
      if (ctx.written().files.length > 0 || ctx.written().unknown) out.push(runsCode(span, { source: 'unfixed', via, what: 'file' }));
      continue;
    }
    const search = row === perl ? perlSearch(ctx, o.value, includes) : row === ruby ? rubySearch(ctx, o.value, includes)
      : row.language === 'javascript' ? nodeSearch(ctx, o.value) : null;
    const anyWritten = ctx.written().files.length > 0 || ctx.written().unknown;
    const found = search === null ? (anyWritten && !/^(?:node:|data:)/.test(o.value) ? { file: o.value, literal: null } : null) : writtenModule(ctx, search);
    const readable = row.language === 'javascript' && found !== null && /\.[cm]?js$/.test(found.file);
    const judge = readable ? (literal: string) => inlineCodeActions('javascript', literal, span, ctx, 1) : null;
    out.push(...(loadedModule(found, via, span, 0, judge) ?? []));
  }
  // perl's and ruby's code is not read for its `use`/`require`: a library the line wrote on their -I path or PERL5LIB/RUBYLIB is refused
  const libraryPath = row === perl ? searchPath(ctx, 'PERL5LIB') : row === ruby ? searchPath(ctx, 'RUBYLIB') : [];
  if ((row === perl || row === ruby) && out.length === 0) {
    const near = writtenSource(ctx, [...includes, ...(libraryPath ?? ['/'])], row === perl ? ['.pm', '.pl'] : ['.rb']);
    if (near) out.push(runsCode(span, { source: 'written-by-line', via: `\`${name}\``, file: near.file, use: 'importable' }));
  }
  return out;
}

/** `python3 -X pycache_prefix=DIR` writes the bytecode cache below DIR. */
function pycacheWrites(line: ParsedOptions, name: string): Action[] {
  return valuesOf(line, 'X').flatMap((o) => {
    const m = o.value === null ? null : /^pycache_prefix=(.*)$/.exec(o.value);
    return m ? [{ kind: 'write' as const, arg: derivedArgument(o.arg, m[1]!), recursive: true, by: `${name} -X pycache_prefix` }] : [];
  });
}

/** `python -m NAME`: a module the line wrote is run; the code modules run their operands; json.tool writes its second. */
function pythonModule(value: string, line: ParsedOptions, invocation: Invocation, row: Interpreter): Action[] {
  const { name, ctx, span } = invocation;
  const out: Action[] = [];
  const search = pythonSearch(ctx, value, { safePath: has(line, 'P', 'I'), noEnv: has(line, 'E', 'I') });
  const anyWritten = ctx.written().files.length > 0 || ctx.written().unknown;
  const found = search === null ? (anyWritten ? { file: value, literal: null } : null) : writtenModule(ctx, search);
  const judge = found?.file.endsWith('.py') && !value.includes('.') ? (literal: string) => inlineCodeActions('python', literal, span, ctx, 1) : null;
  const loaded = loadedModule(found, `\`${name} -m ${value}\``, span, 0, judge);
  if (loaded) return loaded;
  // a module treeward does not read, run where the line wrote python files it may import (`python3 -m pytest` after writing a test)
  const near = search === null ? null : writtenSource(ctx, search.dirs, ['.py']);
  if (near) return [runsCode(span, { source: 'written-by-line', via: `\`${name} -m ${value}\``, file: near.file, use: 'importable' })];
  // `python -m timeit STMT…` runs its operands as code; the profilers and the debugger run a program or commands they are given
  if (value === 'timeit') {
    const statements = line.operands.filter((a) => !(a.text ?? '').startsWith('-'));
    if (statements.length > 0) {
      const code = statements.some((a) => a.text === null) ? null : statements.map((a) => a.text!).join('\n');
      out.push(...inlineCodeActions(row.language, code, statements[0]!.word.span, ctx));
    }
    return out;
  }
  if (pythonCodeModules.includes(value)) return [runsCode(span, { source: 'shell-state', change: 'code-module', name: `python -m ${value}` })];
  const writes = pythonWritingModules[value];
  if (writes) out.push(...writes(value === 'json.tool' ? line.operands : moduleArguments(line, invocation), `python -m ${value}`));
  return out;
}

/** The words after `-m MODULE`, which python hands to the module as they stand (its own options end there). */
function moduleArguments(line: ParsedOptions, { args }: Invocation): Argument[] {
  const option = line.options.find((o) => o.name === 'm');
  const at = option ? args.indexOf(option.arg) : -1;
  if (at < 0) return line.operands;
  return args.slice(at + (option!.arg.text === '-m' ? 2 : 1));
}

/**
 * A script on disk, which treeward does not read, may import what the line wrote beside it: python's
 * search path starts with the script's directory (then PYTHONPATH); node resolves `./x` from it and
 * bare names from the node_modules above it. The line's own python or JavaScript files there are refused.
 */
function unreadScriptImports(script: string, row: Interpreter, name: string, ctx: Invocation['ctx'], span: Invocation['span']): Action[] {
  const dir = script.includes('/') ? script.slice(0, script.lastIndexOf('/')) || '/' : '.';
  let near = null;
  if (row === python) {
    const path = searchPath(ctx, 'PYTHONPATH');
    near = writtenSource(ctx, [dir, ...(path ?? ['/'])], ['.py']);
  } else if (row.language === 'javascript') {
    near = writtenSource(ctx, [dir, 'node_modules', ...(searchPath(ctx, 'NODE_PATH') ?? ['/'])], ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts']);
  }
  return near ? [runsCode(span, { source: 'written-by-line', via: `\`${name} ${script}\``, file: near.file, use: 'importable' })] : [];
}

/** The script the interpreter runs (one the line wrote is read as inline code), or its program on stdin. */
function scriptOrStdin(line: ParsedOptions, { name, ctx, span }: Invocation, row: Interpreter): Action[] {
  const out: Action[] = [];
  const script = line.operands[0];
  // `deno run npm:pkg`, `deno run jsr:@scope/pkg`: a package runner
  if (name === 'deno' && script?.text && /^(npm|jsr):/.test(script.text)) return runPackage(script, line.operands.slice(1), ctx, span);
  if (script && script.text !== '-') {
    // the script is opened from the directory a `-C DIR` moves to
    // (a value null in a fixed word is no value: ruby's bare `-x` stays where it is)
    const moved = valuesOf(line, ...(row.chdir ?? [])).filter((o) => o.value !== '' && (o.value !== null || o.arg.text === null)).pop();
    const path = script.text === null || moved === undefined || script.text.startsWith('/') ? script.text
      : moved.value === null ? null : `${moved.value}/${script.text}`;
    if (path === null) out.push(runsCode(span, { source: 'unfixed', via: `\`${name}\``, what: 'script' }));
    else {
      const written = ctx.contentOf(path);
      if (written) {
        // a script the line wrote: its literal text follows the inline-code policy; unknown text is refused
        if (written.literal === null) out.push(runsCode(span, { source: 'written-by-line', via: `\`${name}\``, file: path, use: 'run' }));
        else out.push(...inlineCodeActions(row.language, written.literal, span, ctx));
      } else out.push(...unreadScriptImports(path, row, name, ctx, span));
    }
    return out;
  }
  // no script: the program comes from stdin
  if (ctx.stdinText !== undefined) out.push(...inlineCodeActions(row.language, ctx.stdinText, span, ctx));
  else if (ctx.fedByPipe) out.push(...inlineCodeActions(row.language, null, span, ctx));
  return out;
}

export const rows: ProgramRow[] = [node, python, ruby, perl, php, lua, rscript, pwsh, osascript, tsx, tsNode, deno, bun].flatMap((interpreter) => {
  const shadowable = interpreter.names.filter((name) => interpreter.shadowable.includes(name));
  const others = interpreter.names.filter((name) => !interpreter.shadowable.includes(name));
  return [
    ...(shadowable.length > 0 ? [{ names: shadowable, shadowable: true as const, read: readInterpreter }] : []),
    ...(others.length > 0 ? [{ names: others, read: readInterpreter }] : []),
  ];
});
