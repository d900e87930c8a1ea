// Variables whose value is more than text: a shell or a program the line
// starts runs it as code, loads code because of it, or changes how globs
// match. Every assignment the line makes (bare, before a command, through
// `export`/`declare`/`env`) is read here; a bare assignment counts as given
// to children, since the name may already be exported.

import type { Dialect } from '../../syntax/dialect.js';
import { type CodeFact, type CodeLoadingVariable, codeLoadingVariables } from '../core/facts.js';

/** What an assignment means beyond setting text. */
export type VariableMeaning =
  | { kind: 'plain' }
  /** Refused, for this fact (the walk makes it `dynamic-code`). */
  | { kind: 'code'; fact: CodeFact }
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
const loadsCode: ReadonlySet<string> = new Set<string>(codeLoadingVariables);

/**
 * NODE_OPTIONS is ordinary in builds (`--max-old-space-size=4096`); only the
 * options that load code (`--require`, `--import`, `--loader`, …) make it a
 * way to run code in every node the line starts. A value is approved when
 * every option in it is one of the two lists below, and refused otherwise.
 */

/** Options that may take a value (`--name` or `--name=VALUE`); an alternative a line, as a regular expression. */
const harmlessValuedNodeOptions = [
  // memory and stack
  'max-old-space-size',
  'max-semi-space-size',
  'max-old-generation-size-in-mb',
  'stack-size',
  'secure-heap',
  'secure-heap-min',
  'zero-fill-buffers',
  // reports, heap snapshots, traces and warnings
  'heapsnapshot-signal',
  'heapsnapshot-near-heap-limit',
  'report-on-signal',
  'report-dir',
  'report-directory',
  'report-filename',
  'diagnostic-dir',
  'trace-event-categories',
  'trace-event-file-pattern',
  'redirect-warnings',
  'disable-warning',
  // networking and TLS
  'max-http-header-size',
  'dns-result-order',
  'tls-min-v1\\.[0-3]',
  'tls-max-v1\\.[23]',
  // the process
  'unhandled-rejections',
  'title',
  'icu-data-dir',
];

/** Options written exactly so; an alternative a line, as a regular expression. */
const harmlessNodeFlags = [
  // warnings and deprecations
  'no-warnings',
  'no-deprecation',
  'deprecation',
  'trace-warnings',
  'trace-deprecation',
  'throw-deprecation',
  'pending-deprecation',
  // tracing
  'enable-source-maps',
  'trace-uncaught',
  'trace-exit',
  'trace-sigint',
  // module resolution and language features
  'preserve-symlinks',
  'preserve-symlinks-main',
  'experimental-vm-modules',
  'experimental-global-webcrypto',
  'experimental-fetch',
  'no-experimental-fetch',
  'experimental-wasm-modules',
  'experimental-json-modules',
  'experimental-specifier-resolution=\\w+',
  'experimental-strip-types',
  'no-experimental-strip-types',
  'experimental-transform-types',
  'experimental-require-module',
  'no-experimental-require-module',
  // crypto and certificates
  'openssl-legacy-provider',
  'use-openssl-ca',
  'use-bundled-ca',
  'use-system-ca',
  'force-fips',
  'enable-fips',
  // the inspector (it loads no code)
  'inspect',
  'inspect-brk',
  'inspect-wait',
  'inspect-port=\\S+',
  'inspect=\\S+',
  'inspect-brk=\\S+',
  // hardening, reports and the runtime
  'insecure-http-parser',
  'abort-on-uncaught-exception',
  'frozen-intrinsics',
  'expose-gc',
  'jitless',
  'no-addons',
  'no-global-search-paths',
  'node-memory-debug',
  'no-force-async-hooks-checks',
  'verify-base-objects',
  'report-uncaught-exception',
  'report-on-fatalerror',
  'report-compact',
];

const harmlessNodeOptions = new RegExp(`^--(${harmlessValuedNodeOptions.join('|')})(=[^\\s]+)?$|^--(${harmlessNodeFlags.join('|')})$`);

function nodeOptionsProblem(value: string): CodeFact | null {
  for (const option of value.split(/[ \t\n]+/).filter((w) => w !== '')) {
    if (!harmlessNodeOptions.test(option)) return { source: 'loading-option', variable: 'NODE_OPTIONS', option };
  }
  return null;
}

/** RUBYOPT and PERL5OPT: switches only; `-r`, `-M`/`-m` load code by name and perl's `-d` runs a debugger. */
function switchesProblem(name: 'PERL5OPT' | 'RUBYOPT', value: string): CodeFact | null {
  const loads = name === 'PERL5OPT' ? /^-\w*[Mmd]/ : /^-\w*r|^--require/;
  for (const option of value.split(/[ \t\n]+/).filter((w) => w !== '')) {
    if (loads.test(option)) return { source: 'loading-option', variable: name, option };
  }
  return null;
}

/**
 * What assigning `name` (to `value`, or to text the line does not fix when
 * null) means. `dialect` is the shell making the assignment.
 */
type VariableCodeMeaning = Extract<CodeFact, { source: 'variable' }>['meaning'];

export function variableMeaning(name: string, value: string | null, dialect: Dialect): VariableMeaning {
  const code = (meaning: VariableCodeMeaning): VariableMeaning => ({ kind: 'code', fact: { source: 'variable', name, meaning } as CodeFact });
  if (dialect.commandTableParameters.has(name)) return code('command table');
  if (name.startsWith('BASH_FUNC_')) return code('bash function');
  if (name === 'PROMPT_COMMAND') return value === null ? code('prompt command') : { kind: 'shell-code' };
  if (prompts.has(name)) {
    if (value === null) return code('unfixed prompt');
    if (/\$\(|`|\$\[/.test(value)) return code('prompt substitution');
    return { kind: 'plain' };
  }
  if (startupFiles.has(name)) return code('startup file');
  if (loadsCode.has(name)) return { kind: 'code', fact: { source: 'variable', name: name as CodeLoadingVariable, meaning: 'loads code' } };
  if (name === 'NODE_OPTIONS') {
    if (value === null) return code('unfixed NODE_OPTIONS');
    const problem = nodeOptionsProblem(value);
    return problem ? { kind: 'code', fact: problem } : { kind: 'plain' };
  }
  if (name === 'PERL5OPT' || name === 'RUBYOPT') {
    if (value === null) return code('unfixed switches');
    const problem = switchesProblem(name, value);
    return problem ? { kind: 'code', fact: problem } : { kind: 'plain' };
  }
  if (name === 'GLOBIGNORE' && dialect.globIgnoreSetsDotGlob) return { kind: 'glob-dots' };
  return { kind: 'plain' };
}
