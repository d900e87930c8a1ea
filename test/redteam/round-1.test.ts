// Round 1 of the red-team lines (../shared/redteam/README.md): every line,
// checked in real bash, dash and zsh when it was written, must give its
// expected verdict in each of its dialects. The lines are kept here too
// (round-1.jsonl beside this file, each tagged with its issue-12 class, 0 for
// a line of another issue) so the suite holds them without ../shared; when
// ../shared is there, its copy is run as well, so a line added or changed
// there is measured at once.

import { existsSync, readFileSync } from 'node:fs';
import { Volume } from 'memfs';
import { describe, expect, it } from 'vitest';
import { approve } from '../../src/index.js';
import { fileSystemFrom } from '../../src/approver/core/fs.js';
import type { DialectName } from '../../src/syntax/dialect.js';

type Entry = { [area in 'tree' | 'home' | 'outside']?: Record<string, string | Record<string, never> | { symlink: string }> };

interface RedTeamLine {
  line?: number;
  class?: number;
  command: string;
  dialects: DialectName[];
  expected: 'allow' | 'deny';
  id: string;
  why: string;
  layout?: Entry;
  /**
   * Set in the committed copy when a later issue changes what the line should
   * give: which issue and why, with `now`, the verdict it must give instead
   * (`allow` or `deny/ID`), checked as exactly as `expected` would be.
   */
  superseded?: string;
  now?: string;
}

const base = '/s';
const tree = `${base}/tree`;
const home = `${base}/home`;
const outside = `${base}/outside`;

/** The README's default layout, and the line's own entries on top of it. */
function layout(entries: Entry | undefined) {
  const files: Record<string, string> = {
    [`${tree}/.git/config`]: '', [`${tree}/.claude/settings.json`]: '{}', [`${tree}/src/a.ts`]: '', [`${tree}/src/b.ts`]: '',
    [`${tree}/build/out.o`]: '', [`${tree}/build/.cache/x`]: '', [`${tree}/node_modules/pkg/index.js`]: '', [`${tree}/sub/x.txt`]: '',
    [`${tree}/a.txt`]: '', [`${tree}/b.txt`]: '', [`${tree}/script.sh`]: '', [`${tree}/package.json`]: '{}', [`${tree}/app.js`]: '',
    [`${home}/.bashrc`]: '', [`${home}/.ssh/id_rsa`]: '', ['/tmp/.keep']: '',
  };
  const volume = Volume.fromJSON(files);
  for (const d of [`${tree}/.git/hooks`, `${tree}/dist`, `${home}/projects`, outside]) volume.mkdirSync(d, { recursive: true });
  const roots = { tree, home, outside };
  for (const [area, paths] of Object.entries(entries ?? {}) as [keyof Entry, NonNullable<Entry[keyof Entry]>][]) {
    for (const [path, value] of Object.entries(paths)) {
      const full = `${roots[area]}/${path}`;
      volume.mkdirSync(full.replace(/\/[^/]*$/, ''), { recursive: true });
      if (typeof value === 'string') volume.writeFileSync(full, value);
      else if ('symlink' in value) {
        volume.symlinkSync((value.symlink as string).replace('$TREE', tree).replace('$HOME', home).replace('$OUTSIDE', outside), full);
      } else volume.mkdirSync(full, { recursive: true });
    }
  }
  return fileSystemFrom(volume as never);
}

function parse(text: string): RedTeamLine[] {
  return text.trim().split('\n').map((l) => JSON.parse(l) as RedTeamLine);
}

function check(entry: RedTeamLine, dialect: DialectName, now?: string): void {
  // the red team checked each line in the real shells and GNU tools of a Linux sandbox: its verdicts are Linux's
  const verdict = approve(entry.command, { dialect, tree, home, tempDir: '/tmp', runDirs: [], fs: layout(entry.layout), platform: 'linux' });
  const got = verdict.decision === 'deny' ? `deny/${verdict.id}` : 'allow';
  const want = now ?? (entry.expected === 'allow' ? 'allow' : entry.id === '*' ? got.startsWith('deny/') ? got : 'deny/*' : `deny/${entry.id}`);
  expect(got, now ? `superseded: ${entry.superseded}` : entry.why).toBe(want);
  if (verdict.decision === 'allow') expect(verdict.command).toBe(`cd -- '${tree}' && {\n${entry.command}\n}`);
}

const committed = parse(readFileSync(new URL('./round-1.jsonl', import.meta.url), 'utf8'));

describe('round 1, committed copy', () => {
  for (const entry of committed) {
    for (const dialect of entry.dialects) {
      const name = `line ${entry.line} (class ${entry.class}) ${dialect}: ${JSON.stringify(entry.command).slice(0, 90)}`;
      if (entry.superseded) it(`${name} — superseded: ${entry.superseded}`, () => check(entry, dialect, entry.now));
      else it(name, () => check(entry, dialect));
    }
  }
});

const shared = new URL('../../../shared/redteam/round-1.jsonl', import.meta.url);

describe('round 1, ../shared/redteam', () => {
  if (!existsSync(shared)) {
    console.warn('round-1: ../shared/redteam/round-1.jsonl is not here; only the committed copy was run');
    it('is the committed copy (../shared absent)', () => expect(committed.length).toBeGreaterThan(0));
    return;
  }
  const lines = parse(readFileSync(shared, 'utf8'));
  it('holds the committed lines, in order', () => {
    expect(lines.map((l) => l.command)).toEqual(committed.slice(0, lines.length).map((l) => l.command));
  });
  lines.forEach((entry, i) => {
    const mine = committed[i];
    for (const dialect of entry.dialects) {
      const name = `line ${i + 1} ${dialect}: ${JSON.stringify(entry.command).slice(0, 90)}`;
      if (mine?.command === entry.command && mine.superseded) {
        it(`${name} — superseded: ${mine.superseded}`, () => check({ ...entry, superseded: mine.superseded }, dialect, mine.now));
      } else it(name, () => check(entry, dialect));
    }
  });
});
