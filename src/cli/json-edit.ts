// Edits to a JSON settings file that touch only what they change: a value
// added to an array or an object, or one removed, spliced into the text by the
// offsets ./json-with-lines.ts records, so every other byte (other settings,
// comments, the file's own indentation) stays as it was. Used by
// `treeward install` and `uninstall` (./install.ts).

import type { JsonEntry, JsonNode } from './json-with-lines.js';

/** One splice of the text: `[start, end)` becomes `text`. */
export interface Splice {
  start: number;
  end: number;
  text: string;
}

/** The text with the splices made (they must not overlap). */
export function applySplices(text: string, splices: Splice[]): string {
  let out = text;
  for (const splice of [...splices].sort((a, b) => b.start - a.start)) out = out.slice(0, splice.start) + splice.text + out.slice(splice.end);
  return out;
}

/** The value at `key` of an object node, or undefined. */
export function entryOf(node: JsonNode, key: string): JsonEntry | undefined {
  return node.kind === 'object' ? node.entries.find((entry) => entry.key === key) : undefined;
}

/** The white space that begins the line `offset` is on. */
function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** The file's indentation step: the first indented line's white space, else two spaces. */
export function indentUnit(text: string): string {
  const first = /\n([ \t]+)\S/.exec(text);
  return first ? first[1]! : '  ';
}

/** Whether the container is written on one line (its opener and closer on the same line). */
function isInline(text: string, node: JsonNode): boolean {
  return !text.slice(node.start, node.end).includes('\n');
}

/** `value` as JSON text, its lines after the first indented by `indent`, or on one line. */
function render(value: unknown, indent: string, unit: string, inline: boolean): string {
  if (inline) return JSON.stringify(value);
  return JSON.stringify(value, null, unit).replace(/\n/g, `\n${indent}`);
}

/** Adds `member` (a value, or `"key": value`) as the last member of a container node. */
function appendMember(text: string, node: JsonNode, member: (indent: string, inline: boolean) => string): Splice {
  const members: { start: number; end: number }[] = node.kind === 'object'
    ? node.entries.map((entry) => ({ start: entry.start, end: entry.value.end }))
    : node.kind === 'array' ? node.items : [];
  const unit = indentUnit(text);
  const inline = isInline(text, node) && members.length > 0;
  if (members.length === 0) {
    const closerIndent = lineIndent(text, node.start);
    const inner = closerIndent + unit;
    return { start: node.start + 1, end: node.end - 1, text: `\n${inner}${member(inner, false)}\n${closerIndent}` };
  }
  const last = members[members.length - 1]!;
  if (inline) return { start: last.end, end: last.end, text: `, ${member('', true)}` };
  const indent = lineIndent(text, last.start);
  return { start: last.end, end: last.end, text: `,\n${indent}${member(indent, false)}` };
}

/** The splice that appends `value` to an array node. */
export function appendItem(text: string, array: JsonNode, value: unknown): Splice {
  const unit = indentUnit(text);
  return appendMember(text, array, (indent, inline) => render(value, indent, unit, inline));
}

/** The splice that adds `"key": value` as an object node's last entry. */
export function appendEntry(text: string, object: JsonNode, key: string, value: unknown): Splice {
  const unit = indentUnit(text);
  return appendMember(text, object, (indent, inline) => `${JSON.stringify(key)}: ${render(value, indent, unit, inline)}`);
}

/** The splice that replaces a node's text with `value`, indented as the node's line. */
export function replaceNode(text: string, node: JsonNode, value: unknown): Splice {
  const inline = isInline(text, node) && node.kind !== 'object';
  return { start: node.start, end: node.end, text: render(value, lineIndent(text, node.start), indentUnit(text), inline) };
}

/** The splice that removes member `index` of a container node, with the comma and white space that joined it. */
export function removeMember(node: JsonNode, index: number): Splice {
  const members: { start: number; end: number }[] = node.kind === 'object'
    ? node.entries.map((entry) => ({ start: entry.start, end: entry.value.end }))
    : node.kind === 'array' ? node.items : [];
  const member = members[index]!;
  if (members.length === 1) {
    // the container keeps its brackets, on the opener's line
    return { start: node.start + 1, end: node.end - 1, text: '' };
  }
  if (index > 0) return { start: members[index - 1]!.end, end: member.end, text: '' };
  return { start: member.start, end: members[1]!.start, text: '' };
}
