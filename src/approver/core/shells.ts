// The one table of which program is which shell (issue 11 P1.3): the
// dialect treeward reads a shell's code in, or none for a shell it does not
// read; whether a script's `#!`, `su -s` or `find -exec` naming it names a
// shell treeward reads as itself; and whether make runs recipes through it
// as through sh.

import type { DialectName } from '../../syntax/dialect.js';

export interface Shell {
  /** The dialect treeward reads the shell's code in; null: a shell treeward does not read (it refuses to run code in it). */
  dialect: DialectName | null;
  /** The shell itself, as a `#!` line or `su -s` names it; not rbash, bash restricted, read as bash only where it is started by name. */
  plain: boolean;
  /** make runs recipes through it with `-c` as through sh (`make SHELL=…` then changes nothing treeward reads). */
  runsRecipes: boolean;
}

const read = (dialect: DialectName): Shell => ({ dialect, plain: true, runsRecipes: true });
const unread: Shell = { dialect: null, plain: false, runsRecipes: false };

const table = new Map<string, Shell>([
  ['sh', read('sh')],
  ['dash', read('sh')],
  ['bash', read('bash')],
  ['zsh', read('zsh')],
  ['rbash', { dialect: 'bash', plain: false, runsRecipes: false }],
  ['ksh', { ...unread, runsRecipes: true }],
  ['mksh', { ...unread, runsRecipes: true }],
  ...['ksh93', 'yash', 'posh', 'fish', 'csh', 'tcsh', 'pdksh', 'oksh', 'ash', 'elvish', 'nu', 'xonsh'].map((name): [string, Shell] => [name, unread]),
]);

/** The shell a program name (no path) is, if it is one. */
export function shellNamed(name: string): Shell | undefined {
  return table.get(name);
}

/** Every shell's name: those treeward reads, and those it does not. */
export function shellNames(): { read: string[]; unread: string[] } {
  const names = [...table.keys()];
  return { read: names.filter((n) => table.get(n)!.dialect !== null), unread: names.filter((n) => table.get(n)!.dialect === null) };
}
