// Reading one command by a row: its line read by the row's options (both
// platforms' readings where the row says the program may be BSD's), and the
// row's actions for it.

import type { Span } from '../../syntax/ast.js';
import type { Action, Invocation, ProgramContext, ProgramRow } from '../core/actions.js';
import type { Argument } from '../core/arguments.js';
import { type ParsedOptions, platformReadings, readOptions } from '../core/options.js';

/** The actions of `args` (the program's own word first) read by `row` under the table name `name`. */
export function readByRow(row: ProgramRow, name: string, args: Argument[], ctx: ProgramContext, span: Span): Action[] {
  const rest = args.slice(1);
  if (row.options === undefined) return row.read({ name, args, line: operandsOnly(rest), ctx, span });
  // a GNU program under POSIXLY_CORRECT stops at its first operand, as BSD's does
  if (row.bsdReading !== true && ctx.posixlyCorrect !== true) return row.read({ name, args, line: readOptions(rest, row.options), ctx, span });
  // a row's program may be GNU's or BSD's, or GNU's with POSIXLY_CORRECT: what either reading does is what it may do
  const readings = platformReadings(rest, row.options);
  if (readings.length === 1) return row.read({ name, args, line: readings[0]!, ctx, span });
  return unionOf(readings.map((line) => row.read({ name, args, line, ctx, span })));
}

/** Another row's reading of a command line (`npm exec` reads the rest as `npx` does). */
export function readAs(row: ProgramRow, invocation: Invocation, args: Argument[]): Action[] {
  return readByRow(row, row.names[0]!, args, invocation.ctx, invocation.span);
}

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
  const byArgument = new Map<unknown, Action[]>();
  const same = (a: Action, b: Action) => {
    const keys = Object.keys(a) as (keyof Action)[];
    return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
  };
  for (const actions of readings) {
    for (const action of actions) {
      const key = 'arg' in action ? action.arg : null;
      const seen = byArgument.get(key) ?? [];
      if (seen.some((earlier) => same(earlier, action))) continue;
      seen.push(action);
      byArgument.set(key, seen);
      (action.kind === 'place' ? places : out).push(action);
    }
  }
  return [...out, ...places];
}
