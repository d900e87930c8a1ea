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

/** Why a request from a Windows directory is refused (`bad-input`). */
export function windowsRefusal(path: string): string {
  return `the request's directory ${path} is a Windows path, and treeward does not judge lines on Windows yet (it reads bash, sh and zsh `
    + 'as they run on Linux and macOS, and cannot tell what a line would do there); nothing was approved';
}
