// The platforms treeward reads a line for (SPEC §3 "Platforms", issue 14):
// `--platform linux|darwin` and the configuration's `platform`, else the one
// it runs on, passed to the approver as `platform`; and the requests it does
// not judge at all, those from Windows (issue 14 item 6), told by their
// directory.

export type PlatformName = 'linux' | 'darwin';

export const platformNames: readonly PlatformName[] = ['linux', 'darwin'];

export function isPlatformName(name: string): name is PlatformName {
  return (platformNames as readonly string[]).includes(name);
}

/**
 * The platform a line runs on when nothing says: node's name for the one
 * treeward runs on, as linux (GNU userland; Android's toybox reads its
 * options the GNU way) or darwin (macOS). Any other (the BSDs, …) is not
 * known, and the approver then reads a line both ways.
 */
export function platformOf(running: string): PlatformName | undefined {
  if (running === 'linux' || running === 'android') return 'linux';
  if (running === 'darwin') return 'darwin';
  return undefined;
}

/**
 * Whether a directory is a Windows one: a drive (`C:\…`, `C:/…`, `C:`), a
 * UNC or device path (`\\server\share\…`, `\\?\C:\…`), or, when treeward
 * itself runs on Windows, Git Bash's spelling of a drive (`/c/…`).
 */
export function isWindowsPath(path: string, running: string): boolean {
  if (/^[A-Za-z]:(?:[\\/]|$)/.test(path) || /^\\\\[^\\]/.test(path)) return true;
  return running === 'win32' && /^\/[A-Za-z](?:\/|$)/.test(path);
}

/** Which `/bin/sh` a machine has, as far as treeward reads it (SPEC §1 `--shell sh`): dash, or bash (in POSIX mode, as it runs as sh). */
export type BinShName = 'dash' | 'bash';

export const binShNames: readonly BinShName[] = ['dash', 'bash'];

export function isBinShName(name: string): name is BinShName {
  return (binShNames as readonly string[]).includes(name);
}

/**
 * The `/bin/sh` a machine has, from where its links lead (`resolve`: a path
 * through every link, or null when it cannot be read): `/bin/sh` itself, and
 * on macOS, where `/bin/sh` is a program that runs the shell the link
 * `/private/var/select/sh` names (bash unless it was changed to dash; sh(1)),
 * that link. A `/bin/sh` that is neither (busybox on Alpine, ksh, one that
 * cannot be read) is not known: both readings apply.
 */
export function binShOf(resolve: (path: string) => string | null, running: string): BinShName | undefined {
  const shellOf = (path: string) => {
    const target = resolve(path);
    const base = target === null ? '' : target.slice(target.lastIndexOf('/') + 1);
    return isBinShName(base) ? base : undefined;
  };
  return shellOf('/bin/sh') ?? (running === 'darwin' ? shellOf('/private/var/select/sh') : undefined);
}

/** Why a request from a Windows directory is refused (`bad-input`). */
export function windowsRefusal(path: string): string {
  return `the request's directory ${path} is a Windows path, and treeward does not judge lines on Windows yet (it reads bash, sh and zsh `
    + 'as they run on Linux and macOS, and cannot tell what a line would do there); nothing was approved';
}
