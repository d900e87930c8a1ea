// Reading a path (SPEC §3 "Reading a path", seed 0618): the as-written and
// as-resolved readings every containment test uses, over memfs volumes.

import fc from 'fast-check';
import { Volume } from 'memfs';
import { describe, expect, it } from 'vitest';
import { FsError, fileSystemFrom, type EntryKind, type FileSystem } from '../../src/approver/fs.js';
import { directoryEntries, insideInBothReadings, lookupBudget, maxLinkHops, readPath, resolveThroughLinks, writtenPath, type Resolution } from '../../src/approver/core/path-reading.js';
import { endsAsDirectory, isInside, isInsideOrEqual, joinToCwd, normalizeLexically } from '../../src/approver/core/path-text.js';

// ------------------------------------------------------------------ fixtures

type Vol = InstanceType<typeof Volume>;

/** A volume from files (`path: content`, a path ending in `/` is a directory) and symlinks (`link: target`). */
function volume(files: Record<string, string>, links: Record<string, string> = {}): Vol {
  const vol = new Volume();
  for (const [path, content] of Object.entries(files)) {
    if (path.endsWith('/')) vol.mkdirSync(path, { recursive: true });
    else {
      vol.mkdirSync(path.slice(0, path.lastIndexOf('/')) || '/', { recursive: true });
      vol.writeFileSync(path, content);
    }
  }
  for (const [link, target] of Object.entries(links)) vol.symlinkSync(target, link);
  return vol;
}

const tree = '/work/tree';

/** The shared fixture: a working tree with links in it, in and out of it, in loops and chains. */
function treeVolume(): Vol {
  return volume(
    {
      '/work/tree/src/main.ts': 'x',
      '/work/tree/.git/HEAD': 'ref',
      '/work/tree/deep/a/b/leaf': 'x',
      '/work/tree/file.txt': 'x',
      '/work/tree/empty/': '',
      '/work/other/x': 'x',
      '/outside/proj/out.o': 'x',
      '/outside/proj/sub/y': 'x',
      '/tmp/scratch/z': 'x',
    },
    {
      '/work/tree/build': '/outside/proj', // absolute, out of the tree
      '/work/tree/rel': 'src', // relative, in the tree
      '/work/tree/up': '../other', // relative, climbing out
      '/work/tree/chain1': 'chain2',
      '/work/tree/chain2': '/work/tree/chain3',
      '/work/tree/chain3': 'src',
      '/work/tree/linklink': 'rel', // a link to a link to a dir
      '/work/tree/loopA': 'loopB',
      '/work/tree/loopB': 'loopA',
      '/work/tree/self': 'self',
      '/work/tree/slashTarget': '/outside/proj/', // a target with a trailing slash
      '/work/tree/slashRel': 'rel/', // a trailing-slash target that is itself a link
      '/work/tree/gitlink': '.git',
      '/work/tree/dangling': '/nowhere/x',
      '/work/tree/deeplink': 'deep/a/b',
      '/work/tree/dotdot': '..', // a link to the tree's parent
      '/work/tree/scratch': '/tmp/scratch', // into the temp dir
      '/work/tree/filelink': 'file.txt',
      '/outside/proj/back': '../../work/tree/src', // relative to the link's own (resolved) directory
      '/outside/into': '/work/tree', // from outside into the tree
    },
  );
}

function treeFs(): FileSystem {
  return fileSystemFrom(treeVolume());
}

function resolve(path: string, fs: FileSystem, followLast = true, lookups = 10_000): Resolution {
  return resolveThroughLinks(path, fs, { followLast, budget: lookupBudget(lookups) });
}

type Expected = { path: string; existing: boolean; finalKind: EntryKind | null } | 'loop' | 'budget' | 'error';

function shape(r: Resolution): Expected {
  return r.ok ? { path: r.path, existing: r.existing, finalKind: r.finalKind } : r.reason;
}

const dir = (path: string): Expected => ({ path, existing: true, finalKind: 'directory' });
const file = (path: string): Expected => ({ path, existing: true, finalKind: 'file' });
const link = (path: string): Expected => ({ path, existing: true, finalKind: 'symlink' });
const absent = (path: string): Expected => ({ path, existing: false, finalKind: null });

// ------------------------------------------------------------------ as written

describe('writtenPath: absolute against the cwd, normalised lexically', () => {
  const cases: [string, string, string, string, boolean][] = [
    ['a relative path joins the cwd', 'src/main.ts', tree, '/work/tree/src/main.ts', false],
    ['an absolute path ignores the cwd', '/etc/passwd', tree, '/etc/passwd', false],
    ['a leading ./ is dropped', './src', tree, '/work/tree/src', false],
    ['.. climbs lexically', '../other/x', tree, '/work/other/x', false],
    ['.. in the middle pops its name', 'a/b/../c', tree, '/work/tree/a/c', false],
    ['.. up to the root', '../..', tree, '/', false],
    ['.. past the root stays at the root', '../../../../etc', tree, '/etc', false],
    ['/.. is the root', '/..', tree, '/', false],
    ['// inside is one separator', 'a//b', tree, '/work/tree/a/b', false],
    ['a leading // is the root', '//etc//passwd', tree, '/etc/passwd', false],
    ['a trailing / is kept as a flag', 'build/', tree, '/work/tree/build', true],
    ['a trailing // is kept as a flag', 'build//', tree, '/work/tree/build', true],
    ['a trailing /. is kept as a flag', 'build/.', tree, '/work/tree/build', true],
    ['a trailing /./ is kept as a flag', 'build/./', tree, '/work/tree/build', true],
    ['. alone is the cwd, read as a directory', '.', tree, '/work/tree', true],
    ['.. alone is the parent', '..', tree, '/work', false],
    ['a trailing /.. is no trailing slash', 'build/..', tree, '/work/tree', false],
    ['an empty path reads as the cwd', '', tree, '/work/tree', false],
    ['a cwd with a trailing slash', 'x', '/work/tree/', '/work/tree/x', false],
    ['the root as cwd', 'x', '/', '/x', false],
    ['the root itself', '/', tree, '/', true],
    ['a cwd that is not normalised', 'x', '/work/./tree/../tree', '/work/tree/x', false],
    ['a name with a dot is a name', '.git/..x', tree, '/work/tree/.git/..x', false],
  ];
  for (const [name, path, cwd, expected, trailing] of cases) {
    it(name, () => {
      expect(writtenPath(path, cwd)).toEqual({ path: expected, trailingSlash: trailing });
    });
  }

  it('refuses a relative cwd for a relative path', () => {
    expect(() => writtenPath('x', 'work/tree')).toThrow(TypeError);
  });

  it('keeps the path unnormalised when only joining', () => {
    expect(joinToCwd('build/../x', tree)).toBe('/work/tree/build/../x');
    expect(joinToCwd('/a//b/', tree)).toBe('/a//b/');
  });

  it('normalises lexically without the fs', () => {
    expect(normalizeLexically('/a/./b/../../..//c/')).toBe('/c');
  });

  it('normalises every path as splitting on `/` would (the fast path for normal paths included)', () => {
    const bySplitting = (path: string) => {
      const out: string[] = [];
      for (const c of path.split('/')) {
        if (c === '' || c === '.') continue;
        if (c === '..') out.pop();
        else out.push(c);
      }
      return '/' + out.join('/');
    };
    const piece = fc.constantFrom('/', '.', '..', 'a', '.a', 'a.', '..a', '...', 'b');
    fc.assert(fc.property(fc.array(piece, { maxLength: 12 }).map((parts) => '/' + parts.join('')), (path) => {
      expect(normalizeLexically(path)).toBe(bySplitting(path));
    }), { numRuns: 5000 });
    for (const path of ['/', '/a', '/a/b', '/.a', '/a/.', '/a/..', '/a/...', '/..', '/.', '//', '/a//b', '/a/./b', '/a/../b', '/a/b/']) {
      expect(normalizeLexically(path)).toBe(bySplitting(path));
    }
  });

  const dirForms: [string, boolean][] = [
    ['x', false], ['x/', true], ['x/.', true], ['x/./', true], ['.', true], ['./', true], ['..', false],
    ['x/..', false], ['x/.y', false], ['/', true], ['', false],
  ];
  for (const [path, expected] of dirForms) {
    it(`endsAsDirectory(${JSON.stringify(path)}) is ${expected}`, () => {
      expect(endsAsDirectory(path)).toBe(expected);
    });
  }
});

// ------------------------------------------------------------------ as resolved

describe('resolveThroughLinks: walking the path through the fs', () => {
  const cases: [string, string, boolean, Expected][] = [
    ['the root', '/', true, dir('/')],
    ['a plain file', '/work/tree/src/main.ts', true, file('/work/tree/src/main.ts')],
    ['a plain directory', '/work/tree/src', true, dir('/work/tree/src')],
    ['a directory with a trailing slash', '/work/tree/src/', true, dir('/work/tree/src')],
    ['// in the path', '//work//tree///src', true, dir('/work/tree/src')],
    ['.. past the root', '/../../work/tree', true, dir('/work/tree')],
    ['. components', '/work/./tree/./src/.', true, dir('/work/tree/src')],
    ['a link to an absolute target', '/work/tree/build', true, dir('/outside/proj')],
    ['a name below a link out of the tree', '/work/tree/build/out.o', true, file('/outside/proj/out.o')],
    ['a missing name below a link', '/work/tree/build/new.o', true, absent('/outside/proj/new.o')],
    ['a link to a relative target', '/work/tree/rel/main.ts', true, file('/work/tree/src/main.ts')],
    ['a relative target climbing out', '/work/tree/up/x', true, file('/work/other/x')],
    ['a chain of links', '/work/tree/chain1', true, dir('/work/tree/src')],
    ['a chain of links, then a name', '/work/tree/chain1/main.ts', true, file('/work/tree/src/main.ts')],
    ['a link to a link to a directory', '/work/tree/linklink', true, dir('/work/tree/src')],
    ['a link to a link to a directory, then a name', '/work/tree/linklink/main.ts', true,
      file('/work/tree/src/main.ts')],
    ['a relative target read from the resolved link directory', '/work/tree/build/back/main.ts', true,
      file('/work/tree/src/main.ts')],
    ['a link from outside into the tree', '/outside/into/src', true, dir('/work/tree/src')],
    ['a link to ..', '/work/tree/dotdot/other', true, dir('/work/other')],
    ['a loop of two links', '/work/tree/loopA', true, 'loop'],
    ['a loop of two links, walked through', '/work/tree/loopA/x', true, 'loop'],
    ['a self-link', '/work/tree/self', true, 'loop'],
    ['a self-link, walked through', '/work/tree/self/x', true, 'loop'],
    ['a target with a trailing slash', '/work/tree/slashTarget', true, dir('/outside/proj')],
    ['a target with a trailing slash, then a name', '/work/tree/slashTarget/out.o', true,
      file('/outside/proj/out.o')],
    ['a trailing-slash target that is a link', '/work/tree/slashRel', true, dir('/work/tree/src')],
    ['a dangling link', '/work/tree/dangling', true, absent('/nowhere/x')],
    ['below a dangling link', '/work/tree/dangling/y/z', true, absent('/nowhere/x/y/z')],
    ['a missing middle component', '/work/tree/nope/build/x', true, absent('/work/tree/nope/build/x')],
    ['a missing last component', '/work/tree/nope', true, absent('/work/tree/nope')],
    ['a name below a file', '/work/tree/file.txt/x', true, absent('/work/tree/file.txt/x')],
    ['.. after a link is physical', '/work/tree/build/..', true, dir('/outside')],
    ['.. after a link, then a name', '/work/tree/build/../into', true, dir('/work/tree')],
    ['.. after a deep link is its target\'s parent', '/work/tree/deeplink/..', true, dir('/work/tree/deep/a')],
    ['.. after a chain of links', '/work/tree/chain1/../.git', true, dir('/work/tree/.git')],
    ['.. after a plain directory', '/work/tree/src/../file.txt', true, file('/work/tree/file.txt')],
    ['.. below a missing name pops it', '/work/tree/nope/a/../b', true, absent('/work/tree/nope/b')],
    ['.. climbing out of a missing name resumes the walk', '/work/tree/nope/../build/x', true,
      absent('/outside/proj/x')],
    ['.. after a file pops it', '/work/tree/file.txt/../src', true, dir('/work/tree/src')],
    // followLast: false leaves the last name alone, and only it
    ['followLast false keeps a final link', '/work/tree/build', false, link('/work/tree/build')],
    ['followLast false keeps a final self-link', '/work/tree/self', false, link('/work/tree/self')],
    ['followLast false keeps a final loop', '/work/tree/loopA', false, link('/work/tree/loopA')],
    ['followLast false keeps a dangling link', '/work/tree/dangling', false, link('/work/tree/dangling')],
    ['followLast false still follows the middle', '/work/tree/build/back', false, link('/outside/proj/back')],
    ['followLast false with a trailing / follows', '/work/tree/build/', false, dir('/outside/proj')],
    ['followLast false with a trailing /. follows', '/work/tree/build/.', false, dir('/outside/proj')],
    ['followLast false with a trailing /./ follows', '/work/tree/build/./', false, dir('/outside/proj')],
    ['followLast false with a trailing /.. is physical', '/work/tree/build/..', false, dir('/outside')],
    ['followLast false follows a loop with a trailing /', '/work/tree/loopA/', false, 'loop'],
    ['followLast false follows a self-link with a trailing /.', '/work/tree/self/.', false, 'loop'],
    ['followLast false on a plain file', '/work/tree/file.txt', false, file('/work/tree/file.txt')],
    ['followLast false on a missing name', '/work/tree/nope', false, absent('/work/tree/nope')],
  ];
  for (const [name, path, followLast, expected] of cases) {
    it(name, () => {
      expect(shape(resolve(path, treeFs(), followLast))).toEqual(expected);
    });
  }

  it('refuses a relative path as an error, not a throw', () => {
    expect(resolve('work/tree', treeFs())).toMatchObject({ ok: false, reason: 'error' });
  });

  it(`follows exactly ${maxLinkHops} links`, () => {
    const links: Record<string, string> = {};
    for (let i = 0; i < maxLinkHops; i += 1) links[`/c/l${i}`] = `l${i + 1}`;
    const vol = volume({ '/c/l40/x': 'x' }, links);
    expect(shape(resolve('/c/l0/x', fileSystemFrom(vol)))).toEqual(file('/c/l40/x'));
  });

  it(`fails as a loop on link ${maxLinkHops + 1}`, () => {
    const links: Record<string, string> = {};
    for (let i = 0; i <= maxLinkHops; i += 1) links[`/c/l${i}`] = `l${i + 1}`;
    const vol = volume({ '/c/l41/x': 'x' }, links);
    const r = resolve('/c/l0/x', fileSystemFrom(vol));
    expect(r).toMatchObject({ ok: false, reason: 'loop' });
    expect(resolve('/c/l1/x', fileSystemFrom(vol))).toMatchObject({ ok: true, path: '/c/l41/x' });
  });

  it('fails on a link with an empty target', () => {
    const fs: FileSystem = {
      lstat: (p) => (p === '/e' ? 'symlink' : null),
      readlink: (p) => (p === '/e' ? '' : null),
      readdir: () => null,
    };
    expect(resolve('/e/x', fs)).toMatchObject({ ok: false, reason: 'error' });
    expect(shape(resolve('/e', fs, false))).toEqual(link('/e'));
  });
});

// ------------------------------------------------------------------ budgets

describe('resolveThroughLinks: the shared lookup budget', () => {
  /** Lookups a resolution takes, counted through the seam. */
  function counting(fs: FileSystem): { fs: FileSystem; calls: () => number } {
    let n = 0;
    return {
      fs: {
        lstat: (p) => ((n += 1), fs.lstat(p)),
        readlink: (p) => ((n += 1), fs.readlink(p)),
        readdir: (p) => ((n += 1), fs.readdir(p)),
      },
      calls: () => n,
    };
  }

  it('spends one lookup per lstat and readlink', () => {
    const budget = lookupBudget(100);
    const seam = counting(treeFs());
    // /work, /work/tree, /work/tree/build (+readlink), /outside, /outside/proj, /outside/proj/out.o
    expect(resolveThroughLinks('/work/tree/build/out.o', seam.fs, { followLast: true, budget }).ok).toBe(true);
    expect(seam.calls()).toBe(7);
    expect(budget.remaining).toBe(93);
  });

  it('succeeds with exactly the lookups it needs', () => {
    expect(shape(resolve('/work/tree/build/out.o', treeFs(), true, 7))).toEqual(file('/outside/proj/out.o'));
  });

  it('fails as budget one lookup short, mid-walk', () => {
    const r = resolve('/work/tree/build/out.o', treeFs(), true, 6);
    expect(r).toMatchObject({ ok: false, reason: 'budget' });
    expect(r.ok ? '' : r.detail).toContain('/outside/proj/out.o');
  });

  it('fails as budget with none left, before any lookup', () => {
    const seam = counting(treeFs());
    expect(resolveThroughLinks('/work', seam.fs, { followLast: true, budget: { remaining: 0 } }))
      .toMatchObject({ ok: false, reason: 'budget' });
    expect(seam.calls()).toBe(0);
  });

  it('fails as budget with a negative or NaN remainder', () => {
    expect(resolve('/work', treeFs(), true, -1)).toMatchObject({ ok: false, reason: 'budget' });
    expect(resolve('/work', treeFs(), true, Number.NaN)).toMatchObject({ ok: false, reason: 'budget' });
  });

  it('needs no lookup for the root', () => {
    expect(shape(resolve('/', treeFs(), true, 0))).toEqual(dir('/'));
  });

  it('is shared across resolutions', () => {
    const budget = lookupBudget(9);
    const fs = treeFs();
    expect(resolveThroughLinks('/work/tree/src', fs, { followLast: true, budget }).ok).toBe(true);
    expect(budget.remaining).toBe(6);
    expect(resolveThroughLinks('/work/tree/build/out.o', fs, { followLast: true, budget }))
      .toMatchObject({ ok: false, reason: 'budget' });
    expect(budget.remaining).toBe(0);
  });

  it('looks each path up once per resolution, even round a loop', () => {
    const seam = counting(treeFs());
    expect(resolve('/work/tree/loopA', seam.fs)).toMatchObject({ ok: false, reason: 'loop' });
    // /work, /work/tree, loopA (+readlink), loopB (+readlink)
    expect(seam.calls()).toBe(6);
  });

  it('runs out of budget before a long loop would', () => {
    expect(resolve('/work/tree/self', treeFs(), true, 3)).toMatchObject({ ok: false, reason: 'budget' });
  });
});

// ------------------------------------------------------------------ seam faults

describe('resolveThroughLinks: a failing or changing seam is a failure, never a throw', () => {
  type Op = 'lstat' | 'readlink' | 'readdir';
  /** The tree's seam, throwing `error` on `op` of `path`. */
  function faulty(op: Op, path: string, error: unknown): FileSystem {
    const fs = treeFs();
    const wrap = <T>(name: Op, f: (p: string) => T) => (p: string): T => {
      if (name === op && p === path) throw error;
      return f(p);
    };
    return {
      lstat: wrap('lstat', (p) => fs.lstat(p)),
      readlink: wrap('readlink', (p) => fs.readlink(p)),
      readdir: wrap('readdir', (p) => fs.readdir(p)),
    };
  }

  const cases: [string, Op, string, unknown, string, string][] = [
    ['EACCES on a middle lstat', 'lstat', '/work/tree/src', new FsError('EACCES', '/work/tree/src'),
      '/work/tree/src/main.ts', 'EACCES'],
    ['ELOOP on an lstat', 'lstat', '/work/tree', new FsError('ELOOP', '/work/tree'), '/work/tree/x', 'ELOOP'],
    ['EIO on the last lstat', 'lstat', '/work/tree/file.txt', new FsError('EIO', '/work/tree/file.txt'),
      '/work/tree/file.txt', 'EIO'],
    ['EACCES on an lstat past a link', 'lstat', '/outside/proj', new FsError('EACCES', '/outside/proj'),
      '/work/tree/build/out.o', 'EACCES'],
    ['EIO on a readlink', 'readlink', '/work/tree/build', new FsError('EIO', '/work/tree/build'),
      '/work/tree/build/x', 'EIO'],
    ['a plain Error from the seam', 'lstat', '/work', new TypeError('boom'), '/work/tree', 'boom'],
    ['a non-Error thrown by the seam', 'lstat', '/work', 'weird', '/work/tree', 'weird'],
  ];
  for (const [name, op, at, error, path, detail] of cases) {
    it(name, () => {
      const r = resolve(path, faulty(op, at, error));
      expect(r).toMatchObject({ ok: false, reason: 'error' });
      expect(r.ok ? '' : r.detail).toContain(detail);
    });
  }

  it('does not look past an unfollowed final link, so its readlink fault is never met', () => {
    const fs = faulty('readlink', '/work/tree/build', new FsError('EIO', '/work/tree/build'));
    expect(shape(resolve('/work/tree/build', fs, false))).toEqual(link('/work/tree/build'));
  });

  it('fails when an lstat symlink has no readlink target (it changed)', () => {
    const base = treeFs();
    const fs: FileSystem = { ...base, readlink: (p) => (p === '/work/tree/build' ? null : base.readlink(p)) };
    expect(resolve('/work/tree/build/x', fs)).toMatchObject({ ok: false, reason: 'error' });
  });

  it('gives one consistent answer when lstat flips on every call', () => {
    // /work/tree/build is a link on odd calls and a directory on even ones.
    const base = treeFs();
    let calls = 0;
    const fs: FileSystem = {
      ...base,
      lstat: (p) => {
        if (p !== '/work/tree/build') return base.lstat(p);
        calls += 1;
        return calls % 2 === 1 ? 'symlink' : 'directory';
      },
    };
    // The walk meets /work/tree/build twice: build, then (physically) /outside, into -> /work/tree, build.
    const walked = '/work/tree/build/../into/build/x';
    const answers = [resolve(walked, fs), resolve(walked, fs)];
    // Within one walk `build` is one thing: a link both times, or a directory (and then `into` is missing).
    expect(answers.map(shape)).toEqual([absent('/outside/proj/x'), absent('/work/tree/into/build/x')]);
    expect(calls).toBe(2);
  });

  it('gives a consistent answer when the seam contradicts itself about a parent', () => {
    // A seam claiming a file has children: the walk does not ask below a file.
    const fs: FileSystem = {
      lstat: (p) => (p === '/f' ? 'file' : p === '/f/x' ? 'symlink' : null),
      readlink: (p) => (p === '/f/x' ? '/elsewhere' : null),
      readdir: () => null,
    };
    expect(shape(resolve('/f/x/y', fs))).toEqual(absent('/f/x/y'));
  });

  it('reads a directory\'s entries as an error when readdir fails', () => {
    const fs = faulty('readdir', '/work/tree', new FsError('EACCES', '/work/tree'));
    expect(directoryEntries('/work/tree', fs, lookupBudget())).toMatchObject({ ok: false, reason: 'error' });
  });
});

// ------------------------------------------------------------------ both readings

describe('readPath: both readings of a target', () => {
  const cases: [string, string, boolean, string, Expected][] = [
    ['a removal of a link removes the link', 'build', true, '/work/tree/build', link('/work/tree/build')],
    ['a removal of link/ follows it', 'build/', true, '/work/tree/build', dir('/outside/proj')],
    ['a removal of link/. follows it', 'build/.', true, '/work/tree/build', dir('/outside/proj')],
    ['a write through a link follows it', 'build', false, '/work/tree/build', dir('/outside/proj')],
    ['a removal below a link follows the link', 'build/out.o', true, '/work/tree/build/out.o',
      file('/outside/proj/out.o')],
    ['a removal of a link to .git removes the link', 'gitlink', true, '/work/tree/gitlink',
      link('/work/tree/gitlink')],
    ['a removal of a link to .git with / reaches .git', 'gitlink/', true, '/work/tree/gitlink',
      dir('/work/tree/.git')],
    ['.. after a link: lexical as written, physical as resolved', 'build/../x', true, '/work/tree/x',
      absent('/outside/x')],
    ['a removal of . is the cwd itself', '.', true, '/work/tree', dir('/work/tree')],
    ['an absolute target', '/outside/into/src', true, '/outside/into/src', dir('/work/tree/src')],
    ['a removal of a loop link', 'loopA', true, '/work/tree/loopA', link('/work/tree/loopA')],
    ['a removal of a loop link with /', 'loopA/', true, '/work/tree/loopA', 'loop'],
  ];
  for (const [name, path, removal, written, resolved] of cases) {
    it(name, () => {
      const reading = readPath(path, tree, treeFs(), { removal, budget: lookupBudget() });
      expect(reading.written.path).toBe(written);
      expect(shape(reading.resolved)).toEqual(resolved);
    });
  }

  it('keeps the trailing-slash flag in the written reading', () => {
    expect(readPath('build/', tree, treeFs(), { removal: true, budget: lookupBudget() }).written.trailingSlash)
      .toBe(true);
  });

  it('reads a relative path from a cwd that is itself through a link', () => {
    const reading = readPath('../into', '/work/tree/build', treeFs(), { removal: false, budget: lookupBudget() });
    expect(reading.written.path).toBe('/work/tree/into');
    expect(shape(reading.resolved)).toEqual(dir('/work/tree'));
  });
});

// ------------------------------------------------------------------ containment

describe('isInside / isInsideOrEqual: lexical containment', () => {
  const cases: [string, string, boolean, boolean][] = [
    ['/a/b/c', '/a/b', true, true],
    ['/a/b', '/a/b', false, true],
    ['/a/bc', '/a/b', false, false],
    ['/a', '/a/b', false, false],
    ['/a/b/', '/a/b', false, true],
    ['/a/b/c', '/a/b/', true, true],
    ['/x', '/', true, true],
    ['/', '/', false, true],
    ['/a/b/../c', '/a/b', false, false],
    ['//a//b', '/a', true, true],
    ['a/b', '/a', false, false],
    ['/a/b', 'a', false, false],
  ];
  for (const [path, d, inside, orEqual] of cases) {
    it(`${path} in ${d}: inside ${inside}, inside or equal ${orEqual}`, () => {
      expect(isInside(path, d)).toBe(inside);
      expect(isInsideOrEqual(path, d)).toBe(orEqual);
    });
  }
});

describe('insideInBothReadings: inside as written and as resolved', () => {
  const cases: [string, string, boolean, string | string[], boolean][] = [
    ['a plain file in the tree', 'src/main.ts', true, tree, true],
    ['a removal of a link out of the tree', 'build', true, tree, true],
    ['a removal of link/ out of the tree', 'build/', true, tree, false],
    ['a removal below a link out of the tree', 'build/out.o', true, tree, false],
    ['a write through a link out of the tree', 'build', false, tree, false],
    ['written outside, resolved inside', '/outside/into/src', false, tree, false],
    ['written inside, resolved in the temp dir, both allowed', 'scratch/z', true, [tree, '/tmp'], true],
    ['written inside, resolved in the temp dir, only the tree allowed', 'scratch/z', true, tree, false],
    ['a lexical escape', '../other/x', true, tree, false],
    ['a failed resolution', 'loopA/', true, tree, false],
    ['the tree itself counts as inside by default', '.', true, tree, true],
    ['a prefix name is not inside', '/work/treex', true, tree, false],
  ];
  for (const [name, path, removal, dirs, expected] of cases) {
    it(name, () => {
      const reading = readPath(path, tree, treeFs(), { removal, budget: lookupBudget() });
      expect(insideInBothReadings(reading, dirs)).toBe(expected);
    });
  }

  it('the tree itself is not strictly inside', () => {
    const reading = readPath('.', tree, treeFs(), { removal: true, budget: lookupBudget() });
    expect(insideInBothReadings(reading, tree, { orEqual: false })).toBe(false);
    const below = readPath('src', tree, treeFs(), { removal: true, budget: lookupBudget() });
    expect(insideInBothReadings(below, tree, { orEqual: false })).toBe(true);
  });
});

// ------------------------------------------------------------------ directory entries

describe('directoryEntries: names for glob checks', () => {
  it('lists a directory\'s names, sorted', () => {
    expect(directoryEntries('/work/tree/deep/a', treeFs(), lookupBudget()))
      .toEqual({ ok: true, isDirectory: true, names: ['b'] });
    const r = directoryEntries('/work/tree', treeFs(), lookupBudget());
    expect(r.ok && r.names).toEqual(expect.arrayContaining(['.git', 'build', 'src']));
    expect(r.ok && [...r.names].sort()).toEqual(r.ok && r.names);
  });

  it('lists an empty directory', () => {
    expect(directoryEntries('/work/tree/empty', treeFs(), lookupBudget()))
      .toEqual({ ok: true, isDirectory: true, names: [] });
  });

  it('reads through a link to a directory', () => {
    expect(directoryEntries('/work/tree/build', treeFs(), lookupBudget()))
      .toEqual({ ok: true, isDirectory: true, names: ['back', 'out.o', 'sub'] });
  });

  it('finds no directory at a file', () => {
    expect(directoryEntries('/work/tree/file.txt', treeFs(), lookupBudget()))
      .toEqual({ ok: true, isDirectory: false, names: [] });
  });

  it('finds no directory at a missing path', () => {
    expect(directoryEntries('/work/tree/nope', treeFs(), lookupBudget()))
      .toEqual({ ok: true, isDirectory: false, names: [] });
  });

  it('spends one lookup', () => {
    const budget = lookupBudget(1);
    expect(directoryEntries('/work/tree', treeFs(), budget).ok).toBe(true);
    expect(budget.remaining).toBe(0);
    expect(directoryEntries('/work/tree', treeFs(), budget)).toMatchObject({ ok: false, reason: 'budget' });
  });

  it('refuses a relative directory as an error', () => {
    expect(directoryEntries('work', treeFs(), lookupBudget())).toMatchObject({ ok: false, reason: 'error' });
  });
});

// ------------------------------------------------------------------ property

describe('resolveThroughLinks over random trees', () => {
  const name = fc.constantFrom('a', 'b', 'c');
  const relTarget = fc.array(fc.constantFrom('a', 'b', 'c', '.', '..', ''), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.join('/'));
  const target = fc.oneof(
    relTarget,
    relTarget.map((t) => `/t/${t}`),
    relTarget.map((t) => `/o/${t}`),
    fc.constant('/'),
    relTarget.map((t) => `${t}/`),
  );
  const entry = fc.record({
    at: fc.array(name, { minLength: 1, maxLength: 3 }),
    kind: fc.constantFrom('dir', 'file', 'link', 'link'),
    target,
  });
  const path = fc.record({
    absolute: fc.boolean(),
    parts: fc.array(fc.constantFrom('a', 'b', 'c', '.', '..', ''), { minLength: 0, maxLength: 6 }),
    trailing: fc.constantFrom('', '/', '/.'),
  }).map(({ absolute, parts, trailing }) => (absolute ? '/t/' : '') + parts.join('/') + trailing);

  /** Build what can be built; entries that clash with earlier ones are skipped. */
  function build(entries: { at: string[]; kind: string; target: string }[]): Vol {
    const vol = volume({ '/t/': '', '/o/a/': '' });
    for (const { at, kind, target: t } of entries) {
      const p = `/t/${at.join('/')}`;
      try {
        const parent = p.slice(0, p.lastIndexOf('/'));
        vol.mkdirSync(parent, { recursive: true });
        if (kind === 'dir') vol.mkdirSync(p);
        else if (kind === 'file') vol.writeFileSync(p, 'x', { flag: 'wx' });
        else vol.symlinkSync(t, p);
      } catch {
        // a clash (the name exists, or a parent is a file or a link): skip it
      }
    }
    return vol;
  }

  it('terminates, never throws, and an existing result holds no symlink', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 12 }), path, fc.constantFrom('/t', '/t/a', '/t/a/b'), fc.boolean(),
        (entries, p, cwd, followLast) => {
          const vol = build(entries);
          const fs = fileSystemFrom(vol);
          const budget = lookupBudget(100_000);
          const joined = joinToCwd(p, cwd);
          const r = resolveThroughLinks(joined, fs, { followLast, budget });
          if (!r.ok) {
            // Only a loop can stop a walk over a sound volume with a large budget.
            expect(r.reason).toBe('loop');
            return;
          }
          expect(r.path).toBe(normalizeLexically(r.path));
          if (!r.existing) {
            expect(r.finalKind).toBeNull();
            return;
          }
          const names = r.path.split('/').filter(Boolean);
          for (let i = 1; i <= names.length; i += 1) {
            const prefix = '/' + names.slice(0, i).join('/');
            const kind = fs.lstat(prefix);
            expect(kind).not.toBeNull();
            // Only an unfollowed last name may be a link.
            if (i < names.length || followLast || endsAsDirectory(joined)) expect(kind).not.toBe('symlink');
          }
          expect(fs.lstat(r.path) ?? 'directory').toBe(r.finalKind);
          // The resolved path is a fixed point, and agrees with the fs's own realpath when followed.
          expect(shape(resolveThroughLinks(r.path, fs, { followLast, budget }))).toEqual(shape(r));
          // Where memfs's own realpath answers, it agrees. (It reads `..` lexically, where the kernel and
          // this walk read it physically, so paths with `..` are left out, and so are links whose targets hold one:
          // `a/b -> /t/b/..` with `b -> /t/a/a` is `/t` to memfs, missing to the kernel (explore seed 1559283652);
          // it also refuses `missing/..` and `file/..`, which this walk reads as `mkdir -p` would.)
          const dotdotTarget = entries.some((e) => e.kind === 'link' && e.target.split('/').includes('..'));
          if (followLast && !joined.split('/').includes('..') && !dotdotTarget) {
            let real: string | undefined;
            try {
              real = String(vol.realpathSync(joined));
            } catch {
              real = undefined;
            }
            if (real !== undefined) expect(real).toBe(r.path);
          }
        },
      ),
      {
        numRuns: 500,
        // found by npm run explore, seed 1559283652: a link whose target's `..` follows a link to a missing name
        examples: [[[{ at: ['b'], kind: 'link', target: '/t/a/a' }, { at: ['a', 'b'], kind: 'link', target: '/t/b/..' }], 'a/b', '/t', true]],
      },
    );
  });
});
