/** The line of `src` holding `span`, and a caret line under the span, for a person to read. */
export function caretLine(src: string, span: readonly [number, number]): string {
  const start = Math.max(0, Math.min(span[0], src.length));
  const end = Math.max(start + 1, Math.min(span[1], src.length));
  const lineStart = src.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = src.indexOf('\n', start);
  if (lineEnd < 0) lineEnd = src.length;
  const line = src.slice(lineStart, lineEnd);
  const width = Math.max(1, Math.min(end, lineEnd) - start);
  const lineNumber = src.slice(0, lineStart).split('\n').length;
  const prefix = `${lineNumber} | `;
  const pad = ' '.repeat(prefix.length + (start - lineStart));
  return `${prefix}${visible(line)}\n${pad}${'^'.repeat(width)}\n`;
}

/** Control characters shown as escapes so the caret stays under the right column. */
function visible(line: string): string {
  let out = '';
  for (const ch of line) {
    const c = ch.charCodeAt(0);
    out += c < 32 && c !== 9 ? '?' : ch;
  }
  return out;
}
