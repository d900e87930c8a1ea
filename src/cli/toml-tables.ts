// Just enough TOML for `treeward install kimi`: check that a config.toml reads
// as TOML (a file that does not is refused, never replaced), find its
// `[[hooks]]` tables and their string values, and say where each table's text
// lies, so one can be added or removed without touching the rest. Strings
// (basic, literal, multi-line), numbers, booleans, dates, arrays and inline
// tables are read as values; what this reader does not take is an error with
// its line, which install reports.

export class TomlTextError extends Error {
  constructor(readonly line: number, message: string) {
    super(message);
  }
}

export interface TomlTable {
  /** The header as written: `hooks` for `[[hooks]]`. */
  name: string;
  /** `[[…]]`: an element of an array of tables. */
  arrayElement: boolean;
  /** Offsets of the header's first character and of the end of the table's last line (the next header, or the end of the text). */
  start: number;
  end: number;
  /** The table's keys whose values are strings or integers, as read. */
  values: Map<string, string | number>;
}

export interface TomlDocument {
  tables: TomlTable[];
  /** Keys set at the top level, before any header. */
  rootKeys: string[];
}

/** The document's tables, or TomlTextError. */
export function readTomlTables(text: string): TomlDocument {
  const reader = new TomlReader(text);
  return reader.document();
}

class TomlReader {
  pos = 0;
  line = 1;

  constructor(readonly text: string) {}

  fail(message: string): never {
    throw new TomlTextError(this.line, message);
  }

  document(): TomlDocument {
    const tables: TomlTable[] = [];
    const rootKeys: string[] = [];
    let current: TomlTable | null = null;
    while (this.skipBlankLines()) {
      if (this.text[this.pos] === '[') {
        const start = this.pos;
        const arrayElement = this.text[this.pos + 1] === '[';
        this.pos += arrayElement ? 2 : 1;
        const name = this.key();
        if (this.text.slice(this.pos, this.pos + (arrayElement ? 2 : 1)) !== (arrayElement ? ']]' : ']')) this.fail('a table header is not closed');
        this.pos += arrayElement ? 2 : 1;
        this.endOfLine();
        if (current) current.end = start;
        current = { name, arrayElement, start, end: this.text.length, values: new Map() };
        tables.push(current);
        continue;
      }
      const key = this.key();
      this.skipSpaces();
      if (this.text[this.pos] !== '=') this.fail(`expected \`=\` after the key \`${key}\``);
      this.pos++;
      this.skipSpaces();
      const value = this.value(0);
      this.endOfLine();
      if (current === null) rootKeys.push(key);
      else if (typeof value === 'string' || typeof value === 'number') current.values.set(key, value);
    }
    return { tables, rootKeys };
  }

  /** Past blank lines and comment lines; false at the end of the text. */
  private skipBlankLines(): boolean {
    for (;;) {
      this.skipSpaces();
      const c = this.text[this.pos];
      if (c === undefined) return false;
      if (c === '#') this.skipComment();
      if (this.text[this.pos] === '\r') this.pos++;
      if (this.text[this.pos] === '\n') {
        this.pos++;
        this.line++;
        continue;
      }
      if (this.pos >= this.text.length) return false;
      return true;
    }
  }

  private skipSpaces(): void {
    while (this.text[this.pos] === ' ' || this.text[this.pos] === '\t') this.pos++;
  }

  private skipComment(): void {
    const end = this.text.indexOf('\n', this.pos);
    this.pos = end < 0 ? this.text.length : end;
  }

  /** After a statement: spaces, a comment, then the end of the line or of the text. */
  private endOfLine(): void {
    this.skipSpaces();
    if (this.text[this.pos] === '#') this.skipComment();
    if (this.text[this.pos] === '\r') this.pos++;
    if (this.pos >= this.text.length) return;
    if (this.text[this.pos] !== '\n') this.fail(`unexpected \`${this.text[this.pos]}\` after a value`);
    this.pos++;
    this.line++;
  }

  /** A dotted key of bare and quoted parts, as written without the spaces around its dots. */
  private key(): string {
    const parts: string[] = [];
    for (;;) {
      this.skipSpaces();
      const c = this.text[this.pos];
      if (c === '"' || c === "'") parts.push(this.singleLineString());
      else {
        const bare = /^[A-Za-z0-9_-]+/.exec(this.text.slice(this.pos, this.pos + 256));
        if (!bare) this.fail(`expected a key, found ${c === undefined ? 'the end of the file' : `\`${c}\``}`);
        parts.push(bare[0]);
        this.pos += bare[0].length;
      }
      this.skipSpaces();
      if (this.text[this.pos] !== '.') return parts.join('.');
      this.pos++;
    }
  }

  private value(depth: number): unknown {
    if (depth > 64) this.fail('values nest too deeply');
    const rest = this.text.slice(this.pos, this.pos + 3);
    const c = this.text[this.pos];
    if (rest === '"""' || rest === "'''") return this.multiLineString(rest);
    if (c === '"' || c === "'") return this.singleLineString();
    if (c === '[') return this.array(depth);
    if (c === '{') return this.inlineTable(depth);
    // booleans, numbers (with `_`, hex/octal/binary, inf, nan) and dates and times, read loosely: TOML's own reader is the judge of them
    const scalarForm = /^(?:true|false|[+-]?(?:inf|nan)|[0-9+\-:.TZtz_xobeE]+(?: [0-9:.Zz+-]+)?|[+-]?[0-9a-fA-F_xob.eE+-]+)/;
    const scalar = scalarForm.exec(this.text.slice(this.pos, this.pos + 128));
    if (!scalar) this.fail(`expected a value, found ${c === undefined ? 'the end of the file' : `\`${c}\``}`);
    this.pos += scalar[0].length;
    const text = scalar[0];
    if (/^[+-]?\d[\d_]*$/.test(text)) return Number(text.replace(/_/g, ''));
    return text;
  }

  private singleLineString(): string {
    const quote = this.text[this.pos]!;
    this.pos++;
    let out = '';
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined || c === '\n') this.fail('a string is not closed on its line');
      this.pos++;
      if (c === quote) return out;
      if (c === '\\' && quote === '"') {
        const e = this.text[this.pos++];
        const simple: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };
        if (e !== undefined && Object.hasOwn(simple, e)) out += simple[e];
        else if (e === 'u' || e === 'U') {
          const hex = this.text.slice(this.pos, this.pos + (e === 'u' ? 4 : 8));
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== (e === 'u' ? 4 : 8)) this.fail('a `\\u` escape needs its hex digits');
          out += String.fromCodePoint(parseInt(hex, 16));
          this.pos += hex.length;
        } else this.fail(`\`\\${e ?? ''}\` is not a TOML escape`);
        continue;
      }
      out += c;
    }
  }

  private multiLineString(delimiter: string): string {
    const end = this.text.indexOf(delimiter, this.pos + 3);
    if (end < 0) this.fail('a multi-line string is not closed');
    const body = this.text.slice(this.pos + 3, end);
    for (const ch of body) if (ch === '\n') this.line++;
    this.pos = end + 3;
    while (this.text[this.pos] === delimiter[0]) this.pos++;
    return body;
  }

  /** Arrays may span lines, with comments. */
  private array(depth: number): unknown[] {
    this.pos++;
    const items: unknown[] = [];
    for (;;) {
      this.skipSpaceAndNewlines();
      if (this.text[this.pos] === ']') {
        this.pos++;
        return items;
      }
      items.push(this.value(depth + 1));
      this.skipSpaceAndNewlines();
      if (this.text[this.pos] === ',') this.pos++;
      else if (this.text[this.pos] !== ']') this.fail('expected `,` or `]` in an array');
    }
  }

  private skipSpaceAndNewlines(): void {
    for (;;) {
      this.skipSpaces();
      const c = this.text[this.pos];
      if (c === '#') this.skipComment();
      else if (c === '\r') this.pos++;
      else if (c === '\n') {
        this.pos++;
        this.line++;
      } else return;
    }
  }

  /** Inline tables stay on one line. */
  private inlineTable(depth: number): Record<string, unknown> {
    this.pos++;
    const out: Record<string, unknown> = {};
    this.skipSpaces();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return out;
    }
    for (;;) {
      const key = this.key();
      if (this.text[this.pos] !== '=') this.fail(`expected \`=\` after the key \`${key}\``);
      this.pos++;
      this.skipSpaces();
      out[key] = this.value(depth + 1);
      this.skipSpaces();
      if (this.text[this.pos] === '}') {
        this.pos++;
        return out;
      }
      if (this.text[this.pos] !== ',') this.fail('expected `,` or `}` in an inline table');
      this.pos++;
    }
  }
}

/** A TOML basic string for `value`. */
export function tomlString(value: string): string {
  return JSON.stringify(value);
}
