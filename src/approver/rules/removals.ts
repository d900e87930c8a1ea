// The removal rules, in SPEC order: `removal-unplaced-name`,
// `removal-unfixed-target`, `removal-outside-tree`, `protected-removal`
// (SPEC §3, seeds 1930, 0618, 0704).

import type { Removal } from '../core/effects.js';
import { matchesDotOrDotDot, splitGlob } from '../core/glob.js';
import { isInsideOrEqual, normalizeLexically } from '../core/path-text.js';
import { protectedBelow, protectedOwner } from '../core/protected.js';
import { pastExpansionBudget } from '../core/words.js';
import { deny, type Rule } from './context.js';
import { globHitsProtected, keptOut, protectedByIdentity } from './protected-paths.js';
import { allowedDirs, exists, fieldReadings, globFields, insideAllowedBoth, insideTreeBoth, madeAroundGlob, placedOnPath, read,
  readings } from './readings.js';
import { removal, sameAsProtected, wordPastBudget } from './reasons.js';

export const removalUnplacedName: Rule = (effect) => {
  if (effect.kind !== 'removal' || effect.value.kind !== 'fixed' || effect.dirs !== null) return null;
  const relative = effect.value.fields.find((f) => !f.text.startsWith('/'));
  if (!relative) return null;
  return deny('removal-unplaced-name', effect.span, removal.unplacedName(effect.by, relative.text));
};

export const removalUnfixedTarget: Rule = (effect, ctx) => {
  if (effect.kind !== 'removal') return null;
  if (effect.value.kind !== 'fixed') {
    // a target past the expansion budget is not merely unknown: the line is too complex to judge
    if (pastExpansionBudget(effect.value)) return deny('too-complex', effect.span, wordPastBudget(effect.value.why));
    return deny('removal-unfixed-target', effect.span, removal.unfixed(effect.by, effect.value.why));
  }
  for (const field of effect.value.fields) {
    if (!field.glob) {
      const placed = placedOnPath(effect, field, ctx);
      if (placed) return deny('removal-unfixed-target', effect.span, removal.throughPlaced(effect.by, field.text, placed));
      // git clean is read as a glob removal of its directory (SPEC §3): one outside the tree is a glob's unfixed target
      if (effect.skipsGitDirectory) {
        for (const reading of fieldReadings(effect, field, ctx, true)) {
          if (!insideTreeBoth(reading, ctx)) return deny('removal-unfixed-target', effect.span, removal.listedOutsideTree(effect.by, reading));
        }
      }
      continue;
    }
    if (effect.expansionChanged) return deny('removal-unfixed-target', effect.span, removal.globAfterOptionChange(effect.by, field.text));
    const glob = splitGlob(field.chunks);
    if (glob.wildcardInDirectory) return deny('removal-unfixed-target', effect.span, removal.globWildcardInDirectory(field.text, glob.directory));
    const made = madeAroundGlob(effect, glob.directory, ctx);
    if (made) return deny('removal-unfixed-target', effect.span, removal.globAfterMaking(field.text, glob.directory, made));
    // dash, and bash with `shopt -u globskipdots`: a pattern that spells a leading dot lists `.` and `..` when it matches them
    if ((ctx.dialect.dotGlobMatchesDotDot || effect.globDotDot === true) && matchesDotOrDotDot(glob.last)) {
      return deny('removal-unfixed-target', effect.span, removal.globMatchesDotDot(field.text));
    }
    for (const dir of effect.dirs ?? []) {
      const reading = read(glob.directory || '.', glob.directory.startsWith('/') ? '/' : dir, ctx, true);
      if (!isInsideOrEqual(reading.written, ctx.tree) || reading.resolved === null || !isInsideOrEqual(reading.resolved, ctx.tree)) {
        return deny('removal-unfixed-target', effect.span, removal.globListsOutsideTree(field.text, reading));
      }
    }
  }
  return null;
};

export const removalOutsideTree: Rule = (effect, ctx) => {
  if (effect.kind !== 'removal') return null;
  for (const reading of readings(effect, ctx, false)) {
    if (!insideAllowedBoth(reading, ctx)) {
      return deny('removal-outside-tree', effect.span, removal.outsideTree(effect.by, reading, ctx.tree));
    }
  }
  return null;
};

export const protectedRemoval: Rule = (effect, ctx) => {
  if (effect.kind !== 'removal') return null;
  for (const reading of readings(effect, ctx, false)) {
    for (const path of [reading.written, reading.resolved]) {
      if (path === null) continue;
      const root = allowedDirs(ctx).find((d) => path === normalizeLexically(d));
      if (root !== undefined && !effect.belowOnly) {
        const which = root === ctx.tree ? 'tree' : ctx.tempDirs.includes(root) ? 'temp dir' : 'run directory';
        return deny('protected-removal', effect.span, removal.ofRoot(effect.by, root, which));
      }
      const owner = protectedOwner(path, ctx.protected);
      if (owner !== null) {
        if (effect.belowOnly && effect.findFilter && isGitOwnDirectory(owner, effect)) continue;
        return deny('protected-removal', effect.span, removal.ofProtected(effect.by, path, reading, owner));
      }
    }
    // another name for a protected directory (a second mount, a spelling the names miss): what it is decides
    const same = reading.resolved === null ? null : protectedByIdentity(reading.resolved, ctx, false);
    if (same !== null && !(effect.belowOnly && effect.findFilter && isGitOwnDirectory(same, effect))) {
      return deny('protected-removal', effect.span, sameAsProtected.removal(effect.by, reading.resolved!, same));
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
        return deny('protected-removal', effect.span, removal.holdingProtected(effect.by, dir, p, effect.belowOnly));
      }
    }
  }
  for (const field of globFields(effect, ctx)) {
    const hit = globHitsProtected(effect, field, ctx, effect.recursive);
    if (hit) return deny('protected-removal', effect.span, removal.globMatchesProtected(field.text, hit));
  }
  return null;
};

/** A `.git` directory, below a removal that never removes what lies in one. */
function isGitOwnDirectory(owner: string, effect: Removal): boolean {
  return effect.skipsGitDirectory === true && owner.endsWith('/.git');
}
