// Glob matches that begin with `-` (issue 13 item 6): the shell expands a
// glob before the program reads its options, so a file named `-rf` in the
// directory turns `rm -f *` into `rm -f -rf …` (GNU getopt reads every
// argument before `--` as a possible option, wherever it stands), and one
// named `--checkpoint-action=exec=sh x` turns `tar -cf a.tar *` into code.
// Checked for real in the sandbox (test/programs/option-globs-sandbox.test.ts):
// GNU rm 9.1 recurses, GNU tar 1.34 runs the checkpoint's command.
//
// A glob argument not after `--` whose expanded word can start with `-` (its
// first component is the pattern: `src/*` always starts `src/`) is read by
// the names standing in the shell's directory that start with `-` and match
// it, listed through the fs seam, together with the names the line made
// there: each such name is put before the glob as an argument of its own,
// so the program's row reads it as the option it is. Where those names
// cannot be listed (the line may have made names there it does not fix, the
// directory is unknown or unreadable, too many match), a program whose
// options may do more than change how it reads is refused.

import type { Argument } from '../core/arguments.js';
import { derivedArgument } from '../core/arguments.js';
import type { Directories } from '../core/effects.js';
import type { CodeFact } from '../core/facts.js';
import { matchesName } from '../core/glob.js';
import { baseName, normalizeLexically } from '../core/path-text.js';
import type { Chunk, Field } from '../core/words.js';
import { builtinOf, rowOf } from '../programs/index.js';
import type { Scope } from './scope.js';
import type { WalkState } from './state.js';

/** Past this many option-like names for one glob, the rest are not read: the glob is refused as unreadable. */
const maxOptionLikeNames = 16;

type Why = Extract<CodeFact, { source: 'option-like-glob' }>['why'];

/**
 * `args` (the program's own word first) with every option-like name a glob
 * before `--` matches put before that glob; a refusal when the names cannot
 * be listed and the program's options matter.
 */
export function withOptionLikeMatches(w: WalkState, args: Argument[], scope: Scope): Argument[] {
  // a copy only once a glob adds names: most commands have none, and a line may have 100,000 words (issue 18 item 2)
  let out: Argument[] | null = null;
  let ended = false;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.text === '--') ended = true;
    const field = ended ? null : globField(arg);
    const first = field === null ? null : firstComponent(field.chunks);
    if (field !== null && first !== null && canStartWithDash(first)) {
      const names = optionLikeNames(w, first, scope);
      if (typeof names === 'string') refuseUnlessHarmless(w, args[0]!, arg, field, names);
      else if (names.length > 0) {
        // `*/x` matching the directory `-rf` is the word `-rf/x`
        const rest = field.text.includes('/') ? field.text.slice(field.text.indexOf('/')) : '';
        out ??= args.slice(0, i);
        for (const name of names) out.push(derivedArgument(arg, name + rest));
      }
    }
    out?.push(arg);
  }
  return out ?? args;
}

/** The one glob field of an argument (argumentsOf gives each field its own argument). */
function globField(arg: Argument): Field | null {
  if (arg.text !== null || arg.listed || arg.value.kind !== 'fixed' || arg.value.fields.length !== 1) return null;
  const field = arg.value.fields[0]!;
  return field.glob ? field : null;
}

/** The chunks of the field's first component (before its first `/`); null when the field starts with `/`. */
function firstComponent(chunks: readonly Chunk[]): Chunk[] | null {
  const out: Chunk[] = [];
  for (const chunk of chunks) {
    const slash = chunk.text.indexOf('/');
    if (slash < 0) {
      out.push(chunk);
      continue;
    }
    if (slash > 0) out.push({ text: chunk.text.slice(0, slash), quoted: chunk.quoted });
    break;
  }
  return out.some((c) => c.text.length > 0) ? out : null;
}

/** Whether a name the pattern matches can start with `-`: its first character (a literal, `?`, `*`, or a bracket expression) matches one. */
function canStartWithDash(chunks: readonly Chunk[]): boolean {
  const chunk = chunks.find((c) => c.text.length > 0)!;
  const t = chunk.text;
  if (chunk.quoted || t[0] !== '[') return t[0] === '-' || (!chunk.quoted && (t[0] === '*' || t[0] === '?'));
  // `[ab]*`, `[!a]*`, `[]-]*`: the bracket expression alone, matched against `-` (an unclosed `[` is a literal)
  let j = 1;
  if (t[j] === '!' || t[j] === '^') j++;
  if (t[j] === ']') j++;
  while (j < t.length && t[j] !== ']') j++;
  if (j >= t.length) return false;
  return matchesName([{ text: t.slice(0, j + 1), quoted: false }], '-', true);
}

/** The names starting with `-` the pattern matches in every directory the shell may be in, sorted; or why they cannot be listed. */
function optionLikeNames(w: WalkState, pattern: readonly Chunk[], scope: Scope): string[] | Why {
  const dirs: Directories = scope.dirs;
  if (dirs === null) return 'unknown-directory';
  const found = new Set<string>();
  let madeMatch = false;
  for (const dir of dirs) {
    const here = normalizeLexically(dir);
    const made = w.facts.namesMadeIn(here);
    if (made === null) return 'made-by-line';
    const listed = w.options.listNames ? w.options.listNames(here) : [];
    if (listed === 'unreadable') return 'unreadable';
    w.charge(listed.length);
    const caseless = scope.options.caselessGlob === true;
    for (const name of listed) {
      if (!name.startsWith('-') || name.includes('/')) continue;
      if (matchesName(pattern, name, true, caseless)) found.add(name);
    }
    // a name the line made may not stand there when the glob expands (its maker may not have run: `true || touch -- -rf`,
    // or failed): read both ways it is two programs, so it is refused as not listed (found by npm run explore, seed -1344597237)
    for (const name of made) {
      if (name.includes('/') || listed.includes(name) || !matchesName(pattern, name, true, caseless)) continue;
      if (name.startsWith('-')) return 'made-by-line';
      madeMatch = true;
    }
  }
  // a name the line made beside an option-like one decides, by standing there or not, which match the option takes as
  // its value (`touch b.txt; touch [!a]*` with a file `-d`: `-d b.txt sub` or `-d sub x.js`, explore seed 803567989)
  if (found.size > 0 && madeMatch) return 'made-by-line';
  if (found.size > maxOptionLikeNames) return 'too-many';
  return [...found].sort();
}

/**
 * A program whose every option only changes how it reads (the read-only
 * programs, and the builtins that set no names) is left alone: an
 * option-like name changes nothing it does to files. Any other is refused.
 */
function refuseUnlessHarmless(w: WalkState, program: Argument, arg: Argument, field: Field, why: Why): void {
  const name = baseName(program.text ?? '');
  const row = rowOf(name);
  // a builtin reads no file by its options; one that sets names (`printf -v`, `read`) could set one the line fixed
  const builtin = builtinOf(name);
  if (row?.optionsHarmless === true || (builtin !== undefined && builtin.setsNames === undefined)) return;
  w.runsCode(arg.word.span, { source: 'option-like-glob', glob: field.text, program: name, why });
}
