// Live confirmation: every probe line of ./probes.ts, in bash, sh (dash) and
// zsh, read by the real shell and by treeward.
//  (a) the shell's own `-n` verdict (bash with extglob on, as treeward reads
//      bash) must equal whether treeward's parse() accepts the line;
//  (b) for a line with `<`/`>` that both accept, the files the shell really
//      created or changed when it ran the line in a scratch tree must equal the
//      write targets treeward's tree shows (test/support/write-targets.ts).
// The shell is the judge. Needs bubblewrap: without it the file fails in CI and
// skips (with a notice) elsewhere.

import { beforeAll, describe, expect, it } from 'vitest';
import { parse, ParseError, type Script } from '../../src/index.js';
import { defaultLayout, requireSandbox, runLines, treewardReadingOf, everyShellOf, writtenPaths, type Case, type LineResult, type ShellName } from '../support/shells.js';
import { writeTargets } from '../support/write-targets.js';
import { probes, type Probe } from './probes.js';

const SHELLS: ShellName[] = ['bash', 'sh', 'zsh'];
const BASH_ARGS = ['-O', 'extglob'];

const available = requireSandbox('test/shells/live.test.ts');

interface TreewardVerdict {
  tree: Script | null;
  error: string | null;
}

function treeward(command: string, dialect: ShellName): TreewardVerdict {
  try {
    return { tree: parse(command, { dialect: treewardReadingOf[dialect].parse }), error: null };
  } catch (e) {
    if (e instanceof ParseError) return { tree: null, error: `${e.message} at [${e.span.join(',')}]` };
    return { tree: null, error: `CRASH ${(e as Error).stack ?? String(e)}` };
  }
}

const wantsRun = (p: Probe) => p.run !== false && /[<>]/.test(p.command);
const caseId = (p: Probe, d: ShellName) => `${p.id}/${d}`;

function cases(): Case[] {
  const out: Case[] = [];
  for (const p of probes) {
    for (const d of everyShellOf(p.dialects ?? SHELLS)) {
      out.push({ id: caseId(p, d), shell: d, command: p.command, layout: p.layout ?? defaultLayout, run: wantsRun(p), bashArgs: BASH_ARGS });
    }
  }
  return out;
}

const clip = (s: string, n = 600) => (s.length > n ? s.slice(0, n) + '…' : s);

describe.skipIf(!available)('real shells confirm treeward', () => {
  let results = new Map<string, LineResult>();

  beforeAll(async () => {
    const t0 = Date.now();
    const all = cases();
    results = await runLines(all, { timeoutSec: 2 });
    const runs = all.filter((c) => c.run).length;
    console.log(`live: ${all.length} lines (${runs} also run) through the real shells in ${Date.now() - t0} ms`);
  });

  it('has at least 170 probes with unique ids', () => {
    expect(probes.length).toBeGreaterThanOrEqual(170);
    expect(new Set(probes.map((p) => p.id)).size).toBe(probes.length);
  });

  for (const p of probes) {
    for (const d of everyShellOf(p.dialects ?? SHELLS)) {
      it(`${p.id} [${d}] ${JSON.stringify(p.command)}`, () => {
        const r = results.get(caseId(p, d));
        expect(r, 'no result from the sandbox').toBeDefined();
        if (!r) return;
        expect(r.error ?? null, `sandbox error for ${p.id} [${d}]`).toBeNull();
        const tw = treeward(p.command, d);
        expect(tw.error ?? '', `treeward crashed on ${p.id} [${d}]`).not.toMatch(/^CRASH/);

        // (a) the -n verdicts
        const shellSays = r.parses ? 'parses' : `rejects (status ${r.parseStatus}${r.parseTimedOut ? ', timed out' : ''}): ${clip(r.parseStderr.trim())}`;
        const twSays = tw.tree ? 'parses' : `rejects: ${tw.error}`;
        if (p.treewardRefuses?.dialects.includes(d)) {
          // a documented, deliberate refusal: the shell accepts, treeward refuses
          expect(r.parses, `${p.id} [${d}]: the shell no longer accepts; drop treewardRefuses`).toBe(true);
          expect(twSays, `${p.id} [${d}] should be refused by treeward: ${p.treewardRefuses.reason}`).not.toBe('parses');
          return;
        }
        expect(
          twSays === 'parses',
          `parse verdict differs for ${p.id} [${d}] ${JSON.stringify(p.command)} (${p.note})\n  ${d} -n: ${shellSays}\n  treeward: ${twSays}`,
        ).toBe(r.parses);

        // (b) the files written
        if (!r.parses || !tw.tree || !r.ran) return;
        const shellWrote = writtenPaths(r.ran);
        const t = writeTargets(tw.tree, d, p.layout ?? defaultLayout);
        const ranInfo = `exit ${r.ran.exit}${r.ran.timedOut ? ' (timed out)' : ''}; stdout ${JSON.stringify(clip(r.ran.stdout, 200))}; stderr ${JSON.stringify(clip(r.ran.stderr, 300))}`;
        expect(t.unresolved, `write targets of ${p.id} [${d}] that the test cannot evaluate`).toEqual([]);
        expect(
          t.paths,
          `files written differ for ${p.id} [${d}] ${JSON.stringify(p.command)} (${p.note})\n  ${d} wrote: ${JSON.stringify(shellWrote)} (${ranInfo})\n  treeward's tree writes: ${JSON.stringify(t.paths)}`,
        ).toEqual(shellWrote);
      });
    }
  }
});
