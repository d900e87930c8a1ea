// The tree's own scripts (issue 17) against the real npm: each line below
// runs `npm …` for real in the bubblewrap sandbox of test/support/shells.ts
// (npm and node run; every program a script starts is a logging stub), on a
// scratch tree whose package.json scripts call `touch`, `rm` and `mkdir`.
// What npm ran, the stubs' calls with their argv and directory, must be what
// treeward judged: the paths explain() lists for the line are exactly the
// operands of those calls, read in the directory each ran in, so treeward
// read the same scripts (pre and post included), in the same directory,
// with the same arguments, quoted as npm quotes them.
//
// Needs bubblewrap: without it the file fails in CI and skips, with a notice,
// elsewhere.

import { beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/fs.js';
import { volumeOfLayout } from '../regression/sandbox-land.js';
import { IN_HOME, IN_WORK, requireSandbox, runLines, type Entry, type LineResult } from '../support/shells.js';

const available = requireSandbox('test/programs/npm-scripts.test.ts');

const ENV: Record<string, string> = {
  PATH: '/tw/bin', HOME: IN_HOME, LANG: 'C.UTF-8', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false',
  npm_config_offline: 'true', npm_config_loglevel: 'silent',
};

const pkg = (scripts: Record<string, string>, extra: Record<string, unknown> = {}) => JSON.stringify({ name: 'p', version: '1.0.0', ...extra, scripts });

const scripts = {
  prebuild: 'touch pre-built',
  build: 'mkdir -p out && touch out/built',
  postbuild: 'touch post-built',
  clean: 'rm -rf dist',
  pretest: 'touch pretested',
  test: 'touch tested',
  posttest: 'touch posttested',
  start: 'touch started',
  stop: 'touch stopped',
};

interface Line {
  run: string;
  tree?: Record<string, Entry>;
  why: string;
}

const lines: Line[] = [
  { run: 'npm run build', why: 'prebuild, build and postbuild, at the root' },
  { run: "npm run clean -- 'a b' \"it's\" '$HOME' '*' ';x' '\\' '`y`' '~'", why: 'arguments after `--`, quoted by escape.sh: spaces, quotes, `$`, globs, `;`, `\\`, `~`' },
  { run: 'npm run clean old.txt --silent', why: 'a word after the script name is an argument; an npm option is not' },
  { run: 'cd src && npm run clean', why: 'from a subdirectory: the root package.json, run at the root' },
  { run: 'npm test', why: 'npm test with pretest and posttest' },
  { run: 'npm tst -- x', why: 'an alias of test, with an argument for test only' },
  { run: 'npm run --ignore-scripts build', why: 'no pre or post scripts with --ignore-scripts' },
  { run: 'npm restart', why: 'no restart script: npm stop --if-present && npm start' },
  {
    run: 'npm run -w packages/app clean',
    tree: {
      'package.json': pkg({ clean: 'touch root-cleaned' }, { workspaces: ['packages/*'] }),
      'packages/app/package.json': pkg({ clean: 'rm -rf app-dist', preclean: 'touch app-precleaned' }, { name: 'app' }),
    },
    why: 'a workspace by its directory: its own scripts, in its directory',
  },
  {
    run: 'npm install --no-audit',
    tree: { 'package.json': pkg({ preinstall: 'touch i1', install: 'touch i2', postinstall: 'touch i3', prepare: 'touch i4', prepublish: 'touch i5' }) },
    why: 'the tree\'s own lifecycle scripts of npm install',
  },
];

const base: Record<string, Entry> = { 'package.json': pkg(scripts), 'src/': {}, 'dist/': {} };
const layoutOf = (line: Line) => ({ work: { ...base, ...line.tree } });
const results = new Map<string, LineResult>();

/** The programs npm runs on its way to the scripts, which are not the scripts' own calls. */
const machinery = new Set(['npm', 'node', 'sh', 'dash', 'env']);

describe.skipIf(!available)('npm run, run for real, against what treeward judged', () => {
  beforeAll(async () => {
    const cases = lines.map((line, i) => ({
      id: `npm:${i}`, shell: 'sh' as const, command: `cd ${IN_WORK} && ${line.run}`, layout: layoutOf(line), run: true, env: ENV, parseCheck: false,
    }));
    const got = await runLines(cases, { timeoutSec: 60, real: ['npm', 'node'], jobs: 1 });
    for (const [id, r] of got) results.set(id, r);
  }, 600_000);

  lines.forEach((line, i) => {
    it(`${line.run}: ${line.why}`, () => {
      const r = results.get(`npm:${i}`);
      expect(r?.ran && !r.error, `the sandbox run failed: ${r?.error ?? 'no result'}`).toBeTruthy();
      const ran = r!.ran!;
      expect(ran.exit, `npm failed: ${ran.stderr}`).toBe(0);
      const calls = ran.calls.filter((c) => !machinery.has(c.argv[0]!.replace(/^.*\//, '')));
      expect(calls.length, 'the scripts ran stubs').toBeGreaterThan(0);
      const ranPaths = calls.flatMap((c) => c.argv.slice(1).filter((a) => !a.startsWith('-')).map((a) => resolvePath(`${IN_WORK}/${c.cwd}`, a))).sort();
      const vol = volumeOfLayout(layoutOf(line));
      const explanation = explain(`cd ${IN_WORK} && ${line.run}`, { dialect: 'sh', tree: IN_WORK, home: IN_HOME, env: ENV, fs: fileSystemFrom(vol as never) });
      expect(explanation.verdict.decision, JSON.stringify(explanation.verdict)).toBe('allow');
      const judged = [...new Set(explanation.effects.flatMap((e) => e.paths ?? ['(unfixed)']))].sort();
      expect(judged, `npm ran: ${calls.map((c) => `${c.argv.join(' ')} (in ${c.cwd})`).join('; ')}`).toEqual([...new Set(ranPaths)].sort());
    });
  });
});

function resolvePath(cwd: string, path: string): string {
  const parts = (path.startsWith('/') ? path : `${cwd}/${path}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '' || p === '.') continue;
    if (p === '..') out.pop();
    else out.push(p);
  }
  return `/${out.join('/')}`;
}
