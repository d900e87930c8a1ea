// Every reason says what to do next (issue 16 item 3): each refusal of
// every fixture, corpus case and generated line (verdict-dump.ts, the same
// lines verdicts.json records) is read against two rules, whichever part of
// rules/reasons.ts worded it:
//
//  1. It names what was seen: no placeholder stands in quotes where a path or
//     a word belongs (a backquoted `a path the line does not fix`).
//  2. It holds a way forward: a clause after `; ` or `: ` that starts (after an
//     optional "or", "then" or "instead") with one of the imperative verbs
//     below, the things an agent can do in its next call.
//
// A new sentence passes by ending in such a clause; a new verb is added here.

import { describe, expect, it } from 'vitest';
import { dumpVerdicts } from './verdict-dump.js';

export const suggestionVerbs = [
  'add', 'apply', 'ask', 'assign', 'avoid', 'build', 'call', 'cd', 'change', 'check', 'choose', 'close', 'commit', 'compare', 'copy', 'create', 'define', 'delete', 'do', 'drop',
  'edit', 'export', 'extract', 'fix', 'give', 'install', 'keep', 'leave', 'let', 'limit', 'list', 'look', 'make', 'move', 'name', 'narrow', 'open', 'pass',
  'push', 'put', 'quote', 'remove', 'rename', 'replace', 'run', 'send', 'set', 'spell', 'split', 'start', 'turn', 'unset', 'use', 'write',
];

const suggestion = new RegExp(`(?:; |: |, so )(?:(?:or|then|instead,?) )?(?:${suggestionVerbs.join('|')})\\b`);
/** Prose in backquotes, where a path or a word the line holds belongs. */
const placeholder = /`(?:a|an|the) [a-z]+ [a-z]+ [a-z ]+`/;

describe('every reason says what was seen and what to do next', () => {
  const refusals = [...dumpVerdicts()].flatMap(([key, verdict]) => {
    const m = /^deny (\S+) \[\d+,\d+\] ([\s\S]*)$/.exec(verdict);
    return m ? [{ key, id: m[1]!, reason: m[2]! }] : [];
  });

  it('reads refusals of every kind', () => {
    expect(new Set(refusals.map((r) => r.id)).size).toBeGreaterThan(10);
  });

  it('no reason holds a placeholder where a path belongs', () => {
    const bad = refusals.filter((r) => placeholder.test(r.reason)).map((r) => `${r.key}: ${r.reason}`);
    expect(bad.slice(0, 20)).toEqual([]);
  });

  it('every reason holds a suggestion the agent can act on', () => {
    const bad = refusals.filter((r) => !suggestion.test(r.reason)).map((r) => `${r.id}: ${r.reason}`);
    expect([...new Set(bad)].slice(0, 30)).toEqual([]);
  });

  it('the rules themselves can fail', () => {
    expect(suggestion.test('the line starts the harness `claude`')).toBe(false);
    expect(suggestion.test('`options` is the table; writing it changes what later commands run or do')).toBe(false);
    expect(placeholder.test('removes `x` through `a path the line does not fix`')).toBe(true);
    expect(suggestion.test('the glob could match `.git`; name the files you mean')).toBe(true);
  });
});
