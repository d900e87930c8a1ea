// Shell options that change how later words expand: bash's `shopt` and
// `set`, zsh's `setopt`, `unsetopt` and `emulate`. An option that makes globs
// match dot names is `globDots`; one that changes globbing or splitting
// otherwise makes every later glob unfixed; the options known to change
// neither are harmless; any other option, or one the line does not fix,
// counts as a change.

import type { Action, ProgramRow } from '../core/actions.js';

export const rows: ProgramRow[] = [
  {
    names: ['shopt'],
    read: ({ args }) => {
      const rest = args.slice(1);
      if (rest.some((a) => a.text === null)) return [{ kind: 'set-options', expansionChanged: true }];
      const texts = rest.map((a) => a.text!);
      if (!texts.includes('-s')) return [];
      return optionActions(texts.filter((t) => !t.startsWith('-')));
    },
  },
  {
    names: ['setopt'],
    read: ({ args }) => {
      const rest = args.slice(1);
      if (rest.some((a) => a.text === null)) return [{ kind: 'set-options', expansionChanged: true }];
      return optionActions(rest.map((a) => a.text!).filter((t) => !t.startsWith('-')));
    },
  },
  {
    names: ['unsetopt'],
    read: ({ args }) => {
      // unsetting globbing-related options changes matching as well
      const rest = args.slice(1);
      if (rest.some((a) => a.text === null)) return [{ kind: 'set-options', expansionChanged: true }];
      return optionActions(rest.map((a) => a.text!));
    },
  },
  {
    names: ['set'],
    read: ({ args }) => {
      const out: Action[] = [];
      const rest = args.slice(1);
      for (let i = 0; i < rest.length; i++) {
        const t = rest[i]!.text;
        if (t === null) return [{ kind: 'set-options', expansionChanged: true }];
        if ((t === '-o' || t === '+o') && i + 1 < rest.length) {
          const v = rest[++i]!.text;
          if (v === null) return [{ kind: 'set-options', expansionChanged: true }];
          if (t === '-o') out.push(...optionActions([v]));
          continue;
        }
        if (t === '--') break;
        if (/^-[a-zA-Z]+$/.test(t)) {
          for (const letter of expansionLetters) if (t.includes(letter)) out.push({ kind: 'set-options', expansionChanged: true });
          continue;
        }
        if (/^\+[a-zA-Z]+$/.test(t)) continue;
        break; // positional parameters
      }
      return out;
    },
  },
  { names: ['emulate'], read: ({ args }) => (args.length > 1 ? [{ kind: 'set-options', expansionChanged: true }] : []) },
];

/** `set`'s letters that change how later words expand: `-f` (no globbing) and `-k` (assignments anywhere in a command). */
const expansionLetters = ['f', 'k'];

/** Options that change which names a glob matches (dot files, `**`, no match). */
const dotGlobOptions = new Set(['dotglob', 'globdots', 'glob_dots', 'globstar', 'extglob', 'nullglob', 'failglob', 'nomatch', 'glob', 'noglob']);

/** Options that change how later words expand: treeward stops reading words as fixed. */
const expansionOptions = new Set([
  // zsh's word splitting and glob substitution
  'globsubst',
  'glob_subst',
  'shwordsplit',
  'sh_word_split',
  'rcexpandparam',
  'rc_expand_param',
  'magicequalsubst',
  'magic_equal_subst',
  'globassign',
  // what a glob or a brace matches
  'braceccl',
  'brace_ccl',
  'nocaseglob',
  'no_case_glob',
  'caseglob',
  'extendedglob',
  'extended_glob',
  'kshglob',
  'ksh_glob',
  'nocasematch',
  // how arrays and assignments read
  'ksharrays',
  'ksh_arrays',
  'keyword',
]);

/** Options that change nothing treeward reads. */
const harmlessOptions = new Set([
  // errors and tracing
  'e',
  'errexit',
  'err_exit',
  'u',
  'nounset',
  'x',
  'xtrace',
  'v',
  'verbose',
  'E',
  'errtrace',
  'T',
  'functrace',
  'inherit_errexit',
  'errreturn',
  'err_return',
  'pipefail',
  'pipe_fail',
  'printexitvalue',
  'warn_create_global',
  // jobs, history and the interactive shell
  'm',
  'monitor',
  'notify',
  'H',
  'histexpand',
  'correct',
  'nocorrect',
  'interactive_comments',
  'interactivecomments',
  'expand_aliases',
  'autocd',
  'auto_cd',
  'cdablevars',
  'cdable_vars',
  // exports, hashing, pipelines and clobbering
  'a',
  'allexport',
  'h',
  'hashall',
  'lastpipe',
  'C',
  'noclobber',
  // zsh's local options and traps
  'localoptions',
  'local_options',
  'localtraps',
  // `set -o NAME` itself
  'o',
]);

function optionActions(names: string[]): Action[] {
  const out: Action[] = [];
  for (const raw of names) {
    const name = raw.toLowerCase().replace(/^no_?/, (m) => (raw.toLowerCase() === 'noglob' || raw.toLowerCase() === 'nomatch' ? m : ''));
    const plain = raw.toLowerCase();
    if (plain === 'cdablevars' || plain === 'cdable_vars') out.push({ kind: 'set-options', cdableVars: true });
    else if (dotGlobOptions.has(plain) || dotGlobOptions.has(name)) out.push({ kind: 'set-options', globDots: true });
    else if (expansionOptions.has(plain) || expansionOptions.has(name)) out.push({ kind: 'set-options', expansionChanged: true });
    else if (!harmlessOptions.has(plain) && !harmlessOptions.has(name)) out.push({ kind: 'set-options', expansionChanged: true });
  }
  return out;
}
