// The options of GNU coreutils' file tools, one per line as their `--help`
// writes them, each spelling of an option on its line (src/*.c
// `long_options` and getopt strings, coreutils 9.1 to 9.11: a table knows
// every release's options, since an option one release lacks is refused
// there and does nothing). files.ts reads by these tables; on macOS the BSD
// tools of the same names stop at the first operand, and read their own
// getopt strings (below; core/options.ts `userlandReadings`).

import { bsdGetopt, optionLines } from '../core/options.js';

export const rmOptions = optionLines([
  '-d --dir',
  '-f --force',
  '-i',
  '-I',
  '   --interactive[=WHEN]',
  '   --one-file-system',
  '   --no-preserve-root',
  '   --preserve-root[=all]',
  '   ---presume-input-tty',
  '-r -R --recursive',
  '-v --verbose',
  '   --help',
  '   --version',
]);

export const rmdirOptions = optionLines([
  '   --ignore-fail-on-non-empty',
  '-p --parents --path',
  '-v --verbose',
  '   --help',
  '   --version',
]);

export const unlinkOptions = optionLines([
  '   --help',
  '   --version',
]);

export const mvOptions = optionLines([
  '-b --backup[=CONTROL]',
  '   --debug',
  '   --exchange',
  '-f --force',
  '-i --interactive',
  '-n --no-clobber',
  '   --no-copy',
  '   --strip-trailing-slashes',
  '-S --suffix=SUFFIX',
  '-t --target-directory=DIRECTORY',
  '-T --no-target-directory',
  '-u --update[=WHEN]',
  '-v --verbose',
  '-Z --context',
  '   --help',
  '   --version',
]);

export const cpOptions = optionLines([
  '-a --archive',
  '   --attributes-only',
  '-b --backup[=CONTROL]',
  '   --copy-contents',
  '-d',
  '   --debug',
  '-f --force',
  '-H',
  '-i --interactive',
  '   --keep-directory-symlink',
  '-l --link',
  '-L --dereference',
  '-n --no-clobber',
  '-P --no-dereference',
  '-p',
  '   --preserve[=ATTR_LIST]',
  '   --no-preserve=ATTR_LIST',
  '   --parents --path',
  '-R -r --recursive',
  '   --reflink[=WHEN]',
  '   --remove-destination',
  '   --sparse=WHEN',
  '   --strip-trailing-slashes',
  '-s --symbolic-link',
  '-S --suffix=SUFFIX',
  '-t --target-directory=DIRECTORY',
  '-T --no-target-directory',
  '-u --update[=WHEN]',
  '-v --verbose',
  '-x --one-file-system',
  '-Z --context[=CTX]',
  '   --help',
  '   --version',
]);

export const lnOptions = optionLines([
  '-b --backup[=CONTROL]',
  '-d -F --directory',
  '-f --force',
  '-i --interactive',
  '-L --logical',
  '-n --no-dereference',
  '-P --physical',
  '-r --relative',
  '-s --symbolic',
  '-S --suffix=SUFFIX',
  '-t --target-directory=DIRECTORY',
  '-T --no-target-directory',
  '-v --verbose',
  '   --help',
  '   --version',
]);

export const installOptions = optionLines([
  '-b --backup[=CONTROL]',
  '-c',
  '-C --compare',
  '   --debug',
  '-d --directory',
  '-D',
  '-g --group=GROUP',
  '-m --mode=MODE',
  '-o --owner=OWNER',
  '-p --preserve-timestamps',
  '-s --strip',
  '   --strip-program=PROGRAM',
  '-S --suffix=SUFFIX',
  '-t --target-directory=DIRECTORY',
  '-T --no-target-directory',
  '-v --verbose',
  '   --preserve-context',
  '-Z --context[=CTX]',
  '   --help',
  '   --version',
]);

export const touchOptions = optionLines([
  '-a',
  '-c --no-create',
  '-d --date=STRING',
  '-f',
  '-h --no-dereference',
  '-m',
  '-r --reference=FILE',
  '-t STAMP',
  '   --time=WORD',
  '   --help',
  '   --version',
]);

export const mkdirOptions = optionLines([
  '-m --mode=MODE',
  '-p --parents',
  '-v --verbose',
  '-Z --context[=CTX]',
  '   --help',
  '   --version',
]);

export const chmodOptions = optionLines([
  '-c --changes',
  '-f --silent --quiet',
  '-v --verbose',
  '-R --recursive',
  '-H',
  '-L',
  '-P',
  '-h --no-dereference',
  '   --dereference',
  '   --no-preserve-root',
  '   --preserve-root',
  '   --reference=RFILE',
  // `chmod -w FILE`, `chmod FILE -g+x`: a mode letter makes its whole word the mode
  '-r -w -x -X -s -t -u -g -o -a -, -+ -= -0 -1 -2 -3 -4 -5 -6 -7 ~MODE',
  '   --help',
  '   --version',
]);

export const chownOptions = optionLines([
  '-c --changes',
  '-f --silent --quiet',
  '-v --verbose',
  '-R --recursive',
  '-H',
  '-L',
  '-P',
  '-h --no-dereference',
  '   --dereference',
  '   --from=CURRENT_OWNER:CURRENT_GROUP',
  '   --no-preserve-root',
  '   --preserve-root',
  '   --reference=RFILE',
  '   --help',
  '   --version',
]);

export const chgrpOptions = optionLines([
  '-c --changes',
  '-f --silent --quiet',
  '-v --verbose',
  '-R --recursive',
  '-H',
  '-L',
  '-P',
  '-h --no-dereference',
  '   --dereference',
  '   --no-preserve-root',
  '   --preserve-root',
  '   --reference=RFILE',
  '   --help',
  '   --version',
]);

// The same tools as macOS ships them (Apple's file_cmds 457.100.3, from
// FreeBSD's bin/ and usr.bin/): the getopt string each passes, as its source
// writes it under __APPLE__, with the letters the rows read named as GNU's
// tables name them. BSD's getopt stops at the first operand. Where a letter
// takes a value in one and not the other the readings name other operands:
// GNU cp's `-S SUFFIX` is BSD cp's `-S` (no sparse files), so `cp -S a b`
// copies a to b on macOS and is a usage error on Linux.

/** rm/rm.c: `getopt(argc, argv, "dfiIPRrvWx")`; -P overwrites before removing (a removal still), -W undeletes (a whiteout: a write). */
export const rmBsdOptions = bsdGetopt('dfiIPRrvWx', { R: 'recursive', r: 'recursive', W: 'undelete' });

/** rmdir/rmdir.c: `getopt(argc, argv, "pv")`. */
export const rmdirBsdOptions = bsdGetopt('pv', { p: 'parents' });

/** mv/mv.c: `getopt(argc, argv, "fhinv")`; -h: a target that is a link to a directory is replaced, not entered (mv(1)). */
export const mvBsdOptions = bsdGetopt('fhinv', { h: 'no-target-directory' });

/**
 * cp/cp.c: `getopt(argc, argv, "HLPRacfilNnprSsvXx")` (__APPLE__); -c clones
 * (clonefile(2): a copy, as written), -X leaves out extended attributes,
 * -S keeps no holes, -l and -s make hard and symbolic links, -a is -RpP.
 */
export const cpBsdOptions = bsdGetopt('HLPRacfilNnprSsvXx', {
  R: 'recursive', r: 'recursive', a: 'archive', l: 'link', s: 'symbolic-link', c: 'clone', S: 'no-sparse', X: 'no-xattrs',
});

/**
 * ln/ln.c: `getopt(argc, argv, "FLPfhinsvw")`; -F removes a directory
 * standing at the target (rmdir, with -f or -i) and links there instead of
 * inside it; -h and -n do not follow a target that is a link.
 */
export const lnBsdOptions = bsdGetopt('FLPfhinsvw', { s: 'symbolic', F: 'no-target-directory' });

/**
 * install/xinstall.c: `getopt(argc, argv, "B:bCcD:df:g:h:l:M:m:N:o:pSsT:Uv")`;
 * -B SUFFIX names backups (-b makes them), -M METALOG writes a metadata log,
 * -D DESTDIR, -f FLAGS, -h DIGEST, -N DBDIR, -T TAGS take values, -S copies
 * safely (no suffix, as GNU's -S is), -l FLAGS links instead of copying.
 */
export const installBsdOptions = bsdGetopt('B:bCcD:df:g:h:l:M:m:N:o:pSsT:Uv', {
  B: 'suffix', b: 'backup', d: 'directory', l: 'link', M: 'metalog', S: 'safe', m: 'mode', D: 'destdir', s: 'strip',
});

/** touch/touch.c: `getopt(argc, argv, "A:acd:fhmr:t:")`. */
export const touchBsdOptions = bsdGetopt('A:acd:fhmr:t:', { r: 'reference', d: 'date' });

/** mkdir/mkdir.c: `getopt(argc, argv, "m:pv")`. */
export const mkdirBsdOptions = bsdGetopt('m:pv', { m: 'mode', p: 'parents' });

/**
 * chmod/chmod.c: `getopt(argc, argv, "ACEHILNPRVXafghinorstuvwx")`
 * (__APPLE__): a mode letter (`-w`, `-x`) or `-a` (an ACL entry follows)
 * ends the options, the word being the first operand; -C, -E, -i, -I and -N
 * change ACLs with no mode operand ("goto done"), so every operand is a file.
 */
export const chmodBsdOptions = optionLines([
  '-R --recursive',
  '-H',
  '-L',
  '-P',
  '-f',
  '-h',
  '-n',
  '-v',
  '-C -E -i -I -N ~ACL_FILES',
  '-g -o -r -s -t -u -w -X -x -a ~MODE',
], true);

/** chown/chown.c: `getopt(argc, argv, "HLPRfhnvx")` (__APPLE__). */
export const chownBsdOptions = bsdGetopt('HLPRfhnvx', { R: 'recursive' });
