// Interpreters: the code they are given inline (`python -c`, `node -e`,
// `perl -e`, a module as a `data:` URL), which the inline-code policy judges
// (inline-code.ts); a script the line wrote, read like inline code; the
// program they read from stdin; and the files a few write (`perl -i`,
// `python -m json.tool`). `deno run npm:…` and `bun x` run packages.

import { type Action, runsCode, type Invocation, type ProgramRow } from '../core/actions.js';
import type { Argument } from '../core/arguments.js';
import { has, type OptionTable, options, readOptions } from '../core/options.js';
import { inlineCodeAction } from './inline-code.js';
import { readAs } from './invocation.js';
import { npxRow, runPackage } from './package-runners.js';

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
for (const v of ['python3', 'python2', 'python3.8', 'python3.9', 'python3.10', 'python3.11', 'python3.12', 'python3.13', 'pypy', 'pypy3']) interpreters[v] = interpreters['python']!;
interpreters['nodejs'] = interpreters['node']!;
interpreters['powershell'] = interpreters['pwsh']!;

/** Python modules whose operands it writes. */
const pythonWritingModules: Record<string, (operands: Argument[]) => Argument[]> = {
  'json.tool': (operands) => operands.slice(1, 2),
};

function readInterpreter(invocation: Invocation): Action[] {
  const { name, args, ctx, span } = invocation;
  const row = interpreters[name]!;
  let rest = args.slice(1);
  if (row.subcommands && rest[0]?.text && row.subcommands.includes(rest[0].text)) {
    const sub = rest[0].text;
    rest = rest.slice(1);
    if (name === 'deno' && sub === 'eval') {
      const code = rest.find((a) => !(a.text ?? '').startsWith('-'));
      return [inlineCodeAction(row.language, code?.text ?? null, code?.word.span ?? span, ctx)];
    }
    if (name === 'bun' && sub === 'x') return readAs(npxRow, invocation, [args[0]!, ...rest]); // `bun x` is `bunx`
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
    if (script.text === null) out.push(runsCode(span, { source: 'unfixed', via: `\`${name}\``, what: 'script' }));
    else {
      const written = ctx.contentOf(script.text);
      if (written) {
        // a script the line wrote: its literal text follows the inline-code policy; unknown text is refused
        if (written.literal === null) out.push(runsCode(span, { source: 'written-by-line', via: `\`${name}\``, file: script.text, use: 'run' }));
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

export const rows: ProgramRow[] = [
  { names: ['node', 'python', 'python3', 'perl', 'bun'], shadowable: true, read: readInterpreter },
  {
    names: [
      'nodejs', 'ruby', 'php', 'lua', 'Rscript', 'pwsh', 'powershell', 'osascript', 'tsx', 'ts-node', 'deno',
      'python2', 'python3.8', 'python3.9', 'python3.10', 'python3.11', 'python3.12', 'python3.13', 'pypy', 'pypy3',
    ],
    read: readInterpreter,
  },
];
