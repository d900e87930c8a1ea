// Names as every filesystem treeward may run on reads them (issue 14 item 1).
// A path is protected when any of them would take it for a protected one, as
// git's own verify_path does for `.git` (git's path.c `is_ntfs_dotgit`,
// `is_ntfs_dot_generic`, utf8.c `is_hfs_dotgit`; CVE-2014-9390, CVE-2019-1353):
//
// - case folded: macOS's APFS and HFS+ and Windows' NTFS and FAT are case
//   insensitive by default, and fold more than ASCII (the Kelvin sign K,
//   U+212A, is a `k`; `ſ` is an `s`). A fold that equates more names than
//   one filesystem does only refuses more, so the fold is generous: upper then
//   lower case, which also maps dotless `ı` and `ſ` onto ASCII;
// - code points HFS+ ignores removed (git's utf8.c `next_hfs_char` list:
//   zero-width joiners, direction marks and overrides, U+FEFF);
// - trailing dots and spaces dropped, as Windows drops them (`.git. ` is `.git`);
// - an NTFS alternate data stream is its file (`.git::$INDEX_ALLOCATION` is
//   the directory `.git`): a name is read up to its first `:`;
// - an NTFS 8.3 short name stands for its long name (`GIT~1` for `.git`,
//   `CLAUDE~1.JSO` for `.claude.json`), including the hashed fall-back form
//   (`GI7EBA~1`, two letters, four hex digits) whose hash treeward cannot
//   compute, so any name of that shape with the right two letters counts.
//
// Denying `rm -rf .GIT` on a case-sensitive Linux disk is the price of this
// (the issue accepts it): treeward cannot tell which filesystem a path is on.

/** The code points HFS+ ignores in a name (git utf8.c `next_hfs_char`). */
const hfsIgnored = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/** A name that folds to itself: printable ASCII lower case, no `:` or `~`, not ending in a dot or a space. */
const plainName = /^[\x21-\x39\x3b-\x40\x5b-\x7d]*$/;

/**
 * The key a name compares by on every filesystem: case folded, HFS+'s
 * ignored code points removed, an NTFS stream suffix and trailing dots and
 * spaces dropped. `.` and `..` and a name of only dots and spaces are kept.
 */
export function foldName(name: string): string {
  if (plainName.test(name) && !name.endsWith('.')) return name;
  let key = name;
  if (!/^[\x20-\x7e]*$/.test(key)) key = key.replace(hfsIgnored, '').toUpperCase().toLowerCase();
  else key = key.toLowerCase();
  const colon = key.indexOf(':');
  if (colon > 0) key = key.slice(0, colon);
  // by hand, not /[. ]+$/: that regular expression is quadratic on a long run of dots or spaces inside a name
  let end = key.length;
  while (end > 0 && (key.charCodeAt(end - 1) === 46 || key.charCodeAt(end - 1) === 32)) end--;
  return end === 0 ? key : key.slice(0, end);
}

/** A path's key: each name folded (`/`-separated, absolute or not). */
export function foldPath(path: string): string {
  if (foldsToItself(path)) return path;
  return path.split('/').map(foldName).join('/');
}

/**
 * Whether every name of `path` folds to itself (plainName, and no name ending in a dot), by one scan
 * of its codes: the approver folds every protected path and every target it compares (issue 18).
 */
export function foldsToItself(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === 0x2f) {
      if (i > 0 && path.charCodeAt(i - 1) === 0x2e) return false;
    } else if (c < 0x21 || c === 0x3a || (c > 0x40 && c < 0x5b) || c > 0x7d) return false;
  }
  return path.length === 0 || path.charCodeAt(path.length - 1) !== 0x2e;
}

/** The short name's shape: up to six characters, `~` and a number, and up to three of extension. */
const shortShape = /^([^~.]{1,6})~([1-9][0-9]{0,5})(?:\.([^.]{1,3}))?$/;

/**
 * Whether `candidate` (a name as written) may be an NTFS 8.3 short name of
 * the long name `long` (already folded): NTFS drops leading dots, spaces and
 * further dots from the base, keeps its first six characters (fewer as the
 * number grows), and the first three of the extension after the last dot.
 */
export function shortNameOf(candidate: string, long: string): boolean {
  if (!candidate.includes('~')) return false;
  const m = shortShape.exec(foldName(candidate));
  if (m === null) return false;
  const [, prefix, , extension] = m;
  const bare = long.replace(/^\.+/, '');
  const dot = bare.lastIndexOf('.');
  const base = (dot > 0 ? bare.slice(0, dot) : bare).replace(/[. ]/g, '').replace(/[+,;=[\]]/g, '_');
  const ext = dot > 0 ? bare.slice(dot + 1).replace(/[. ]/g, '') : '';
  if (extension !== undefined && !ext.startsWith(extension)) return false;
  if (base.startsWith(prefix!)) return true;
  // the fall-back form: the first two characters, then four hex digits of a hash of the long name
  return /^..[0-9a-f]{4}$/.test(prefix!) && base.startsWith(prefix!.slice(0, 2));
}

/** Whether the name `candidate` (as written) is the name `long` (folded) on some filesystem. */
export function sameName(candidate: string, long: string): boolean {
  return foldName(candidate) === long || shortNameOf(candidate, long);
}
