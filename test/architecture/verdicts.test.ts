// The redesign's guard (issue 11): the verdicts of every fixture and corpus
// case and of fixed generated lines are exactly those recorded before the
// redesign (verdicts.json). TREEWARD_UPDATE_VERDICTS=1 writes the file anew;
// do that only for a change of behaviour made on purpose, in its own commit.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dumpVerdicts } from './verdict-dump.js';

const file = new URL('./verdicts.json', import.meta.url);

describe('verdicts before and after the redesign', () => {
  it('are the same for every case', () => {
    const now = dumpVerdicts();
    if (process.env['TREEWARD_UPDATE_VERDICTS'] === '1') {
      writeFileSync(file, JSON.stringify(Object.fromEntries(now), null, 0).replace(/","/g, '",\n"') + '\n');
      console.log(`verdicts: wrote ${now.size} verdicts`);
      return;
    }
    expect(existsSync(file), 'test/architecture/verdicts.json is missing: write it with TREEWARD_UPDATE_VERDICTS=1').toBe(true);
    const before = new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>));
    const changed: string[] = [];
    for (const [key, verdict] of before) {
      const after = now.get(key);
      if (after !== verdict) changed.push(`${key}\n  before: ${verdict}\n  after:  ${after ?? '(no such case)'}`);
    }
    for (const key of now.keys()) if (!before.has(key)) changed.push(`${key}: a new case (not in the baseline)`);
    console.log(`verdicts: ${before.size} compared, ${changed.length} changed`);
    expect(changed.slice(0, 40), changed.slice(0, 40).join('\n')).toEqual([]);
  });
});
