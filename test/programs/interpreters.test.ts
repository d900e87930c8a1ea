// The interpreters read directly (src/approver/programs/interpreters.ts):
// inline code (`-c`, `-e`, `eval`) under the inline-code policy, whose scan
// names the API it calls (`calls`); a script file is judged where the line
// wrote it; perl's -i edits its files in place.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { nodeOptions, perlOptions, pythonOptions } from '../../src/approver/programs/interpreter-options.js';
import { checkTable, type Case } from '../support/programs.js';

const inline: Case[] = [
  ["python -c 'print(1)'", 'inline python'],
  [`python3 -c 'import os; os.remove("x")'`, 'inline python', 'remove x'],
  [`python3 -c 'import os; os.remove(p)'`, 'inline python (unread-call)'],
  ["node -e 'console.log(1)'", 'inline javascript'],
  [`node -e 'require("fs").rmSync("x")'`, 'inline javascript', 'remove x'],
  [`node -e 'require("fs").rmSync(x)'`, 'inline javascript (unread-call)'],
  [`deno eval 'Deno.remove("x")'`, 'inline javascript', 'remove x'],
  [`bun -e 'Bun.write("x","y")'`, 'inline javascript', 'write x'],
  ["ruby -e 'puts 1'", 'inline ruby'],
  [`ruby -e 'File.delete("x")'`, 'inline ruby', 'remove x'],
  [`ruby -e 'File.delete(x)'`, 'inline ruby (unread-call)'],
  ["ruby -i -pe 'sub(/a/, \"b\")' f", 'inline ruby', 'write f'],
  ["perl -e 'print 1'", 'inline perl'],
  [`perl -e 'unlink "x"'`, 'inline perl', 'remove x'],
  // perlrun -i[extension]: the original is kept as FILE.ext, or at the extension with each `*` replaced by the file's name
  ["perl -i.bak -pe 's/a/b/' f g", 'inline perl', 'write f', 'write g', 'write f.bak', 'write g.bak'],
  ["perl -i'old/*.orig' -pe 's/a/b/' d/f", 'inline perl', 'write d/f', 'write old/d/f.orig'],
  ['perl -i"$x" -pe 1 f', 'runs code (unfixed) via `perl`'],
  ["perl -i -pe 's/a/b/' f", 'inline perl', 'write f'],
  ["php -r 'echo 1;'", 'inline php'],
  [`lua -e 'os.remove("x")'`, 'inline lua (calls)'],
  [`osascript -e 'display dialog "hi"'`, 'inline applescript'],
];

const files: Case[] = [
  ['python script.py'],
  ['python -m http.server'],
  ['node script.js'],
  ['deno run x.ts'],
  ['tsx script.ts'],
  // the archive and gzip modules' command lines (Lib/zipfile.py, Lib/tarfile.py, Lib/gzip.py; Python 3.11.7 run)
  ['python3 -m zipfile -e a.zip out', 'write out (extraction, recursive)'],
  ['python3 -m zipfile -c out.zip src', 'write out.zip'],
  ['python3 -m zipfile -l a.zip'],
  ['python3 -m tarfile -e a.tar out', 'write ?program-reads'],
  ['python3 -m tarfile -e a.tar', 'write ?program-reads'],
  ['python3 -m gzip -d x.gz', 'write x'],
  ['python3 -m gzip x', 'write x.gz'],
];

const written: Case[] = [
  ['python script.py', 'inline python', 'remove x'],
  ['node a.js', 'inline javascript'],
  // written, but with text the line does not fix
  ['python u.py', 'runs code (written-by-line) via `python`'],
];

describe('inline code', () => checkTable(inline));
describe('a script the line wrote', () => {
  checkTable(written, { written: { 'script.py': 'import os; os.remove("x")', 'a.js': 'console.log(1)', 'u.py': null } });
});
describe('scripts and modules on disk', () => checkTable(files));
describe('under the refuse policy', () => checkTable([["python -c 'print(1)'", 'inline python (policy)']], { inlineCode: 'refuse' }));
describe('under the allow policy', () => checkTable([[`node -e 'require("fs").rmSync("x")'`, 'inline javascript']], { inlineCode: 'allow' }));

// Each interpreter's options as its manual lists them (src/approver/programs/interpreter-options.ts: python3 --help
// 3.11, node --help v20, perlrun 5.36, ruby(1) 3.3): an option the table does not hold is refused, since its value
// could be read as the script (issue 13 item 3); one that takes a value takes it, so the script after it is the script.
const options: Case[] = [
  ['node --foo x.js', 'runs code (unknown-option) via `node`'],
  ['node --inspect-port 9229 x.js'],
  ['node --inspect-port=9229 x.js'],
  ['node --no-warnings --no-deprecation x.js'],
  ['node --no-enable-source-maps x.js'],
  ['node --max-old-space-size=4096 x.js'],
  ['node --max_old_space_size=4096 --stack_size=900 x.js'],
  ['node --no_warnings x.js'],
  ['python3 -R -OO x.py'],
  ['node --title x app.js'],
  ['node -C development x.js'],
  ['node --test'],
  ['node --v8-options'],
  ['python3 --foo x.py', 'runs code (unknown-option) via `python3`'],
  ['python3 -X importtime x.py'],
  ['python3 -X dev -W error -P -u x.py'],
  ['python3 --check-hash-based-pycs always x.py'],
  ["python3 -c 'print(1)' --foo -Z", 'inline python'],
  ['python3 -m pytest -Z --foo'],
  ["python3 '-?'"],
  ['perl -Z x.pl', 'runs code (unknown-option) via `perl`'],
  ['perl -Mstrict -w x.pl'],
  ['perl -I lib x.pl'],
  ["perl -F, -lane 'print $F[0]' f", 'inline perl'],
  ["perl -0777 -ne 'print' f", 'inline perl'],
  ["perl -l012 -pe 1 f", 'inline perl'],
  ["perl -0x1F -e 1", 'inline perl'],
  ['perl -x x.pl'],
  ['ruby --foo x.rb', 'runs code (unknown-option) via `ruby`'],
  ['ruby -w -I lib -r json x.rb'],
  ['ruby --disable-gems --yjit x.rb'],
];

// A module, library or preload the line wrote, loaded by name (issue 13 item 3): a literal python or JavaScript one is
// read as inline code; any other is refused, as running the file would be.
const loaded: Case[] = [
  ['python3 -m evil', 'runs code (written-by-line) via `python3 -m evil`'],
  ['python3 -m pkg', 'runs code (written-by-line) via `python3 -m pkg`'],
  ['python3 -m pkg.sub', 'runs code (written-by-line) via `python3 -m pkg.sub`'],
  ['python3 -m lit', 'inline python', 'remove x'],
  ['python3 -m json.tool in.json', 'runs code (written-by-line) via `python3 -m json.tool`'], // it could import what the line wrote here
  ["python3 -c 'import evil'", 'inline python', 'runs code (written-by-line) via `import evil`'],
  ["python3 -c 'from lit import y'", 'inline python', 'inline python', 'remove x'],
  ["python3 -c 'import os, json'", 'inline python'],
  ['python3 -P -m evil'],
  ['node -r ./r.js app.js', 'runs code (written-by-line) via `node -r`', 'runs code (written-by-line) via `node app.js`'],
  ['node --import ./r.mjs app.js', 'runs code (written-by-line) via `node --import`', 'runs code (written-by-line) via `node app.js`'],
  ['node --loader ./r.mjs app.js', 'runs code (written-by-line) via `node --loader`', 'runs code (written-by-line) via `node app.js`'],
  ['node -r ./lit.js app.js', 'inline javascript', 'runs code (written-by-line) via `node app.js`'],
  ['node -r dotenv/config app.js', 'runs code (written-by-line) via `node app.js`'],
  ['node -r mod app.js', 'runs code (written-by-line) via `node -r`', 'runs code (written-by-line) via `node app.js`'],
  [`node -e 'require("./r")'`, 'inline javascript', 'runs code (written-by-line) via `require(\'./r\')`'],
  [`node -e 'require("fs").existsSync("a")'`, 'inline javascript'],
  ['perl -Ilib -MEvil -e 1', 'inline perl', 'runs code (written-by-line) via `perl -M`'],
  ['perl -I lib -mEvil x.pl', 'runs code (written-by-line) via `perl -m`'],
  ['perl -MEvil -e 1', 'inline perl'],
  ['ruby -I lib -r evil x.rb', 'runs code (written-by-line) via `ruby -r`'],
  ['ruby -r ./evil x.rb', 'runs code (written-by-line) via `ruby -r`'],
  ['ruby -r evil x.rb'],
];
const moduleFiles = {
  'evil.py': null, 'pkg/__main__.py': null, 'lit.py': 'import os; os.remove("x")', 'r.js': null, 'r.mjs': null, 'lit.js': 'console.log(1)',
  'node_modules/mod/index.js': null, 'lib/Evil.pm': null, 'lib/evil.rb': null, 'evil.rb': null,
};

describe('interpreter options, by their manuals', () => checkTable(options));
describe('modules the line wrote, loaded by name', () => checkTable(loaded, { written: moduleFiles }));
// inline Ruby's require/require_relative/load of a library the line wrote (issue 13 item 3): a literal one is read as Ruby
describe('libraries inline Ruby loads', () => checkTable([
  [`ruby -e 'require "./evil"'`, 'inline ruby', "runs code (written-by-line) via `require './evil'`"],
  [`ruby -e 'require_relative "evil"'`, 'inline ruby', "runs code (written-by-line) via `require './evil'`"],
  [`ruby -e 'load "evil.rb"'`, 'inline ruby', "runs code (written-by-line) via `require './evil.rb'`"],
  [`ruby -e 'require "evil"'`, 'inline ruby'],
  [`ruby -e 'require "./lit"'`, 'inline ruby', 'inline ruby', 'remove x'],
], { written: { 'evil.rb': null, 'lit.rb': 'File.delete("x")' } }));
// inline Perl's `use`, `require` and `do` of a file the line wrote, on `use lib` and PERL5LIB (issue 13 item 3): a literal one is read as Perl
describe('modules inline Perl loads', () => checkTable([
  [`perl -e 'use lib "lib"; use Evil;'`, 'inline perl', 'runs code (written-by-line) via `use Evil`'],
  [`perl -e 'use lib "lib"; use Lit; print 1'`, 'inline perl', 'inline perl', 'remove x'],
  [`perl -e 'use Evil;'`, 'inline perl'],
  [`perl -e 'require "./run.pl"'`, 'inline perl', 'run: perl ./run.pl'], // judged as `perl ./run.pl`, which reads the literal
  [`perl -e 'do "run.pl"'`, 'inline perl', 'inline perl', 'remove y'],
  [`perl -e 'BEGIN { unshift @INC, "lib" } require Evil;'`, 'inline perl', 'runs code (written-by-line) via `use Evil`'],
  // perlrun: -MMod is `use Mod;` before the code, so its functions are known to the reader
  [`perl -MFile::Copy -e 'copy("a", "b")'`, 'inline perl', 'write b', 'write b/a'],
  [`perl -MFile::Slurp -e 'write_file("b", "x")'`, 'inline perl (unread-call)'],
  [`perl -MExtUtils::Command -e rm_rf -- x`, 'inline perl (unread-call)'],
], { written: { 'lib/Evil.pm': null, 'lib/Lit.pm': 'unlink "x"; 1;', 'run.pl': 'unlink "y";' } }));
describe('search paths the command is given', () => {
  checkTable([
    ["python3 -c 'import evil'", 'inline python', 'runs code (written-by-line) via `import evil`'],
    ['python3 -E -m evil', 'runs code (written-by-line) via `python3 -m evil`'], // PYTHONPATH is ignored, but lib/evil.py is lib.evil from here
    // the -M module is also the program's own `use Evil;` (perlrun), which the reader finds on PERL5LIB
    ['perl -MEvil -e 1', 'inline perl', 'runs code (written-by-line) via `use Evil`', 'runs code (written-by-line) via `perl -M`'],
    ['ruby -r evil -e 1', 'inline ruby', 'runs code (written-by-line) via `ruby -r`'],
  ], { written: { 'lib/evil.py': null, 'lib/Evil.pm': null, 'lib/evil.rb': null }, environment: { PYTHONPATH: 'lib', PERL5LIB: 'lib', RUBYLIB: 'lib' } });
  checkTable([["node -e 'require(\"m\")'", 'inline javascript', 'runs code (written-by-line) via `require(\'m\')`']],
    { written: { 'mods/m.js': null }, env: { NODE_PATH: '/work/tree/mods' } });
});
// ruby(1): -C DIR (and -xDIR) moves to DIR before the script is opened, so `ruby -C sub x.rb` runs sub/x.rb
describe('the directory an interpreter moves to before it opens its script', () => checkTable([
  ['ruby -C sub x.rb', 'runs code (written-by-line) via `ruby`'],
  ['ruby -Csub x.rb', 'runs code (written-by-line) via `ruby`'],
  ['ruby -xsub x.rb', 'runs code (written-by-line) via `ruby`'],
  ['ruby -x x.rb'],
  ['ruby -C other x.rb'],
  ['ruby -C "$d" x.rb', 'runs code (unfixed) via `ruby`'],
], { written: { 'sub/x.rb': null } }));
// A script on disk or a module treeward does not read, run where the line wrote source it can import by a name
// treeward never sees: python's path starts with the script's directory (the current one for -m) then PYTHONPATH;
// node resolves `./x` from the script's directory and bare names from node_modules (issue 13 item 3)
describe('unread code beside source the line wrote', () => {
  checkTable([
    ['python3 app.py', 'runs code (written-by-line) via `python3 app.py`'],
    ['python3 tools/run.py'],
    ['python3 -m pytest', 'runs code (written-by-line) via `python3 -m pytest`'],
    ["python3 -c 'import json'", 'inline python'],
    ['node app.js', 'runs code (written-by-line) via `node app.js`'],
  ], { written: { 'util.py': null, 'lib.js': 'module.exports = 1', 'config.json': '{}' } });
  checkTable([['node app.js'], ['python3 app.py']], { written: { 'config.json': '{}', 'notes.txt': null } });
  checkTable([['python3 tools/run.py', 'runs code (written-by-line) via `python3 tools/run.py`']], { written: { 'tools/helper.py': null } });
  // perl's code is scanned, not read for what it loads: a library on its path is refused; ruby's `-I` path too
  checkTable([
    ["perl -Ilib -e 'use Evil'", 'inline perl', 'runs code (written-by-line) via `perl`'],
    ['perl -I lib x.pl', 'runs code (written-by-line) via `perl`'],
    ['perl x.pl'],
    ["ruby -I lib -e 'require \"evil\"'", 'inline ruby', 'runs code (written-by-line) via `ruby`'],
    ['ruby x.rb'],
  ], { written: { 'lib/Evil.pm': null, 'lib/evil.rb': null } });
});
// python imports sitecustomize and usercustomize from its path and reads .pth files of its site directories at every
// start (the "site" module, python3(1) -S); where the line wrote one, a python start is refused
describe('files python loads at every start', () => {
  checkTable([
    ['python3 x.py', 'runs code (written-by-line) via `python3`', 'runs code (written-by-line) via `python3 x.py`'],
    ["python3 -c 'print(1)'", 'inline python', 'runs code (written-by-line) via `python3`'],
    ['python3 -S x.py', 'runs code (written-by-line) via `python3 x.py`'],
  ], { written: { 'sitecustomize.py': 'x = 1' } });
  checkTable([['python3 x.py', 'runs code (written-by-line) via `python3`']], { written: { '.venv/lib/python3.11/site-packages/evil.pth': null } });
  checkTable([['python3 -X pycache_prefix=/tmp/pc x.py', 'write /tmp/pc (recursive)']]);
});

// The tables against the interpreters on this machine: every option their own help lists is in the table, with a
// value where the help shows one (node --help's `--name=...`, python3 --help's `-X opt`), so a release that adds an
// option is seen here rather than refused in use.
describe('the option tables hold what the installed interpreters list', () => {
  const help = (program: string, flag: string) => {
    const r = spawnSync(program, [flag], { encoding: 'utf8' });
    return r.error ? null : `${r.stdout}${r.stderr}`;
  };
  const nodeHelp = help('node', '--help');
  it.skipIf(nodeHelp === null)('node --help', () => {
    const missing: string[] = [];
    let seen = 0;
    for (const line of nodeHelp!.split('\n')) {
      // the first column: `-c, --check`, `--import=...`, `--inspect[=[host:]port]`, `-p, --print [...]`
      const column = /^\s{2}(-\S.*?)(?:\s{2,}|$)/.exec(line)?.[1];
      if (!column) continue;
      for (const token of column.split(/,\s*/)) {
        const m = /^(--?[a-z][\w.-]*)(\[?=| \[)?/.exec(token);
        if (!m) continue;
        seen++;
        const [, option, valued] = m;
        const spec = nodeOptions.options.find((o) => (option!.startsWith('--') ? o.long === option!.slice(2) : o.short === option!.slice(1)));
        const takes = valued !== undefined || /=/.test(column);
        if (!spec || (takes && (spec.arity ?? 'none') === 'none')) missing.push(option!);
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
  const pythonHelp = help('python3', '--help');
  it.skipIf(pythonHelp === null)('python3 --help', () => {
    const letters = [...pythonHelp!.matchAll(/^-(\w)(?:\s+(\w+))?\s*:/gm)].map((m) => ({ letter: m[1]!, valued: m[2] !== undefined && m[1] !== 'O' }));
    const missing = letters.filter(({ letter, valued }) => {
      const spec = pythonOptions.options.find((o) => o.short === letter);
      return !spec || (spec.arity ?? 'none') !== (valued ? 'required' : 'none');
    });
    expect(letters.length).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });
  const perlHelp = help('perl', '-h');
  it.skipIf(perlHelp === null)('perl -h', () => {
    const letters = [...perlHelp!.matchAll(/^\s+-(\[mM\]|\w)/gm)].flatMap((m) => (m[1] === '[mM]' ? ['m', 'M'] : [m[1]!]));
    expect(letters.length).toBeGreaterThan(25);
    expect(letters.filter((letter) => !perlOptions.options.some((o) => o.short === letter))).toEqual([]);
  });
});
