// Editors that run commands from their input or arguments (issue 12 class
// 6): `ed` and `ex` read editor commands from stdin, where `!cmd`, `w !cmd`
// and `r !cmd` run the shell; vi and vim run `-c CMD`, `+CMD`, `--cmd`,
// `-S FILE` and `-s FILE`; emacs evaluates `--eval`, `-l`, `-f`, `--script`.
// Treeward does not read editor commands: it refuses them, and reads an
// editor given none as writing the files it opens.

import { type Action, runsCode, type Invocation, type ProgramRow } from '../core/actions.js';
import type { Argument } from '../core/arguments.js';

/** A here-document's editor commands that run the shell (`!`) or name another file to write or edit (`w FILE`, `e FILE`, `f FILE`). */
const edRunsOrWritesElsewhere = /!|^[^\n]*[wWeEf][ \t]+\S/m;

function refused(invocation: Invocation): Action[] {
  return [runsCode(invocation.span, { source: 'shell-state', change: 'editor-commands', name: invocation.name })];
}

/** The file operands an editor opens, each written (its new text is not known). */
function writesOperands(operands: readonly Argument[], by: string): Action[] {
  return operands.filter((a) => a.text === null || !a.text.startsWith('-') && !a.text.startsWith('+')).map((arg) => ({ kind: 'write', arg, by }));
}

function readEd(invocation: Invocation): Action[] {
  const { args, ctx, name } = invocation;
  // commands from a pipe or a file treeward cannot read, or a here-document that runs the shell
  if (ctx.fedByPipe || ctx.stdinText === null) return refused(invocation);
  if (ctx.stdinText !== undefined && edRunsOrWritesElsewhere.test(ctx.stdinText)) return refused(invocation);
  const operands = args.slice(1).filter((a) => a.text !== '-s' && a.text !== '-' && a.text !== '-v');
  // `-p PROMPT` takes a value; `ex`'s options (`-c`, `+cmd`, `-S`) run commands
  if (args.slice(1).some((a) => a.text === null || /^(?:-[cSsp]|\+|--cmd)/.test(a.text) && a.text !== '-s')) return refused(invocation);
  return writesOperands(operands, name);
}

function readVi(invocation: Invocation): Action[] {
  const { args, ctx, name } = invocation;
  const words = args.slice(1);
  if (words.some((a) => a.text === null || /^(?:\+|-[cSs]$|--cmd$|-[eE]s?$|-[cSs]\S)/.test(a.text))) return refused(invocation);
  // without a terminal, vi reads its commands from stdin
  if (ctx.fedByPipe || ctx.stdinText !== undefined) return refused(invocation);
  return writesOperands(words.filter((a) => !/^-/.test(a.text!)), name);
}

function readEmacs(invocation: Invocation): Action[] {
  const { args, name } = invocation;
  const words = args.slice(1);
  const code = /^(?:--?eval|--execute|-l|--load|-f|--funcall|--script|-x|-batch|--batch|-L|--directory)(?:=|$)/;
  if (words.some((a) => a.text === null || code.test(a.text))) return refused(invocation);
  return writesOperands(words.filter((a) => !/^-/.test(a.text!)), name);
}

export const rows: ProgramRow[] = [
  { names: ['ed', 'red'], read: readEd },
  { names: ['ex', 'vi', 'vim', 'nvim', 'view', 'gvim', 'vim.basic', 'vim.tiny'], read: readVi },
  { names: ['emacs', 'emacsclient'], read: readEmacs },
];
