// Generated lines of issue 13 item 3's class for the containment proof: a
// line writes a file (a quoted here-document, which treeward reads, or an
// `echo`/`printf`, which it does not), then loads it by another name than
// running it: a module by name (`python3 -m`, `import`, `PYTHONPATH`,
// `sitecustomize.py`), a preloaded module (`node -r`, `--require`,
// `--import`, `require()`), a library (`perl -I -M`, `PERL5LIB`), a git directory's config or hook
// (`git --git-dir`, `GIT_DIR`, `-C`), a makefile
// (`make -f`, `MAKEFILES`, `./Makefile`), a shell's stdin (`sh < F`, `{ sh;
// } < F`, `exec < F; sh`), an awk program (`awk -f F`, `-f /dev/stdin`), or a
// startup file (`BASH_ENV`). The payload writes `../outside/z` (beside the
// tree: allowed when listed), writes the tree's `.git/hooks/pre-commit` (a
// protected path: never allowed), or does nothing. The containment test runs every line
// the approver allows in the real shells with the real interpreters
// (python3, node, perl, make, awk: `loadedCodePrograms`): nothing may run or
// change that the approver did not list, so a harmful payload that runs is a
// failure.

import fc from 'fast-check';
import type { DialectName } from '../../src/syntax/dialect.js';

/** The programs the sandbox runs for real for these lines (the rest stay logging stubs, `touch` among them). */
export const loadedCodePrograms = ['python3', 'node', 'perl', 'make', 'mkdir', 'git', 'chmod'];

/** The environment of these runs: python writes no `__pycache__` (a write the approver does not list, inside the tree). */
export const loadedCodeEnv = { PYTHONDONTWRITEBYTECODE: '1' };

interface Loader {
  /** The file to write, relative to the tree. */
  file: string;
  /** The payload that writes `@T` (the target), and a harmless one. */
  harm: string;
  calm: string;
  /** The command that loads it. */
  load: string;
}

/** What makes `r.git` a git directory git accepts (objects/, refs/ and HEAD: setup.c's is_git_directory). */
const gitDirMade = "mkdir -p r.git/objects r.git/refs && echo 'ref: refs/heads/m' > r.git/HEAD && ";

const loaders: Loader[] = [
  ...['python3 -m evil', "python3 -c 'import evil'", "python3 -c 'from evil import x'", 'python3 -c "__import__(\'evil\')"'].map((load) => ({
    file: 'evil.py', harm: 'open("@T", "w").write("x")\nx = 1', calm: 'x = 1', load,
  })),
  { file: 'lib/evil.py', harm: 'open("@T", "w").write("x")', calm: 'x = 1', load: "PYTHONPATH=lib python3 -c 'import evil'" },
  { file: 'pkg/__main__.py', harm: 'open("@T", "w").write("x")', calm: 'x = 1', load: 'python3 -m pkg' },
  { file: 'sitecustomize.py', harm: 'open("@T", "w").write("x")', calm: 'x = 1', load: "PYTHONPATH=. python3 -c 'print(1)'" },
  ...['node -r ./evil.js -e 1', 'node --require ./evil.js -e 1', "node -e 'require(\"./evil\")'", "node -e 'require(\"./evil.js\")'"].map((load) => ({
    file: 'evil.js', harm: 'require("fs").writeFileSync("@T", "x");', calm: 'module.exports = 1;', load,
  })),
  { file: 'evil.mjs', harm: 'import { writeFileSync } from "fs";\nwriteFileSync("@T", "x");', calm: 'export const x = 1;', load: 'node --import ./evil.mjs -e 1' },
  { file: 'node_modules/evil/index.js', harm: 'require("fs").writeFileSync("@T", "x");', calm: 'module.exports = 1;', load: "node -e 'require(\"evil\")'" },
  ...['perl -Ilib -MEvil -e 1', 'PERL5LIB=lib perl -MEvil -e 1', 'perl -I lib -mEvil -e 1'].map((load) => ({
    file: 'lib/Evil.pm', harm: 'package Evil; open(my $f, ">", "@T"); 1;', calm: 'package Evil; 1;', load,
  })),
  ...['make -f evil.mk', 'MAKEFILES=evil.mk make -f /dev/null', 'make --file=evil.mk'].map((load) => ({
    file: 'evil.mk', harm: 'all:\n\t@echo x > @T', calm: 'all:\n\t@true', load,
  })),
  { file: 'Makefile', harm: 'all:\n\t@echo x > @T', calm: 'all:\n\t@true', load: 'make' },
  ...['sh < evil.sh', 'bash < evil.sh', '{ sh; } < evil.sh', 'exec < evil.sh; sh', '( bash; ) < evil.sh', 'BASH_ENV=evil.sh bash -c true'].map((load) => ({
    file: 'evil.sh', harm: 'echo x > @T', calm: 'echo hi', load,
  })),
  // a git directory the line made (issue 13 item 4): its config's aliases and its hooks are git's own once git is pointed at it
  ...['git --git-dir=r.git x', 'GIT_DIR=r.git git x', 'git -C r.git x'].map((load) => ({
    file: 'r.git/config', harm: '[alias]\n\tx = !echo x > @T', calm: '[user]\n\tname = t', load: `${gitDirMade}${load}`,
  })),
  {
    file: 'r.git/hooks/pre-commit', harm: 'echo x > @T', calm: 'true',
    load: `${gitDirMade}chmod +x r.git/hooks/pre-commit && GIT_DIR=r.git git -c user.name=a -c user.email=b commit -q --allow-empty -m m`,
  },
  ...['awk -f evil.awk /dev/null', 'awk -f /dev/stdin < evil.awk'].map((load) => ({
    file: 'evil.awk', harm: 'BEGIN { print "x" > "@T" }', calm: 'BEGIN { print 1 }', load,
  })),
];

/** How the line writes the file: the text as a quoted here-document (read by treeward), or by echo or printf (not read). */
const writers: ((file: string, text: string) => string)[] = [
  (file, text) => `cat > ${file} <<'EOF'\n${text}\nEOF\n`,
  (file, text) => `printf '%s\\n' '${text.replace(/'/g, `'\\''`)}' > ${file}; `,
  (file, text) => `echo '${text.replace(/'/g, `'\\''`)}' > ${file} && `,
];

/** What the payload does: nothing, write beside the tree, or write a protected path. */
export type Payload = 'calm' | 'outside' | 'protected';

const targets: Record<Exclude<Payload, 'calm'>, string> = { outside: '../outside/z', protected: '.git/hooks/pre-commit' };

export interface LoadedLine { line: string; dialect: DialectName; payload: Payload }

export const loadedCodeCase: fc.Arbitrary<LoadedLine> = fc.record({
  loader: fc.nat(loaders.length - 1),
  writer: fc.nat(writers.length - 1),
  payload: fc.constantFrom<Payload>('calm', 'outside', 'protected'),
  dialect: fc.constantFrom<DialectName>('bash', 'sh', 'zsh'),
}).map(({ loader, writer, payload, dialect }) => {
  const l = loaders[loader]!;
  const dir = l.file.includes('/') ? `mkdir -p ${l.file.slice(0, l.file.lastIndexOf('/'))} && ` : '';
  const text = payload === 'calm' ? l.calm : l.harm.replace(/@T/g, targets[payload]);
  return { line: `${dir}${writers[writer]!(l.file, text)}${l.load}`, dialect, payload };
});
