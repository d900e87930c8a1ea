// The rules of SPEC §3, tried in the table's order over everything the walk
// found: the first rule any effect breaks decides the verdict, with a
// sentence that says what was refused and what the agent can do instead,
// and the span of the word that caused it.

import type { Dialect } from '../syntax/dialect.js';
import type { Span } from '../syntax/ast.js';
import type { Effect, FindFilter, GitSetting, Removal, Target, Write } from './core/effects.js';
import type { FileSystem } from './core/fs.js';
import { findPathMatches, findPatternMatches, matchesName, spellsLeadingDot, splitGlob } from './core/glob.js';
import { directoryEntries, type LookupBudget, resolveThroughLinks, type Resolution } from './core/path-reading.js';
import { isInside, isInsideOrEqual, joinToCwd, normalizeLexically, endsAsDirectory } from './core/path-text.js';
import { protectedBelow, protectedOwner, type ProtectedSet } from './core/protected.js';
import type { DenyId } from './core/types.js';
import type { Field } from './core/words.js';

export interface JudgeContext {
  tree: string;
  runDirs: readonly string[];
  /** `$TMPDIR`, and `/tmp`, which is a temp dir on every platform (SPEC §3 Inputs). */
  tempDirs: readonly string[];
  home: string;
  fs: FileSystem;
  budget: LookupBudget;
  protected: ProtectedSet;
  dialect: Dialect;
  /** Every glob matches dot names (configured, or the user's startup files turn dotglob on). */
  globDots: boolean;
}

export interface Denial {
  id: DenyId;
  reason: string;
  span: Span;
}

/** Thrown when the filesystem lookups a line needs are past the budget. */
export class LookupsExhausted extends Error {}

type Rule = (effect: Effect, ctx: JudgeContext) => Denial | null;

/** Judge the effects: the first denial by the first rule in SPEC order, or null to approve. */
export function judge(effects: readonly Effect[], ctx: JudgeContext): Denial | null {
  for (const rule of rules) {
    for (const effect of effects) {
      const denial = rule(effect, ctx);
      if (denial) return denial;
    }
  }
  return null;
}

// ------------------------------------------------------------------ readings

interface Reading {
  /** The field's text as written in the line. */
  text: string;
  /** Absolute, lexically normalised. */
  written: string;
  /** Through symlinks; null when it cannot be resolved (loop, error). */
  resolved: string | null;
  resolution: Resolution;
  /** The line's text ended in `/` or `/.`. */
  trailingSlash: boolean;
}

function read(text: string, dir: string, ctx: JudgeContext, followLast: boolean): Reading {
  const raw = joinToCwd(text, dir);
  const written = normalizeLexically(raw);
  const trailingSlash = endsAsDirectory(text);
  const resolution = resolveThroughLinks(raw, ctx.fs, { followLast: followLast || trailingSlash, budget: ctx.budget });
  if (!resolution.ok && resolution.reason === 'budget') throw new LookupsExhausted();
  return { text, written, resolved: resolution.ok ? resolution.path : null, resolution, trailingSlash };
}

/** Every reading of a fixed, non-glob target: each field in each directory it may be read in. */
function readings(target: Target, ctx: JudgeContext, followLast: boolean): Reading[] {
  if (target.value.kind !== 'fixed') return [];
  const out: Reading[] = [];
  for (const field of target.value.fields) {
    if (!readsLiterally(target, field, ctx)) continue;
    if (field.text.startsWith('/')) out.push(read(field.text, '/', ctx, followLast));
    else for (const dir of target.dirs ?? []) out.push(read(field.text, dir, ctx, followLast));
  }
  return out;
}

function globFields(target: Target, ctx: JudgeContext): Field[] {
  return target.value.kind === 'fixed' ? target.value.fields.filter((f) => !readsLiterally(target, f, ctx)) : [];
}

/** A field the shell uses as written: no glob in it, or a redirection target in sh, which never globs one. */
function readsLiterally(target: Target, field: Field, ctx: JudgeContext): boolean {
  return !field.glob || ('redirection' in target && target.redirection === true && !ctx.dialect.globsRedirectionTargets);
}

function allowedDirs(ctx: JudgeContext): string[] {
  return [ctx.tree, ...ctx.runDirs, ...ctx.tempDirs];
}

function insideAllowed(path: string | null, ctx: JudgeContext): boolean {
  return path !== null && allowedDirs(ctx).some((d) => isInsideOrEqual(path, d));
}

function shown(reading: Reading): string {
  return reading.resolved !== null && reading.resolved !== reading.written ? `\`${reading.written}\` (through its links, \`${reading.resolved}\`)` : `\`${reading.written}\``;
}

function deny(id: DenyId, span: Span, reason: string): Denial {
  return { id, span, reason };
}

// ------------------------------------------------------------------ the rules, in order

const removalUnplacedName: Rule = (effect) => {
  if (effect.kind !== 'removal' || effect.value.kind !== 'fixed' || effect.dirs !== null) return null;
  const relative = effect.value.fields.find((f) => !f.text.startsWith('/'));
  if (!relative) return null;
  return deny('removal-unplaced-name', effect.span, `\`${effect.by}\` removes \`${relative.text}\` relative to a directory the line changes to a place treeward cannot know; remove it by a path from where the line starts (or an absolute path inside the tree), without the unknown \`cd\``);
};

/** A target past the expansion budget is not merely unknown: the line is too complex to judge. */
function pastExpansionBudget(span: Span, reason: string): Denial {
  return deny('too-complex', span, `the line is past one of treeward's budgets: a word ${reason}; split it into simpler commands`);
}

const removalUnfixedTarget: Rule = (effect, ctx) => {
  if (effect.kind !== 'removal') return null;
  if (effect.value.kind !== 'fixed') {
    if (effect.value.budget) return pastExpansionBudget(effect.span, effect.value.reason);
    return deny('removal-unfixed-target', effect.span, `\`${effect.by}\` removes a target the line does not fix (${effect.value.reason}); name the path literally${/xargs|input/.test(effect.value.reason) ? ', or use `find … -delete` with fixed start points' : ''}`);
  }
  for (const field of effect.value.fields) {
    if (!field.glob) {
      const through = placedOnPath(effect, field);
      if (through) return deny('removal-unfixed-target', effect.span, `\`${effect.by}\` removes \`${field.text}\` through \`${through}\`, which an earlier part of the line linked, moved or copied into place (it may now be a link); run the removal as a separate command`);
      // git clean is read as a glob removal of its directory (SPEC §3): one outside the tree is a glob's unfixed target
      if (effect.by === 'git clean') {
        for (const reading of readings({ ...effect, value: { kind: 'fixed', fields: [field] } }, ctx, true)) {
          if (!insideTreeBoth(reading, ctx)) return deny('removal-unfixed-target', effect.span, `\`git clean\` would remove what git lists below ${shown(reading)}, which is not inside the working tree both as written and through its links; run git clean inside the tree`);
        }
      }
      continue;
    }
    if (effect.expansionChanged) return deny('removal-unfixed-target', effect.span, `the line changed how globs expand before \`${effect.by} ${field.text}\`; name the files literally or drop the option change`);
    const glob = splitGlob(field.chunks);
    if (glob.wildcardInDirectory) {
      return deny('removal-unfixed-target', effect.span, `the glob \`${field.text}\` has a wildcard in a directory part (or ends in \`/\`), so it lists directories the line never names, any of which may be a link out of the tree; remove \`${glob.directory || '.'}/*\`-style globs one directory at a time, or name the directories`);
    }
    if (effect.wroteBefore) {
      return deny('removal-unfixed-target', effect.span, `the glob \`${field.text}\` runs after an earlier part of the line wrote or removed files, which could have made its directory a link; run the glob removal as a separate command`);
    }
    if (ctx.dialect.dotGlobMatchesDotDot && matchesName(glob.last, '.', true) === false && dotDotMatch(glob.last)) {
      return deny('removal-unfixed-target', effect.span, `in sh the glob \`${field.text}\` also matches \`.\` and \`..\` (the directory above); spell the names out, or use a pattern such as \`.[!.]*\``);
    }
    for (const dir of effect.dirs ?? []) {
      const reading = read(glob.directory || '.', glob.directory.startsWith('/') ? '/' : dir, ctx, true);
      if (!isInsideOrEqual(reading.written, ctx.tree) || reading.resolved === null || !isInsideOrEqual(reading.resolved, ctx.tree)) {
        return deny('removal-unfixed-target', effect.span, `the glob \`${field.text}\` lists ${shown(reading)}, which is not inside the working tree both as written and through its links; remove files by name there, or only inside the tree`);
      }
    }
  }
  return null;
};

/** Whether a component pattern can match `..` (sh's `.*`). */
function dotDotMatch(chunks: Field['chunks']): boolean {
  if (!spellsLeadingDot(chunks)) return false;
  const text = chunks.map((c) => c.text).join('');
  return /^\.(\*|\?)?\*?$/.test(text) || /^\.\.?\*$/.test(text) || text === '.?' || text === '.*';
}

/** The earlier-placed path a target passes through (or ends at with `/`), if any. */
function placedOnPath(target: Target, field: Field): string | null {
  if (target.placedBefore.length === 0 && target.placedUnknownAt === null) return null;
  for (const dir of field.text.startsWith('/') ? ['/'] : target.dirs ?? []) {
    const written = normalizeLexically(joinToCwd(field.text, dir));
    const trailing = endsAsDirectory(field.text);
    const placed = target.placedBefore;
    for (let k = 0; k <= placed.length; k++) {
      // where the line placed a path it does not fix, every later path through a directory is suspect
      if (k === target.placedUnknownAt && field.text.includes('/')) return 'a path the line does not fix';
      if (k === placed.length) break;
      const p = normalizeLexically(placed[k]!);
      if (isInside(written, p) || (trailing && written === p)) return p;
    }
  }
  return null;
}

const removalOutsideTree: Rule = (effect, ctx) => {
  if (effect.kind !== 'removal') return null;
  for (const reading of readings(effect, ctx, false)) {
    if (!insideAllowed(reading.written, ctx) || !insideAllowed(reading.resolved, ctx)) {
      const how = reading.resolved === null ? `; treeward cannot follow its links (${failure(reading.resolution)})` : '';
      return deny('removal-outside-tree', effect.span, `\`${effect.by}\` would remove ${shown(reading)}, outside the working tree \`${ctx.tree}\`, the run directories and the temp dir${how}; remove only what lies inside the tree`);
    }
  }
  return null;
};

function failure(resolution: Resolution): string {
  return resolution.ok ? 'ok' : resolution.reason === 'loop' ? 'a loop of links' : resolution.reason === 'budget' ? 'too many lookups' : 'an error reading it';
}

const protectedRemoval: Rule = (effect, ctx) => {
  if (effect.kind !== 'removal') return null;
  for (const reading of readings(effect, ctx, false)) {
    for (const path of [reading.written, reading.resolved]) {
      if (path === null) continue;
      const root = allowedDirs(ctx).find((d) => path === normalizeLexically(d));
      if (root !== undefined && !effect.belowOnly) {
        return deny('protected-removal', effect.span, `\`${effect.by}\` would remove \`${root}\` itself (${root === ctx.tree ? 'the working tree' : ctx.tempDirs.includes(root) ? 'a temp dir' : 'a run directory'}); remove the entries inside it you mean instead`);
      }
      const owner = protectedOwner(path, ctx.protected);
      if (owner !== null) {
        if (effect.belowOnly && effect.findFilter && isGitOwnDirectory(owner, effect)) continue;
        return deny('protected-removal', effect.span, `\`${effect.by}\` would remove ${path === reading.written ? `\`${path}\`` : shown(reading)}, which is or lies under the protected \`${owner}\`; leave it in place`);
      }
    }
    if (!effect.recursive) continue;
    // a recursive removal of a directory that holds a protected path touches it too
    const base = reading.resolution.ok && reading.resolution.finalKind === 'symlink' && !reading.trailingSlash ? null : reading.resolved;
    for (const dir of new Set([reading.written, base])) {
      if (dir === null) continue;
      for (const p of protectedBelow(dir, ctx.protected)) {
        // find and git clean walk the directory: they remove only what is there, or what an earlier part of the line made
        if (effect.belowOnly && !effect.wroteBefore && !exists(p, ctx)) continue;
        if (effect.belowOnly && effect.findFilter && keptOut(p, dir, effect.findFilter, ctx)) continue;
        return deny('protected-removal', effect.span, `\`${effect.by}\` would remove everything below \`${dir}\`, including the protected \`${p}\`; remove only the entries you mean${effect.belowOnly ? ' (for example with a `-name` test, or `-prune` of the protected path)' : ''}`);
      }
    }
  }
  for (const field of globFields(effect, ctx)) {
    const hit = globHitsProtected(effect, field, ctx, effect.recursive);
    if (hit) return deny('protected-removal', effect.span, `the glob \`${field.text}\` could match \`${hit}\`, which is protected; name the entries you mean, or use a pattern that cannot match it`);
  }
  return null;
};

function isGitOwnDirectory(owner: string, effect: Removal): boolean {
  return effect.by === 'git clean' && owner.endsWith('/.git');
}

/** Whether a deleting find's (or git clean's) tests keep the protected path `p` below `start` out. */
function keptOut(p: string, start: string, filter: FindFilter, ctx: JudgeContext): boolean {
  const relative = p.slice(start.length + 1);
  const parts = relative.split('/');
  const depth = parts.length;
  if (filter.maxDepth !== null && depth > filter.maxDepth) return true;
  // -prune of the path or any directory above it
  for (let k = 1; k <= parts.length; k++) {
    const name = parts[k - 1]!;
    const path = './' + parts.slice(0, k).join('/');
    if (filter.prunes.some((pr) => (pr.byPath ? findPathMatches(pr.pattern, path, pr.caseless) || findPathMatches(pr.pattern, start + '/' + parts.slice(0, k).join('/'), pr.caseless) : findPatternMatches(pr.pattern, name, pr.caseless)))) return true;
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
function anythingBelowMatches(dir: string, shownPath: string, matches: (name: string, path: string) => boolean, ctx: JudgeContext, depth: number): boolean {
  if (depth > 16) return true;
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
function globDirectoryProtected(target: Target, field: Field, ctx: JudgeContext): string | null {
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
function globHitsProtected(target: Target, field: Field, ctx: JudgeContext, recursive: boolean): string | null {
  const glob = splitGlob(field.chunks);
  const dots = target.globDots || ctx.globDots || field.dots === true;
  if (matchesName(glob.last, '.git', dots)) return '.git';
  const owner = globDirectoryProtected(target, field, ctx);
  if (owner) return owner;
  for (const dir of field.text.startsWith('/') ? ['/'] : target.dirs ?? []) {
    const reading = read(glob.directory || '.', glob.directory.startsWith('/') ? '/' : dir, ctx, true);
    for (const base of new Set([reading.written, reading.resolved])) {
      if (base === null) continue;
      // protected paths in the directory, existing or not
      for (const p of ctx.protected.paths) {
        const parent = p.slice(0, p.lastIndexOf('/')) || '/';
        const name = p.slice(p.lastIndexOf('/') + 1);
        if (parent === base && matchesName(glob.last, name, dots)) return p;
        if (recursive && isInside(p, base)) {
          const first = p.slice(base === '/' ? 1 : base.length + 1).split('/')[0]!;
          if (matchesName(glob.last, first, dots)) return p;
        }
      }
      // entries standing there
      const entries = directoryEntries(base, ctx.fs, ctx.budget);
      if (!entries.ok) {
        if (entries.reason === 'budget') throw new LookupsExhausted();
        return `${base} (it cannot be listed)`;
      }
      for (const name of entries.names) {
        if (!matchesName(glob.last, name, dots)) continue;
        const entry = base === '/' ? '/' + name : base + '/' + name;
        if (protectedOwner(entry, ctx.protected)) return entry;
      }
    }
  }
  return null;
}

const protectedWrite: Rule = (effect, ctx) => {
  if (effect.kind === 'crontab') return deny('protected-write', effect.span, '`crontab` installs a table that runs commands later; leave scheduling to the user');
  if (effect.kind !== 'write') return null;
  for (const reading of readings(effect, ctx, !effect.hardLinkSource)) {
    for (const path of [reading.written, reading.resolved]) {
      if (path === null) continue;
      const owner = protectedOwner(path, ctx.protected);
      if (owner !== null) {
        if (effect.hardLinkSource) return deny('protected-write', effect.span, `\`${effect.by}\` would make a hard link to the protected \`${owner}\`, which hides it behind another name; copy the file instead`);
        return deny('protected-write', effect.span, `\`${effect.by}\` would write ${path === reading.written ? `\`${path}\`` : shown(reading)}, which is or lies under the protected \`${owner}\`; write somewhere else`);
      }
    }
    if (effect.hardLinkSource) continue;
    if (effect.below) {
      // entries a program lists below this directory: refused when its filters can reach a protected path there
      const below = effect.below;
      const filter = below.filter && effect.recursive ? { ...below.filter, removesDirectories: true } : below.filter;
      for (const dir of new Set([reading.written, reading.resolved])) {
        if (dir === null) continue;
        for (const p of protectedBelow(dir, ctx.protected)) {
          if (below.skipsGitDirectories && /(^|\/)\.git(\/|$)/.test(p.slice(dir.length))) continue;
          if (!exists(p, ctx)) continue; // a program lists only what is there
          if (filter && keptOut(p, dir, filter, ctx)) continue;
          return deny('protected-write', effect.span, `\`${effect.by}\` could write anything below \`${dir}\`, including the protected \`${p}\`; narrow the listing (a \`--include\`/\`-name\` pattern, or a directory that holds no protected path)`);
        }
      }
      continue;
    }
    const intoDirectory = effect.destination === true && reading.resolution.ok && reading.resolution.finalKind === 'directory';
    const recursiveInto = effect.recursive && !intoDirectory && !(effect.extraction && insideTreeBoth(reading, ctx));
    if (recursiveInto || (effect.extraction && !insideTreeBoth(reading, ctx))) {
      for (const dir of new Set([reading.written, reading.resolved])) {
        if (dir === null) continue;
        const p = protectedBelow(dir, ctx.protected)[0];
        if (p) return deny('protected-write', effect.span, `\`${effect.by}\` would write into \`${dir}\`, which holds the protected \`${p}\`; ${effect.extraction ? 'extract into a directory inside the tree' : 'limit it to the files you mean'}`);
      }
    }
  }
  for (const field of globFields(effect, ctx)) {
    if (effect.redirection) {
      // a glob among protected paths is refused here; any other redirection glob is write-unfixed-target's
      const owner = globDirectoryProtected(effect, field, ctx);
      if (owner) return deny('protected-write', effect.span, `\`${effect.by}\` would write what \`${field.text}\` matches, under the protected \`${owner}\`; write somewhere else`);
      continue;
    }
    const hit = globHitsProtected(effect, field, ctx, effect.recursive);
    if (hit) return deny('protected-write', effect.span, `the glob \`${field.text}\` could match the protected \`${hit}\`; name the files you mean`);
  }
  return null;
};

function exists(path: string, ctx: JudgeContext): boolean {
  const resolution = resolveThroughLinks(path, ctx.fs, { followLast: false, budget: ctx.budget });
  if (!resolution.ok && resolution.reason === 'budget') throw new LookupsExhausted();
  return !resolution.ok || resolution.existing; // unreadable: assume it is there
}

function insideTreeBoth(reading: Reading, ctx: JudgeContext): boolean {
  return isInsideOrEqual(reading.written, ctx.tree) && reading.resolved !== null && isInsideOrEqual(reading.resolved, ctx.tree);
}

const writeUnfixedTarget: Rule = (effect, ctx) => {
  if (effect.kind !== 'write') return null;
  if (effect.value.kind !== 'fixed' && effect.value.budget) return pastExpansionBudget(effect.span, effect.value.reason);
  if (effect.value.kind !== 'fixed') return deny('write-unfixed-target', effect.span, `\`${effect.by}\` writes a target the line does not fix (${effect.value.reason}); name the file literally`);
  for (const field of effect.value.fields) {
    const literal = !field.glob || (effect.redirection && !ctx.dialect.globsRedirectionTargets);
    if (literal) {
      if (!field.text.startsWith('/') && effect.dirs === null) return deny('write-unfixed-target', effect.span, `\`${effect.by}\` writes \`${field.text}\` relative to a directory the line changes to a place treeward cannot know; write by a path from where the line starts`);
      if (/^\/proc(\/|$)/.test(field.text)) return deny('write-unfixed-target', effect.span, `\`${effect.by}\` writes under \`/proc\`, whose paths lead anywhere; write a regular file`);
      const through = placedOnPath(effect, field);
      if (through) return deny('write-unfixed-target', effect.span, `\`${effect.by}\` writes \`${field.text}\` through \`${through}\`, which an earlier part of the line linked, moved or copied into place; write it in a separate command`);
      for (const reading of readings({ ...effect, value: { kind: 'fixed', fields: [field] } }, ctx, true)) {
        if (reading.resolved === null) return deny('write-unfixed-target', effect.span, `\`${effect.by}\` writes \`${reading.written}\`, whose links treeward cannot follow (${failure(reading.resolution)}); write a plain path`);
      }
      continue;
    }
    const glob = splitGlob(field.chunks);
    if (glob.wildcardInDirectory || effect.expansionChanged) return deny('write-unfixed-target', effect.span, `the glob \`${field.text}\` in a write target is not fixed; name the files`);
    if (effect.redirection) {
      const hit = globHitsProtected(effect, field, ctx, false);
      if (hit) return deny('write-unfixed-target', effect.span, `${ctx.dialect.name} writes every file the redirection glob \`${field.text}\` matches, and it could match the protected \`${hit}\`; name the file`);
    }
  }
  return null;
};

const agentLaunch: Rule = (effect) => {
  if (effect.kind !== 'agent') return null;
  const extra = [
    effect.checksOff.length ? ` with ${effect.checksOff.map((f) => `\`${f}\``).join(', ')}, which turns its own checks off` : '',
    effect.settings.length ? `, with its settings taken from ${effect.settings.map((v) => `\`${v}\``).join(', ')}` : '',
  ].join('');
  return deny('agent-launch', effect.span, `the line starts the coding-agent harness \`${effect.name}\`${extra}; agents may not launch other agents unattended: do the work yourself or ask the user`);
};

const inlineCode: Rule = (effect) => {
  if (effect.kind !== 'inline-code' || effect.finding === null) return null;
  return deny('inline-code', effect.span, `inline ${effect.language} code that treeward will not approve: ${effect.finding}; put the code in a script file in the tree and run that, or use shell commands treeward can read`);
};

const dynamicCode: Rule = (effect) => {
  if (effect.kind !== 'dynamic-code') return null;
  return deny('dynamic-code', effect.span, `code assembled at run time: ${effect.reason}`);
};

const gitCommandSetting: Rule = (effect, ctx) => {
  if (effect.kind !== 'git-setting') return null;
  return gitSettingDenial(effect, ctx);
};

function gitSettingDenial(effect: GitSetting, ctx: JudgeContext): Denial | null {
  const refuse = (why: string) => deny('git-command-setting', effect.span, `git would run \`${effect.setting}\` as a command: ${why}`);
  if (effect.problem) return refuse(effect.problem);
  if (effect.gitDirs === null) return refuse('git runs in a directory the line leaves unknown; run git from the tree');
  for (const dir of effect.gitDirs) {
    const reading = read(dir, '/', ctx, true);
    if (!insideTreeBoth(reading, ctx)) return refuse(`git runs from ${shown(reading)}, outside the working tree`);
  }
  if (effect.wroteBefore) return refuse('an earlier part of the line wrote or removed files, which that command could run; give the setting in a separate command');
  const inner = judge(effect.effects, ctx);
  if (inner) return refuse(`the command it names is refused (${inner.id}: ${inner.reason})`);
  return null;
}

const tooComplex: Rule = (effect) => {
  if (effect.kind !== 'too-complex') return null;
  if (effect.sentence) return deny('too-complex', effect.span, effect.reason);
  return deny('too-complex', effect.span, `the line is past one of treeward's budgets: ${effect.reason}; split it into simpler commands`);
};

const rules: Rule[] = [
  removalUnplacedName,
  removalUnfixedTarget,
  removalOutsideTree,
  protectedRemoval,
  protectedWrite,
  writeUnfixedTarget,
  agentLaunch,
  inlineCode,
  dynamicCode,
  gitCommandSetting,
  tooComplex,
];

export type { Removal, Write };
