// The shells: bash, sh, dash, zsh and rbash, whose code treeward reads in
// their dialect (`-c CODE`, a script the line wrote, a here-document on
// stdin), and the shells it does not read, which it refuses to run code in.
// A startup file given by the line (`BASH_ENV`, `ENV`, `ZDOTDIR`) would run
// first.

import type { DialectName } from '../../syntax/dialect.js';
import { type Action, dynamicAction, type Invocation, type ProgramRow } from '../core/actions.js';
import type { Argument } from '../core/arguments.js';

const shellDialects: Record<string, DialectName> = { bash: 'bash', rbash: 'bash', sh: 'sh', dash: 'sh', zsh: 'zsh' };
const unreadShells = ['ksh', 'mksh', 'ksh93', 'yash', 'posh', 'fish', 'csh', 'tcsh', 'pdksh', 'oksh', 'ash', 'elvish', 'nu', 'xonsh'];

export const rows: ProgramRow[] = [
  { names: ['bash', 'sh', 'dash', 'zsh'], shadowable: true, read: readShell },
  { names: ['rbash', ...unreadShells], read: readShell },
];

function readShell({ name, args, ctx, span }: Invocation): Action[] {
  const dialect = shellDialects[name];
  const rest = args.slice(1);
  let commandString: Argument | null = null;
  let sawC = false;
  let scriptIndex = -1;
  let readsStdin = false;
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!.text;
    if (t === null) {
      if (sawC && !commandString) return [dynamicAction(span, `\`${name} -c\` of code the line does not fix`)];
      scriptIndex = i;
      break;
    }
    if (t === '--' || t === '-') { if (t === '-') readsStdin = true; scriptIndex = i + 1; break; }
    if (t === '-o' || t === '+o' || t === '-O' || t === '+O' || t === '--rcfile' || t === '--init-file') { i++; continue; }
    if (t.startsWith('--')) continue;
    if (/^[-+][A-Za-z]+$/.test(t)) {
      if (t.includes('c')) sawC = true;
      if (t.includes('s')) readsStdin = true;
      continue;
    }
    if (sawC && !commandString) {
      commandString = rest[i]!;
      continue;
    }
    if (!sawC) scriptIndex = i;
    break;
  }
  const startup = ['BASH_ENV', 'ENV', 'ZDOTDIR'].filter((v) => ctx.environment.has(v));
  if (startup.length > 0) return [dynamicAction(span, `\`${startup[0]}\` makes \`${name}\` run a startup file first`)];
  if (!dialect) {
    if (sawC || readsStdin || scriptIndex < 0) return [dynamicAction(span, `\`${name}\` is a shell treeward does not read; use bash, sh or zsh`)];
    return [dynamicAction(span, `\`${name}\` runs a script in a shell treeward does not read`)];
  }
  if (sawC) {
    if (!commandString) return [];
    if (commandString.text === null) return [dynamicAction(span, `\`${name} -c\` of code the line does not fix`)];
    return [{ kind: 'shell-code', code: commandString.text, span: commandString.word.span, dialect }];
  }
  if (scriptIndex >= 0 && scriptIndex < rest.length && !readsStdin) {
    const script = rest[scriptIndex]!;
    if (script.text === null) return [dynamicAction(span, `\`${name}\` runs a script the line does not fix`)];
    const written = ctx.contentOf(script.text);
    if (written) {
      if (written.literal === null) return [dynamicAction(span, `\`${name}\` runs \`${script.text}\`, whose content an earlier part of the line wrote; write the script in one command and run it in another`)];
      return [{ kind: 'shell-code', code: written.literal, span, dialect }];
    }
    return [];
  }
  // the program comes from stdin: a literal here-document is read; a pipe or file is not
  if (ctx.stdinText !== undefined && ctx.stdinText !== null) return [{ kind: 'shell-code', code: ctx.stdinText, span, dialect }];
  if (ctx.fedByPipe || ctx.stdinText === null) return [dynamicAction(span, `\`${name}\` reads its program from a pipe or file treeward cannot read`)];
  return [];
}
