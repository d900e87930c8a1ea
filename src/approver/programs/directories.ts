// cd, chdir, pushd and popd: where the shell goes next (a path, `$HOME`,
// somewhere treeward cannot know, or back where `pushd` left it), and the
// change of directory other programs make (`make -C`, gdb's `cd`).

import type { Action, Invocation, ProgramContext, ProgramRow } from '../core/actions.js';
import type { Directories } from '../core/effects.js';
import { getopt, readOptions } from '../core/options.js';
import { joinPath } from '../core/path-text.js';

export const rows: ProgramRow[] = [
  { names: ['cd', 'chdir'], read: readCd },
  {
    names: ['pushd'],
    read: (invocation) => {
      const { args, ctx } = invocation;
      if (!ctx.dialect.directoryStack) return []; // sh has no pushd: nothing changes
      const rest = args.slice(1);
      const first = rest[0]?.text ?? '';
      // `pushd +N`/`-N` rotate the stack, `-n` only adds to it; `--` ends the options
      if (rest.length === 0 || first.startsWith('+') || (first.startsWith('-') && first !== '--')) return [{ kind: 'cd', to: 'unknown' }];
      return readCd(invocation);
    },
  },
  {
    names: ['popd'],
    read: ({ args, ctx }) => {
      if (!ctx.dialect.directoryStack) return [];
      return args.length > 1 ? [{ kind: 'cd', to: 'unknown' }] : [{ kind: 'cd', to: 'pop' }];
    },
  },
];

const cdOptions = getopt('LPe@', true);

function readCd({ name, args, ctx }: Invocation): Action[] {
  // zsh `cd -1`/`cd +2`: an entry of the directory stack (bash refuses the option, and stays)
  if (args.slice(1).some((a) => a.text === null || /^[-+][0-9]+$/.test(a.text))) return [{ kind: 'cd', to: 'unknown' }];
  const line = readOptions(args.slice(1), cdOptions);
  const operands = line.operands;
  if (operands.length === 0) return [{ kind: 'cd', to: 'home', push: name === 'pushd' }];
  // zsh's `cd OLD NEW` substitutes in the current path
  if (operands.length > 1) return [{ kind: 'cd', to: 'unknown' }];
  const target = operands[0]!;
  if (target.text === null) return [{ kind: 'cd', to: 'unknown' }];
  if (target.text === '-') return [{ kind: 'cd', to: 'previous' }];
  const t = target.text;
  const relativeName = !t.startsWith('/') && !t.startsWith('./') && !t.startsWith('../') && t !== '.' && t !== '..';
  const cdpath = environmentValue(ctx, 'CDPATH');
  if (relativeName && cdpath !== undefined && cdpath !== '') return [{ kind: 'cd', to: 'unknown' }];
  return [{ kind: 'cd', to: { path: target.text }, push: name === 'pushd' }];
}

/** A name's value for the command: given by the line (its fixed text, or null), else inherited (undefined when unset). */
function environmentValue(ctx: ProgramContext, name: string): string | null | undefined {
  const assignment = ctx.environment.get(name);
  if (assignment === undefined) return ctx.env[name];
  if (typeof assignment === 'string') return assignment;
  return null; // set by the line (its value is read by the walk where needed)
}

/** The directories after a change to `target` (null: one the line does not fix). */
export function changeDirs(dirs: Directories, target: string | null): Directories {
  if (target === null) return null;
  if (target.startsWith('/')) return [target];
  return dirs === null ? null : dirs.map((d) => joinPath(d, target));
}
