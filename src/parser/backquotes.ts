// A backquoted substitution is parsed from its text with the backslashes
// that quote `$`, `` ` `` and `\\` removed; its tree's spans are then moved
// back onto the source.

import type { Span } from '../syntax/ast.js';

export function mapPosition(positions: readonly number[], p: number, span: Span): number {
  if (p < 0) return span[0];
  if (p >= positions.length) return span[1];
  return positions[p]!;
}

/** An exclusive end: just after the source character of the last covered one. */
export function mapEnd(positions: readonly number[], p: number, span: Span): number {
  if (p <= 0) return mapPosition(positions, p, span);
  if (p > positions.length) return span[1];
  return positions[p - 1]! + 1;
}

/** Move the spans of a tree parsed from backquoted text back onto the source. */
export function remapSpans(root: unknown, positions: readonly number[], span: Span): void {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const x of node) stack.push(x);
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if ((key === 'span' || key === 'nameSpan') && Array.isArray(value) && value.length === 2 && typeof value[0] === 'number') {
        record[key] = [mapPosition(positions, value[0] as number, span), mapEnd(positions, value[1] as number, span)];
      } else if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
}
