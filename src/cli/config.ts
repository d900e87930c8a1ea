// The hook's configuration (SPEC §1 "Configuration"): optional JSON at
// `~/.config/treeward/config.json`, or `--config FILE`. A file that does not
// read as exactly the keys below is an error naming the file and the line, and
// the hook then refuses every command (`bad-input`) rather than run unguarded.
//
// The file is read with ./json-with-lines.ts, not JSON.parse, so that every
// error carries a line on every runtime and a key written twice is an error.
// Finding and reading the file is ./config-file.ts.

import { type InlineCodePolicy, packNames, type PackName } from '../approver/types.js';
import { defaultLogSettings, type LogSettings } from './audit-log.js';
import { type JsonNode, JsonTextError, parseJsonText } from './json-with-lines.js';
import { type BinShName, binShNames, isBinShName, isPlatformName, type PlatformName, platformNames } from './platform.js';

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
  /** The audit log (./audit-log.ts): `log: false` turns it off; `{maxBytes, generations}` sets its rotation. */
  log: LogSettings;
  /** Whose tools run the line (`--platform` overrides); undefined: the platform treeward runs on. */
  platform: PlatformName | undefined;
  /** Which `/bin/sh` reads sh (`--sh` overrides); undefined: the one found on the machine, else both dash and bash in POSIX mode. */
  sh: BinShName | undefined;
  /** The opt-in rule packs (`packs: ["git-history"]`, issue 17). */
  packs: PackName[];
}

export const emptyConfig: HookConfig = {
  protected: [], runDirs: [], agentNames: [], wrappers: [], inlineCode: undefined, globDots: undefined, log: defaultLogSettings, platform: undefined,
  sh: undefined, packs: [],
};

/** The rotation settings a `log` object may hold, with their least and greatest values. */
const logLimits = { maxBytes: [1024, 1 << 30], generations: [1, 20] } as const;

/** A malformed file: the 1-based line and what is wrong there. */
export class ConfigError extends Error {
  constructor(readonly line: number, message: string) {
    super(message);
  }
}

const absoluteOrHome = (text: string): string | null => (text.startsWith('/') || text.startsWith('~/') ? null : 'an absolute path or one starting with `~/`');

/** What a key may hold, by key: the only keys the file may have. */
const keyReaders: Record<string, (value: JsonNode, config: HookConfig, home: string) => void> = {
  protected(value, config) {
    config.protected = stringList(value, 'protected', absoluteOrHome);
  },
  runDirs(value, config, home) {
    config.runDirs = stringList(value, 'runDirs', absoluteOrHome)
      .map((text) => (text.startsWith('~/') ? `${home.replace(/\/+$/, '')}/${text.slice(2)}` : text));
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
  log(value, config) {
    if (value.kind === 'boolean') {
      config.log = { ...defaultLogSettings, enabled: value.value };
      return;
    }
    if (value.kind !== 'object') throw new ConfigError(value.line, '`log` must be true, false, or an object with `maxBytes` and `generations`');
    const settings = { ...defaultLogSettings };
    for (const entry of value.entries) {
      if (!Object.hasOwn(logLimits, entry.key)) {
        throw new ConfigError(entry.line, `unknown key ${JSON.stringify(entry.key)} in \`log\` (the keys are ${Object.keys(logLimits).join(', ')})`);
      }
      const [least, most] = logLimits[entry.key as keyof typeof logLimits];
      const node = entry.value;
      if (node.kind !== 'number' || !Number.isInteger(node.value) || node.value < least || node.value > most) {
        throw new ConfigError(node.line, `\`log.${entry.key}\` must be a whole number from ${least} to ${most}`);
      }
      settings[entry.key as keyof typeof logLimits] = node.value;
    }
    config.log = settings;
  },
  packs(value, config) {
    const known = (text: string) => ((packNames as readonly string[]).includes(text) ? null : packNames.map((n) => `"${n}"`).join(' or '));
    const names = stringList(value, 'packs', known);
    config.packs = [...new Set(names)] as PackName[];
  },
  platform(value, config) {
    if (value.kind !== 'string' ||
      !isPlatformName(value.value)) throw new ConfigError(value.line, `\`platform\` must be ${platformNames.map((name) => `"${name}"`).join(' or ')}`);
    config.platform = value.value;
  },
  sh(value, config) {
    if (value.kind !== 'string' || !isBinShName(value.value)) throw new ConfigError(value.line, `\`sh\` must be ${binShNames.map((name) => `"${name}"`).join(' or ')}`);
    config.sh = value.value;
  },
};

/** Reads a configuration file's text; throws ConfigError. */
export function readConfig(text: string, home: string): HookConfig {
  const root = parseJson(text);
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

function parseJson(text: string): JsonNode {
  try {
    return parseJsonText(text);
  } catch (error) {
    if (error instanceof JsonTextError) throw new ConfigError(error.line, error.message);
    throw error;
  }
}
