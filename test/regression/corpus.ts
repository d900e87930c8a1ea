// The regression corpus (fixtures/corpus/*.yaml, format: fixtures/README.md
// "The corpus"): labelled lines in the fixture format, one file per class of
// bypass or false positive, each case with a one-line `why` instead of a
// required pin. This module reads the files through the fixture loader
// (test/fixtures/load.ts), so a corpus case means exactly what a fixture
// means: the same conventions, tree entries, dialects, expectations and
// handed-back text.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isSeq, parseDocument, stringify } from 'yaml';
import type { DialectName } from '../../src/syntax/dialect.js';
import { fixturesDir, parseFixtureFile, placePath, conventions, type FixtureCase } from '../fixtures/load.js';

export const corpusDir = join(fixturesDir, 'corpus');

/** The classes the issue lists, one file each, in the order the issue lists them. */
export const corpusClasses = [
  'spelling',
  'wrappers',
  'flags',
  'hidden-execution',
  'separators',
  'directories',
  'redirections',
  'false-positives',
] as const;

export type CorpusClass = (typeof corpusClasses)[number];

export interface CorpusCase extends FixtureCase {
  /** The file's stem: the class of bypass or false positive. */
  class: string;
  /** One line: why the verdict is what it is. */
  why: string;
  /** Directories outside the tree the line itself enters (absolute), where its commands may run. */
  leaves: string[];
  /** Whether the case wrote its own pins (checked like a fixture's); false for the lighter form. */
  pinned: boolean;
}

export interface CorpusFile {
  file: string;
  class: string;
  about?: string;
  cases: CorpusCase[];
  errors: string[];
}

/** Keys a corpus case has beyond a fixture's; `note` gives way to `why`. */
const corpusOnlyKeys = ['why', 'leaves'];
/** A pin of the right form, standing in for a case that writes none; dropped again after reading. */
const placeholderPin = 'SPEC §3: "corpus placeholder"';

/** Every `fixtures/corpus/*.yaml`, read and checked. */
export function loadCorpus(dir = corpusDir): CorpusFile[] {
  const names = readdirSync(dir).filter((name) => name.endsWith('.yaml')).sort();
  return names.map((name) => parseCorpusFile(`corpus/${name}`, readFileSync(join(dir, name), 'utf8')));
}

/** One corpus file's text, read and checked; `file` names it in every error. */
export function parseCorpusFile(file: string, text: string): CorpusFile {
  const stem = file.replace(/^.*\//, '').replace(/\.yaml$/, '');
  const errors: string[] = [];
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length || !isMap(doc.contents) || !isSeq(doc.contents.get('cases', true))) {
    // let the fixture loader name the problem
    const parsed = parseFixtureFile(file, text);
    return { file, class: stem, cases: [], errors: parsed.errors.length ? parsed.errors : [`${file}: not a corpus file`] };
  }
  const top = doc.toJS() as { about?: string; defaults?: Record<string, unknown>; cases: unknown[] };
  const extra = new Map<string, { why: string; leaves: unknown; pinned: boolean }>();
  const rewritten = top.cases.map((raw, index) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const item = { ...(raw as Record<string, unknown>) };
    const where = typeof item.name === 'string' ? `${file} › ${item.name}` : `${file} › case #${index + 1}`;
    const why = item.why;
    if (typeof why !== 'string' || !why.trim()) errors.push(`${where}: \`why\` is missing: say in one line why the verdict is what it is`);
    else if (why.includes('\n')) errors.push(`${where}: \`why\` must be one line`);
    if (item.note !== undefined) errors.push(`${where}: a corpus case says why in \`why\`, not \`note\``);
    if (item.leaves !== undefined && (!Array.isArray(item.leaves) || item.leaves.some((l) => typeof l !== 'string' || !l))) {
      errors.push(`${where}: \`leaves\` must be a list of directories`);
    }
    const pinned = item.pins !== undefined;
    if (typeof item.name === 'string') extra.set(item.name, { why: typeof why === 'string' ? why : '', leaves: item.leaves, pinned });
    for (const key of corpusOnlyKeys) delete item[key];
    if (!pinned) item.pins = placeholderPin;
    if (typeof why === 'string') item.note = why;
    return item;
  });
  const parsed = parseFixtureFile(file, stringify({ ...top, cases: rewritten }, { lineWidth: 0 }));
  errors.push(...parsed.errors);
  const cases: CorpusCase[] = parsed.cases.map((fixture) => {
    const more = extra.get(fixture.name)!;
    const leaves = Array.isArray(more.leaves) ? (more.leaves as string[]).map((l) => placePath(l, conventions.tree)) : [];
    return {
      ...fixture,
      pins: more.pinned ? fixture.pins : [],
      class: stem,
      why: more.why,
      leaves,
      pinned: more.pinned,
    };
  });
  return { file, class: stem, ...(top.about !== undefined ? { about: top.about } : {}), cases, errors };
}

/** A case in one dialect, as test names and the known-failure list spell it: `class › name [dialect]`. */
export function caseKey(c: { class: string; name: string }, dialect: DialectName): string {
  return `${c.class} › ${c.name} [${dialect}]`;
}
