// Where a node, a token or an error lies in the source: `[start, end]`,
// offsets into the source string, end exclusive.

export type Span = [start: number, end: number];
