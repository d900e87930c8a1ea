// Whether an inline program may change a list, dict or object in place. A
// name bound once to a literal keeps that literal as its value only while
// nothing can change it: `a = ['ls', '/']; a[0] = 'rm'; a.insert(1, '-rf');
// subprocess.run(a)` runs `rm -rf /`, and the change may reach the value
// through another name (`b = a; b += [...]`, a function's parameter, a
// library call such as `random.shuffle(a)`). The readers do not track
// objects, so a program that contains any spelling of an in-place change
// keeps no name's fixed value (the same rule ruby.ts applies): its paths and
// argv must then be written as literals at the call.

import type { Token } from './tokens.js';

/** How a language spells an in-place change. */
export interface InPlaceSpelling {
  /** Methods and functions that change their receiver or an argument (`append`, `push`, `splice`, `shuffle`, `setattr`). */
  readonly changers: ReadonlySet<string>;
  /** Receivers whose same-named methods change no value (`os.remove`, `fs.unlink`): modules, not lists. */
  readonly modules: ReadonlySet<string>;
  /** `x += y` changes a list in place (Python), not only the name (JavaScript makes a new string or number). */
  readonly augmentedChanges: boolean;
}

const assignment = /^(=|[-+*/%@&|^]=|\*\*=|\/\/=|<<=|>>=|>>>=|&&=|\|\|=|\?\?=|\+\+|--)$/;
const ends = new Set([';', ')', ']', '}']);

/** The program contains a subscript or attribute assignment, a changing method or function, `del x[…]`, or (Python) `x += …` of a non-number. */
export function changesInPlace(tokens: readonly Token[], spelling: InPlaceSpelling): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    const assigns = next?.k === 'op' && assignment.test(next.t);
    // `a[0] = …`, `a[i] += …`, `a[0]++`, `[a[0]] = …`
    if (t.k === 'op' && t.t === ']' && assigns) return true;
    if (t.k !== 'name') continue;
    const member = prev?.t === '.' || prev?.t === '?.';
    // `a.x = …`, `obj.p++` (an attribute of an object a fixed value may be)
    if (member && assigns) return true;
    // `a.append(…)`, `shuffle(a)`; `os.remove(…)` names a module's function, not a list's method
    if (spelling.changers.has(t.t) && !(member && spelling.modules.has(tokens[i - 2]?.t ?? ''))) return true;
    // `del a[0]`, `del a.x`
    if (t.t === 'del' && next?.k === 'name' && (tokens[i + 2]?.t === '[' || tokens[i + 2]?.t === '.')) return true;
    if (spelling.augmentedChanges && !member && next?.k === 'op' && next.t !== '=' && /=$/.test(next.t) && assignment.test(next.t)) {
      const value = tokens[i + 2];
      const after = tokens[i + 3];
      const counter = value?.k === 'num' && (after === undefined || after.nl === true || ends.has(after.t));
      if (!counter) return true;
    }
  }
  return false;
}

/** Every name of the program bound at least twice (so none keeps a fixed value) when it may change a value in place. */
export function unfixIfChangedInPlace(tokens: readonly Token[], counts: Map<string, number>, spelling: InPlaceSpelling): Map<string, number> {
  if (!changesInPlace(tokens, spelling)) return counts;
  for (const t of tokens) if (t.k === 'name') counts.set(t.t, Math.max(2, counts.get(t.t) ?? 0));
  return counts;
}
