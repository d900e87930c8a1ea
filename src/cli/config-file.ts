// Finding and reading the hook's configuration file (SPEC §1
// "Configuration"): `--config FILE`, else `~/.config/treeward/config.json`.
// Its keys are read by ./config.ts.

import { readFileSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, emptyConfig, type HookConfig, readConfig } from './config.js';
import { isInsideOrEqual } from './placement.js';

/** A configuration file larger than this is refused. */
const maxConfigBytes = 1 << 20;

/**
 * The configuration in force, or why it cannot be read (a sentence naming the
 * file, and the line when the text is at fault). A missing default file is no
 * configuration; a missing `--config FILE` is an error. A file in the tree is
 * never read: the agent could have written it.
 */
export function loadConfig(configArg: string | null, cwd: string, home: string, treeAsGiven: string, tree: string): HookConfig | string {
  const explicit = configArg !== null;
  const path = explicit ? resolve(cwd, configArg) : resolve(home, '.config/treeward/config.json');
  let real: string;
  try {
    // the usual case, no default file, told without the exception realpath would build for it
    if (!explicit && statSync(path, { throwIfNoEntry: false }) === undefined) return emptyConfig;
    real = realpathSync.native(path);
  } catch (error) {
    const code = errorCode(error);
    if (!explicit && (code === 'ENOENT' || code === 'ENOTDIR')) return emptyConfig;
    return `the configuration file ${path} cannot be read (${code}); treeward refuses every command until it can read it`;
  }
  if (isInsideOrEqual(path, treeAsGiven) || isInsideOrEqual(path, tree) || isInsideOrEqual(real, tree)) {
    return `the configuration file ${path} lies inside the tree ${tree}, where the agent can change it, and treeward never reads configuration from the tree; `
      + 'keep it outside the tree (for example ~/.config/treeward/config.json)';
  }
  let text: string;
  try {
    const stat = statSync(real);
    if (!stat.isFile()) return `the configuration file ${path} is not a file; treeward refuses every command until it can read it`;
    if (stat.size > maxConfigBytes) return `the configuration file ${path} is over 1 MiB; treeward refuses every command until it can read it`;
    text = readFileSync(real, 'utf8');
  } catch (error) {
    return `the configuration file ${path} cannot be read (${errorCode(error)}); treeward refuses every command until it can read it`;
  }
  try {
    return readConfig(text, home);
  } catch (error) {
    if (error instanceof ConfigError) {
      return `the configuration file ${path} is malformed at line ${error.line}: ${error.message}; treeward refuses every command until it is fixed`;
    }
    throw error;
  }
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : 'error';
}
