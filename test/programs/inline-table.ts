// The inline-code tables (inline-python.test.ts, inline-javascript.test.ts, inline-ruby.test.ts, inline-perl.test.ts):
// each case is a program given to `python3 -c` or `node -e`, with the
// verdict treeward gives the line in a small tree. A case marked `run` names
// only literal paths and commands: it is also run for real, with the real
// python3 and node, in the bubblewrap sandbox of test/support/shells.ts (the
// shell's programs, `rm` among them, stay logging stubs there), and every
// path the run changed must be one the approver listed (explain()'s
// effects): what the program touched is what treeward judged.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, explain } from '../../src/approver/approve.js';
import { quoteWord } from '../../src/approver/core/sh-quote.js';
import { fileSystemFrom } from '../../src/approver/fs.js';
import { describeListed, diffEvents, unlisted } from '../regression/argv-effects.js';
import { volumeOfLayout } from '../regression/sandbox-land.js';
import { IN_HOME, IN_WORK, requireSandbox, runLines, type Layout, type LineResult } from '../support/shells.js';

/** A program, the verdict of the line that runs it (`allow`, or `deny ID`), and `run` when it names only literal paths and commands. */
export type InlineCase = [code: string, verdict: string, run?: 'run'];

export const layout: Layout = {
  work: {
    'a.txt': 'a\n', 'data.json': '{"v": 1}\n', 'package.json': '{"version": "1.0.0"}\n', 'setup.py': 'print("setup")\n',
    'src/x.py': 'print(1)\n', 'src/x.js': 'console.log(1)\n', 'build/out.o': 'o\n', 'dist/': {}, 'scripts/run.js': 'console.log("run")\n',
    '.git/HEAD': 'ref: refs/heads/main\n', '.git/config': '[core]\n', '.git/hooks/': {},
  },
  home: { '.bashrc': '# rc\n', '.ssh/': {} },
  outside: { 'old/f': 'f\n' },
};

const ENV: Record<string, string> = { PATH: '/tw/bin', HOME: IN_HOME, LANG: 'C.UTF-8', USER: 'lab', LOGNAME: 'lab' };

function options() {
  return { dialect: 'sh' as const, tree: IN_WORK, home: IN_HOME, tempDir: '/tmp', env: ENV, fs: fileSystemFrom(volumeOfLayout(layout) as never) };
}

const verdictOf = (line: string) => {
  const v = approve(line, options());
  return v.decision === 'allow' ? 'allow' : `deny ${v.id}`;
};

/** The table's tests: each verdict, and for the `run` cases what the real interpreter changed against what the approver listed. */
export function checkInline(interpreter: 'python3' | 'node' | 'ruby' | 'perl', cases: readonly InlineCase[]): void {
  const flag = interpreter === 'python3' ? '-c' : '-e';
  const lineOf = (code: string) => `${interpreter} ${flag} ${quoteWord(code)}`;

  describe(`${interpreter} ${flag}: the verdicts`, () => {
    it('has no case twice', () => {
      const seen = new Set<string>();
      const twice = cases.filter(([code]) => seen.has(code) || !seen.add(code)).map(([code]) => code);
      expect(twice).toEqual([]);
    });
    it.each(cases.map(([code, verdict]) => [JSON.stringify(code), verdict, code]))('%s → %s', (_name, verdict, code) => {
      const v = approve(lineOf(code), options());
      expect(v.decision === 'allow' ? 'allow' : `deny ${v.id}: ${v.reason}`).toMatch(new RegExp(`^${verdict}(:|$)`));
    });
  });

  const running = cases.filter((c) => c[2] === 'run');
  const available = requireSandbox(`test/programs/inline-${{ python3: 'python', node: 'javascript', ruby: 'ruby', perl: 'perl' }[interpreter]}.test.ts`);
  describe.skipIf(!available)(`${interpreter} ${flag}, run for real: what it changed is what the approver listed`, () => {
    let results = new Map<string, LineResult>();
    beforeAll(async () => {
      results = await runLines(running.map(([code], i) => ({ id: `inline:${i}`, shell: 'sh', command: lineOf(code), layout, run: true, parseCheck: false })),
        { timeoutSec: 5, real: [interpreter] });
    }, 300_000);
    afterAll(() => console.log(`inline ${interpreter}: ${running.length} programs run for real`));
    running.forEach(([code], i) => {
      it(JSON.stringify(code), () => {
        const r = results.get(`inline:${i}`);
        expect(r?.ran && !r.error, `the sandbox run failed: ${r?.error ?? 'no result'}`).toBeTruthy();
        const changes = diffEvents(r!.ran!, IN_WORK).filter((e) => e.path !== IN_WORK);
        const explanation = explain(lineOf(code), options());
        const missed = unlisted(changes, explanation.effects, volumeOfLayout(layout)).filter((ev) => !coveredOtherwise(ev, explanation.effects));
        expect(missed.map((e) => `${e.kind} of ${e.path} (${e.from})`), `the approver listed: ${explanation.effects.map(describeListed).join(' | ') || 'nothing'}; ` +
          `stderr: ${r!.ran!.stderr.trim()}`).toEqual([]);
      });
    });
  });
}

export { verdictOf };

type Listed = ReturnType<typeof explain>['effects'][number];

/**
 * What unlisted() does not know of the readers' writes: a fresh temp name
 * (`tempfile.mkdtemp()`, listed as `tmp.treeward-fresh-N`) stands for the
 * random name the run made, and the directories `os.makedirs` makes above
 * its listed path are its own (as `mkdir -p`'s are).
 */
function coveredOtherwise(ev: { path: string; createdDir?: boolean }, effects: readonly Listed[]): boolean {
  const paths = effects.filter((e) => e.kind === 'write').flatMap((e) => e.paths ?? []);
  return paths.some((p) => {
    if (ev.createdDir && p.startsWith(ev.path + '/')) return true;
    if (!p.includes('treeward-fresh')) return false;
    const pattern = p.split('/').map((part) => (part.includes('treeward-fresh') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
    return new RegExp(`^${pattern}(/|$)`).test(ev.path) || new RegExp(`^${ev.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`).test(p.replace(/treeward-fresh-?\d*/, 'x'));
  });
}
