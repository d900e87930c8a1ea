// A corpus case moved into the real-shell sandbox (test/support/shells.ts).
//
// The fixtures live at fixed places (fixtures/README.md "Conventions"): the
// tree /home/dev/project, home /home/dev, outside /home/dev/outside, the temp
// dir /tmp, the run dirs under /var/lib/treeward/run. The sandbox can only
// write below /lab (and /tmp, a temp dir on every platform), so the case is moved, keeping every place's relation to
// the others (the tree and `outside` stay inside home, `../outside` still
// reaches outside):
//
//   /home/dev               →  /lab/home          (HOME in the sandbox)
//   /home/dev/project       →  /lab/home/project  (the tree)
//   /tmp                    →  /lab/work          (the temp dir; the sandbox's starting cwd)
//   /var/lib/treeward/run   →  /lab/outside/run   (the run dirs)
//
// Absolute paths in the command, in the case's env, in link targets and in
// file contents are rewritten the same way; the approver then judges the moved
// case again (tests compare the two verdicts, so a rewrite that changed the
// meaning shows). `~` needs no rewrite: HOME is the moved home.

import { posix } from 'node:path';
import { Volume } from 'memfs';
import { approve, explain, type Explanation } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/fs.js';
import type { ApproveOptions, Verdict } from '../../src/approver/types.js';
import type { DialectName } from '../../src/syntax/dialect.js';
import { approveOptions, buildVolume, conventions, quoteDirectory, type FixtureCase } from '../fixtures/load.js';
import { IN_HOME, IN_OUTSIDE, IN_WORK, type Entry, type Layout } from '../support/shells.js';

export const moved = {
  home: IN_HOME,
  tree: `${IN_HOME}/project`,
  outside: `${IN_HOME}/outside`,
  tempDir: IN_WORK,
  runRoot: `${IN_OUTSIDE}/run`,
} as const;

/** The sandbox's own environment (shells.ts), which the moved line inherits. */
export const sandboxEnv: Record<string, string> = { PATH: '/tw/bin', HOME: IN_HOME, LANG: 'C.UTF-8', USER: 'lab', LOGNAME: 'lab' };
/** What the moved case adds to it: the temp dir, so that mktemp and here-documents land where the approver reads them. */
export const movedEnv: Record<string, string> = { TMPDIR: IN_WORK };

const prefixes: [string, string][] = [
  ['/var/lib/treeward/run', moved.runRoot],
  ['/home/dev', moved.home],
  ['/tmp', moved.tempDir],
];

/** An absolute path moved into the sandbox (others unchanged). */
export function movePath(p: string): string {
  for (const [from, to] of prefixes) if (p === from || p.startsWith(from + '/')) return to + p.slice(from.length);
  return p;
}

// `/tmp`, `/home/dev`, `/var/lib/treeward/run` where a path starts: not after a
// name character, `~`, `}`, `]`, `)` or `/` (`~/tmp`, `$HOME/tmp`, `${x}/tmp`
// and `build/tmp` stay), and followed by `/` or a character no name holds.
const pathInText = /(?<![\w.~}\])/-])(\/var\/lib\/treeward\/run|\/home\/dev|\/tmp)(?![\w.-])/g;

/** A command line (or any text) with the fixed places moved into the sandbox. */
export function moveText(text: string): string {
  return text.replace(pathInText, (whole) => movePath(whole));
}

type Vol = InstanceType<typeof Volume>;

/** The case's filesystem as a sandbox layout, every absolute path and link target moved. */
export function movedLayout(fixture: FixtureCase): Layout {
  const vol = buildVolume(fixture);
  const layout: Required<Layout> = { work: {}, home: {}, outside: {} };
  const areas: [string, keyof Layout, string][] = [
    ['/var/lib/treeward/run', 'outside', 'run'],
    ['/home/dev', 'home', ''],
    ['/tmp', 'work', ''],
  ];
  const place = (p: string, entry: Entry, dir: boolean) => {
    for (const [root, area, sub] of areas) {
      if (p !== root && !p.startsWith(root + '/')) continue;
      const rel = posix.join(sub, p.slice(root.length + 1));
      if (rel === '' || rel === '.') return;
      layout[area][dir ? `${rel}/` : rel] = entry;
      return;
    }
  };
  const walk = (dir: string) => {
    for (const name of (vol.readdirSync(dir) as string[]).sort()) {
      const p = posix.join(dir, name);
      const st = vol.lstatSync(p);
      if (st.isSymbolicLink()) {
        const target = String(vol.readlinkSync(p));
        place(p, { symlink: target.startsWith('/') ? movePath(target) : target }, false);
      } else if (st.isDirectory()) {
        place(p, {}, true);
        walk(p);
      } else {
        place(p, moveText(String(vol.readFileSync(p, 'utf8'))), false);
      }
    }
  };
  walk('/');
  return layout;
}

/** A memfs volume holding a sandbox layout at the sandbox's own absolute paths. */
export function volumeOfLayout(layout: Layout): Vol {
  const vol = new Volume();
  for (const d of [IN_WORK, IN_HOME, IN_OUTSIDE]) vol.mkdirSync(d, { recursive: true });
  const areas: [keyof Layout, string][] = [['work', IN_WORK], ['home', IN_HOME], ['outside', IN_OUTSIDE]];
  for (const [area, base] of areas) {
    for (const [key, v] of Object.entries(layout[area] ?? {})) {
      const p = `${base}/${key.replace(/\/+$/, '')}`;
      vol.mkdirSync(posix.dirname(p), { recursive: true });
      if (key.endsWith('/') || v === null || (typeof v === 'object' && !('symlink' in v) && !('content' in v))) vol.mkdirSync(p, { recursive: true });
      else if (typeof v === 'string') vol.writeFileSync(p, v);
      else if ('symlink' in v) vol.symlinkSync(v.symlink, p);
      else vol.writeFileSync(p, v.content);
    }
  }
  return vol;
}

export interface MovedCase {
  command: string;
  layout: Layout;
  vol: Vol;
  options: ApproveOptions;
  /** Where the handed-back text pins the line. */
  dir: string;
  /** What the sandbox must add to its environment for this case (shells.ts `Case.env`). */
  env: Record<string, string>;
}

/** A case in one dialect, moved into the sandbox, with the options the approver judges it by there. */
export function moveCase(fixture: FixtureCase, dialect: DialectName): MovedCase {
  const layout = movedLayout(fixture);
  const vol = volumeOfLayout(layout);
  const base = approveOptions(fixture, dialect);
  const added: Record<string, string> = { ...movedEnv };
  for (const [k, v] of Object.entries(fixture.env)) added[k] = moveText(v);
  const env: Record<string, string> = { ...sandboxEnv, ...added };
  const dir = movePath(fixture.cwd);
  const options: ApproveOptions = {
    ...base,
    tree: moved.tree,
    cwd: dir,
    runDirs: fixture.runDirs.map(movePath),
    tempDir: movePath(fixture.tempDir),
    home: moved.home,
    env,
    fs: fileSystemFrom(vol as never),
  };
  if (base.protected) options.protected = base.protected.map((p) => (p.startsWith('/') ? movePath(p) : p));
  return { command: moveText(fixture.command), layout, vol, options, dir, env: added };
}

/** The verdict and effects of a moved line. */
export function judgeMoved(m: MovedCase): Explanation {
  return explain(m.command, m.options);
}

/** approve() in the fixtures' own places, as the corpus test calls it. */
export function judgeInPlace(fixture: FixtureCase, dialect: DialectName): Verdict {
  return approve(fixture.command, { ...approveOptions(fixture, dialect), fs: fileSystemFrom(buildVolume(fixture) as never) });
}

/** The handed-back text with its directory replaced by one that does not exist. */
export function pinnedElsewhere(handedBack: string, dir: string, elsewhere: string): string | null {
  const head = `cd -- ${quoteDirectory(dir)} && {\n`;
  if (!handedBack.startsWith(head)) return null;
  return `cd -- ${quoteDirectory(elsewhere)} && {\n${handedBack.slice(head.length)}`;
}

export { conventions };
