// What the binary takes from its surroundings: the dialect a `$SHELL` names,
// and directories made absolute and resolved through their links.

import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { DialectName } from '../lexer/dialect.js';

/** zsh → zsh, bash → bash, sh/dash → sh; anything else: null. */
export function shellFromEnvironment(shell: string | undefined): DialectName | null {
  if (!shell) return null;
  const base = shell.slice(shell.lastIndexOf('/') + 1);
  if (base === 'zsh') return 'zsh';
  if (base === 'bash' || base === 'rbash') return 'bash';
  if (base === 'sh' || base === 'dash') return 'sh';
  return null;
}

/**
 * The directory made absolute; with `resolveLinks`, its resolved form (the
 * tree's containment tests use that). Null when it is not a directory.
 */
export function absoluteDirectory(dir: string, resolveLinks = true): string | null {
  const absolute = isAbsolute(dir) ? dir : resolve(process.cwd(), dir);
  try {
    if (!statSync(absolute).isDirectory()) return null;
    return resolveLinks ? realpathSync(absolute) : absolute;
  } catch {
    return null;
  }
}
