// Every sentence a verdict says (SPEC §3: "a sentence that says what was
// refused and what the agent can do instead"), by the fact it words. Rules
// decide; readers and the walk state facts; only this file writes the
// words, so one fact has one sentence wherever it is found.

import { budgets } from '../../budgets.js';
import type { Complexity, Unfixed } from '../core/facts.js';
import type { Resolution } from '../core/path-reading.js';
import type { Reading } from './readings.js';

// ------------------------------------------------------------------ values the line does not fix

const derivedNames: Record<Extract<Unfixed, { source: 'derived' }>['what'], string> = {
  'sed backup': 'a backup named after a file the line does not fix',
  'link name': 'the link name comes from a target that is not fixed',
  'ssh host': 'the host comes from an operand the line does not fix',
  'tar -C name': 'a name `tar -C` places in a directory the line does not fix',
};

const programReads: Record<Extract<Unfixed, { source: 'program-reads' }>['what'], string> = {
  'dd operand': 'a `dd` operand that is not fixed may be `of=`',
  'temp dir': 'a temp dir the line does not fix',
  'tar -P path': '`tar -P` extracts absolute paths the archive chooses',
  'known-hosts value': 'the value of `UserKnownHostsFile` is not fixed',
  'known-hosts tokens': 'ssh fills `UserKnownHostsFile` with values the line does not fix',
};

/** Why a value is not fixed, as the parenthesis of a refusal (`rm` removes a target the line does not fix (…)). */
export function unfixed(why: Unfixed): string {
  switch (why.source) {
    case 'parameter': return `\`${why.braced ? '${' + why.name + '…}' : '$' + why.name}\` is not fixed by the line`;
    case 'split-parameter': return `\`$${why.name}\` splits into several words next to other text`;
    case 'changed-ifs': return `\`$${why.name}\` is split by a changed IFS`;
    case 'zsh-modifier': return `zsh applies the modifier in \`$${why.name}${why.modifier}\`, which moves the path; write the path out`;
    case 'glob-qualifier': return `the glob qualifier \`${why.text}\` is one treeward does not read`;
    case 'pattern': return `the pattern \`${why.pattern}\` is one treeward does not read`;
    case 'home': return '`~` where HOME is not fixed (the line set it, or ran a file that may have)';
    case 'user-home': return `\`~${why.user}\` names a directory the line does not fix`;
    case 'substitution': return 'a command substitution is not fixed until it runs';
    case 'process-substitution': return 'a process substitution names a pipe made when it runs';
    case 'arithmetic': return 'an arithmetic expansion is not fixed until it runs';
    case 'command-path': return `\`=${why.name}\` is the path of a command, found when it runs`;
    case 'expansion-budget': return `${why.sequence === null ? '' : `\`${why.sequence}\` `}expands to more than ${budgets.maxFields} words`;
    case 'option-value': return 'the option value is not fixed';
    case 'input': return `a word \`${why.runner}\` ${why.filledIn ? 'fills in from its input' : why.from === 'file' ? 'reads from a file' : 'reads from its input'}`;
    case 'runner-list': return why.runner === 'find' ? 'a path `find` fills in' : why.filledIn ? 'a word `parallel` fills in' : 'a word `parallel` takes from its argument list';
    case 'url-list': return 'a URL `wget -i` reads from a file';
    case 'derived': return derivedNames[why.what];
    case 'program-reads': return programReads[why.what];
    case 'variable': return `\`${why.name}\` is not fixed`;
    case 'placing-option': return `${why.option} is not fixed`;
    case 'options-file': return `curl reads options (which can name output files) from \`${why.file ?? '…'}\`, which treeward cannot read`;
    case 'server-name': return why.option === null ? 'the server chooses the file name' : `with \`${why.option}\` the server chooses the file name`;
    case 'url-name':
      return why.from === 'url' ? 'the file name comes from a URL that is not fixed' : why.from === 'url-glob' ? 'the file name takes text from a URL glob' : 'the directory is named after a host the line does not fix';
  }
}

// ------------------------------------------------------------------ paths in sentences

/** A path as written, and through its links where they lead elsewhere. */
export function shown(reading: Reading): string {
  return reading.resolved !== null && reading.resolved !== reading.written ? `\`${reading.written}\` (through its links, \`${reading.resolved}\`)` : `\`${reading.written}\``;
}

/** `path` when it is the reading as written; else both readings. */
function shownAt(path: string, reading: Reading): string {
  return path === reading.written ? `\`${path}\`` : shown(reading);
}

/** Why a path's links could not be followed. */
function failure(resolution: Resolution): string {
  return resolution.ok ? 'ok' : resolution.reason === 'loop' ? 'a loop of links' : resolution.reason === 'budget' ? 'too many lookups' : 'an error reading it';
}

/** What a target passes through that an earlier part of the line put in place. */
function through(placed: { path: string | null }): string {
  return placed.path ?? 'a path the line does not fix';
}

// ------------------------------------------------------------------ removals

export const removal = {
  unplacedName: (by: string, text: string) =>
    `\`${by}\` removes \`${text}\` relative to a directory the line changes to a place treeward cannot know; remove it by a path from where the line starts (or an absolute path inside the tree), without the unknown \`cd\``,
  /** A word a runner reads from its input (xargs, parallel): a fixed find can name those. */
  unfixed: (by: string, why: Unfixed) =>
    `\`${by}\` removes a target the line does not fix (${unfixed(why)}); name the path literally${why.source === 'input' ? ', or use `find … -delete` with fixed start points' : ''}`,
  throughPlaced: (by: string, text: string, placed: { path: string | null }) =>
    `\`${by}\` removes \`${text}\` through \`${through(placed)}\`, which an earlier part of the line linked, moved or copied into place (it may now be a link); run the removal as a separate command`,
  listedOutsideTree: (by: string, reading: Reading) =>
    `\`${by}\` would remove what git lists below ${shown(reading)}, which is not inside the working tree both as written and through its links; run git clean inside the tree`,
  globAfterOptionChange: (by: string, text: string) => `the line changed how globs expand before \`${by} ${text}\`; name the files literally or drop the option change`,
  globWildcardInDirectory: (text: string, directory: string) =>
    `the glob \`${text}\` has a wildcard in a directory part (or ends in \`/\`), so it lists directories the line never names, any of which may be a link out of the tree; remove \`${directory || '.'}/*\`-style globs one directory at a time, or name the directories`,
  globAfterWrites: (text: string) =>
    `the glob \`${text}\` runs after an earlier part of the line wrote or removed files, which could have made its directory a link; run the glob removal as a separate command`,
  globMatchesDotDot: (text: string) => `in sh the glob \`${text}\` also matches \`.\` and \`..\` (the directory above); spell the names out, or use a pattern such as \`.[!.]*\``,
  globListsOutsideTree: (text: string, reading: Reading) =>
    `the glob \`${text}\` lists ${shown(reading)}, which is not inside the working tree both as written and through its links; remove files by name there, or only inside the tree`,
  outsideTree: (by: string, reading: Reading, tree: string) => {
    const how = reading.resolved === null ? `; treeward cannot follow its links (${failure(reading.resolution)})` : '';
    return `\`${by}\` would remove ${shown(reading)}, outside the working tree \`${tree}\`, the run directories and the temp dir${how}; remove only what lies inside the tree`;
  },
  /** `which`: the tree, a temp dir or a run directory. */
  ofRoot: (by: string, root: string, which: 'tree' | 'temp dir' | 'run directory') =>
    `\`${by}\` would remove \`${root}\` itself (${which === 'tree' ? 'the working tree' : which === 'temp dir' ? 'a temp dir' : 'a run directory'}); remove the entries inside it you mean instead`,
  ofProtected: (by: string, path: string, reading: Reading, owner: string) =>
    `\`${by}\` would remove ${shownAt(path, reading)}, which is or lies under the protected \`${owner}\`; leave it in place`,
  /** `belowOnly`: a find or git clean, which tests can narrow. */
  holdingProtected: (by: string, dir: string, path: string, belowOnly: boolean) =>
    `\`${by}\` would remove everything below \`${dir}\`, including the protected \`${path}\`; remove only the entries you mean${belowOnly ? ' (for example with a `-name` test, or `-prune` of the protected path)' : ''}`,
  globMatchesProtected: (text: string, hit: string) => `the glob \`${text}\` could match \`${hit}\`, which is protected; name the entries you mean, or use a pattern that cannot match it`,
};

// ------------------------------------------------------------------ writes

export const write = {
  crontab: () => '`crontab` installs a table that runs commands later; leave scheduling to the user',
  hardLinkToProtected: (by: string, owner: string) => `\`${by}\` would make a hard link to the protected \`${owner}\`, which hides it behind another name; copy the file instead`,
  ofProtected: (by: string, path: string, reading: Reading, owner: string) =>
    `\`${by}\` would write ${shownAt(path, reading)}, which is or lies under the protected \`${owner}\`; write somewhere else`,
  listedHoldingProtected: (by: string, dir: string, path: string) =>
    `\`${by}\` could write anything below \`${dir}\`, including the protected \`${path}\`; narrow the listing (a \`--include\`/\`-name\` pattern, or a directory that holds no protected path)`,
  intoProtected: (by: string, dir: string, path: string, extraction: boolean) =>
    `\`${by}\` would write into \`${dir}\`, which holds the protected \`${path}\`; ${extraction ? 'extract into a directory inside the tree' : 'limit it to the files you mean'}`,
  redirectionGlobUnderProtected: (by: string, text: string, owner: string) => `\`${by}\` would write what \`${text}\` matches, under the protected \`${owner}\`; write somewhere else`,
  globMatchesProtected: (text: string, hit: string) => `the glob \`${text}\` could match the protected \`${hit}\`; name the files you mean`,
  unfixed: (by: string, why: Unfixed) => `\`${by}\` writes a target the line does not fix (${unfixed(why)}); name the file literally`,
  unplacedName: (by: string, text: string) =>
    `\`${by}\` writes \`${text}\` relative to a directory the line changes to a place treeward cannot know; write by a path from where the line starts`,
  underProc: (by: string) => `\`${by}\` writes under \`/proc\`, whose paths lead anywhere; write a regular file`,
  throughPlaced: (by: string, text: string, placed: { path: string | null }) =>
    `\`${by}\` writes \`${text}\` through \`${through(placed)}\`, which an earlier part of the line linked, moved or copied into place; write it in a separate command`,
  unresolved: (by: string, reading: Reading) => `\`${by}\` writes \`${reading.written}\`, whose links treeward cannot follow (${failure(reading.resolution)}); write a plain path`,
  globTarget: (text: string) => `the glob \`${text}\` in a write target is not fixed; name the files`,
  redirectionGlobMatchesProtected: (shell: string, text: string, hit: string) =>
    `${shell} writes every file the redirection glob \`${text}\` matches, and it could match the protected \`${hit}\`; name the file`,
};

// ------------------------------------------------------------------ code, agents, git, budgets

export function agentLaunch(name: string, checksOff: readonly string[], settings: readonly string[]): string {
  const extra = [
    checksOff.length ? ` with ${checksOff.map((f) => `\`${f}\``).join(', ')}, which turns its own checks off` : '',
    settings.length ? `, with its settings taken from ${settings.map((v) => `\`${v}\``).join(', ')}` : '',
  ].join('');
  return `the line starts the coding-agent harness \`${name}\`${extra}; agents may not launch other agents unattended: do the work yourself or ask the user`;
}

export function inlineCode(language: string, finding: string): string {
  return `inline ${language} code that treeward will not approve: ${finding}; put the code in a script file in the tree and run that, or use shell commands treeward can read`;
}

export function dynamicCode(reason: string): string {
  return `code assembled at run time: ${reason}`;
}

export const gitSetting = {
  refused: (setting: string, why: string) => `git would run \`${setting}\` as a command: ${why}`,
  unknownDirectory: () => 'git runs in a directory the line leaves unknown; run git from the tree',
  outsideTree: (reading: Reading) => `git runs from ${shown(reading)}, outside the working tree`,
  afterWrites: () => 'an earlier part of the line wrote or removed files, which that command could run; give the setting in a separate command',
  commandRefused: (id: string, reason: string) => `the command it names is refused (${id}: ${reason})`,
};

/** The line is past one of treeward's budgets, or does what treeward does not follow. */
export function tooComplex(past: Complexity): string {
  switch (past.source) {
    case 'judging-work': {
      const budget = budgets.maxJudgingWork.toLocaleString('en-US');
      return pastBudget(`judging it takes more work than ${budget} (its text, counted again each time it is judged: a function's body at every call, a loop's body at every pass, a word once for each field it expands to)`);
    }
    case 'code-depth': return pastBudget(`code nested more than ${budgets.maxCodeDepth} levels deep (shells inside shells, eval, functions)`);
    case 'nested-parse': return pastBudget(`the code inside is past treeward's budget: ${past.message}`);
    case 'expansion': return wordPastBudget(past.why);
    case 'recursion': {
      const name = past.name === undefined ? 'an anonymous function' : `\`${past.name ?? 'the function'}\``;
      return `${name} calls itself, and treeward does not follow a function into itself; write the steps out, or use a loop`;
    }
  }
}

/** Past one of treeward's budgets: `what` says which. */
export function pastBudget(what: string): string {
  return `the line is past one of treeward's budgets: ${what}; split it into simpler commands`;
}

/** A word past the expansion budget. */
export function wordPastBudget(why: Unfixed): string {
  return pastBudget(`a word ${unfixed(why)}`);
}
