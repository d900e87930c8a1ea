// The strict JSON reader with line numbers (src/cli/json-with-lines.ts): what
// it reads, the line each value starts on, and the line and sentence of each
// refusal. The configuration's own errors, read through it, are in
// test/hook/parts.test.ts.

import { describe, expect, it } from 'vitest';
import { type JsonNode, JsonTextError, parseJsonText } from '../../src/cli/json-with-lines.js';

/** The line and message a text is refused with. */
function refusal(text: string): [number, string] {
  try {
    parseJsonText(text);
  } catch (error) {
    if (error instanceof JsonTextError) return [error.line, error.message];
    throw error;
  }
  throw new Error('the text was accepted');
}

/** The node as plain JSON, to compare with JSON.parse. */
function plain(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object': return Object.fromEntries(node.entries.map((entry) => [entry.key, plain(entry.value)]));
    case 'array': return node.items.map(plain);
    case 'null': return null;
    default: return node.value;
  }
}

describe('the strict JSON reader', () => {
  it('reads JSON escapes as JSON does', () => {
    const text = '{"a": ["\\u00e9\\n\\"\\\\\\/", 1.5e3, null, false]}';
    expect(parseJsonText(text)).toMatchObject({ kind: 'object' });
    const node = parseJsonText(text) as { entries: { value: { items: { value?: unknown }[] } }[] };
    expect(node.entries[0]!.value.items.map((item) => item.value)).toEqual([JSON.parse(text).a[0], 1500, undefined, false]);
  });

  it.each([
    '{}', '[]', '"x"', '0', '-0.5e-3', 'true', 'null', ' \t\r\n{"a": {"b": [1, [2, {}], "\\b\\f\\r\\t"]}, "c": -12}\n',
    '["\\ud83d\\ude00", "é", "\\u0000"]',
  ])('reads %j as JSON.parse does', (text) => {
    expect(plain(parseJsonText(text))).toEqual(JSON.parse(text));
  });

  it('gives each value the line it starts on, and each key its own', () => {
    const node = parseJsonText('{\n  "a": 1,\n  "b":\n    [\n      true\n    ]\n}') as Extract<JsonNode, { kind: 'object' }>;
    expect(node.line).toBe(1);
    expect(node.entries.map((entry) => [entry.key, entry.line, entry.value.line])).toEqual([['a', 2, 2], ['b', 3, 4]]);
    expect((node.entries[1]!.value as Extract<JsonNode, { kind: 'array' }>).items[0]!.line).toBe(5);
  });

  it('skips a leading byte-order mark, and only there', () => {
    expect(plain(parseJsonText('\ufeff{"a": 1}'))).toEqual({ a: 1 });
    expect(refusal('{"a": 1}\ufeff')).toEqual([1, 'unexpected `\ufeff` after the end of the JSON value']);
  });

  it.each([
    ['{"a": 1,}', 1, 'a trailing comma before `}` is not JSON'],
    ['[1,\n]', 2, 'a trailing comma before `]` is not JSON'],
    ['{"a" 1}', 1, 'expected `:` after the key "a", found `1`'],
    ['{"a": 1 "b": 2}', 1, 'expected `,` or `}`, found `"`'],
    ['[1 2]', 1, 'expected `,` or `]`, found `2`'],
    ['{\n\n"a": 1, "a": 2}', 3, 'the key "a" appears twice'],
    ['{a: 1}', 1, 'expected a key in double quotes, found `a`'],
    ['// a comment\n{}', 1, 'expected a JSON value, found `/`'],
    ["{'a': 1}", 1, "expected a key in double quotes, found `'`"],
    ['"abc', 1, 'a string is not closed'],
    ['"a\tb"', 1, 'a control character inside a string must be escaped'],
    ['"\\u12g4"', 1, '`\\u` must be followed by four hex digits'],
    ['"\\x41"', 1, '`\\x` is not a JSON escape'],
    ['01', 1, 'unexpected `1` after the end of the JSON value'],
    ['+1', 1, 'expected a JSON value, found `+`'],
    ['.5', 1, 'expected a JSON value, found `.`'],
    ['NaN', 1, 'expected a JSON value, found `N`'],
    ['\n\n', 3, 'expected a JSON value, found the end of the file'],
    ['[', 1, 'expected a JSON value, found the end of the file'],
    ['{"a": [1, 2\n', 2, 'expected `,` or `]`, found the end of the file'],
    [`${'['.repeat(66)}${']'.repeat(66)}`, 1, 'the file nests too deeply'],
  ])('refuses %j at line %i', (text, line, message) => {
    expect(refusal(text)).toEqual([line, message]);
  });

  it('reads nesting up to its limit (65 levels: the root and 64 below it)', () => {
    expect(plain(parseJsonText(`${'['.repeat(65)}${']'.repeat(65)}`))).toEqual(JSON.parse(`${'['.repeat(65)}${']'.repeat(65)}`));
  });
});
