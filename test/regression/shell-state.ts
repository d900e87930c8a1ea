// Generated lines of issue 12's classes for the containment proof: a line
// first changes the shell's state (an option in any of its spellings, an
// alias, `hash`, PATH, an integer attribute, a builtin's assignment, a trap,
// a CDPATH, a cd), then runs commands whose meaning that state changes, in
// random order and spellings. The containment test runs every one the
// approver allows in the real shells: none may remove, write or run anything
// the approver did not list. Paths aim at the sandbox's `outside/keep.txt`
// (beside the tree) and the tree's `.git`. No piece leaves the tree by a
// `cd` on its own (the proof counts any command run outside the tree as a
// failure, and `cd ..; ls` is harmless), and none relies on a stub printing
// what the real program would (`$(mktemp)`: the stubs print nothing).

import fc from 'fast-check';
import type { DialectName } from '../../src/syntax/dialect.js';

/** Class 1: options set by the line, spelled as each shell allows (zsh: any case, `_`, `no` turned round). */
const options = fc.oneof(
  fc.constantFrom('nocaseglob', 'NO_CASE_GLOB', 'braceccl', 'BRACE_CCL', 'globsubst', 'glob_subst', 'shwordsplit', 'SH_WORD_SPLIT',
    'magicequalsubst', 'extendedglob', 'Extended_Glob', 'globdots', 'keyword', 'ksharrays', 'rcexpandparam')
    .chain((name) => fc.constantFrom(`setopt ${name}`, `set -o ${name}`, `unsetopt no${name}`, `emulate -o ${name} zsh`, `f() { setopt ${name}; }; f`)),
  fc.constantFrom('nocaseglob', 'dotglob', 'nullglob', 'expand_aliases', 'lastpipe', 'globstar', 'failglob').map((name) => `shopt -s ${name}`),
  fc.constantFrom('shopt -u globskipdots', 'set -k', 'set -f', 'set -o posix', 'IFS=/', 'IFS=.', 'emulate sh', 'emulate ksh'),
);

/** Class 2 to 9: the other state a line gives the shell. */
const states = fc.constantFrom(
  "alias ls='rm -rf'", "alias cat='touch ../outside/z'", 'alias -g G=../outside/keep.txt', 'hash cat=/bin/rm', 'hash -p /bin/rm ls',
  'PATH=.:$PATH', 'export PATH=sub:$PATH', 'PATH=$PWD/sub:$PATH', 'ls() { rm -f a.txt; }', 'command_not_found_handle() { rm -f a.txt; }',
  'declare -i n', 'typeset -i n', 'integer n', "y='a[$(touch ../outside/z)]'", 'x=y',
  'd=sub', 'print -v d ../outside', ': ${d::=../outside}', ': ${d:=../outside}', 'read d <<< ../outside', 'printf -v d %s ../outside',
  'export TMPDIR=..', 'HOME=..', 'export HOME=../outside',
  "trap 'rm -rf sub' EXIT", "trap 'touch z' DEBUG", "trap 'rm -f a.txt' ERR", 'TRAPEXIT() { rm -rf sub; }', 'chpwd() { rm -f x.js; }',
  'zshexit() { rm -rf sub; }', 'precmd_functions+=(ls)',
  'cd sub', 'pushd sub', 'popd', 'DIRSTACK[0]=..', 'dirstack=(..)', 'CDPATH=..', 'read CDPATH <<< ..', 'cdpath=(..)',
  'shopt -s lastpipe; echo | cd sub', 'echo | cd sub', 'd=../outside :',
);

/** Commands whose meaning the state changes: removals and writes that aim outside or at `.git`, names that may run another program. */
const consumers = fc.constantFrom(
  'rm -rf $d', 'rm -rf "$d"', 'rm -rf "$d/keep.txt"', 'rm -rf .G*', 'rm -rf {.}git', 'rm -rf .g(i)t', 'rm -rf (.git|x)', 'rm -rf .gi#t',
  'rm -rf ..{/../}outside', 'rm -rf {~,x}/keep.txt', '{rm,-f,a.txt}', 'rm -rf sub/.[!g]*', 'find sub/.[!x]* -delete', 'rm -f $x',
  'cat -f a.txt', 'ls', 'ls -la', 'lint', 'cat a.txt', 'n=3', "n='a[$(touch ../outside/z)]'", 'echo $((x))', 'rm -f G',
  'dd if=a.txt of=~/z', 'touch "$OLDPWD/z"', 'rm -f ~-/keep.txt', 'rm -rf *', 'touch z', 'echo hi > /proc/self/cwd/z',
  "sh -c -- 'touch ../outside/z'", "bash -O extglob -c 'rm -f a.txt'", "printf '!touch ../outside/z\\n' | ed -s a.txt",
  ". /dev/stdin <<'EOF'\ntouch ../outside/z\nEOF", "sh /dev/stdin <<'EOF'\ntouch ../outside/z\nEOF", 'true || t=sub; rm -rf "$t/../outside"',
  "git diff GIT_EXTERNAL_DIFF='touch ../outside/z'", "eval 'ls'", 'x=`ls`', 'cd keep', 'cd outside && rm -f keep.txt',
);

const separators = ['; ', '\n', ' && ', ' || '];

/** One line: up to three state changes, then one or two commands they change, joined by separators. */
export const shellStateLine: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.oneof(options, states), { minLength: 1, maxLength: 3 }),
    fc.array(consumers, { minLength: 1, maxLength: 2 }),
    fc.array(fc.constantFrom(...separators), { minLength: 5, maxLength: 5 }),
  )
  .map(([changes, uses, seps]) => [...changes, ...uses].map((piece, i) => (i === 0 ? piece : seps[i - 1]! + piece)).join(''));

export const shellStateCase = fc.record({ line: shellStateLine, dialect: fc.constantFrom<DialectName>('bash', 'sh', 'zsh') });

/** Setters of the options the rows of what was left of issue 12 added: nullglob (bash and zsh), ksharrays, rcexpandparam. */
const laterOptions = fc.oneof(options, fc.constantFrom('shopt -s nullglob', 'setopt nullglob', 'setopt CSH_NULL_GLOB', 'setopt ksh_arrays', 'setopt rcexpandparam'));

/**
 * Where a setter stands (issue 12 class 1, "in every state the line may be in"): run for sure, in a conditional and-or
 * part that may not run, in a loop, in a function called later or never, in a subshell (which does not leak), or in a
 * zsh function with local_options.
 */
const placedOption = laterOptions.chain((setter) => fc.constantFrom(
  setter, `[ -f nope ] && ${setter}`, `true || ${setter}`, `ls || ${setter}`, `for i in 1; do ${setter}; done`, `while false; do ${setter}; done`,
  `g() { ${setter}; }`, `g() { ${setter}; }; g`, `(${setter})`, `g() { setopt localoptions; ${setter}; }; g`,
));

/** HOME and the XDG directories a program reads (class 5), values set before deferred code reads them (class 7). */
const laterStates = fc.constantFrom(
  'HOME=~/x', 'export XDG_CONFIG_HOME=../outside', 'XDG_CACHE_HOME=.git', 'export XDG_DATA_HOME=$(pwd)/..', 's=x.git', 'd=~', 'd=sub',
  "trap 'rm -rf \"$d\"' EXIT", "trap 'rm -f ../outside/keep.txt' DEBUG", "trap 'rm -f keep.txt' ERR", 'TRAPEXIT() { rm -f keep.txt; }',
  'chpwd() { rm -f ../outside/keep.txt; }', 'zshexit() { rm -rf "$d"; }',
);

/** Commands those change: globs that may vanish before find, zsh subscripts, arrays beside text, `~` and programs under a moved HOME. */
const laterConsumers = fc.constantFrom(
  'find *.none -delete', 'find sub/*.none -delete', 'find *.none(N) -delete', 'rm -rf $s[2,5]', 'rm -rf "$s[2,5]"', 'a=(.git x); rm -rf x$a',
  'rm -rf $a[1]', 'rm -f ~/keep.txt', "HOME=../outside sh -c 'rm -f ~/keep.txt'", 'git config --global a.b c',
  "XDG_CONFIG_HOME=.git sh -c 'touch $XDG_CONFIG_HOME/x'", 'd=~', 'd=sub', 'false', 'cd sub',
);

/** One line of the classes left open at stop 20: setters placed anywhere, HOME and XDG_*, deferred code read later. */
export const shellStatePlacedLine: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.oneof(placedOption, states, laterStates), { minLength: 1, maxLength: 3 }),
    fc.array(fc.oneof(consumers, laterConsumers), { minLength: 1, maxLength: 2 }),
    fc.array(fc.constantFrom(...separators), { minLength: 5, maxLength: 5 }),
  )
  .map(([changes, uses, seps]) => [...changes, ...uses].map((piece, i) => (i === 0 ? piece : seps[i - 1]! + piece)).join(''));

export const shellStatePlacedCase = fc.record({ line: shellStatePlacedLine, dialect: fc.constantFrom<DialectName>('bash', 'sh', 'zsh') });
