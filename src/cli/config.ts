// The hook's configuration (SPEC §1 "Configuration"): optional JSON at
// `~/.config/treeward/config.json`, or `--config FILE`. A file that does not
// read as exactly the keys below is an error naming the file and the line, and
// the hook then refuses every command (`bad-input`) rather than run unguarded.
//
// The file is parsed here, not with JSON.parse, so that every error carries a
// line on every runtime (node's and Bun's JSON.parse messages differ, and not
// all of them say where), and so that a key written twice is an error instead
// of a silent last-one-wins.

import { trimTrailingSlashes } from '../approver/pathtext.js';
import type { InlineCodePolicy } from '../approver/types.js';

export interface HookConfig {
  /** Extra protected paths: absolute, or `~/…` (the approver expands `~`). */
  protected: string[];
  /** Extra run dirs: absolute (a leading `~/` is expanded against the home directory). */
  runDirs: string[];
  /** Extra agent program names. */
  agentNames: string[];
  /** Extra wrappers to read through. */
  wrappers: string[];
  inlineCode: InlineCodePolicy | undefined;
  globDots: boolean | undefined;
}

export const emptyConfig: HookConfig = { protected: [], runDirs: [], agentNames: [], wrappers: [], inlineCode: undefined, globDots: undefined };

/** A malformed file: the 1-based line and what is wrong there. */
export class ConfigError extends Error {
  constructor(readonly line: number, message: string) {
    super(message);
  }
}

/** What a key may hold, by key: the only keys the file may have. */
const keyReaders: Record<string, (value: JsonNode, config: HookConfig, home: string) => void> = {
  protected(value, config) {
    config.protected = stringList(value, 'protected', (text) => text.startsWith('/') || text.startsWith('~/') ? null : 'an absolute path or one starting with `~/`');
  },
  runDirs(value, config, home) {
    config.runDirs = stringList(value, 'runDirs', (text) => text.startsWith('/') || text.startsWith('~/') ? null : 'an absolute path or one starting with `~/`')
      .map((text) => (text.startsWith('~/') ? `${trimTrailingSlashes(home)}/${text.slice(2)}` : text));
  },
  agentNames(value, config) {
    config.agentNames = stringList(value, 'agentNames', (text) => (/^[^/\s]+$/.test(text) ? null : 'a program name (no `/`, no spaces)'));
  },
  wrappers(value, config) {
    config.wrappers = stringList(value, 'wrappers', (text) => (/^[^/\s]+$/.test(text) ? null : 'a program name (no `/`, no spaces)'));
  },
  inlineCode(value, config) {
    if (value.kind !== 'string' || !['scan', 'refuse', 'allow'].includes(value.value)) {
      throw new ConfigError(value.line, '`inlineCode` must be "scan", "refuse" or "allow"');
    }
    config.inlineCode = value.value as InlineCodePolicy;
  },
  globDots(value, config) {
    if (value.kind !== 'boolean') throw new ConfigError(value.line, '`globDots` must be true or false');
    config.globDots = value.value;
  },
};

/** Reads a configuration file's text; throws ConfigError. */
export function readConfig(text: string, home: string): HookConfig {
  const root = parseJsonText(text);
  if (root.kind !== 'object') throw new ConfigError(root.line, 'the file must hold one JSON object');
  const config: HookConfig = { ...emptyConfig };
  for (const entry of root.entries) {
    if (!Object.hasOwn(keyReaders, entry.key)) {
      throw new ConfigError(entry.line, `unknown key ${JSON.stringify(entry.key)} (the keys are ${Object.keys(keyReaders).join(', ')})`);
    }
    keyReaders[entry.key]!(entry.value, config, home);
  }
  return config;
}

function stringList(value: JsonNode, key: string, problem: (text: string) => string | null): string[] {
  if (value.kind !== 'array') throw new ConfigError(value.line, `\`${key}\` must be a list of strings`);
  return value.items.map((item) => {
    if (item.kind !== 'string' || item.value === '') throw new ConfigError(item.line, `each entry of \`${key}\` must be a non-empty string`);
    const wrong = problem(item.value);
    if (wrong) throw new ConfigError(item.line, `${JSON.stringify(item.value)} in \`${key}\` must be ${wrong}`);
    return item.value;
  });
}

// --- a small JSON reader that knows its lines ---------------------------------

type JsonNode =
  | { kind: 'object'; line: number; entries: { key: string; line: number; value: JsonNode }[] }
  | { kind: 'array'; line: number; items: JsonNode[] }
  | { kind: 'string'; line: number; value: string }
  | { kind: 'number'; line: number; value: number }
  | { kind: 'boolean'; line: number; value: boolean }
  | { kind: 'null'; line: number };

/** Nesting past this is not a configuration file. */
const maxDepth = 64;

/** RFC 8259 JSON, strict: no comments, no trailing commas, no duplicate keys. A leading BOM is skipped. */
export function parseJsonText(text: string): JsonNode {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;

  const fail = (message: string): never => {
    throw new ConfigError(line, message);
  };
  const describe = (): string => (pos >= text.length ? 'the end of the file' : `\`${text[pos]}\``);

  const skipSpace = (): void => {
    for (; pos < text.length; pos++) {
      const c = text.charCodeAt(pos);
      if (c === 0x0a) line++;
      else if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return;
    }
  };

  const readString = (): string => {
    // at the opening quote
    let out = '';
    pos++;
    for (;;) {
      if (pos >= text.length) fail('a string is not closed');
      const c = text.charCodeAt(pos);
      if (c === 0x22) {
        pos++;
        return out;
      }
      if (c < 0x20) fail(c === 0x0a ? 'a string runs past the end of its line' : 'a control character inside a string must be escaped');
      if (c !== 0x5c) {
        out += text[pos++];
        continue;
      }
      const e = text[pos + 1];
      pos += 2;
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          const hex = text.slice(pos, pos + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('`\\u` must be followed by four hex digits');
          out += String.fromCharCode(parseInt(hex, 16));
          pos += 4;
          break;
        }
        default:
          pos -= 1;
          fail(`\`\\${e ?? ''}\` is not a JSON escape`);
      }
    }
  };

  const readValue = (depth: number): JsonNode => {
    if (depth > maxDepth) fail('the file nests too deeply');
    skipSpace();
    const at = line;
    const c = text[pos];
    if (c === '{') {
      pos++;
      const entries: { key: string; line: number; value: JsonNode }[] = [];
      const seen = new Set<string>();
      skipSpace();
      if (text[pos] === '}') {
        pos++;
        return { kind: 'object', line: at, entries };
      }
      for (;;) {
        skipSpace();
        if (text[pos] !== '"') fail(`expected a key in double quotes, found ${describe()}`);
        const keyLine = line;
        const key = readString();
        if (seen.has(key)) throw new ConfigError(keyLine, `the key ${JSON.stringify(key)} appears twice`);
        seen.add(key);
        skipSpace();
        if (text[pos] !== ':') fail(`expected \`:\` after the key ${JSON.stringify(key)}, found ${describe()}`);
        pos++;
        entries.push({ key, line: keyLine, value: readValue(depth + 1) });
        skipSpace();
        if (text[pos] === ',') {
          pos++;
          skipSpace();
          if (text[pos] === '}') fail('a trailing comma before `}` is not JSON');
          continue;
        }
        if (text[pos] === '}') {
          pos++;
          return { kind: 'object', line: at, entries };
        }
        fail(`expected \`,\` or \`}\`, found ${describe()}`);
      }
    }
    if (c === '[') {
      pos++;
      const items: JsonNode[] = [];
      skipSpace();
      if (text[pos] === ']') {
        pos++;
        return { kind: 'array', line: at, items };
      }
      for (;;) {
        items.push(readValue(depth + 1));
        skipSpace();
        if (text[pos] === ',') {
          pos++;
          skipSpace();
          if (text[pos] === ']') fail('a trailing comma before `]` is not JSON');
          continue;
        }
        if (text[pos] === ']') {
          pos++;
          return { kind: 'array', line: at, items };
        }
        fail(`expected \`,\` or \`]\`, found ${describe()}`);
      }
    }
    if (c === '"') return { kind: 'string', line: at, value: readString() };
    const word = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(pos, pos + 64));
    if (!word) fail(`expected a JSON value, found ${describe()}`);
    const token = word![0];
    pos += token.length;
    if (token === 'true' || token === 'false') return { kind: 'boolean', line: at, value: token === 'true' };
    if (token === 'null') return { kind: 'null', line: at };
    return { kind: 'number', line: at, value: Number(token) };
  };

  const root = readValue(0);
  skipSpace();
  if (pos < text.length) fail(`unexpected ${describe()} after the end of the JSON value`);
  return root;
}
