// treeward's entries in a harness's JSON settings file, added or removed with
// splices (./json-edit.ts) so that nothing else in the file changes: the
// merge `treeward install` and `uninstall` make (./install.ts).

import type { JsonObject } from './harness/adapter.js';
import type { JsonEntry as SettingsEntry } from './harness/install-plan.js';
import { appendEntry, appendItem, applySplices, entryOf, removeMember, replaceNode, type Splice } from './json-edit.js';
import { type JsonNode, parseJsonText } from './json-with-lines.js';

/** A settings file whose shape is not what the harness reads (a root that is not an object, `hooks` a string). */
export class SettingsShapeError extends Error {}

export interface JsonEdit {
  comments: boolean;
  /** Keys the root must hold, added where missing (an existing value is left). */
  root: JsonObject;
  entries: SettingsEntry[];
  /** The hook object's key holding its command. */
  commandKey: string;
  isOurs(command: unknown): boolean;
}

/** The value a node holds, as JSON.parse would give it. */
export function plainValue(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object': return Object.fromEntries(node.entries.map((entry) => [entry.key, plainValue(entry.value)]));
    case 'array': return node.items.map(plainValue);
    case 'null': return null;
    default: return node.value;
  }
}

/** JSON with its keys sorted, so two values compare equal whatever order their keys were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical((value as JsonObject)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The file's text after the edit (null: there is no file, and none is needed) and what changed, a sentence each. */
export function editJsonSettings(before: string | null, edit: JsonEdit, verb: 'install' | 'uninstall'): { text: string | null; notes: string[] } {
  if (before === null && verb === 'uninstall') return { text: null, notes: [] };
  let text = before ?? '{}\n';
  const notes: string[] = [];
  const parse = () => {
    const root = parseJsonText(text, { comments: edit.comments });
    if (root.kind !== 'object') throw new SettingsShapeError('its root is not a JSON object');
    return root;
  };
  const splice = (change: Splice, note: string | null) => {
    text = applySplices(text, [change]);
    if (note !== null) notes.push(note);
  };
  parse();
  if (verb === 'install') {
    for (const [key, value] of Object.entries(edit.root)) {
      const root = parse();
      if (!entryOf(root, key)) splice(appendEntry(text, root, key, value), `set "${key}": ${JSON.stringify(value)}`);
    }
    edit.entries.forEach((entry, index) => {
      const change = ensureEntry(text, parse(), entry, edit, sharesPath(edit.entries, index));
      if (change) splice(change.splice, change.note);
    });
  } else {
    for (const path of new Set(edit.entries.map((entry) => entry.path.join('\u0000')))) {
      const keys = path.split('\u0000');
      for (let change = removeOne(parse(), keys, edit); change; change = removeOne(parse(), keys, edit)) splice(change.splice, change.note);
    }
  }
  return { text, notes };
}

/** Several entries go into one array (Kiro's two matchers): each is then told apart by its matcher too. */
function sharesPath(entries: SettingsEntry[], index: number): boolean {
  return entries.some((other, i) => i !== index && other.path.join('.') === entries[index]!.path.join('.'));
}

/** The node at `keys`, the deepest object reached on the way, and how many keys were found. */
function walk(root: JsonNode, keys: readonly string[]): { node: JsonNode | undefined; parent: JsonNode; found: number } {
  let node: JsonNode = root;
  for (let i = 0; i < keys.length; i++) {
    const entry = entryOf(node, keys[i]!);
    if (!entry) return { node: undefined, parent: node, found: i };
    if (i < keys.length - 1 && entry.value.kind !== 'object') throw new SettingsShapeError(`\`${keys.slice(0, i + 1).join('.')}\` is not an object`);
    node = entry.value;
  }
  if (node.kind !== 'array') throw new SettingsShapeError(`\`${keys.join('.')}\` is not a list`);
  return { node, parent: node, found: keys.length };
}

/** The value of `key` in an object node, as plain JSON; undefined when absent. */
function valueAt(node: JsonNode, key: string): unknown {
  const entry = entryOf(node, key);
  return entry ? plainValue(entry.value) : undefined;
}

/** The hook objects treeward wrote in an array member: the member itself (index 0), or those in its `hooks`. */
function oursIn(member: JsonNode, nested: boolean, edit: JsonEdit): number[] {
  if (!nested) return edit.isOurs(valueAt(member, edit.commandKey)) ? [0] : [];
  const hooks = entryOf(member, 'hooks')?.value;
  if (!hooks || hooks.kind !== 'array') return [];
  return hooks.items.flatMap((hook, i) => (edit.isOurs(valueAt(hook, edit.commandKey)) ? [i] : []));
}

function ensureEntry(text: string, root: JsonNode, entry: SettingsEntry, edit: JsonEdit, byMatcher: boolean): { splice: Splice; note: string } | null {
  const where = walk(root, entry.path);
  const name = entry.path.join('.');
  if (where.node === undefined) {
    let value: unknown = [entry.value];
    for (let i = entry.path.length - 1; i > where.found; i--) value = { [entry.path[i]!]: value };
    const note = `added ${name} with treeward's entry: ${JSON.stringify(entry.value)}`;
    return { splice: appendEntry(text, where.parent, entry.path[where.found]!, value), note };
  }
  const array = where.node as Extract<JsonNode, { kind: 'array' }>;
  const matcher = entry.value['matcher'];
  const index = array.items.findIndex((member) => oursIn(member, entry.nested, edit).length > 0 && (!byMatcher || valueAt(member, 'matcher') === matcher));
  if (index < 0) return { splice: appendItem(text, array, entry.value), note: `added to ${name}: ${JSON.stringify(entry.value)}` };
  const member = array.items[index]!;
  const hooks = entry.nested ? (entryOf(member, 'hooks')!.value as Extract<JsonNode, { kind: 'array' }>) : null;
  // a group holding other hooks beside treeward's keeps them: only treeward's hook is brought up to date
  const alone = hooks === null || hooks.items.length === oursIn(member, true, edit).length;
  const target = alone ? member : hooks.items[oursIn(member, true, edit)[0]!]!;
  const wanted = alone ? entry.value : (entry.value['hooks'] as unknown[])[0];
  if (canonical(plainValue(target)) === canonical(wanted)) return null;
  return { splice: replaceNode(text, target, wanted), note: `replaced treeward's entry in ${name} with: ${JSON.stringify(wanted)}` };
}

/** The splice that removes one of treeward's hooks under `keys` (the last found), or null when none is left. */
function removeOne(root: JsonNode, keys: readonly string[], edit: JsonEdit): { splice: Splice; note: string } | null {
  const array = walkIfThere(root, keys);
  if (!array) return null;
  const name = keys.join('.');
  for (let index = array.items.length - 1; index >= 0; index--) {
    const member = array.items[index]!;
    const flat = oursIn(member, false, edit);
    if (flat.length > 0) return { splice: removeMember(array, index), note: `removed treeward's entry from ${name}` };
    const nested = oursIn(member, true, edit);
    if (nested.length === 0) continue;
    const hooks = entryOf(member, 'hooks')!.value;
    if (hooks.kind === 'array' && nested.length === hooks.items.length) {
      return { splice: removeMember(array, index), note: `removed treeward's entry from ${name}` };
    }
    return { splice: removeMember(hooks, nested[nested.length - 1]!), note: `removed treeward's hook from a group in ${name}, keeping the others` };
  }
  return null;
}

function walkIfThere(root: JsonNode, keys: readonly string[]): Extract<JsonNode, { kind: 'array' }> | null {
  try {
    const where = walk(root, keys);
    return where.node?.kind === 'array' ? where.node : null;
  } catch {
    return null;
  }
}
