// Code the line wrote, loaded by another name (issue 13 item 3): a module
// an interpreter finds by name on its search path (`python3 -m NAME`,
// `import NAME`, `node -r X`, `require('./x')`, `perl -I DIR -MMOD`, `ruby
// -I DIR -r LIB`), and the files an interpreter loads at every start
// (python's `sitecustomize.py`, `usercustomize.py`, `.pth` files). Each is
// judged as running that file: a literal in the language the reader reads
// follows the inline-code policy, anything else is `dynamic-code` (SPEC §3
// "commands it runs": "running, sourcing or feeding to an interpreter a file
// whose content an earlier part of the line wrote is `dynamic-code`, unless
// that content is a literal … that treeward then reads").

import { budgets } from '../../budgets.js';
import type { Span } from '../../syntax/ast.js';
import { type Action, type ProgramContext, runsCode } from '../core/actions.js';
import { baseName, isInsideOrEqual, joinPath, normalizeLexically } from '../core/path-text.js';

/** A file the line wrote that a search finds: its path as the search names it, and its text when it is a literal. */
export interface WrittenFind {
  file: string;
  literal: string | null;
}

/** Where to look, and for what: `files` relative to each directory, `packages` directories below which any written file counts. */
export interface ModuleSearch {
  /** Search directories, relative to the program's directory or absolute (`.`, PYTHONPATH's entries, `-I` values). */
  dirs: readonly string[];
  files: readonly string[];
  packages: readonly string[];
}

/** The first file of a search the line wrote (null: none); a line that wrote to a target it does not fix may have written any of them. */
export function writtenModule(ctx: ProgramContext, search: ModuleSearch): WrittenFind | null {
  const written = ctx.written();
  const first = search.files[0] ?? search.packages[0] ?? '';
  // below an unread extraction's directory any file may be there, with content nobody read
  const unread = written.unknownBelow ?? [];
  const extracted = (path: string) => unread.some((root) => isInsideOrEqual(path, root));
  if (written.files.length === 0 && !written.unknown && unread.length === 0) return null;
  if (written.unknown) return { file: first, literal: null };
  for (const dir of search.dirs) {
    const bases = dir.startsWith('/') ? [dir] : ctx.dirs?.map((d) => joinPath(d, dir)) ?? null;
    // the program's directory is not known: any file the line wrote may be the one it finds
    if (bases === null) return { file: first, literal: null };
    for (const base of bases) {
      for (const file of search.files) {
        const path = normalizeLexically(joinPath(base, file));
        const hit = written.files.find((w) => w.path === path);
        if (extracted(path)) return { file: shown(dir, file), literal: null };
        if (hit) return { file: shown(dir, file), literal: hit.literal };
      }
      for (const pkg of search.packages) {
        const below = normalizeLexically(joinPath(base, pkg)) + '/';
        if (written.files.some((w) => w.path.startsWith(below)) || extracted(below.slice(0, -1)) || unread.some((root) => root.startsWith(below))) {
          return { file: shown(dir, pkg), literal: null };
        }
      }
    }
  }
  return null;
}

/** A found file as the line would name it: relative to the program's directory as searched, else under the directory searched. */
function shown(dir: string, file: string): string {
  return dir === '.' || file.startsWith('/') ? file : joinPath(dir, file);
}

/** A colon-separated search path (PYTHONPATH, PERL5LIB, RUBYLIB, NODE_PATH) as the command gets it: given by the line, else inherited. */
export function searchPath(ctx: ProgramContext, name: string): string[] | null {
  const value = ctx.environment.has(name) ? ctx.environment.get(name)! : ctx.env[name] ?? '';
  if (value === null) return null;
  // an empty entry is the current directory, for python and perl alike
  return value === '' ? [] : value.split(':').map((entry) => (entry === '' ? '.' : entry));
}

/** Directories that hold installed packages: the site and dist directories of any written path (a virtualenv's, the user's). */
function siteDirectories(ctx: ProgramContext): string[] {
  const out = new Set<string>();
  for (const { path } of ctx.written().files) {
    const m = /^(.*\/(?:site|dist)-packages)\//.exec(path);
    if (m) out.add(m[1]!);
  }
  return [...out];
}

/**
 * What a python start loads that the line wrote (issue 13 item 3), before the script, module or
 * code it is given: `sitecustomize.py` and `usercustomize.py` on its path and `.pth` files in a
 * site directory (python3(1), "site" in the library reference). Read wherever the line wrote them,
 * since which directories are site directories depends on the installation. `-S` skips them.
 */
export function pythonStartupLoads(ctx: ProgramContext, via: string, noSite: boolean, span: Span): Action[] {
  if (noSite) return [];
  const written = ctx.written();
  if (written.unknown) return [runsCode(span, { source: 'written-by-line', via, file: 'sitecustomize.py', use: 'startup' })];
  const hit = written.files.find((w) => /^(?:sitecustomize|usercustomize)\.py$|\.pth$/.test(baseName(w.path)));
  // an unread extraction into a site directory may have put a `.pth` file there
  const site = (written.unknownBelow ?? []).find((root) => /\/(?:site|dist)-packages(?:\/|$)/.test(root));
  const file = hit?.path ?? (site === undefined ? null : joinPath(site, '*.pth'));
  return file !== null ? [runsCode(span, { source: 'written-by-line', via, file, use: 'startup' })] : [];
}

/** How python searches for a module by name: `isolated` (-I) and `safePath` (-P) leave out the current directory, `noEnv` (-E, -I) PYTHONPATH. */
export function pythonSearch(ctx: ProgramContext, name: string, flags: { safePath: boolean; noEnv: boolean }): ModuleSearch | null {
  const top = name.split('.')[0]!;
  const path = flags.noEnv ? [] : searchPath(ctx, 'PYTHONPATH');
  if (path === null) return null;
  return { dirs: [...(flags.safePath ? [] : ['.']), ...path, ...siteDirectories(ctx)], files: [`${top}.py`, `${top}.pyc`], packages: [top] };
}

/**
 * How node finds a module: a relative or absolute specifier as a file (and its extensions) or directory; a bare one
 * in every node_modules above, and NODE_PATH.
 */
export function nodeSearch(ctx: ProgramContext, specifier: string): ModuleSearch | null {
  const spec = specifier.replace(/^file:\/\//, '');
  if (/^(?:node:|data:|https?:)/.test(spec)) return null;
  const extensions = ['', '.js', '.mjs', '.cjs', '.json', '.node', '.ts', '.mts', '.cts'];
  if (/^\.{0,2}\//.test(spec) || spec === '.' || spec === '..') return { dirs: ['.'], files: extensions.map((e) => spec + e), packages: [spec] };
  const top = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
  const above: string[] = [];
  for (const d of ctx.dirs ?? []) {
    for (let dir = d; ; dir = dir.slice(0, Math.max(1, dir.lastIndexOf('/')))) {
      above.push(joinPath(dir, 'node_modules'));
      if (dir === '/') break;
    }
  }
  const nodePath = searchPath(ctx, 'NODE_PATH');
  if (nodePath === null || ctx.dirs === null) return { dirs: ['node_modules'], files: [], packages: [top] };
  return { dirs: [...above, ...nodePath], files: extensions.map((e) => top + e), packages: [top] };
}

/** perl's `Foo::Bar` as `Foo/Bar.pm` in `-I` directories and PERL5LIB (perlrun: `.` is not in @INC since 5.26). */
export function perlSearch(ctx: ProgramContext, module: string, includes: readonly string[]): ModuleSearch | null {
  const path = searchPath(ctx, 'PERL5LIB');
  if (path === null) return null;
  const name = module.replace(/=.*$/, '').replace(/^-/, '');
  return { dirs: [...includes, ...path, '.'].filter((d, k, all) => all.indexOf(d) === k), files: [`${name.replace(/::/g, '/')}.pm`], packages: [] };
}

/** ruby's `-r LIB` as `LIB.rb` (or `LIB` itself, a `.so`) in `-I` directories and RUBYLIB; a path is taken as written. */
export function rubySearch(ctx: ProgramContext, library: string, includes: readonly string[]): ModuleSearch | null {
  const path = searchPath(ctx, 'RUBYLIB');
  if (path === null) return null;
  const files = [library, `${library}.rb`, `${library}.so`];
  if (/^\.{0,2}\/|^\//.test(library)) return { dirs: ['.'], files, packages: [] };
  return { dirs: [...includes, ...path], files, packages: [] };
}

/**
 * Code treeward does not read (a script on disk, a module it did not write) that runs where the line
 * wrote source files it may import by a name treeward never sees (`echo … > util.py; python3 app.py`,
 * `sed -i … lib.js && node app.js`, a test file before `python3 -m pytest`): the first file the line
 * wrote with one of `extensions` in a search directory or below it.
 */
export function writtenSource(ctx: ProgramContext, dirs: readonly string[], extensions: readonly string[]): WrittenFind | null {
  const written = ctx.written();
  if (written.unknown) return { file: dirs[0] ?? '.', literal: null };
  // an unread extraction's directory may hold source files of any name: its root stands for them
  // a recursive copy's or move's destination with another extension is most likely the one file it names (`mv a.txt b.txt`)
  const copied = new Set(written.copiedInto ?? []);
  const roots = (written.unknownBelow ?? []).filter((root) => !copied.has(root) || !/\.[^./]+$/.test(root) || extensions.some((e) => root.endsWith(e)));
  const sources = [...written.files.filter((w) => extensions.some((e) => w.path.endsWith(e))), ...roots.map((path) => ({ path }))];
  if (sources.length === 0) return null;
  for (const dir of dirs) {
    const bases = dir.startsWith('/') ? [dir] : ctx.dirs?.map((d) => joinPath(d, dir)) ?? null;
    if (bases === null) return { file: sources[0]!.path, literal: null };
    for (const base of bases) {
      const below = normalizeLexically(base).replace(/\/$/, '') + '/';
      const hit = sources.find((w) => w.path.startsWith(below) || isInsideOrEqual(below.slice(0, -1) || '/', w.path));
      if (hit) return { file: hit.path, literal: null };
    }
  }
  return null;
}

/**
 * A module the line wrote, loaded by name: its literal text judged as the language's inline code (`judge`, one level
 * deeper; past the budget, refused), else `dynamic-code`. Null when the line wrote no file the search finds.
 */
export function loadedModule(
  found: WrittenFind | null, via: string, span: Span, depth: number, judge: ((literal: string) => Action[]) | null,
): Action[] | null {
  if (!found) return null;
  if (found.literal !== null && judge !== null && depth < budgets.maxLoadedModuleDepth) return judge(found.literal);
  return [runsCode(span, { source: 'written-by-line', via, file: found.file, use: 'module' })];
}
