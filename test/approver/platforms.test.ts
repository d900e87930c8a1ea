// Platforms (issue 14): protected names as every filesystem reads them, over
// memfs volumes that read names as APFS/HFS+/NTFS do (test/support/volumes.ts);
// macOS's /private temp layout; protection by identity (hard links, a second
// mount); and the pure name rules pinned to git's own (path.c
// `is_ntfs_dotgit`, `is_ntfs_dot_generic`, utf8.c `is_hfs_dotgit`).

import { Volume } from 'memfs';
import { describe, expect, it } from 'vitest';
import { approve } from '../../src/approver/approve.js';
import { fileSystemFrom, type FileSystem } from '../../src/approver/core/fs.js';
import { foldName, sameName, shortNameOf } from '../../src/approver/core/names.js';
import type { ApproveOptions } from '../../src/approver/core/types.js';
import { requireSandbox, runLines } from '../support/shells.js';
import { foldingVolume, ntfsShortName, type VolumeKind } from '../support/volumes.js';

const tree = '/home/dev/project';
const home = '/home/dev';

function baseVolume(extra: (vol: InstanceType<typeof Volume>) => void = () => {}): InstanceType<typeof Volume> {
  const vol = new Volume();
  const files: Record<string, string> = {
    [`${tree}/.git/HEAD`]: 'ref: refs/heads/main\n',
    [`${tree}/.git/config`]: '[core]\n',
    [`${tree}/.git/hooks/pre-commit`]: '',
    [`${tree}/.claude/settings.json`]: '{}',
    [`${tree}/src/a.ts`]: 'x',
    [`${home}/.bashrc`]: '',
    [`${home}/.ssh/config`]: '',
    [`${home}/outside/notes.txt`]: 'x',
  };
  for (const [path, content] of Object.entries(files)) {
    vol.mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
    vol.writeFileSync(path, content);
  }
  vol.mkdirSync('/tmp', { recursive: true });
  extra(vol);
  return vol;
}

function options(fs: FileSystem, more: Partial<ApproveOptions> = {}): ApproveOptions {
  return { tree, home, fs, dialect: 'bash', ...more };
}

function verdict(line: string, fs: FileSystem, more: Partial<ApproveOptions> = {}): string {
  const v = approve(line, options(fs, more));
  return v.decision === 'allow' ? 'allow' : `deny ${v.id}`;
}

describe('names as every filesystem reads them (git path.c, utf8.c; CVE-2014-9390, CVE-2019-1353)', () => {
  it('folds case, Unicode too (the Kelvin sign is a k)', () => {
    expect(foldName('.GIT')).toBe('.git');
    expect(foldName('.Git')).toBe('.git');
    expect(foldName('.\u212Aeep')).toBe('.keep');
    expect(foldName('.bashrc')).toBe('.bashrc');
    expect(foldName('.\u017Fsh')).toBe('.ssh'); // ſ, the long s
  });

  it('drops the code points HFS+ ignores (git utf8.c next_hfs_char)', () => {
    for (const cp of [0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202e, 0x206a, 0x206f, 0xfeff]) {
      expect(foldName(`.g${String.fromCodePoint(cp)}it`), cp.toString(16)).toBe('.git');
    }
    expect(foldName('.g\u2010it')).not.toBe('.git'); // a hyphen is not ignored
  });

  it('drops trailing dots and spaces and reads an NTFS stream as its file (is_ntfs_dotgit)', () => {
    expect(foldName('.git.')).toBe('.git');
    expect(foldName('.git . ')).toBe('.git');
    expect(foldName('.git::$INDEX_ALLOCATION')).toBe('.git');
    expect(foldName('.git:stream')).toBe('.git');
    expect(foldName('..')).toBe('..');
    expect(foldName('...')).toBe('...');
  });

  it('reads NTFS 8.3 short names as their long names (is_ntfs_dot_generic)', () => {
    expect(shortNameOf('GIT~1', '.git')).toBe(true);
    expect(shortNameOf('git~1', '.git')).toBe(true);
    expect(shortNameOf('GIT~1.', '.git')).toBe(true);
    expect(shortNameOf('CLAUDE~1.JSO', '.claude.json')).toBe(true);
    expect(shortNameOf('CLAUDE~1', '.claude')).toBe(true);
    expect(shortNameOf('BASH_P~1', '.bash_profile')).toBe(true);
    expect(shortNameOf('GI7EBA~1', '.gitmodules')).toBe(true); // git's fall-back form, hashed
    expect(shortNameOf('SRC~1', '.git')).toBe(false);
    expect(shortNameOf('GIT~X', '.git')).toBe(false);
    expect(shortNameOf('.git', '.git')).toBe(false);
    for (const name of ['.git', '.claude', '.claude.json', '.mcp.json', '.bashrc', '.zshenv', '.gitconfig']) {
      expect(sameName(ntfsShortName(name), name), name).toBe(true);
    }
  });
});

describe('protected names in another spelling are refused on every filesystem', () => {
  const lines: [string, string][] = [
    ['rm -rf .GIT', 'deny protected-removal'],
    ['rm -rf .Git/hooks', 'deny protected-removal'],
    ['echo x > .Git/hooks/pre-commit', 'deny protected-write'],
    ['echo x > .git./hooks/pre-commit', 'deny protected-write'],
    ['rm -rf GIT~1', 'deny protected-removal'],
    ["rm -rf '.git::$INDEX_ALLOCATION'", 'deny protected-removal'],
    ["rm -rf $'.g\\u200cit'", 'deny protected-removal'],
    ['rm -rf .CLAUDE', 'deny protected-removal'],
    ['echo x >> ~/.BASHRC', 'deny protected-write'],
    ['echo x >> ~/.SSH/authorized_keys', 'deny protected-write'],
    ['rm -rf src/.GIT', 'deny protected-removal'],
    ['rm -rf .G*', 'deny protected-removal'],
    ['rm -rf src/a.ts', 'allow'],
    ['rm -rf src', 'allow'],
    ['echo x > notes.txt', 'allow'],
  ];
  for (const kind of ['plain', 'caseless', 'hfs', 'ntfs'] as const) {
    for (const [line, expected] of lines) {
      it(`${line} [${kind}]`, () => {
        const plain = fileSystemFrom(baseVolume() as never);
        const fs = kind === 'plain' ? plain : foldingVolume(plain, kind as VolumeKind);
        expect(verdict(line, fs)).toBe(expected);
      });
    }
  }

  it('a glob in the tree that lists the stored name in another case is refused (a folded listing)', () => {
    const vol = baseVolume((v) => {
      v.renameSync(`${tree}/.git`, `${tree}/.GIT`);
    });
    const fs = foldingVolume(fileSystemFrom(vol as never), 'caseless');
    expect(verdict('rm -rf .[A-Z]*', fs)).toBe('deny protected-removal');
    expect(verdict('rm -rf .GIT', fs)).toBe('deny protected-removal');
  });

  it('a submodule path from .gitmodules is protected in any case', () => {
    const vol = baseVolume((v) => {
      v.writeFileSync(`${tree}/.gitmodules`, '[submodule "lib"]\n\tpath = vendor/Lib\n');
      v.mkdirSync(`${tree}/vendor/Lib/.git`, { recursive: true });
    });
    const fs = foldingVolume(fileSystemFrom(vol as never), 'caseless');
    expect(verdict('rm -rf vendor/lib/.GIT', fs)).toBe('deny protected-removal');
    expect(verdict('rm -rf vendor/lib/src', fs)).toBe('allow');
  });
});

describe("macOS's temp layout (/var -> /private/var, /tmp -> /private/tmp)", () => {
  const macos = () =>
    fileSystemFrom(
      baseVolume((v) => {
        v.rmdirSync('/tmp');
        v.mkdirSync('/private/var/folders/xy/abc/T', { recursive: true });
        v.mkdirSync('/private/tmp/build', { recursive: true });
        v.symlinkSync('private/var', '/var');
        v.symlinkSync('private/tmp', '/tmp');
        v.writeFileSync('/private/var/folders/xy/abc/T/scratch.txt', '');
      }) as never,
    );
  const tempDir = '/var/folders/xy/abc/T/';

  it('a removal inside $TMPDIR is inside, written and resolved', () => {
    const fs = macos();
    expect(verdict('rm -rf /var/folders/xy/abc/T/scratch.txt', fs, { tempDir })).toBe('allow');
    expect(verdict('rm -rf /private/var/folders/xy/abc/T/scratch.txt', fs, { tempDir })).toBe('allow');
  });

  it('/tmp is a temp dir as resolved (/private/tmp) on every platform', () => {
    const fs = macos();
    expect(verdict('rm -rf /tmp/build', fs, { tempDir })).toBe('allow');
    expect(verdict('rm -rf /private/tmp/build', fs, { tempDir })).toBe('allow');
  });

  it('the temp dirs themselves are not removable in either reading', () => {
    const fs = macos();
    for (const line of ['rm -rf /tmp', 'rm -rf /tmp/', 'rm -rf /private/tmp', 'rm -rf /var/folders/xy/abc/T', 'rm -rf /private/var/folders/xy/abc/T/']) {
      expect(verdict(line, fs, { tempDir }), line).toBe('deny protected-removal');
    }
  });

  it('a temp dir whose link leads to the home directory lends its resolved reading nothing', () => {
    const fs = fileSystemFrom(baseVolume((v) => v.symlinkSync(home, '/tmp/home-link')) as never);
    expect(verdict('rm -rf /tmp/home-link/outside', fs, { tempDir: '/tmp/home-link' })).toBe('deny removal-outside-tree');
  });

  it('outside the temp dirs stays outside', () => {
    const fs = macos();
    expect(verdict('rm -rf /private/var/db', fs, { tempDir })).toBe('deny removal-outside-tree');
    expect(verdict('rm -rf /var/db', fs, { tempDir })).toBe('deny removal-outside-tree');
  });
});

describe('protection by identity (device and inode through the seam)', () => {
  const linked = () =>
    fileSystemFrom(
      baseVolume((v) => {
        v.linkSync(`${tree}/.git/config`, `${tree}/config-copy`);
        v.linkSync(`${home}/.bashrc`, `${tree}/rc`);
        v.writeFileSync(`${tree}/plain.txt`, '');
      }) as never,
    );

  it('a write through a hard link to .git/config or ~/.bashrc is refused', () => {
    expect(verdict('echo x >> config-copy', linked())).toBe('deny protected-write');
    expect(verdict('echo x > rc', linked())).toBe('deny protected-write');
    expect(verdict("sed -i 's/a/b/' config-copy", linked())).toBe('deny protected-write');
  });

  it('removing a hard link leaves the file: allowed; an ordinary file is written freely', () => {
    expect(verdict('rm -f config-copy', linked())).toBe('allow');
    expect(verdict('echo x > plain.txt', linked())).toBe('allow');
  });

  it('a second mount of .git (the same directory under another path) is .git', () => {
    const plain = fileSystemFrom(baseVolume((v) => v.mkdirSync(`${tree}/mnt/hooks`, { recursive: true })) as never);
    // a bind mount, as the seam sees one: the directory answers with .git's device and inode
    const bind: FileSystem = {
      ...plain,
      identity: (path) => plain.identity!(path === `${tree}/mnt` ? `${tree}/.git` : path),
    };
    expect(verdict('rm -rf mnt', bind)).toBe('deny protected-removal');
    expect(verdict('echo x > mnt/hooks/pre-commit', bind)).toBe('deny protected-write');
    expect(verdict('rm -rf src', bind)).toBe('allow');
  });

  it('a link to .git is removed as a link (rm gitlink), and followed when written through', () => {
    const fs = fileSystemFrom(baseVolume((v) => v.symlinkSync('.git', `${tree}/gitlink`)) as never);
    expect(verdict('rm gitlink', fs)).toBe('allow');
    expect(verdict('echo x > gitlink/hooks/pre-commit', fs)).toBe('deny protected-write');
  });
});

describe("macOS's programs that remove, write or run code (their manual pages, programs/macos.ts)", () => {
  const cases: [string, string][] = [
    ['srm -rf /home/dev/outside', 'deny removal-outside-tree'],
    ['srm -r build', 'allow'],
    ['ditto src /home/dev/.ssh', 'deny protected-write'],
    ['ditto -x -k a.zip .git/hooks', 'deny protected-write'],
    ['ditto src out', 'allow'],
    ['open run.command', 'deny dynamic-code'],
    ['open -a Terminal .', 'deny dynamic-code'],
    ['open https://example.com', 'allow'],
    ["osascript -e 'do shell script \"rm -rf ~\"'", 'deny inline-code'],
    ['launchctl load ~/Library/LaunchAgents/x.plist', 'deny dynamic-code'],
    ['launchctl list', 'allow'],
    ['defaults write com.apple.loginwindow LoginHook /tmp/x.sh', 'deny dynamic-code'],
    ['defaults read com.apple.dock', 'allow'],
    ['defaults export com.apple.dock /home/dev/.bashrc', 'deny protected-write'],
    ['diskutil eraseDisk APFS X disk2', 'deny removal-outside-tree'],
    ['diskutil list', 'allow'],
  ];
  for (const [line, expected] of cases) {
    it(line, () => expect(verdict(line, fileSystemFrom(baseVolume() as never))).toBe(expected));
  }
});

describe('BSD readings where they differ from GNU (FreeBSD usr.bin/sed/main.c, sed(1) on macOS)', () => {
  const cases: [string, string][] = [
    // BSD: `rc` is the backup suffix, so ~/.bash's backup is ~/.bashrc; GNU: `rc` is a file
    ['sed -i rc -e p /home/dev/.bash', 'deny protected-write'],
    ['sed -i rc p /home/dev/.bash', 'deny protected-write'],
    ["sed -i '' -e s/a/b/ src/a.ts", 'allow'],
    // GNU reads `.bak` as the script, which is not one sed can read: the GNU reading refuses it
    ['sed -i .bak s/a/b/ src/a.ts', 'deny inline-code'],
    ['sed -i.bak s/a/b/ src/a.ts', 'allow'],
    // BSD getopt stops at the first operand (rm.c, cp.c: getopt without GNU's permutation): the file `-rf` beside
    // GNU's options; either reading refused is refused
    ['rm -f src/a.ts -rf', 'allow'],
    ['rm /home/dev/outside/notes.txt -rf', 'deny removal-outside-tree'],
  ];
  for (const [line, expected] of cases) {
    it(line, () => expect(verdict(line, fileSystemFrom(baseVolume() as never))).toBe(expected));
  }
});

describe('the platform reaches the program rows (SPEC §3 "Platforms"; issue 14 item 4)', () => {
  // each line is refused by one userland's reading only; with no platform both readings apply, and either refusal refuses
  const lines: [line: string, linux: string, darwin: string, why: string][] = [
    ['sed -i rc -e p ~/.bash', 'allow', 'deny protected-write', 'BSD sed: `rc` is the backup suffix of ~/.bash, so it writes ~/.bashrc (GNU: `rc` is a file)'],
    ["find -f ~/outside -name '*.txt' -delete", 'allow', 'deny removal-outside-tree', 'BSD find: `-f PATH` is a start point (GNU: an unknown predicate)'],
    ['install -M ~/.bashrc src/a.ts src/b.ts', 'allow', 'deny protected-write', 'BSD install: -M METALOG writes the log (GNU: an invalid option)'],
    ['chmod -N ~/.bashrc', 'allow', 'deny protected-write', 'macOS chmod: -N removes the ACL of every operand (GNU: an invalid option)'],
    ["tar -x -I 'rm -rf ~' -f a.tar", 'deny removal-outside-tree', 'allow', 'GNU tar: -I runs a compressor (bsdtar: -I FILE lists the members)'],
    ['rm -W ~/.bashrc', 'deny removal-outside-tree', 'deny protected-write', 'BSD rm -W undeletes: a write of the name (GNU: an invalid option)'],
    ['ln -sF x ../outside/empty', 'allow', 'deny removal-outside-tree', 'BSD ln -F removes a directory at the target first (ln.c rmdir; GNU -F is --directory)'],
    ['STRIPBIN=./evil install -s a.txt out.txt', 'allow', 'deny dynamic-code', 'BSD install -s runs $STRIPBIN (xinstall.c strip(); GNU -s runs strip)'],
    ["grep -rl x src | xargs sed -i 's/x/y/'", 'allow', 'deny dynamic-code', 'BSD sed -i takes s/x/y/ as the suffix, and the first listed path is the script'],
  ];
  for (const [line, linux, darwin, why] of lines) {
    it(`${line}: ${why}`, () => {
      const fs = fileSystemFrom(baseVolume() as never);
      expect(verdict(line, fs, { platform: 'linux' })).toBe(linux);
      expect(verdict(line, fs, { platform: 'darwin' })).toBe(darwin);
      const unknown = verdict(line, fs);
      expect(unknown).toBe(linux === 'allow' ? darwin : linux);
    });
  }

  it('a platform treeward does not know (from plain JavaScript) is read both ways', () => {
    const fs = fileSystemFrom(baseVolume() as never);
    expect(verdict('sed -i rc -e p ~/.bash', fs, { platform: 'freebsd' as never })).toBe('deny protected-write');
  });
});

describe('the GNU side of a BSD-only reading, for real (GNU sed 4.9 in the sandbox)', () => {
  const available = requireSandbox('test/approver/platforms.test.ts');
  it.skipIf(!available)('GNU sed -i rc -e p FILE edits rc and FILE, and makes no FILErc', async () => {
    const layout = { work: { rc: 'r\n' }, home: { '.bash': 'b\n' } };
    const results = await runLines([{ id: 'sed', shell: 'sh', command: 'sed -i rc -e p ~/.bash', layout, run: true, parseCheck: false }], { real: ['sed'] });
    const ran = results.get('sed')?.ran;
    expect(ran?.exit).toBe(0);
    expect(ran?.created.map((e) => e.path)).toEqual([]);
    expect(ran?.modified.map((e) => e.path).sort()).toEqual(['../home/.bash', 'rc']);
  });
});
