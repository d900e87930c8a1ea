// Reading one command by a row: its line read by the row's options (by the
// platform's userland where the row says the program may be BSD's: GNU's on
// linux, BSD's on darwin, both where the platform is not known), and the
// row's actions for it.

import type { Span } from '../../syntax/ast.js';
import type { Action, Invocation, ProgramContext, ProgramRow } from '../core/actions.js';
import type { Argument } from '../core/arguments.js';
import { type ParsedOptions, readOptions, type Userland, userlandReadings, userlandsOf } from '../core/options.js';

/** The actions of `args` (the program's own word first) read by `row` under the table name `name`. */
export function readByRow(row: ProgramRow, name: string, args: Argument[], ctx: ProgramContext, span: Span): Action[] {
  const rest = args.slice(1);
  // a row's program may be GNU's or BSD's: on a platform treeward knows, that one's; else what either reading does
  const userlands = row.bsdReading === undefined ? gnuOnly : userlandsOf(ctx.platform);
  // a GNU program under POSIXLY_CORRECT stops at its first operand, as BSD's does: where it may be set, that reading too
  const posixly = ctx.posixlyCorrect === true && row.options !== undefined && !row.options.stopAtOperand && userlands.includes('gnu');
  if (userlands === gnuOnly && !posixly) {
    const line = row.options === undefined ? operandsOnly(rest) : readOptions(rest, row.options);
    return row.read({ name, args, line, userland: 'gnu', ctx, span });
  }
  const bsd = row.bsdReading === true ? undefined : row.bsdReading;
  const readings = row.options === undefined
    ? userlands.map((userland) => ({ userland, line: operandsOnly(rest) }))
    : userlandReadings(rest, row.options, userlands, bsd);
  if (posixly) readings.push({ userland: 'gnu', line: readOptions(rest, row.options!, true) });
  if (readings.length === 1) return row.read({ name, args, line: readings[0]!.line, userland: readings[0]!.userland, ctx, span });
  return unionOf(readings.map(({ line, userland }) => row.read({ name, args, line, userland, ctx, span })));
}

/** Another row's reading of a command line (`npm exec` reads the rest as `npx` does). */
export function readAs(row: ProgramRow, invocation: Invocation, args: Argument[]): Action[] {
  return readByRow(row, row.names[0]!, args, invocation.ctx, invocation.span);
}

const gnuOnly: readonly Userland[] = ['gnu'];

function operandsOnly(operands: Argument[]): ParsedOptions {
  return { options: [], operands, unfixedOptionLike: [], invalid: [] };
}

/**
 * The actions of several readings, each once (an action of a later reading
 * equal, field by field, to an earlier one is dropped). The readings are
 * alternatives, not steps: what one puts in place (`place`) comes after
 * every reading's writes, so it cannot make the other's targets unfixed.
 */
function unionOf(readings: Action[][]): Action[] {
  const out: Action[] = [];
  const places: Action[] = [];
  // by the word each acts on, which is one object in every reading
  const byArgument = new Map<unknown, Action[]>();
  const same = (a: Action, b: Action) => {
    const keys = Object.keys(a) as (keyof Action)[];
    return keys.length === Object.keys(b).length && keys.every((k) => sameValue(a[k], b[k], 10));
  };
  for (const actions of readings) {
    for (const action of actions) {
      const key = 'arg' in action ? action.arg.word : null;
      const seen = byArgument.get(key) ?? [];
      if (seen.some((earlier) => same(earlier, action))) continue;
      // one path placed by readings that read its sources apart: it is a copy of no sources known (it may be a link)
      if (action.kind === 'place') {
        const k = places.findIndex((earlier) => earlier.kind === 'place' && same(withoutCopies(earlier), withoutCopies(action)));
        if (k >= 0) {
          places[k] = withoutCopies(places[k] as typeof action);
          continue;
        }
      }
      seen.push(action);
      byArgument.set(key, seen);
      (action.kind === 'place' ? places : out).push(action);
    }
  }
  return [...out, ...places];
}

function withoutCopies(place: Extract<Action, { kind: 'place' }>): Extract<Action, { kind: 'place' }> {
  if (place.copies === undefined) return place;
  const { copies: _copies, ...rest } = place;
  return rest;
}

/**
 * Two fields of actions that say the same: the same value, or arrays and
 * plain data (an argument each reading derived from one word, a find
 * filter) of the same items, read to a bounded depth; a word of the line is
 * the same word only as itself.
 */
function sameValue(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (depth === 0 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, k) => sameValue(x, b[k], depth - 1));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((k) => (k === 'word' ? left[k] === right[k] : sameValue(left[k], right[k], depth - 1)));
}
