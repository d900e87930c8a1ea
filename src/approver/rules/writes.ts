// The write rules, in SPEC order: `protected-write` and
// `write-unfixed-target` (SPEC §3).

import { splitGlob } from '../core/glob.js';
import { protectedBelow, protectedOwner } from '../core/protected.js';
import { literalWord, pastExpansionBudget } from '../core/words.js';
import type { Write } from '../core/effects.js';
import { deny, type Denial, type JudgeContext, type Rule } from './context.js';
import { globDirectoryProtected, globHitsProtected, globMatchLinksToProtected, keptOut, protectedByIdentity } from './protected-paths.js';
import { exists, fieldReadings, globFields, insideTreeBoth, placedOnPath, readings } from './readings.js';
import { handed, sameAsProtected, wordPastBudget, write } from './reasons.js';

export const protectedWrite: Rule = (effect, ctx) => {
  if (effect.kind === 'crontab') return deny('protected-write', effect.span, write.crontab());
  if (effect.kind !== 'write') return null;
  if (effect.handed) return handedToUnknown(effect, ctx);
  for (const reading of readings(effect, ctx, !effect.hardLinkSource)) {
    for (const path of [reading.written, reading.resolved]) {
      if (path === null) continue;
      const owner = protectedOwner(path, ctx.protected);
      if (owner !== null) {
        if (effect.hardLinkSource) return deny('protected-write', effect.span, write.hardLinkToProtected(effect.by, owner));
        return deny('protected-write', effect.span, write.ofProtected(effect.by, path, reading, owner));
      }
    }
    // another name for a protected path (a hard link to `.git/config`, a second mount): what it is decides
    const same = reading.resolved === null ? null : protectedByIdentity(reading.resolved, ctx, !effect.hardLinkSource);
    if (same !== null) {
      if (effect.hardLinkSource) return deny('protected-write', effect.span, write.hardLinkToProtected(effect.by, same));
      return deny('protected-write', effect.span, sameAsProtected.write(effect.by, reading.resolved!, same));
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
          return deny('protected-write', effect.span, write.listedHoldingProtected(effect.by, dir, p));
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
        if (p) return deny('protected-write', effect.span, write.intoProtected(effect.by, dir, p, effect.extraction));
      }
    }
  }
  for (const field of globFields(effect, ctx)) {
    if (effect.redirection) {
      // a glob among protected paths is refused here; any other redirection glob is write-unfixed-target's
      const owner = globDirectoryProtected(effect, field, ctx);
      if (owner) return deny('protected-write', effect.span, write.redirectionGlobUnderProtected(effect.by, field.text, owner));
      continue;
    }
    const hit = globHitsProtected(effect, field, ctx, effect.recursive)
      ?? (effect.hardLinkSource ? null : globMatchLinksToProtected(effect, field, ctx));
    if (hit) return deny('protected-write', effect.span, write.globMatchesProtected(field.text, hit));
  }
  return null;
};

/** A word handed to a program treeward does not read (programs/unknown.ts): refused when it names a protected path, as written or resolved. */
function handedToUnknown(effect: Write, ctx: JudgeContext): Denial | null {
  for (const reading of readings(effect, ctx, true)) {
    for (const path of [reading.written, reading.resolved]) {
      const owner = path === null ? null : protectedOwner(path, ctx.protected);
      if (owner !== null) return deny('protected-write', effect.span, handed.ofProtected(effect.by, path!, reading, owner));
    }
    // a directory outside the tree that holds protected paths (`foo ~`, `dbus-launch rm -rf ~`, `x -e a.zip /`): a program
    // that removes, extracts into or runs a command on what it is given reaches them (inside the tree, `.` holds `.git`
    // and is every formatter's operand: left to the rules of the programs the table reads)
    // (a word with blanks is code or text, `perl -e 'split /,/, …'`: its pieces are not the paths it names)
    if (insideTreeBoth(reading, ctx) || (effect.word !== undefined && /\s/.test(literalWord(effect.word) ?? ''))) continue;
    for (const path of new Set([reading.written, reading.resolved])) {
      const held = path === null ? undefined : protectedBelow(path, ctx.protected)[0];
      if (held !== undefined) return deny('protected-write', effect.span, handed.holdingProtected(effect.by, path!, reading, held));
    }
  }
  for (const field of globFields(effect, ctx)) {
    const hit = globHitsProtected(effect, field, ctx, false) ?? globMatchLinksToProtected(effect, field, ctx);
    if (hit) return deny('protected-write', effect.span, handed.globOfProtected(effect.by, field.text, hit));
  }
  return null;
}

export const writeUnfixedTarget: Rule = (effect, ctx) => {
  if (effect.kind !== 'write' || effect.handed) return null;
  if (effect.value.kind !== 'fixed' && pastExpansionBudget(effect.value)) return deny('too-complex', effect.span, wordPastBudget(effect.value.why));
  if (effect.value.kind !== 'fixed') return deny('write-unfixed-target', effect.span, write.unfixed(effect.by, effect.value.why));
  for (const field of effect.value.fields) {
    const literal = !field.glob || (effect.redirection && !ctx.dialect.globsRedirectionTargets && !field.isMatch);
    if (literal) {
      if (!field.text.startsWith('/') && effect.dirs === null) return deny('write-unfixed-target', effect.span, write.unplacedName(effect.by, field.text));
      if (/^\/proc(\/|$)/.test(field.text)) return deny('write-unfixed-target', effect.span, write.underProc(effect.by));
      // a write follows a link at its last name (`ln -s ~/.bashrc x && echo >> x` writes ~/.bashrc)
      const placed = placedOnPath(effect, field, ctx, !effect.hardLinkSource);
      if (placed) return deny('write-unfixed-target', effect.span, write.throughPlaced(effect.by, field.text, placed));
      for (const reading of fieldReadings(effect, field, ctx, true)) {
        if (reading.resolved === null) return deny('write-unfixed-target', effect.span, write.unresolved(effect.by, reading));
      }
      continue;
    }
    const glob = splitGlob(field.chunks);
    if (glob.wildcardInDirectory || effect.expansionChanged) return deny('write-unfixed-target', effect.span, write.globTarget(field.text));
    if (effect.redirection) {
      const hit = globHitsProtected(effect, field, ctx, false) ?? globMatchLinksToProtected(effect, field, ctx);
      if (hit) {
        return deny('write-unfixed-target', effect.span, write.redirectionGlobMatchesProtected(ctx.dialect.name, field.text, hit, field.isMatch === true));
      }
    }
  }
  return null;
};
