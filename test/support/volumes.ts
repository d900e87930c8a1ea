// Filesystems that read names as macOS's and Windows' do, as wrappers over
// the fs seam (issue 14): a lookup of a name finds the entry its directory
// holds under any spelling the filesystem takes for it. A case-folding
// volume (APFS, HFS+, NTFS and FAT by default) folds case; an HFS+-like one
// also ignores the code points HFS+ ignores (git utf8.c `next_hfs_char`); an
// NTFS-like one also drops trailing dots and spaces, reads `name:stream` as
// `name` and answers the short name `GIT~1` for `.git`. The listing gives
// the names as stored, as readdir does.

import type { FileSystem } from '../../src/approver/core/fs.js';

export type VolumeKind = 'caseless' | 'hfs' | 'ntfs';

function keyOf(name: string, kind: VolumeKind): string {
  let key = name.toLowerCase();
  if (kind === 'hfs') key = key.replace(/[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g, '');
  if (kind === 'ntfs') {
    const colon = key.indexOf(':');
    if (colon > 0) key = key.slice(0, colon);
    key = key.replace(/[. ]+$/, '') || key;
  }
  return key;
}

/** The NTFS short name of a long one, as NTFS makes the first (`~1`) of them. */
export function ntfsShortName(name: string): string {
  const bare = name.replace(/^\.+/, '');
  const dot = bare.lastIndexOf('.');
  const base = (dot > 0 ? bare.slice(0, dot) : bare).replace(/[. ]/g, '').slice(0, 6).toUpperCase();
  const ext = dot > 0 ? '.' + bare.slice(dot + 1).slice(0, 3).toUpperCase() : '';
  return `${base}~1${ext}`;
}

/** `fs` read as a volume of `kind` reads names. */
export function foldingVolume(fs: FileSystem, kind: VolumeKind): FileSystem {
  /** The stored spelling of `path`, name by name; the path as given where a name is not there. */
  const stored = (path: string): string => {
    if (path === '/') return path;
    const names = path.split('/').slice(1);
    let here = '';
    for (const name of names) {
      if (name === '' || name === '.' || name === '..') {
        here += '/' + name;
        continue;
      }
      const listing = fs.readdir(here || '/');
      const key = keyOf(name, kind);
      const found = listing?.find((entry) => keyOf(entry, kind) === key || (kind === 'ntfs' && ntfsShortName(entry).toLowerCase() === key));
      here += '/' + (found ?? name);
    }
    return here;
  };
  const volume: FileSystem = {
    lstat: (path) => fs.lstat(stored(path)),
    readlink: (path) => fs.readlink(stored(path)),
    readdir: (path) => fs.readdir(stored(path)),
  };
  if (fs.readFile) {
    const read = fs.readFile.bind(fs);
    volume.readFile = (path) => read(stored(path));
  }
  if (fs.identity) {
    const identity = fs.identity.bind(fs);
    volume.identity = (path) => identity(stored(path));
  }
  return volume;
}
