// Reading an awk program for what makes it more than a text filter: a call
// of `system(`, a pipe to or from a command (`print | "cmd"`, `"cmd" |
// getline`, gawk's `|&`), output redirected into a file (`print > FILE`,
// `printf … >> FILE`), and gawk's `@load` of an extension. The program is
// tokenized (strings, regular expression literals and comments are skipped),
// so a `>` is a redirection only where awk reads one: at the top level of a
// `print` or `printf` statement, outside parentheses. Elsewhere (`$3 > 100`,
// `if (n > 1)`, `print (a > b)`) it is a comparison.

import type { Span } from '../../syntax/ast.js';
import type { AwkFinding } from '../core/facts.js';
import { derivedArgument, valueArgument } from '../core/arguments.js';
import { type Action, runsCode, effectAction, type Invocation, type ProgramRow } from '../core/actions.js';
import { has, optionLines, valuesOf } from '../core/options.js';

/** Files a `print > FILE` may name without writing a file: the standard streams and the null device. */
const streams = /^"\/dev\/(stdout|stderr|null|fd\/[012])"$/;

interface Token {
  kind: 'word' | 'string' | 'regex' | 'number' | 'op' | 'newline';
  text: string;
}

/** The text a word or number token is read from: a longer one reads as several (no name the scan looks for is that long). */
const tokenWindow = 64;

function tokenize(program: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  /** Whether a `/` here starts a regular expression (not a division): after an operator or at the start. */
  const regexAllowed = () => {
    const last = tokens[tokens.length - 1];
    if (!last) return true;
    if (last.kind === 'string' || last.kind === 'regex' || last.kind === 'number') return false;
    if (last.kind === 'word') return ['print', 'printf', 'return', 'in', 'getline', 'case'].includes(last.text) ? true : false;
    if (last.kind === 'op') return !(last.text === ')' || last.text === ']' || last.text === '$' || last.text === '++' || last.text === '--');
    return true;
  };
  while (i < program.length) {
    const c = program[i]!;
    if (c === '\n') { tokens.push({ kind: 'newline', text: '\n' }); i++; continue; }
    if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
    if (c === '\\' && program[i + 1] === '\n') { i += 2; continue; }
    if (c === '#') {
      while (i < program.length && program[i] !== '\n') i++;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < program.length && program[j] !== '"') j += program[j] === '\\' ? 2 : 1;
      tokens.push({ kind: 'string', text: program.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    if (c === '/' && regexAllowed()) {
      let j = i + 1;
      let bracket = false;
      while (j < program.length && (program[j] !== '/' || bracket) && program[j] !== '\n') {
        if (program[j] === '\\') j++;
        else if (program[j] === '[') bracket = true;
        else if (program[j] === ']') bracket = false;
        j++;
      }
      tokens.push({ kind: 'regex', text: program.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    const word = /^[A-Za-z_@][A-Za-z0-9_]*/.exec(program.slice(i, i + tokenWindow));
    if (word) { tokens.push({ kind: 'word', text: word[0] }); i += word[0].length; continue; }
    const number = /^(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(program.slice(i, i + tokenWindow));
    if (number) { tokens.push({ kind: 'number', text: number[0] }); i += number[0].length; continue; }
    const op = /^(?:\|&|\|\||&&|>>|>=|<=|==|!=|\+\+|--|[-+*/%^!]=|.)/s.exec(program.slice(i, i + 3))!;
    tokens.push({ kind: 'op', text: op[0] });
    i += op[0].length;
  }
  return tokens;
}

/** What in an awk program runs a command or writes a file, or null for a plain filter. */
export function awkFinding(program: string): AwkFinding | null {
  const tokens = tokenize(program);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind === 'word' && t.text === 'system' && tokens[k + 1]?.text === '(') return { kind: 'system' };
    if (t.kind === 'word' && (t.text === '@load' || t.text === '@include')) return { kind: 'directive', directive: t.text };
    if (t.kind === 'op' && (t.text === '|' || t.text === '|&')) return { kind: 'pipe' };
    if (t.kind === 'word' && (t.text === 'print' || t.text === 'printf')) {
      // the statement runs to `;`, a newline or the closing `}` at this level; a `>` or `>>` outside parentheses is a redirection
      let depth = 0;
      for (let j = k + 1; j < tokens.length; j++) {
        const u = tokens[j]!;
        if (u.kind === 'newline' && depth === 0) break;
        if (u.kind !== 'op') continue;
        if (u.text === '(' || u.text === '[') depth++;
        else if (u.text === ')' || u.text === ']') depth--;
        else if (depth <= 0 && (u.text === ';' || u.text === '}' || u.text === '{')) break;
        else if (depth === 0 && (u.text === '>' || u.text === '>>')) {
          const target = tokens[j + 1];
          if (target && target.kind === 'string' && streams.test(target.text) && !isConcatenated(tokens, j + 2)) break;
          return { kind: 'print-redirection', statement: t.text, operator: u.text };
        }
        if (depth < 0) break;
      }
    }
  }
  return null;
}

/** Whether the redirection target goes on past its first token (`> "/dev/" name`). */
function isConcatenated(tokens: Token[], k: number): boolean {
  const next = tokens[k];
  if (!next || next.kind === 'newline') return false;
  return !(next.kind === 'op' && (next.text === ';' || next.text === '}'));
}

/** awk, gawk, mawk, nawk, busybox awk: options as gawk reads them (the others take a subset). */
const awkTable = optionLines([
  '-F --field-separator=FS',
  '-v --assign=VAR',
  '-f --file=PROGFILE',
  '-e --source=PROGRAM',
  '-E --exec=FILE',
  '-b --characters-as-bytes',
  '-c --traditional',
  '-C --copyright',
  '-d [FILE] --dump-variables[=FILE]',
  '-D [FILE] --debug[=FILE]',
  '-g --gen-pot',
  '-h --help',
  '-i --include=FILE',
  '-I --trace',
  '-l --load=EXTENSION',
  '-L [FATAL] --lint[=FATAL]',
  '-M --bignum',
  '-n --non-decimal-data',
  '-N --use-lc-numeric',
  '-o [FILE] --pretty-print[=FILE]',
  '-O --optimize',
  '-p [FILE] --profile[=FILE]',
  '-P --posix',
  '-r --re-interval',
  '-s --no-optimize',
  '-S --sandbox',
  '-t',
  '-V --version',
  '   --csv',
], true);

/** Files gawk writes for its diagnostic options, with their default names. */
const diagnosticFiles: Record<string, { file: string; letter: string }> = {
  'dump-variables': { file: 'awkvars.out', letter: 'd' },
  'pretty-print': { file: 'awkprof.out', letter: 'o' },
  profile: { file: 'awkprof.out', letter: 'p' },
};

function readAwk({ name, line, ctx, span }: Invocation): Action[] {
  const out: Action[] = [];
  const sandbox = has(line, 'sandbox');
  const programs: { text: string | null; span: Span }[] = valuesOf(line, 'source').map((o) => ({ text: o.value, span: o.arg.word.span }));
  let operands = line.operands;
  const files = valuesOf(line, 'file', 'exec');
  if (files.length === 0 && programs.length === 0 && operands.length > 0) {
    programs.push({ text: operands[0]!.text, span: operands[0]!.word.span });
    operands = operands.slice(1);
  }
  for (const f of files) {
    // a program file the line wrote is read like inline text; any other file is ordinary
    if (f.value === null) {
      out.push(runsCode(span, { source: 'unfixed', via: `\`${name} -f\``, what: 'program file' }));
      continue;
    }
    // `-f -`, `-f /dev/stdin`, `-f /dev/fd/0`: the program is stdin, read as a shell's is (a literal here-document or a file the line wrote)
    if (f.value === '-' || f.value === '/dev/stdin' || f.value === '/dev/fd/0') {
      if (ctx.stdinText !== undefined || ctx.fedByPipe) programs.push({ text: ctx.fedByPipe ? null : ctx.stdinText ?? null, span });
      continue;
    }
    const written = ctx.contentOf(f.value);
    if (written) programs.push({ text: written.literal, span });
  }
  for (const program of programs) {
    if (program.text === null) {
      out.push(runsCode(program.span, { source: 'unfixed', via: `\`${name}\``, what: 'awk program' }));
      continue;
    }
    const finding = sandbox ? null : awkFinding(program.text);
    if (finding) out.push(effectAction({ kind: 'inline-code', span: program.span, language: 'awk', code: program.text, finding: { source: 'awk', finding } }));
  }
  for (const o of valuesOf(line, 'load')) {
    const finding = { source: 'awk', finding: { kind: 'extension', name: o.value } } as const;
    if (!sandbox) out.push(effectAction({ kind: 'inline-code', span: o.arg.word.span, language: 'awk', code: null, finding }));
  }
  for (const o of valuesOf(line, 'dump-variables', 'pretty-print', 'profile')) {
    const diagnostic = diagnosticFiles[o.name]!;
    const file = o.value === null && !o.attached ? derivedArgument(o.arg, diagnostic.file) : valueArgument(o);
    out.push({ kind: 'write', arg: file, by: `${name} -${diagnostic.letter}` });
  }
  // gawk -i inplace edits its file operands in place
  if (valuesOf(line, 'include').some((o) => o.value === null || /^inplace(\.awk)?$/.test(o.value))) {
    for (const arg of operands) if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(arg.text ?? '')) out.push({ kind: 'write', arg, by: `${name} -i inplace` });
  }
  return out;
}

export const rows: ProgramRow[] = [{ names: ['awk', 'gawk', 'mawk', 'nawk', 'busybox-awk'], options: awkTable, read: readAwk }];
