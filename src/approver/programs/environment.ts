// Variables whose value is more than text: a shell or a program the line
// starts runs it as code, loads code because of it, or changes how globs
// match. Every assignment the line makes (bare, before a command, through
// `export`/`declare`/`env`) is read here; a bare assignment counts as given
// to children, since the name may already be exported.

import type { Dialect } from '../../syntax/dialect.js';

/** What an assignment means beyond setting text. */
export type VariableMeaning =
  | { kind: 'plain' }
  /** Refused: the reason says why (the caller makes it `dynamic-code`). */
  | { kind: 'code'; reason: string }
  /** Shell code the shell runs later (PROMPT_COMMAND): walk it when fixed. */
  | { kind: 'shell-code' }
  /** bash: a set GLOBIGNORE turns on dotglob. */
  | { kind: 'glob-dots' };

/** Prompts are expanded (parameters, `$(…)`, backquotes) each time they are shown; PS4 with `set -x`, any of them in `bash -i`. */
const prompts = new Set(['PS0', 'PS1', 'PS2', 'PS3', 'PS4', 'PROMPT', 'PROMPT2', 'PROMPT3', 'PROMPT4', 'RPROMPT', 'RPS1', 'RPROMPT2', 'RPS2', 'SPROMPT']);

/** Read by the shells the line starts: the file they name runs first. Given on the shell command itself, the shell's row reads them. */
const startupFiles = new Set(['BASH_ENV', 'ENV', 'ZDOTDIR']);

/** Given on one command only (`NAME=v cmd`), these are read by that program's own row (the shells, less). */
export function readByItsProgram(name: string): boolean {
  return startupFiles.has(name) || name === 'LESSOPEN' || name === 'LESSCLOSE';
}

/** Names that make every program, shell or interpreter started later load or run code the line chooses. */
const loadsCode: Record<string, string> = {
  SHELLOPTS: 'sets shell options for every bash the line starts',
  BASHOPTS: 'sets shell options (dotglob, extdebug…) for every bash the line starts',
  PYTHONSTARTUP: 'names a file every interactive python runs first',
  LD_PRELOAD: 'loads a library into every program the line starts',
  LD_AUDIT: 'loads a library into every program the line starts',
  PERL5DB: 'is code perl runs under its debugger',
  BASH_LOADABLES_PATH: 'is where bash loads builtins from',
  LESSOPEN: 'is a command less runs for every file it shows',
  LESSCLOSE: 'is a command less runs after every file it shows',
};

/**
 * NODE_OPTIONS is ordinary in builds (`--max-old-space-size=4096`); only the
 * options that load code (`--require`, `--import`, `--loader`, …) make it a
 * way to run code in every node the line starts. A value is approved when
 * every option in it is one of these, and refused otherwise.
 */
const harmlessNodeOptions = /^--(max-old-space-size|max-semi-space-size|stack-size|max-http-header-size|unhandled-rejections|dns-result-order|title|heapsnapshot-signal|heapsnapshot-near-heap-limit|report-on-signal|report-dir|report-directory|report-filename|diagnostic-dir|tls-min-v1\.[0-3]|tls-max-v1\.[23]|secure-heap|secure-heap-min|icu-data-dir|redirect-warnings|disable-warning|zero-fill-buffers|trace-event-categories|trace-event-file-pattern|max-old-generation-size-in-mb)(=[^\s]+)?$|^--(enable-source-maps|no-warnings|no-deprecation|trace-warnings|trace-deprecation|trace-uncaught|trace-exit|trace-sigint|throw-deprecation|pending-deprecation|preserve-symlinks|preserve-symlinks-main|experimental-vm-modules|experimental-global-webcrypto|experimental-fetch|no-experimental-fetch|experimental-wasm-modules|experimental-json-modules|experimental-specifier-resolution=\w+|experimental-strip-types|experimental-transform-types|no-experimental-strip-types|experimental-require-module|no-experimental-require-module|openssl-legacy-provider|use-openssl-ca|use-bundled-ca|use-system-ca|insecure-http-parser|abort-on-uncaught-exception|frozen-intrinsics|expose-gc|jitless|no-addons|no-global-search-paths|report-uncaught-exception|report-on-fatalerror|report-compact|inspect|inspect-brk|inspect-wait|inspect-port=\S+|inspect=\S+|inspect-brk=\S+|force-fips|enable-fips|node-memory-debug|no-force-async-hooks-checks|verify-base-objects|deprecation)$/;

function nodeOptionsProblem(value: string): string | null {
  for (const option of value.split(/[ \t\n]+/).filter((w) => w !== '')) {
    if (!harmlessNodeOptions.test(option)) return `NODE_OPTIONS holds \`${option}\`, which can make every node the line starts load code (only memory, warning, source-map and similar options are approved)`;
  }
  return null;
}

/** RUBYOPT and PERL5OPT: switches only; `-r`, `-M`/`-m` load code by name and perl's `-d` runs a debugger. */
function switchesProblem(name: string, value: string): string | null {
  const loads = name === 'PERL5OPT' ? /^-\w*[Mmd]/ : /^-\w*r|^--require/;
  for (const option of value.split(/[ \t\n]+/).filter((w) => w !== '')) {
    if (loads.test(option)) return `${name} holds \`${option}\`, which makes every ${name === 'PERL5OPT' ? 'perl' : 'ruby'} the line starts load code`;
  }
  return null;
}

/**
 * What assigning `name` (to `value`, or to text the line does not fix when
 * null) means. `dialect` is the shell making the assignment.
 */
export function variableMeaning(name: string, value: string | null, dialect: Dialect): VariableMeaning {
  if (dialect.commandTableParameters.has(name)) return { kind: 'code', reason: `\`${name}\` is the shell's own table of ${name === 'options' ? 'options' : name === 'mapfile' ? 'files' : 'commands, functions and aliases'}; writing it changes what later commands run or do` };
  if (name.startsWith('BASH_FUNC_')) return { kind: 'code', reason: `\`${name}\` defines a function for every bash the line starts` };
  if (name === 'PROMPT_COMMAND') return value === null ? { kind: 'code', reason: '`PROMPT_COMMAND` is code bash runs before each prompt, and the line does not fix it' } : { kind: 'shell-code' };
  if (prompts.has(name)) {
    if (value === null) return { kind: 'code', reason: `\`${name}\` is expanded each time the prompt is shown (\`$(…)\` in it runs), and the line does not fix it` };
    if (/\$\(|`|\$\[/.test(value)) return { kind: 'code', reason: `\`${name}\` is expanded each time the prompt is shown, which runs the substitution in it` };
    return { kind: 'plain' };
  }
  if (startupFiles.has(name)) return { kind: 'code', reason: `\`${name}\` names a file the shells this line starts run first; set it only on the shell command itself (\`${name}=file bash …\`) with a file treeward can read` };
  const loads = loadsCode[name];
  if (loads) return { kind: 'code', reason: `\`${name}\` ${loads}` };
  if (name === 'NODE_OPTIONS') {
    if (value === null) return { kind: 'code', reason: 'NODE_OPTIONS is not fixed by the line, and options in it can make node load code' };
    const problem = nodeOptionsProblem(value);
    return problem ? { kind: 'code', reason: problem } : { kind: 'plain' };
  }
  if (name === 'PERL5OPT' || name === 'RUBYOPT') {
    if (value === null) return { kind: 'code', reason: `${name} is not fixed by the line, and switches in it can load code` };
    const problem = switchesProblem(name, value);
    return problem ? { kind: 'code', reason: problem } : { kind: 'plain' };
  }
  if (name === 'GLOBIGNORE' && dialect.globIgnoreSetsDotGlob) return { kind: 'glob-dots' };
  return { kind: 'plain' };
}
