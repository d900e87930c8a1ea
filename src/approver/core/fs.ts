// The one seam through which treeward looks at a filesystem. The binary
// passes node's fs; tests pass a memfs volume. Nothing else touches a disk.

import { budgets } from '../../budgets.js';

export type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

/** A failure other than "does not exist" (EACCES, ELOOP, EIO…): the approver cannot judge past it. */
export class FsError extends Error {
  override readonly name = 'FsError';
  readonly code: string;
  readonly path: string;

  constructor(code: string, path: string) {
    super(`${code}: ${path}`);
    this.code = code;
    this.path = path;
  }
}

export interface FileSystem {
  /** What stands at `path` without following a final symlink; null when nothing does. Throws FsError otherwise. */
  lstat(path: string): EntryKind | null;
  /** A symlink's target text; null when `path` is not a symlink or does not exist. Throws FsError otherwise. */
  readlink(path: string): string | null;
  /** The names in a directory (no `.`/`..`); null when it is not a readable directory. Throws FsError otherwise. */
  readdir(path: string): string[] | null;
  /**
   * A small text file's content (`.gitmodules`, a `.git` file, `~/.zshrc`); null when absent or not a file.
   * Throws FsError otherwise (EFBIG past the size budget).
   */
  readFile?(path: string): string | null;
  /**
   * What stands at `path`, following links, by identity (issue 14 item 2): its device and inode, and its
   * link count, so that another spelling, a hard link or a second mount of a protected path is that path.
   * Null when nothing does. Throws FsError otherwise.
   */
  identity?(path: string): Identity | null;
}

export interface Identity {
  /** `device:inode`: equal for two paths to the same file or directory. */
  id: string;
  /** How many names the file has (a hard link makes two). */
  links: number;
  kind: EntryKind;
}

/** The subset of node's `fs` (and of a memfs volume) the seam needs. */
/**
 * `{ throwIfNoEntry: false }`: node's stat answers an absent path with undefined instead of throwing
 * (an ENOENT error costs about 7 µs to make, and most protected paths are absent; issue 18 item 3).
 * A seam that ignores the option throws ENOENT as before, and is read the same.
 */
const noThrow = { throwIfNoEntry: false } as const;

export interface NodeLikeFs {
  lstatSync(path: string, options?: typeof noThrow): { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean } | undefined;
  readlinkSync(path: string): string | Buffer | unknown;
  readdirSync(path: string): unknown[];
  readFileSync?(path: string, encoding: 'utf8'): string | unknown;
  statSync?(path: string, options?: typeof noThrow): {
    size: number | bigint; isFile(): boolean; isDirectory?(): boolean; dev?: number | bigint; ino?: number | bigint; nlink?: number | bigint;
  } | undefined;
}



const absentCodes = new Set(['ENOENT', 'ENOTDIR']);

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'EUNKNOWN';
}

/** The seam over node's `fs`, or over anything shaped like it (a memfs volume). */
export function fileSystemFrom(fs: NodeLikeFs): FileSystem {
  return {
    lstat(path) {
      try {
        const st = fs.lstatSync(path, noThrow);
        if (st === undefined) return null;
        if (st.isSymbolicLink()) return 'symlink';
        if (st.isDirectory()) return 'directory';
        if (st.isFile()) return 'file';
        return 'other';
      } catch (error) {
        const code = codeOf(error);
        if (absentCodes.has(code)) return null;
        throw new FsError(code, path);
      }
    },
    readlink(path) {
      try {
        const target = fs.readlinkSync(path);
        return typeof target === 'string' ? target : String(target);
      } catch (error) {
        const code = codeOf(error);
        if (absentCodes.has(code) || code === 'EINVAL') return null;
        throw new FsError(code, path);
      }
    },
    readdir(path) {
      try {
        return fs.readdirSync(path).map(String);
      } catch (error) {
        const code = codeOf(error);
        if (absentCodes.has(code)) return null;
        throw new FsError(code, path);
      }
    },
    readFile(path) {
      if (!fs.readFileSync) return null;
      try {
        const st = fs.statSync?.(path, noThrow);
        if (fs.statSync && st === undefined) return null;
        if (st && !st.isFile()) return null;
        // too large to read is not the same as absent: the caller must assume the worst about it
        if (st && Number(st.size) > budgets.maxFileBytes) throw new FsError('EFBIG', path);
        const text = fs.readFileSync(path, 'utf8');
        return typeof text === 'string' ? text : String(text);
      } catch (error) {
        if (error instanceof FsError) throw error;
        const code = codeOf(error);
        if (absentCodes.has(code) || code === 'EISDIR') return null;
        throw new FsError(code, path);
      }
    },
    identity(path) {
      if (!fs.statSync) return null;
      try {
        const st = fs.statSync(path, noThrow);
        if (st === undefined) return null;
        if (st.dev === undefined || st.ino === undefined) return null;
        const kind: EntryKind = st.isFile() ? 'file' : st.isDirectory?.() ? 'directory' : 'other';
        return { id: `${String(st.dev)}:${String(st.ino)}`, links: Number(st.nlink ?? 1), kind };
      } catch (error) {
        const code = codeOf(error);
        if (absentCodes.has(code)) return null;
        throw new FsError(code, path);
      }
    },
  };
}

/** A filesystem with nothing in it: the default when no fs is given. */
export const emptyFileSystem: FileSystem = {
  lstat: () => null,
  readlink: () => null,
  readdir: () => null,
  readFile: () => null,
};

/**
 * The seam as one consistent snapshot for the length of a verdict: each
 * answer is remembered, so a path read twice reads the same, and answers
 * that contradict each other (a name a listing holds that lstat says is
 * gone, a "file" that turns out to have a link target) mean the tree changed
 * while treeward read it: FsError `ECHANGED`, which the approver turns into a
 * deny. A change treeward never saw is one it could not have judged anyway.
 */
export function snapshotFileSystem(fs: FileSystem): FileSystem {
  const kinds = new Map<string, EntryKind | null>();
  const links = new Map<string, string | null>();
  const listings = new Map<string, string[] | null>();
  const files = new Map<string, string | null>();
  const changed = (path: string): never => {
    throw new FsError('ECHANGED', path);
  };
  const parentOf = (path: string): [string, string] | null => {
    const slash = path.lastIndexOf('/');
    if (slash < 0 || path === '/') return null;
    return [slash === 0 ? '/' : path.slice(0, slash), path.slice(slash + 1)];
  };
  const snapshot: FileSystem = {
    lstat(path) {
      if (kinds.has(path)) return kinds.get(path)!;
      const kind = fs.lstat(path);
      const parent = parentOf(path);
      const listing = parent ? listings.get(parent[0]) : undefined;
      if (listing && (kind === null) === listing.includes(parent![1])) changed(path);
      kinds.set(path, kind);
      return kind;
    },
    readlink(path) {
      if (links.has(path)) return links.get(path)!;
      const target = fs.readlink(path);
      const kind = kinds.get(path);
      if (kind !== undefined && (kind === 'symlink') !== (target !== null)) changed(path);
      links.set(path, target);
      return target;
    },
    readdir(path) {
      if (listings.has(path)) return listings.get(path)!;
      const names = fs.readdir(path);
      if (names === null && kinds.get(path) === 'directory') changed(path);
      if (names !== null) {
        const prefix = path === '/' ? '/' : `${path}/`;
        for (const [known, kind] of kinds) {
          if (!known.startsWith(prefix) || known.includes('/', prefix.length)) continue;
          if ((kind !== null) !== names.includes(known.slice(prefix.length))) changed(known);
        }
      }
      listings.set(path, names);
      return names;
    },
  };
  if (fs.readFile) {
    const read = fs.readFile.bind(fs);
    snapshot.readFile = (path) => {
      if (files.has(path)) return files.get(path)!;
      const text = read(path);
      files.set(path, text);
      return text;
    };
  }
  if (fs.identity) {
    const identify = fs.identity.bind(fs);
    const identities = new Map<string, Identity | null>();
    snapshot.identity = (path) => {
      if (identities.has(path)) return identities.get(path)!;
      const found = identify(path);
      identities.set(path, found);
      return found;
    };
  }
  return snapshot;
}
