// The filesystem seam, at the path src/cli and the library entry import it from.

export { emptyFileSystem, FsError, fileSystemFrom, snapshotFileSystem, type EntryKind, type FileSystem, type NodeLikeFs } from './core/fs.js';
