// Shell options that change how later words expand: bash's `shopt` and
// `set`, zsh's `setopt`, `unsetopt` and `emulate` (issue 12 class 1). An
// option the dialect table has a row for (syntax/dialect.ts, `options a line
// may set`) changes that row for what follows, and the walk reads later words
// under it; one that makes globs match dot names is `globDots`; one known to
// change globbing or splitting otherwise makes every later glob unfixed; the
// options known to change neither are harmless; any other option, or one the
// line does not fix, makes what follows unknown (`unknownOptions`).

import type { Action, OptionRows, ProgramRow } from '../core/actions.js';

export const rows: ProgramRow[] = [
  {
    names: ['shopt'],
    read: ({ args, ctx }) => {
      // only bash has the builtin; elsewhere the command is not found and sets nothing
      if (!ctx.dialect.shoptBuiltin) return [];
      const rest = args.slice(1);
      if (rest.some((a) => a.text === null)) return [{ kind: 'set-options', expansionChanged: true }];
      const texts = rest.map((a) => a.text!);
      // `shopt NAME` and `shopt -p` print; `-o` names set's options
      const on = texts.includes('-s') ? true : texts.includes('-u') ? false : null;
      if (on === null) return [];
      return optionActions(texts.filter((t) => !t.startsWith('-')), on);
    },
  },
  {
    names: ['setopt'],
    read: ({ args, ctx }) => {
      if (!ctx.dialect.setoptBuiltin) return [];
      const rest = args.slice(1);
      if (rest.some((a) => a.text === null)) return [unknownOptions];
      return optionActions(rest.map((a) => a.text!).filter((t) => !t.startsWith('-')), true);
    },
  },
  {
    names: ['unsetopt'],
    read: ({ args, ctx }) => {
      if (!ctx.dialect.setoptBuiltin) return [];
      // unsetting globbing-related options changes matching as well (`unsetopt noextendedglob` turns it on)
      const rest = args.slice(1);
      if (rest.some((a) => a.text === null)) return [unknownOptions];
      return optionActions(rest.map((a) => a.text!), false);
    },
  },
  {
    names: ['set'],
    read: ({ args }) => {
      const out: Action[] = [];
      const rest = args.slice(1);
      for (let i = 0; i < rest.length; i++) {
        const t = rest[i]!.text;
        if (t === null) return [unknownOptions];
        if ((t === '-o' || t === '+o') && i + 1 < rest.length) {
          const v = rest[++i]!.text;
          if (v === null) return [unknownOptions];
          out.push(...optionActions([v], t === '-o'));
          continue;
        }
        if (t === '--') break;
        if (/^[-+][a-zA-Z]+$/.test(t)) {
          for (const letter of t.slice(1)) out.push(...letterActions(letter, t.startsWith('-')));
          continue;
        }
        break; // positional parameters
      }
      return out;
    },
  },
  // `emulate sh`, `emulate -o OPT zsh`: a whole set of options treeward does not follow
  { names: ['emulate'], read: ({ args, ctx }) => (ctx.dialect.setoptBuiltin && args.length > 1 ? [unknownOptions] : []) },
];

/**
 * What follows an option treeward does not know, or one the line does not
 * fix: every later glob and unquoted parameter is unfixed, and the rows
 * whose change treeward refuses to follow are on (extended glob operators,
 * glob substitution, aliases, assignments anywhere), so a later word that
 * may depend on them is unfixed too.
 */
export const unknownOptions: Action = {
  kind: 'set-options', expansionChanged: true,
  rows: { globSubstitution: true, extendedGlobOperators: true, aliasesExpanded: true, assignmentsAnywhere: true, splitsUnquotedParameters: true },
};

/** `set`'s letters: `-f` (no globbing) changes later globs; `-k` puts assignments anywhere in a command; the rest change nothing read. */
function letterActions(letter: string, on: boolean): Action[] {
  if (letter === 'f') return on ? [{ kind: 'set-options', expansionChanged: true }] : [];
  if (letter === 'k') return on ? [{ kind: 'set-options', rows: { assignmentsAnywhere: true } }] : [];
  if (harmlessLetters.includes(letter)) return [];
  return [unknownOptions];
}

/** `set` letters that change nothing treeward reads: errors, tracing, jobs, exports, hashing, clobbering, braces, history. */
const harmlessLetters = ['e', 'u', 'x', 'v', 'E', 'T', 'm', 'H', 'a', 'h', 'C', 'B', 'b', 'n', 'P', 'p', 't', 'o'];

/**
 * Options with a row of the dialect table (their canonical names: lower
 * case, no `_`, no `no` prefix): the rows they set when turned on and off.
 * zsh's `nocaseglob` is `caseglob` off, and so is bash's `shopt -s nocaseglob`.
 */
const rowOptions = new Map<string, { on?: OptionRows; off?: OptionRows }>([
  ['caseglob', { off: { caselessGlob: true } }],
  ['braceccl', { on: { braceCharacterClass: true } }],
  ['globsubst', { on: { globSubstitution: true } }],
  ['shwordsplit', { on: { splitsUnquotedParameters: true } }],
  ['extendedglob', { on: { extendedGlobOperators: true } }],
  ['magicequalsubst', { on: { magicEqualSubst: true } }],
  ['keyword', { on: { assignmentsAnywhere: true } }],
  ['expandaliases', { on: { aliasesExpanded: true } }],
  ['globskipdots', { off: { dotGlobMatchesDotDot: true } }],
  ['lastpipe', { on: { lastPipelineElementInShell: true } }],
  ['nullglob', { on: { globsMayExpandToNothing: true } }],
  ['cshnullglob', { on: { globsMayExpandToNothing: true } }],
  ['ksharrays', { on: { arraysIndexedFromZero: true } }],
  ['rcexpandparam', { on: { arrayElementsJoinAdjacentText: true } }],
]);

/** zsh spells an option in any case, with any `_`, and `no` before a name turns it the other way; these names start with `no` themselves. */
const namesStartingWithNo = new Set(['nomatch', 'notify']);

/** An option's canonical name and whether the line turns it on. */
function canonical(raw: string, on: boolean): { name: string; on: boolean } {
  const name = raw.toLowerCase().replace(/_/g, '');
  if (name.startsWith('no') && !namesStartingWithNo.has(name) && name.length > 2) return { name: name.slice(2), on: !on };
  return { name, on };
}

/** Options that change which names a glob matches (dot files, `**`, no match). */
const dotGlobOptions = new Set(['dotglob', 'globdots', 'glob_dots', 'globstar', 'extglob', 'nullglob', 'failglob', 'nomatch', 'glob', 'noglob']);

/** Options that change how later words expand: treeward stops reading words as fixed. */
const expansionOptions = new Set([
  // zsh's word splitting and glob substitution
  'globsubst',
  'glob_subst',
  'shwordsplit',
  'sh_word_split',
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
  // how assignments read
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
  'autocd',
  'auto_cd',
  'cdablevars',
  'cdable_vars',
  // exports, hashing, pipelines and clobbering
  'a',
  'allexport',
  'h',
  'hashall',
  'C',
  'noclobber',
  // zsh's local options and traps
  'localoptions',
  'local_options',
  'localtraps',
  // `set -o NAME` itself
  'o',
]);

/** The actions of turning options on (`on`) or off: a row's change, a glob change, or what follows unknown. */
function optionActions(names: string[], on: boolean): Action[] {
  const out: Action[] = [];
  for (const raw of names) {
    const option = canonical(raw, on);
    const row = rowOptions.get(option.name);
    if (row) {
      const rows = option.on ? row.on : row.off;
      if (rows) out.push({ kind: 'set-options', rows });
      continue;
    }
    const plain = raw.toLowerCase().replace(/_/g, '');
    const known = (set: Set<string>) => normalized(set).has(plain) || normalized(set).has(option.name);
    if (plain === 'cdablevars') out.push({ kind: 'set-options', cdableVars: true });
    else if (known(dotGlobOptions)) out.push({ kind: 'set-options', globDots: true });
    else if (known(expansionOptions)) out.push({ kind: 'set-options', expansionChanged: true });
    else if (!known(harmlessOptions)) out.push(unknownOptions);
  }
  return out;
}

/** Whether turning the option on or off changes nothing treeward reads (a nested shell's `-o NAME`, `-O NAME`). */
export function optionIsHarmless(raw: string, on: boolean): boolean {
  // treeward reads bash's extended globs whatever extglob says (syntax/dialect.ts `extglob`)
  if (raw === 'extglob') return true;
  const option = canonical(raw, on);
  if (rowOptions.has(option.name)) return false;
  return normalized(harmlessOptions).has(raw.toLowerCase().replace(/_/g, '')) || normalized(harmlessOptions).has(option.name);
}

const normalizedSets = new Map<Set<string>, Set<string>>();

/** A set of option names as zsh compares them: lower case, no `_`. */
function normalized(set: Set<string>): Set<string> {
  let out = normalizedSets.get(set);
  if (!out) normalizedSets.set(set, (out = new Set([...set].map((n) => n.toLowerCase().replace(/_/g, '')))));
  return out;
}
