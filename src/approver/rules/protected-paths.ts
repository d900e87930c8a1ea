// What of the protected set a glob or a deleting find could reach (SPEC §3
// `protected-removal`): a glob whose literal text aims at a protected name,
// an entry standing in its directory that is or holds a protected path, or a
// protected path lying there under a name it can match; and whether a
// find's tests keep a protected path below its start point out.

import { budgets } from '../../budgets.js';
import type { FindFilter, Target } from '../core/effects.js';
import { findPathMatches, findPatternMatches, matchesName, splitGlob } from '../core/glob.js';
import { directoryEntries } from '../core/path-reading.js';
import { isInside } from '../core/path-text.js';
import { foldPath } from '../core/names.js';
import { protectedFileIdentities, protectedIdentities, protectedOwner } from '../core/protected.js';
import type { Field } from '../core/words.js';
import { type JudgeContext, LookupsExhausted } from './context.js';
import { read } from './readings.js';

/** Whether a deleting find's (or git clean's) tests keep the protected path `p` below `start` out. */
export function keptOut(p: string, start: string, filter: FindFilter, ctx: JudgeContext): boolean {
  const relative = p.slice(start.length + 1);
  const parts = relative.split('/');
  const depth = parts.length;
  if (filter.maxDepth !== null && depth > filter.maxDepth) return true;
  // -prune of the path or any directory above it
  for (let k = 1; k <= parts.length; k++) {
    const name = parts[k - 1]!;
    const path = './' + parts.slice(0, k).join('/');
    const absolute = start + '/' + parts.slice(0, k).join('/');
    const pruned = (pr: FindFilter['prunes'][number]) => {
      if (!pr.byPath) return findPatternMatches(pr.pattern, name, pr.caseless);
      return findPathMatches(pr.pattern, path, pr.caseless) || findPathMatches(pr.pattern, absolute, pr.caseless);
    };
    if (filter.prunes.some(pruned)) return true;
  }
  if (filter.names.length === 0 && filter.paths.length === 0) return false;
  // every name test must miss the protected path's name and every name below it
  const matchesAll = (name: string, path: string) =>
    filter.names.every((n) => findPatternMatches(n.pattern, name, n.caseless)) && filter.paths.every((q) => findPathMatches(q.pattern, path, q.caseless));
  if (matchesAll(parts[parts.length - 1]!, './' + relative)) return false;
  if (filter.removesDirectories) {
    // `-exec rm -rf {}` also removes every directory above the protected path that the tests match
    for (let k = 1; k < parts.length; k++) if (matchesAll(parts[k - 1]!, './' + parts.slice(0, k).join('/'))) return false;
  }
  return !anythingBelowMatches(p, './' + relative, matchesAll, ctx, 0);
}

/** A bounded walk below a protected path: does any entry match the find's tests? */
function anythingBelowMatches(
  dir: string, shownPath: string, matches: (name: string, path: string) => boolean, ctx: JudgeContext, depth: number,
): boolean {
  if (depth > budgets.maxFindWalkDepth) return true;
  const entries = directoryEntries(dir, ctx.fs, ctx.budget);
  if (!entries.ok) {
    if (entries.reason === 'budget') throw new LookupsExhausted();
    return true;
  }
  if (!entries.isDirectory) return false;
  for (const name of entries.names) {
    const child = dir + '/' + name;
    if (matches(name, shownPath + '/' + name)) return true;
    let kind;
    try {
      kind = ctx.fs.lstat(child);
    } catch {
      return true;
    }
    ctx.budget.remaining--;
    if (ctx.budget.remaining < 0) throw new LookupsExhausted();
    if (kind === 'directory' && anythingBelowMatches(child, shownPath + '/' + name, matches, ctx, depth + 1)) return true;
  }
  return false;
}

/** The protected path a glob's fixed directory is or lies under (`.git/hooks/*`): everything it matches is protected. */
export function globDirectoryProtected(target: Target, field: Field, ctx: JudgeContext): string | null {
  const glob = splitGlob(field.chunks);
  for (const dir of field.text.startsWith('/') ? ['/'] : target.dirs ?? []) {
    const reading = read(glob.directory || '.', glob.directory.startsWith('/') ? '/' : dir, ctx, true);
    for (const base of [reading.written, reading.resolved]) {
      const owner = base === null ? null : protectedOwner(base, ctx.protected);
      if (owner) return owner;
    }
  }
  return null;
}

/**
 * Whether a glob could match a protected path: one its literal text aims at
 * (a name in the protected set, or any `.git`), an entry standing in its
 * directory that is or holds a protected path, or a protected path lying in
 * its directory under a name it can match.
 */
export function globHitsProtected(target: Target, field: Field, ctx: JudgeContext, recursive: boolean): string | null {
  const glob = splitGlob(field.chunks);
  const dots = target.globDots || ctx.globDots || field.dots === true;
  // protected names match in any case: a glob under nocaseglob, `(#i)` or on a filesystem that folds case reaches `.GIT`
  // too; the entries standing in the directory match as the shell lists them (caseless only under nocaseglob)
  const caseless = target.globCaseless === true;
  if (matchesName(glob.last, '.git', dots, true)) return '.git';
  const owner = globDirectoryProtected(target, field, ctx);
  if (owner) return owner;
  for (const dir of field.text.startsWith('/') ? ['/'] : target.dirs ?? []) {
    const reading = read(glob.directory || '.', glob.directory.startsWith('/') ? '/' : dir, ctx, true);
    for (const base of new Set([reading.written, reading.resolved])) {
      if (base === null) continue;
      // protected paths in the directory, existing or not
      // names compared as every filesystem reads them (core/names.ts): the set's keys against the directory's
      const baseKey = foldPath(base);
      for (let i = 0; i < ctx.protected.paths.length; i++) {
        const p = ctx.protected.paths[i]!;
        const k = ctx.protected.keys[i]!;
        const parent = k.slice(0, k.lastIndexOf('/')) || '/';
        const name = p.slice(p.lastIndexOf('/') + 1);
        if (parent === baseKey && matchesName(glob.last, name, dots, true)) return p;
        if (recursive && isInside(k, baseKey)) {
          const first = k.slice(baseKey === '/' ? 1 : baseKey.length + 1).split('/')[0]!;
          if (matchesName(glob.last, first, dots, true)) return p;
        }
      }
      // entries standing there
      const entries = directoryEntries(base, ctx.fs, ctx.budget);
      if (!entries.ok) {
        if (entries.reason === 'budget') throw new LookupsExhausted();
        return `${base} (it cannot be listed)`;
      }
      for (const name of entries.names) {
        if (!matchesName(glob.last, name, dots, caseless)) continue;
        const entry = base === '/' ? '/' + name : base + '/' + name;
        if (protectedOwner(entry, ctx.protected)) return entry;
      }
    }
  }
  return null;
}

/**
 * A match of a write's glob that is a link to a protected path (`docs/x.json -> ~/.bashrc`): the write follows it
 * (`tee -a docs/*`, `chmod 777 docs/*`, bash's `> docs/*.json` with one match), as a write of the link's own name
 * does. Only the entries that are links are followed (one lstat each, charged to the line's budget); a glob with a
 * wildcard in a directory part is `write-unfixed-target`'s. The match and where it leads, or null.
 */
export function globMatchLinksToProtected(target: Target, field: Field, ctx: JudgeContext): string | null {
  const glob = splitGlob(field.chunks);
  if (glob.wildcardInDirectory) return null;
  const dots = target.globDots || ctx.globDots || field.dots === true;
  for (const dir of field.text.startsWith('/') ? ['/'] : target.dirs ?? []) {
    const reading = read(glob.directory || '.', glob.directory.startsWith('/') ? '/' : dir, ctx, true);
    for (const base of new Set([reading.written, reading.resolved])) {
      if (base === null) continue;
      const entries = directoryEntries(base, ctx.fs, ctx.budget);
      if (!entries.ok) {
        if (entries.reason === 'budget') throw new LookupsExhausted();
        continue; // an unlisted directory is globHitsProtected's refusal
      }
      for (const name of entries.names) {
        if (!matchesName(glob.last, name, dots, target.globCaseless === true)) continue;
        const entry = base === '/' ? '/' + name : base + '/' + name;
        if (!(ctx.budget.remaining > 0)) throw new LookupsExhausted();
        ctx.budget.remaining -= 1;
        let kind;
        try {
          kind = ctx.fs.lstat(entry);
        } catch {
          kind = 'symlink'; // not known: read as a link, which the reading below resolves or reports
        }
        if (kind !== 'symlink') continue;
        const through = read(entry, '/', ctx, true);
        if (through.resolved === null) return `${entry} (a link treeward cannot follow)`;
        const owner = protectedOwner(through.resolved, ctx.protected) ?? protectedByIdentity(through.resolved, ctx, true);
        if (owner !== null) return `${entry} (through its links, ${through.resolved})`;
      }
    }
  }
  return null;
}

/**
 * The protected path an existing target is by identity (issue 14 item 2):
 * the target or a directory above it that is a protected path under another
 * name (a second mount, a bind mount, a spelling the name rules miss), and
 * for a write, a file with several names that is one in a protected
 * directory (a hard link to `.git/config`). `path` is resolved; `followLast`
 * false (a removal): its last name is the entry itself, and only a directory
 * there counts, since removing a file's other name leaves the file.
 */
export function protectedByIdentity(path: string, ctx: JudgeContext, followLast: boolean): string | null {
  const fs = ctx.fs;
  if (!fs.identity || !path.startsWith('/')) return null;
  const ids = protectedIdentities(ctx.protected, fs);
  // not charged to the line's lookup budget: each path here is one the resolution already looked up (and paid
  // for), and the snapshot answers it again from memory
  for (let here = path; here !== '/' && here !== ''; here = here.slice(0, here.lastIndexOf('/')) || '/') {
    let found;
    try {
      found = fs.identity(here);
    } catch {
      return null; // unreadable: the other rules judge it by name
    }
    if (found === null) continue;
    const last = here === path;
    if (last && !followLast && (found.kind !== 'directory' || fs.lstat(here) === 'symlink')) continue; // `rm gitlink` removes the link
    const owner = ids.get(found.id);
    if (owner !== undefined) return owner;
    if (last && followLast && found.kind === 'file' && found.links > 1) {
      const fileOwner = protectedFileIdentities(ctx.protected, fs).get(found.id);
      if (fileOwner !== undefined) return fileOwner;
    }
  }
  return null;
}
