// The inline-code policy (`inlineCode`: scan, refuse or allow), and its scan.
// Python, JavaScript, Ruby and Perl are read by a tokenizer of the language (inline/):
// each call of a removal, file-writing or process-running API becomes the
// action the shell's own targets and commands become, judged by the same
// rules; what the reader cannot read is refused. The other languages are
// still scanned by patterns over their text (approved unless the text calls
// such an API). A reading, not a proof: the OS sandbox bounds the rest.

import type { Span, Word } from '../../syntax/ast.js';
import { type Action, effectAction, type ProgramContext } from '../core/actions.js';
import type { Argument } from '../core/arguments.js';
import type { InlineFinding } from '../core/facts.js';
import { readJavascript } from './inline/javascript.js';
import { readPerl } from './inline/perl.js';
import { readPython } from './inline/python.js';
import type { InlineReading, InlineTouch } from './inline/reading.js';
import { readRuby } from './inline/ruby.js';
import { loadedModule, nodeSearch, perlSearch, pythonSearch, rubySearch, searchPath, writtenModule, type WrittenFind } from './loading.js';

/** node's `fs` calls that remove, write, move or link files. */
const nodeFileCalls = [
  'rm',
  'rmSync',
  'rmdir',
  'rmdirSync',
  'unlink',
  'unlinkSync',
  'rename',
  'renameSync',
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
  'createWriteStream',
  'copyFile',
  'copyFileSync',
  'cpSync',
  'symlink',
  'symlinkSync',
  'truncate',
  'truncateSync',
];

const findings: Record<string, [RegExp, string][]> = {
  python: [
    [/\bos\s*\.\s*(remove|unlink|rmdir|removedirs|rename|renames|replace|system|popen|exec\w*|spawn\w*|truncate)\b/, 'os.$1'],
    [/\bshutil\s*\.\s*(rmtree|move)\b/, 'shutil.$1'],
    [/\b(subprocess|pty)\b/, '$1'],
    [/\.\s*(unlink|rmdir|write_text|write_bytes|rename|replace)\s*\(/, 'Path.$1'],
    [/\bopen\s*\([^)]*,\s*(?:mode\s*=\s*)?['"][^'"]*[wax+][^'"]*['"]/, 'open() for writing'],
    [/\b(exec|eval|__import__)\s*\(/, '$1()'],
  ],
  javascript: [
    [new RegExp(String.raw`\b(${nodeFileCalls.join('|')})\s*\(`), 'fs.$1'],
    // `exec(…)` and `fork(…)` as bare calls only: `/re/.exec(s)` is RegExp#exec, `cluster.fork()` starts the same script
    [/\bchild_process\b|(?<![.\w$])(exec|fork)\s*\(|\b(execSync|execFile|execFileSync|spawn|spawnSync)\s*\(/, 'child_process'],
    [/\bDeno\s*\.\s*(remove|writeFile|writeTextFile|rename|run|Command|mkdir|create|open|chmod|symlink)\b/, 'Deno.$1'],
    [/\bBun\s*\.\s*(write|spawn|spawnSync|\$)\b/, 'Bun.$1'],
    [/\beval\s*\(/, 'eval()'],
  ],
  php: [
    [/\b(unlink|rmdir|rename|file_put_contents|fopen|fwrite|copy|symlink|link|chmod|mkdir|touch)\s*\(/, '$1()'],
    [/\b(exec|system|shell_exec|passthru|popen|proc_open|pcntl_exec|eval)\s*\(|`/, 'a command'],
  ],
  lua: [
    [/\bos\s*\.\s*(remove|rename|execute|exit)\b/, 'os.$1'],
    [/\bio\s*\.\s*(open|popen|output)\b/, 'io.$1'],
    [/\b(load|loadstring|dofile)\s*\(/, '$1()'],
  ],
  r: [
    [/\b(file\.remove|unlink|file\.rename|writeLines|write|saveRDS|system|system2|shell|eval)\s*\(/, '$1()'],
  ],
  powershell: [
    [/\b(Remove-Item|Set-Content|Add-Content|Out-File|New-Item|Move-Item|Copy-Item|Rename-Item|Invoke-Expression|iex|Start-Process|Invoke-Item)\b/i, '$1'],
    [/\bri\b|\brm\b|\bdel\b|\bmv\b|>/, 'a removal or a redirection'],
  ],
  applescript: [
    [/\bdo\s+shell\s+script\b/i, 'do shell script'],
    [/\b(delete|move|duplicate)\b/i, '$1'],
  ],
};

/** Why the scan refuses this code (the API it calls), or null when it calls none. */
export function scanInlineCode(language: string, code: string): InlineFinding | null {
  const rules = findings[language];
  if (!rules) return { source: 'unscanned' };
  for (const [pattern, what] of rules) {
    const m = pattern.exec(code);
    if (m) return { source: 'calls', api: what.replace(/\$(\d)/g, (_, n: string) => m[Number(n)] ?? '') };
  }
  return null;
}

/** The readers by language: what the code touches, or what they could not read. */
const readers: Record<string, (code: string, anchors: { home: string; tempDir: string }) => InlineReading> = {
  python: readPython,
  javascript: readJavascript,
  ruby: readRuby,
  perl: readPerl,
};

/** The finding of a reading: its problem, or null when everything it touches was read. */
function readingFinding(reading: InlineReading): InlineFinding | null {
  if (reading.problem === null) return null;
  return { source: 'unread-call', ...reading.problem };
}

function policyFinding(language: string, code: string | null, ctx: ProgramContext): InlineFinding | null | 'read' {
  if (ctx.inlineCode === 'allow') return null;
  if (ctx.inlineCode === 'refuse') return { source: 'policy' };
  if (code === null) return { source: 'unread' };
  return readers[language] ? 'read' : scanInlineCode(language, code);
}

/**
 * Inline code under the line's policy, as one action: `allow` approves it, `refuse` refuses it, `scan` refuses it when the
 * reading finds a call it cannot read, or one that touches anything (where only one action can be given, as gdb's python).
 */
export function inlineCodeAction(language: string, code: string | null, span: Span, ctx: ProgramContext): Action {
  let finding = policyFinding(language, code, ctx);
  if (finding === 'read') {
    const reading = readers[language]!(code!, { home: ctx.home, tempDir: ctx.tempDir });
    const touched = reading.touches.find((t) => t.kind !== 'module' || writtenImport(language, t, ctx) !== null);
    finding = readingFinding(reading) ?? (touched ? { source: 'calls', api: touched.api } : null);
  }
  return effectAction({ kind: 'inline-code', span, language, code, finding });
}

/**
 * Inline code under the line's policy, with what it touches: under `scan`, Python, JavaScript, Ruby and Perl code whose calls were all
 * read is approved as code, and each path and command it names is judged as the shell's own (a write, a removal, a command).
 */
export function inlineCodeActions(language: string, code: string | null, span: Span, ctx: ProgramContext, depth = 0): Action[] {
  const finding = policyFinding(language, code, ctx);
  if (finding !== 'read') return [effectAction({ kind: 'inline-code', span, language, code, finding })];
  const reading = readers[language]!(code!, { home: ctx.home, tempDir: ctx.tempDir });
  const problem = readingFinding(reading);
  const out: Action[] = [effectAction({ kind: 'inline-code', span, language, code, finding: problem })];
  if (problem) return out;
  for (const touch of reading.touches) {
    if (touch.kind !== 'module') out.push(touchAction(touch, language, span));
    else out.push(...importActions(language, touch, span, ctx, depth));
  }
  return out;
}

/** The file the line wrote that inline code's import of `name` loads (programs/loading.ts), or null. */
function writtenImport(language: string, { name, dirs }: { name: string; dirs?: string[] }, ctx: ProgramContext): WrittenFind | null {
  const search = language === 'python' ? pythonSearch(ctx, name, { safePath: false, noEnv: false })
    : language === 'ruby' ? rubySearch(ctx, name, []) : language === 'perl' ? perlFileSearch(ctx, name, dirs ?? []) : nodeSearch(ctx, name);
  if (search === null) return ctx.written().files.length > 0 || ctx.written().unknown ? { file: name, literal: null } : null;
  return writtenModule(ctx, search);
}

/** perl's `use Foo::Bar` (Foo/Bar.pm), `require "x.pl"` and `do "x.pl"` (the file as named) on @INC: `use lib` first, `-I`, PERL5LIB. */
function perlFileSearch(ctx: ProgramContext, name: string, dirs: readonly string[]) {
  if (!/\.p[lm]$|\//.test(name)) return perlSearch(ctx, name, dirs);
  const path = searchPath(ctx, 'PERL5LIB');
  return path === null ? null : { dirs: [...dirs, ...path, '.'], files: [name], packages: [] };
}

/** `import NAME` of a module the line wrote: its literal text read as the language's code, one level deeper. */
function importActions(language: string, touch: { name: string; dirs?: string[] }, span: Span, ctx: ProgramContext, depth: number): Action[] {
  const name = touch.name;
  const found = writtenImport(language, touch, ctx);
  // a python module's file is its code; a node module's is when it is a script (not JSON, not a native addon)
  const extension = { python: /\.py$/, ruby: /\.rb$/, perl: /\.p[lm]$/ }[language] ?? /\.[cm]?js$/;
  const readable = found !== null && extension.test(found.file);
  const judge = readable ? (literal: string) => inlineCodeActions(language, literal, span, ctx, depth + 1) : null;
  const via = language === 'python' ? `\`import ${name}\`` : language === 'ruby' ? `\`require '${name}'\``
    : language === 'perl' ? `\`use ${name}\`` : `\`require('${name}')\``;
  return loadedModule(found, via, span, depth, judge) ?? [];
}

/** A path or word the code names, as a fixed argument at the code's own span. */
function literalArgument(text: string, span: Span): Argument {
  const word: Word = { type: 'Word', span, parts: [{ type: 'SingleQuoted', span, value: text }], unquoted: false };
  return { word, value: { kind: 'fixed', fields: [{ text, chunks: [{ text, quoted: true }], glob: false }] }, text };
}

function touchAction(touch: Exclude<InlineTouch, { kind: 'module' }>, language: string, span: Span): Action {
  switch (touch.kind) {
    case 'write': {
      const { path, api, kind: _kind, ...rest } = touch;
      return { kind: 'write', arg: literalArgument(path, span), by: api, ...rest };
    }
    case 'remove': return { kind: 'remove', arg: literalArgument(touch.path, span), recursive: touch.recursive, by: touch.api };
    case 'place': return { kind: 'place', arg: literalArgument(touch.path, span) };
    case 'argv': return { kind: 'run', argv: touch.argv.map((a) => literalArgument(a, span)), subshell: true };
    case 'shell': return { kind: 'shell-code', code: touch.command, span, dialect: 'sh', subshell: true };
    case 'script': {
      const interpreter = ({ python: 'python3', ruby: 'ruby', perl: 'perl' } as Record<string, string>)[language] ?? 'node';
      return { kind: 'run', argv: [interpreter, touch.path].map((a) => literalArgument(a, span)), subshell: true };
    }
  }
}
