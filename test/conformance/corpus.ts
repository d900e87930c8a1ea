// The shared parser corpus (../shared/corpus/parser): shell snippets from public
// parser and shell test suites, each with what bash -n, dash -n and zsh -f -n said.
// Compared as its README's "How to compare" says: bash with extglob on,
// runtime-only failures (real_error_kind) and timeouts dropped, one entry per
// distinct `src`.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DialectName } from '../../src/index.js';

export const corpusDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus/parser');

export interface CorpusEntry {
  src: string;
  file: string;
  /** A short stable key: the first 12 hex digits of sha1(src). */
  key: string;
  /** Whether the real shell accepted the snippet, or null when it cannot be compared. */
  expected: Record<DialectName, boolean | null>;
  errors: Partial<Record<string, string>>;
  bashOracleSexp?: string;
}

interface RawEntry {
  src: string;
  real: Record<string, string>;
  real_error_kind?: Record<string, string>;
  real_errors?: Record<string, string>;
  bash_oracle_sexp?: string;
}

export function corpusAvailable(): boolean {
  return existsSync(corpusDir);
}

function verdict(raw: RawEntry, dialect: DialectName): boolean | null {
  if (raw.real_error_kind?.[dialect]) return null;
  const value = dialect === 'bash' ? (raw.real['bash_extglob'] ?? raw.real['bash']) : raw.real[dialect];
  return value === 'ok' ? true : value === 'error' ? false : null;
}

export function loadCorpus(): CorpusEntry[] {
  const seen = new Map<string, CorpusEntry>();
  for (const file of readdirSync(corpusDir).filter((f) => f.endsWith('.jsonl')).sort()) {
    for (const line of readFileSync(join(corpusDir, file), 'utf8').split('\n')) {
      if (!line) continue;
      const raw = JSON.parse(line) as RawEntry;
      if (seen.has(raw.src)) continue;
      seen.set(raw.src, {
        src: raw.src,
        file,
        key: createHash('sha1').update(raw.src).digest('hex').slice(0, 12),
        expected: { bash: verdict(raw, 'bash'), sh: verdict(raw, 'sh'), zsh: verdict(raw, 'zsh') },
        errors: raw.real_errors ?? {},
        ...(raw.bash_oracle_sexp ? { bashOracleSexp: raw.bash_oracle_sexp } : {}),
      });
    }
  }
  return [...seen.values()];
}

export interface KnownDifference {
  dialect: DialectName;
  treeward: 'accepts' | 'rejects';
  key: string;
  reason: string;
}

export const knownDifferencesPath = resolve(dirname(fileURLToPath(import.meta.url)), 'known-differences.tsv');

/** known-differences.tsv: `dialect  treeward-accepts|rejects  key  file  snippet  reason`, tab-separated, `#` comments. */
export function loadKnownDifferences(): KnownDifference[] {
  const out: KnownDifference[] = [];
  for (const line of readFileSync(knownDifferencesPath, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [dialect, treeward, key, , , reason] = line.split('\t');
    out.push({ dialect: dialect as DialectName, treeward: treeward === 'treeward-accepts' ? 'accepts' : 'rejects', key: key!, reason: reason ?? '' });
  }
  return out;
}
