// A small strict JSON reader that knows its lines: every value carries the
// 1-based line it starts on and its offsets in the text, and every error the
// line it was found on, on every runtime (node's and Bun's JSON.parse
// messages differ, and not all of them say where). A key written twice is an
// error, not a silent last-one-wins. The configuration file is read strictly;
// `treeward install` also reads settings files whose harness strips comments
// first (Gemini CLI's), with `comments: true`, and edits them by offset.

/** Where a value lies: `text.slice(start, end)` is its source. */
interface Placed {
  line: number;
  start: number;
  end: number;
}

export type JsonNode = Placed & (
  | { kind: 'object'; entries: JsonEntry[] }
  | { kind: 'array'; items: JsonNode[] }
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'null' }
);

export interface JsonEntry {
  key: string;
  /** The line the key is on. */
  line: number;
  /** The offset of the key's opening quote. */
  start: number;
  value: JsonNode;
}

export interface JsonReadOptions {
  /** Skip `//` and `/* … *\/` comments where white space may stand (JSON with comments, as JSONC readers take it). */
  comments?: boolean;
}

/** Text that is not such JSON: the 1-based line and what is wrong there. */
export class JsonTextError extends Error {
  constructor(readonly line: number, message: string) {
    super(message);
  }
}

/** Nesting past this is refused. */
const maxDepth = 64;

/** RFC 8259 JSON, strict: no comments (unless asked), no trailing commas, no duplicate keys. A leading BOM is skipped. Throws JsonTextError. */
export function parseJsonText(text: string, options: JsonReadOptions = {}): JsonNode {
  const reader = new JsonReader(text, options.comments === true);
  const root = reader.value(0);
  reader.skipSpace();
  if (reader.pos < text.length) reader.fail(`unexpected ${reader.describe()} after the end of the JSON value`);
  return root;
}

const escapes: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class JsonReader {
  pos: number;
  line = 1;

  constructor(readonly text: string, readonly comments: boolean) {
    this.pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  fail(message: string): never {
    throw new JsonTextError(this.line, message);
  }

  /** The character at the reading position, for an error. */
  describe(): string {
    return this.pos >= this.text.length ? 'the end of the file' : `\`${this.text[this.pos]}\``;
  }

  skipSpace(): void {
    const text = this.text;
    for (; this.pos < text.length; this.pos++) {
      const c = text.charCodeAt(this.pos);
      if (c === 0x0a) this.line++;
      else if (c === 0x2f && this.comments && this.skipComment()) this.pos--;
      else if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return;
    }
  }

  /** At a `/`: past a comment (true), or not at one (false). */
  private skipComment(): boolean {
    const text = this.text;
    const next = text[this.pos + 1];
    if (next === '/') {
      const end = text.indexOf('\n', this.pos);
      this.pos = end < 0 ? text.length : end;
      return true;
    }
    if (next !== '*') return false;
    const end = text.indexOf('*/', this.pos + 2);
    if (end < 0) this.fail('a comment is not closed');
    for (let i = this.pos; i < end; i++) if (text.charCodeAt(i) === 0x0a) this.line++;
    this.pos = end + 2;
    return true;
  }

  value(depth: number): JsonNode {
    if (depth > maxDepth) this.fail('the file nests too deeply');
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') {
      const at = { line: this.line, start: this.pos };
      const value = this.string();
      return { kind: 'string', ...at, end: this.pos, value };
    }
    return this.literal();
  }

  /** At `{`. */
  private object(depth: number): JsonNode {
    const at = { line: this.line, start: this.pos };
    this.pos++;
    const entries: JsonEntry[] = [];
    const seen = new Set<string>();
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return { kind: 'object', ...at, end: this.pos, entries };
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') this.fail(`expected a key in double quotes, found ${this.describe()}`);
      const keyLine = this.line;
      const keyStart = this.pos;
      const key = this.string();
      if (seen.has(key)) throw new JsonTextError(keyLine, `the key ${JSON.stringify(key)} appears twice`);
      seen.add(key);
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.fail(`expected \`:\` after the key ${JSON.stringify(key)}, found ${this.describe()}`);
      this.pos++;
      entries.push({ key, line: keyLine, start: keyStart, value: this.value(depth + 1) });
      if (this.closes('}')) return { kind: 'object', ...at, end: this.pos, entries };
    }
  }

  /** At `[`. */
  private array(depth: number): JsonNode {
    const at = { line: this.line, start: this.pos };
    this.pos++;
    const items: JsonNode[] = [];
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return { kind: 'array', ...at, end: this.pos, items };
    }
    for (;;) {
      items.push(this.value(depth + 1));
      if (this.closes(']')) return { kind: 'array', ...at, end: this.pos, items };
    }
  }

  /** After an entry or an item: true at the `closer` (read), false after a `,` that another entry follows. */
  private closes(closer: '}' | ']'): boolean {
    this.skipSpace();
    if (this.text[this.pos] === ',') {
      this.pos++;
      this.skipSpace();
      if (this.text[this.pos] === closer) this.fail(`a trailing comma before \`${closer}\` is not JSON`);
      return false;
    }
    if (this.text[this.pos] === closer) {
      this.pos++;
      return true;
    }
    return this.fail(`expected \`,\` or \`${closer}\`, found ${this.describe()}`);
  }

  /** At the opening quote; after the closing one when done. */
  private string(): string {
    const text = this.text;
    let out = '';
    this.pos++;
    for (;;) {
      if (this.pos >= text.length) this.fail('a string is not closed');
      const c = text.charCodeAt(this.pos);
      if (c === 0x22) {
        this.pos++;
        return out;
      }
      if (c < 0x20) this.fail(c === 0x0a ? 'a string runs past the end of its line' : 'a control character inside a string must be escaped');
      if (c !== 0x5c) {
        out += text[this.pos++];
        continue;
      }
      const e = text[this.pos + 1];
      this.pos += 2;
      if (e === 'u') {
        const hex = text.slice(this.pos, this.pos + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('`\\u` must be followed by four hex digits');
        out += String.fromCharCode(parseInt(hex, 16));
        this.pos += 4;
      } else if (e !== undefined && Object.hasOwn(escapes, e)) {
        out += escapes[e];
      } else {
        this.pos -= 1;
        this.fail(`\`\\${e ?? ''}\` is not a JSON escape`);
      }
    }
  }

  /** `true`, `false`, `null` or a number. */
  private literal(): JsonNode {
    const at = { line: this.line, start: this.pos };
    const word = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(this.text.slice(this.pos, this.pos + 64));
    if (!word) return this.fail(`expected a JSON value, found ${this.describe()}`);
    const token = word[0];
    this.pos += token.length;
    const placed = { ...at, end: this.pos };
    if (token === 'true' || token === 'false') return { kind: 'boolean', ...placed, value: token === 'true' };
    if (token === 'null') return { kind: 'null', ...placed };
    return { kind: 'number', ...placed, value: Number(token) };
  }
}
