// Variables a program reads to choose where it writes (issue 12 class 5):
// HOME, below which programs keep their dot files (`~/.gitconfig`,
// `~/.ssh/known_hosts`, `~/.npm`, the agents' `~/.claude`), and the XDG base
// directories (XDG Base Directory Specification 0.8, "Environment
// variables": XDG_CONFIG_HOME defaults to $HOME/.config, XDG_DATA_HOME to
// $HOME/.local/share, XDG_STATE_HOME to $HOME/.local/state, XDG_CACHE_HOME
// to $HOME/.cache; XDG_RUNTIME_DIR has none), below which a program keeps a
// directory of its own name (git-config(1) FILES: `$XDG_CONFIG_HOME/git/config`;
// pip's `$XDG_CONFIG_HOME/pip/pip.conf`). The rows of the table write at
// the home the harness gave; a program started with one of these names set
// by the line to another directory writes there instead: it is read as
// writing anywhere below that directory, and a value the line does not fix
// is a write treeward cannot place.

import type { Action, ProgramContext } from '../core/actions.js';
import { type Argument, derivedArgument, unfixedArgument } from '../core/arguments.js';
import { joinPath, normalizeLexically } from '../core/path-text.js';

interface HomeVariable {
  name: string;
  /** Where it points when unset, below the home (null: nowhere known). */
  fallback: string | null;
}

const homeVariables: readonly HomeVariable[] = [
  { name: 'HOME', fallback: '' },
  { name: 'XDG_CONFIG_HOME', fallback: '.config' },
  { name: 'XDG_DATA_HOME', fallback: '.local/share' },
  { name: 'XDG_STATE_HOME', fallback: '.local/state' },
  { name: 'XDG_CACHE_HOME', fallback: '.cache' },
  { name: 'XDG_RUNTIME_DIR', fallback: null },
];

/**
 * The write a program started with HOME or an XDG directory the line set
 * (to anything but its default) may make: anywhere below that directory
 * (`HOME=~/.ssh git …`, `XDG_CONFIG_HOME=~/.ssh pip config set …`).
 */
export function homeVariableWrites(program: string, args: Argument[], ctx: ProgramContext): Action[] {
  const out: Action[] = [];
  for (const variable of homeVariables) {
    if (!ctx.environment.has(variable.name)) continue;
    const value = ctx.environment.get(variable.name) ?? null;
    const by = `${program} (${variable.name})`;
    if (value === null || value === '') {
      out.push({ kind: 'write', arg: unfixedArgument(args[0]!, { source: 'program-reads', what: 'home variable' }), by, recursive: true });
      continue;
    }
    const fallback = variable.fallback === null ? null : joinPath(ctx.home, variable.fallback);
    if (fallback !== null && value.startsWith('/') && normalizeLexically(value) === normalizeLexically(fallback)) continue;
    out.push({ kind: 'write', arg: derivedArgument(args[0]!, value), by, recursive: true });
  }
  return out;
}
