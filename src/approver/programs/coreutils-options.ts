// The options of GNU coreutils' file tools, one per line as their `--help`
// writes them, each spelling of an option on its line (src/*.c
// `long_options` and getopt strings, coreutils 9.1 to 9.11: a table knows
// every release's options, since an option one release lacks is refused
// there and does nothing). files.ts reads by these tables; on macOS the BSD
// tools of the same names stop at the first operand (core/options.ts
// `platformReadings`).

import { optionLines } from '../core/options.js';

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
