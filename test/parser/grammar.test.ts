// Every grammar production, with an accepted and a refused case in each
// dialect where they differ (SPEC §2; dialects.md §10). zsh's own forms
// (short forms, `repeat`, `always`, `foreach`, anonymous functions) are in
// zsh.test.ts. Verdicts confirmed with bash -O extglob -n, dash -n, zsh -f -n.

import { describe, expect, it } from 'vitest';
import { accept, nodes, rejects, table } from './helpers.js';

table('lists: `;`, `&`, newlines', [
  ['all', 'a; b', 'Simple(a); Simple(b)'],
  ['all', 'a;', 'Simple(a)'],
  ['all', 'a & b', 'Simple(a) &; Simple(b)'],
  ['all', 'a &', 'Simple(a) &'],
  ['all', 'a & b &', 'Simple(a) &; Simple(b) &'],
  ['all', 'a\n\n\nb', 'Simple(a); Simple(b)'],
  ['all', 'a && b &', 'Simple(a) && Simple(b) &'],
  ['all', '', ''],
  ['all', '\n', ''],
  ['all', '  \t ', ''],
  // zsh allows empty lists: a lone `;`, `; ;`, `cmd & ;`
  ['zsh', '; a', 'Simple(a)'],
  ['zsh', ' ; ', ''],
  ['zsh', 'a ; ; b', 'Simple(a); Simple(b)'],
  ['zsh', 'a & ;', 'Simple(a) &'],
  ['bash sh', '; a', rejects('`;`', [0, 1])],
  ['bash sh', ' ; ', rejects('`;`')],
  ['bash sh', 'a ; ; b', rejects('`;`', [4, 5])],
  ['bash sh', 'a & ;', rejects('`;`')],
]);

table('and-or lists', [
  ['all', 'a && b || c', 'Simple(a) && Simple(b) || Simple(c)'],
  ['all', 'a &&\nb', 'Simple(a) && Simple(b)'],
  ['all', 'a ||\n\n b', 'Simple(a) || Simple(b)'],
  ['all', 'a && ! b', 'Simple(a) && ! Simple(b)'],
  ['all', 'a || ! b', 'Simple(a) || ! Simple(b)'],
  ['all', '&& a', rejects('`&&`')],
  ['all', 'a && || b', rejects()],
  ['all', 'a &&& b', rejects()],
  // zsh accepts `&&` and `||` with nothing after them, at the end or before a separator (#122)
  ['zsh', 'a &&', 'Simple(a)'],
  ['zsh', 'a ||', 'Simple(a)'],
  ['zsh', 'a &&\n', 'Simple(a)'],
  ['zsh', 'a && # c', 'Simple(a)'],
  ['zsh', 'a && ; b', 'Simple(a) && Simple(b)'],
  ['zsh', '(a &&)', 'Subshell(Simple(a))'],
  ['zsh', '{ a && }', 'Group(Simple(a))'],
  ['bash sh', 'a &&', rejects('after `&&`')],
  ['bash sh', 'a ||', rejects('after `||`')],
  ['bash sh', '(a &&)', rejects()],
  // … but not before `&`
  ['zsh', 'a && &', rejects('`&`')],
  ['zsh', 'a && & b', rejects('`&`')],
  ['zsh', 'a || &', rejects('`&`')],
  ['zsh', 'a && | b', rejects('`|`')],
]);

table('pipelines: `|`, `|&`, `!`, `time [-p]`', [
  ['all', 'a | b | c', 'Simple(a) | Simple(b) | Simple(c)'],
  ['all', 'a |\nb', 'Simple(a) | Simple(b)'],
  ['all', '! a', '! Simple(a)'],
  ['all', '! a | b', '! Simple(a) | Simple(b)'],
  ['all', 'a |', rejects('after `|`')],
  ['all', '| a', rejects('`|`')],
  ['all', 'a | ! b', rejects('`!`')],
  ['all', '! | cat', rejects()],
  ['all', '! &', rejects()],
  ['bash zsh', 'a |& b', 'Simple(a) |& Simple(b)'],
  ['sh', 'a |& b', rejects()],
  // `! !` cancels out in bash only
  ['bash', '! ! a', 'Simple(a)'],
  ['sh zsh', '! ! a', rejects('`!`')],
  // a bare `!` ends a list in bash and zsh
  ['bash zsh', '!', '!'],
  ['bash zsh', '! ; echo', '!; Simple(echo)'],
  ['sh', '!', rejects()],
  ['sh', '! ; echo', rejects()],
  // `time` is a reserved word in bash and zsh, the command /usr/bin/time in sh (#228)
  ['bash zsh', 'time a', 'time Simple(a)'],
  ['bash zsh', 'time a | b', 'time Simple(a) | Simple(b)'],
  ['bash zsh', 'time ! a', 'time ! Simple(a)'],
  ['bash zsh', '! time a', 'time ! Simple(a)'],
  ['bash zsh', 'time', 'time'],
  ['bash zsh', 'time; echo', 'time; Simple(echo)'],
  ['bash', 'time -p a', 'time Simple(a)'],
  ['bash', 'time -p', 'time'],
  ['zsh', 'time -p a', 'time Simple(-p a)'],
  ['sh', 'time a', 'Simple(time a)'],
  ['sh', 'time -p a', 'Simple(time -p a)'],
  ['sh', '! time a', '! Simple(time a)'],
  ['sh', 'time | cat', 'Simple(time) | Simple(cat)'],
  ['bash', 'time | cat', rejects('after `time`')],
  // zsh pipes an empty `time`; deliberate refusal: treeward wants a command after `time` here
  ['zsh', 'time | cat', rejects('after `time`')],
  ['bash zsh', 'time &', rejects()],
  ['sh', 'time &', 'Simple(time) &'],
]);

table('simple commands: words, assignments, redirections', [
  ['all', 'echo hi', 'Simple(echo hi)'],
  ['all', 'a=1', 'Simple(assign:[a=1])'],
  ['all', 'a=1 b=2 cmd x', 'Simple(assign:[a=1 b=2] cmd x)'],
  ['all', 'a= cmd', 'Simple(assign:[a=] cmd)'],
  ['all', 'a=b=c', 'Simple(assign:[a=b=c])'],
  ['all', 'a=$(echo) b=`echo`', 'Simple(assign:[a=$(echo) b=`echo`])'],
  ['all', 'x=1 declare y=2', 'Simple(assign:[x=1] declare y=2)'],
  ['all', '>f a=1 cmd', 'Simple(assign:[a=1] cmd >f)'],
  // after the command name `a=1` is an argument; a quoted or escaped name is no assignment
  ['all', 'cmd a=1', 'Simple(cmd a=1)'],
  ['all', '"a"=1', 'Simple("a"=1)'],
  ['all', 'a\\=1', 'Simple(a\\=1)'],
  ['all', '1a=2', 'Simple(1a=2)'],
  // `a+=b` and `a[i]=v` assign in bash and zsh; in sh they are command words
  ['bash zsh', 'a+=b', 'Simple(assign:[a+=b])'],
  ['bash zsh', 'a+=b cmd', 'Simple(assign:[a+=b] cmd)'],
  ['bash zsh', 'a[i]=v', 'Simple(assign:[a[i]=v])'],
  ['bash zsh', 'a[1]+=v', 'Simple(assign:[a[1]+=v])'],
  ['bash zsh', 'a[ b ]=1', 'Simple(assign:[a[ b ]=1])'],
  ['sh', 'a+=b', 'Simple(a+=b)'],
  ['sh', 'a+=b cmd', 'Simple(a+=b cmd)'],
  ['sh', 'a[i]=v', 'Simple(a[i]=v)'],
  ['sh', 'a[ b ]=1', 'Simple(a[ b ]=1)'],
  // bash reads `name[` in command position up to its `]`
  ['bash', 'a[=1', rejects('subscript')],
  ['sh zsh', 'a[=1', 'Simple(a[=1)'],
  // arrays, and arrays given to declaration commands
  ['bash zsh', 'a=(1 2 3)', 'Simple(assign:[a=(1 2 3)])'],
  ['bash zsh', 'a=()', 'Simple(assign:[a=()])'],
  ['bash zsh', 'a+=(x)', 'Simple(assign:[a+=(x)])'],
  ['bash zsh', 'a=(1 2) cmd', 'Simple(assign:[a=(1 2)] cmd)'],
  ['bash zsh', 'a=(x) b=(y)', 'Simple(assign:[a=(x) b=(y)])'],
  ['bash zsh', 'a=(1)x', 'Simple(assign:[a=(1)] x)'],
  ['bash zsh', 'declare a=(1 2)', 'Simple(declare a=(1 2))'],
  ['bash zsh', 'declare -a a=(1 2) b=3', 'Simple(declare -a a=(1 2) b=3)'],
  ['bash zsh', 'local a=(x)', 'Simple(local a=(x))'],
  ['bash zsh', 'export a=(x)', 'Simple(export a=(x))'],
  ['bash zsh', 'typeset a=(1)', 'Simple(typeset a=(1))'],
  ['bash zsh', 'readonly a=(1)', 'Simple(readonly a=(1))'],
  ['sh', 'a=(1 2 3)', rejects('`(`')],
  ['sh', 'a=()', rejects('`(`')],
  ['sh', 'declare a=(1 2)', rejects('`(`')],
  ['sh', 'local a=(x)', rejects('`(`')],
  // not after an ordinary command (zsh reads a glob word)
  ['bash sh', 'echo a=(1 2)', rejects('`(`')],
  ['zsh', 'echo a=(1 2)', 'Simple(echo a=(1 2))'],
]);

table('subshells', [
  ['all', '(a)', 'Subshell(Simple(a))'],
  ['all', '(a; b)', 'Subshell(Simple(a); Simple(b))'],
  ['all', '(a\nb\n)', 'Subshell(Simple(a); Simple(b))'],
  ['all', '(a) | (b)', 'Subshell(Simple(a)) | Subshell(Simple(b))'],
  ['all', '(a) && (b)', 'Subshell(Simple(a)) && Subshell(Simple(b))'],
  ['all', '(a', rejects('`)`')],
  ['all', 'a)', rejects('`)`', [1, 2])],
  ['all', '(a) b', rejects('`b`', [4, 5])],
  ['zsh', '( )', 'Subshell()'],
  ['bash sh', '( )', rejects('inside `( )`')],
  ['bash sh', '()', rejects()],
]);

table('brace groups', [
  ['all', '{ a; }', 'Group(Simple(a))'],
  ['all', '{ a; b; }', 'Group(Simple(a); Simple(b))'],
  ['all', '{\na\n}', 'Group(Simple(a))'],
  ['all', '{ { a; }; }', 'Group(Group(Simple(a)))'],
  ['all', '{ a; } | b', 'Group(Simple(a)) | Simple(b)'],
  ['all', '{ a; } b', rejects('`b`')],
  ['all', '{ a;', rejects('`}`')],
  // zsh closes a group at a `}` after words and allows it empty (#100, #101, #133)
  ['zsh', '{ a }', 'Group(Simple(a))'],
  ['zsh', '{ }', 'Group()'],
  ['zsh', '{ ; }', 'Group()'],
  ['bash sh', '{ a }', rejects('`}`')],
  ['bash sh', '{ }', rejects('inside `{ }`')],
  ['bash sh', '{ ; }', rejects()],
]);

table('if / elif / else', [
  ['all', 'if a; then b; fi', 'If(cond:[Simple(a)] then:[Simple(b)])'],
  ['all', 'if a; then b; elif c; then d; else e; fi', 'If(cond:[Simple(a)] then:[Simple(b)] elif:[Simple(c)] then:[Simple(d)] else:[Simple(e)])'],
  ['all', 'if a; then b; else c; fi', 'If(cond:[Simple(a)] then:[Simple(b)] else:[Simple(c)])'],
  ['all', 'if a\nthen b\nfi', 'If(cond:[Simple(a)] then:[Simple(b)])'],
  ['all', 'if a; b; then c; fi', 'If(cond:[Simple(a); Simple(b)] then:[Simple(c)])'],
  ['all', 'if if a; then b; fi; then c; fi', 'If(cond:[If(cond:[Simple(a)] then:[Simple(b)])] then:[Simple(c)])'],
  ['all', 'if a; then b; fi | cat', 'If(cond:[Simple(a)] then:[Simple(b)]) | Simple(cat)'],
  ['all', 'if a; then b', rejects('`fi`')],
  ['all', 'if a; then b; fi; fi', rejects('`fi`', [18, 20])],
  ['all', 'if a; then b; elif c; fi', rejects()],
  ['all', 'if a; fi', rejects()],
  // empty parts: zsh only
  ['zsh', 'if a; then fi', 'If(cond:[Simple(a)] then:[])'],
  ['zsh', 'if then b; fi', 'If(cond:[] then:[Simple(b)])'],
  ['zsh', 'if a; then b; else fi', 'If(cond:[Simple(a)] then:[Simple(b)] else:[])'],
  ['bash sh', 'if a; then fi', rejects('after `then`')],
  ['bash sh', 'if then b; fi', rejects('after `if`')],
  ['bash sh', 'if a; then b; else fi', rejects('after `else`')],
]);

table('while / until', [
  ['all', 'while a; do b; done', 'While(cond:[Simple(a)] do:[Simple(b)])'],
  ['all', 'until a; do b; done', 'Until(cond:[Simple(a)] do:[Simple(b)])'],
  ['all', 'while a\ndo\nb\ndone', 'While(cond:[Simple(a)] do:[Simple(b)])'],
  ['all', 'while a; do b; done &', 'While(cond:[Simple(a)] do:[Simple(b)]) &'],
  ['all', 'while a; b; done', rejects()],
  ['all', 'while a; do b', rejects('`done`')],
  ['zsh', 'while a; do done', 'While(cond:[Simple(a)] do:[])'],
  ['zsh', 'while do b; done', 'While(cond:[] do:[Simple(b)])'],
  ['bash sh', 'while a; do done', rejects('after `do`')],
  ['bash sh', 'while do b; done', rejects('after `while`')],
  ['bash sh', 'while a; { b; }', rejects()],
]);

table('for loops', [
  ['all', 'for i in a b; do c; done', 'For(i in:[a b] do:[Simple(c)])'],
  ['all', 'for i; do c; done', 'For(i do:[Simple(c)])'],
  ['all', 'for i do c; done', 'For(i do:[Simple(c)])'],
  ['all', 'for i\ndo c; done', 'For(i do:[Simple(c)])'],
  ['all', 'for i in; do c; done', 'For(i in:[] do:[Simple(c)])'],
  ['all', 'for i in a\ndo c; done', 'For(i in:[a] do:[Simple(c)])'],
  ['all', 'for i\nin a; do c; done', 'For(i in:[a] do:[Simple(c)])'],
  ['all', 'for i in *.txt $x "a b"; do c; done', 'For(i in:[*.txt $x "a b"] do:[Simple(c)])'],
  // `in` after `for` is a variable name here
  ['all', 'for in; do c; done', 'For(in do:[Simple(c)])'],
  ['all', 'for i in a b c', rejects('`;` or a newline')],
  ['all', 'for i in a b; do c; done x', rejects('`x`')],
  ['all', 'for; do c; done', rejects()],
  // braces instead of do/done: bash and zsh
  ['bash zsh', 'for i in a; { b; }', 'For(i in:[a] do:[Simple(b)])'],
  ['sh', 'for i in a; { b; }', rejects('`do`')],
  // several variables and `(words)`: zsh (#221, #222, #330)
  ['zsh', 'for i j in a b; do c; done', 'For(i j in:[a b] do:[Simple(c)])'],
  ['zsh', 'for i a b; do c; done', 'For(i a b do:[Simple(c)])'],
  ['zsh', 'for i (a b) echo $i', 'For(i in:[a b] do:[Simple(echo $i)])'],
  ['zsh', 'for i (a b) { echo $i }', 'For(i in:[a b] do:[Simple(echo $i)])'],
  ['zsh', 'for i in a b; echo $i', 'For(i in:[a b] do:[Simple(echo $i)])'],
  ['bash sh', 'for i j in a b; do c; done', rejects()],
  ['bash sh', 'for i (a b) echo $i', rejects()],
  ['bash sh', 'for i in a b; echo $i', rejects('`do`')],
  // the variable name: sh and zsh check it, bash only when the loop runs; zsh takes a positional number
  ['bash zsh', 'for 1 in a; do c; done', 'For(1 in:[a] do:[Simple(c)])'],
  ['sh', 'for 1 in a; do c; done', rejects('not a valid variable name')],
  ['bash', 'for a-b in x; do c; done', 'For(a-b in:[x] do:[Simple(c)])'],
  ['sh zsh', 'for a-b in x; do c; done', rejects('not a valid variable name', [4, 7])],
  ['bash', 'for "i" in a; do c; done', 'For("i" in:[a] do:[Simple(c)])'],
  ['sh zsh', 'for "i" in a; do c; done', rejects('not a valid variable name')],
]);

table('arithmetic for (bash, zsh)', [
  ['bash zsh', 'for ((i=0; i<3; i++)); do echo $i; done', 'ArithFor(i=0; i<3; i++ do:[Simple(echo $i)])'],
  ['bash zsh', 'for ((i=0; i<3; i++)) do echo; done', 'ArithFor(i=0; i<3; i++ do:[Simple(echo)])'],
  ['bash zsh', 'for ((;;)); do b; done', 'ArithFor(;; do:[Simple(b)])'],
  ['bash zsh', 'for ((i=0;i<3;i++)) { echo; }', 'ArithFor(i=0;i<3;i++ do:[Simple(echo)])'],
  ['bash zsh', 'for ((i=0; i<3)); do b; done', rejects('three expressions')],
  ['bash zsh', 'for ((i=0; i<3; i++', rejects()],
  ['bash', 'for (( i=0; i<3; i++ )); echo', rejects('`do`')],
  ['zsh', 'for (( i=0; i<3; i++ )); echo', 'ArithFor( i=0; i<3; i++  do:[Simple(echo)])'],
  ['sh', 'for ((i=0; i<3; i++)); do echo; done', rejects()],
]);

table('case', [
  ['all', 'case x in a) b;; esac', 'Case(x in:[a) [Simple(b)] ;;])'],
  ['all', 'case x in a) b;; c|d) e;; esac', 'Case(x in:[a) [Simple(b)] ;;, c|d) [Simple(e)] ;;])'],
  ['all', 'case x in a) ;; esac', 'Case(x in:[a) [] ;;])'],
  ['all', 'case x in a) b; esac', 'Case(x in:[a) [Simple(b)]])'],
  ['all', 'case x in a) b;; c) esac', 'Case(x in:[a) [Simple(b)] ;;, c) []])'],
  ['all', 'case x in esac', 'Case(x in:[])'],
  ['all', 'case x\nin a) b;; esac', 'Case(x in:[a) [Simple(b)] ;;])'],
  ['all', 'case x in\na)\nb\n;;\nesac', 'Case(x in:[a) [Simple(b)] ;;])'],
  ['all', 'case "$x" in a) case y in b) :;; esac;; esac', 'Case("$x" in:[a) [Case(y in:[b) [Simple(:)] ;;])] ;;])'],
  // the optional `(` before a pattern (zsh keeps it in the pattern word, where it is a glob group)
  ['bash sh', 'case x in (a) b;; esac', 'Case(x in:[a) [Simple(b)] ;;])'],
  ['zsh', 'case x in (a) b;; esac', 'Case(x in:[(a)) [Simple(b)] ;;])'],
  ['all', 'case x in a) b;; esac; echo', 'Case(x in:[a) [Simple(b)] ;;]); Simple(echo)'],
  ['all', 'case x', rejects()],
  ['all', 'case x in a) b;;', rejects()],
  ['all', 'case x a) b;; esac', rejects('`in`')],
  ['all', 'case in a) b;; esac', rejects()],
  // fall-through terminators (#234, #235, #236)
  ['bash zsh', 'case x in a) b;& c) d;; esac', 'Case(x in:[a) [Simple(b)] ;&, c) [Simple(d)] ;;])'],
  ['bash', 'case x in a) b;;& c) d;; esac', 'Case(x in:[a) [Simple(b)] ;;&, c) [Simple(d)] ;;])'],
  ['zsh', 'case x in a) b;| c) d;; esac', 'Case(x in:[a) [Simple(b)] ;|, c) [Simple(d)] ;;])'],
  ['sh', 'case x in a) b;& c) d;; esac', rejects()],
  ['sh zsh', 'case x in a) b;;& c) d;; esac', rejects()],
  ['bash sh', 'case x in a) b;| c) d;; esac', rejects()],
  // zsh's `case x { … }`
  ['zsh', 'case x { a) echo;; }', 'Case(x in:[a) [Simple(echo)] ;;])'],
  ['bash sh', 'case x { a) echo;; }', rejects('`in`')],
]);

table('select (bash, zsh)', [
  ['bash zsh', 'select i in a b; do c; done', 'Select(i in:[a b] do:[Simple(c)])'],
  ['bash zsh', 'select i; do c; done', 'Select(i do:[Simple(c)])'],
  ['bash zsh', 'select i in a b; { c; }', 'Select(i in:[a b] do:[Simple(c)])'],
  ['bash zsh', 'select i in a b', rejects()],
  ['sh', 'select i in a b; do c; done', rejects('`do`')],
  ['sh', 'select i in a b; { c; }', 'Simple(select i in a b); Group(Simple(c))'],
]);

table('function definitions', [
  ['all', 'f() { a; }', 'Func(f body:Group(Simple(a)))'],
  ['all', 'f () { a; }', 'Func(f body:Group(Simple(a)))'],
  ['all', 'f()\n{ a; }', 'Func(f body:Group(Simple(a)))'],
  ['all', 'f() ( a )', 'Func(f body:Subshell(Simple(a)))'],
  ['all', 'f() if a; then b; fi', 'Func(f body:If(cond:[Simple(a)] then:[Simple(b)]))'],
  ['all', 'f() for i; do a; done', 'Func(f body:For(i do:[Simple(a)]))'],
  ['all', 'f() { a; } >f', 'Func(f body:Group(Simple(a)) >f)'],
  ['all', 'f() { a; }; f', 'Func(f body:Group(Simple(a))); Simple(f)'],
  ['all', 'f()', rejects('function body')],
  ['all', 'f(a) { b; }', rejects()],
  // a body that is not a compound command: sh and zsh only (#233)
  ['sh zsh', 'f() a', 'Func(f body:Simple(a))'],
  ['sh zsh', 'f() f2() { a; }', 'Func(f body:Func(f2 body:Group(Simple(a))))'],
  ['bash', 'f() a', rejects('compound command', [4, 5])],
  ['bash', 'f() f2() { a; }', rejects('compound command')],
  ['bash zsh', 'f() [[ a ]]', 'Func(f body:Test(a))'],
  ['bash zsh', 'f() ((1))', 'Func(f body:ArithCmd(1))'],
  ['sh', 'f() [[ a ]]', 'Func(f body:Simple([[ a ]]))'],
  ['sh', 'f() ((1))', 'Func(f body:Subshell(Subshell(Simple(1))))'],
  // names: dash wants a plain name that is not a special builtin
  ['bash zsh', 'a-b() { c; }', 'Func(a-b body:Group(Simple(c)))'],
  ['bash zsh', 'exit() { a; }', 'Func(exit body:Group(Simple(a)))'],
  ['bash zsh', '"f"() { a; }', 'Func("f" body:Group(Simple(a)))'],
  ['sh', 'a-b() { c; }', rejects('plain names', [0, 3])],
  ['sh', 'exit() { a; }', rejects('special builtin')],
  ['sh', '"f"() { a; }', rejects()],
  ['bash sh', 'f( ) { a; }', 'Func(f body:Group(Simple(a)))'],
  ['zsh', 'f( ) { a; }', rejects('`}`')],
  // `function NAME` (bash, zsh; #230, #231)
  ['bash zsh', 'function f { a; }', 'Func(function f body:Group(Simple(a)))'],
  ['bash zsh', 'function f() { a; }', 'Func(function f body:Group(Simple(a)))'],
  ['bash zsh', 'function f ( a )', 'Func(function f body:Subshell(Simple(a)))'],
  ['bash', 'function f a', rejects('compound command')],
  ['bash', 'function f() a', rejects('compound command')],
  ['bash', 'function f', rejects('function body')],
  ['bash', 'function', rejects('function name')],
  ['zsh', 'function f() a', 'Func(function f body:Simple(a))'],
  ['sh', 'function f { a; }', rejects('`}`')],
  ['sh', 'function f() { a; }', rejects('`(`')],
  ['sh', 'function f', 'Simple(function f)'],
  // several names and anonymous functions: zsh
  ['zsh', 'f g () { a; }', 'Func(f g body:Group(Simple(a)))'],
  ['bash sh', 'f g () { a; }', rejects('`(`')],
]);

table('`[[ ]]` conditions (bash, zsh)', [
  ['bash zsh', '[[ a ]]', 'Test(a)'],
  ['bash zsh', '[[ -f x ]]', 'Test(-f x)'],
  ['bash zsh', '[[ -z "$x" ]]', 'Test(-z "$x")'],
  ['bash zsh', '[[ a == b ]]', 'Test(a == b)'],
  ['bash zsh', '[[ a = b ]]', 'Test(a = b)'],
  ['bash zsh', '[[ a != b* ]]', 'Test(a != b*)'],
  ['bash zsh', '[[ a -eq 1 ]]', 'Test(a -eq 1)'],
  ['bash zsh', '[[ a -nt b ]]', 'Test(a -nt b)'],
  ['bash zsh', '[[ $a == "b" ]]', 'Test($a == "b")'],
  ['bash zsh', '[[ ! a ]]', 'Test(Not(a))'],
  ['bash zsh', '[[ ! -f x ]]', 'Test(Not(-f x))'],
  ['bash zsh', '[[ a && b ]]', 'Test(And(a, b))'],
  ['bash zsh', '[[ a || b && c ]]', 'Test(Or(a, And(b, c)))'],
  ['bash zsh', '[[ ( a || b ) && c ]]', 'Test(And(Paren(Or(a, b)), c))'],
  ['bash zsh', '[[ ( a ) ]]', 'Test(Paren(a))'],
  ['bash zsh', '[[ a &&\nb ]]', 'Test(And(a, b))'],
  ['bash zsh', '[[\na ]]', 'Test(a)'],
  ['bash zsh', '[[ a ]] && echo', 'Test(a) && Simple(echo)'],
  ['bash zsh', '[[ a', rejects()],
  ['bash zsh', '[[ a b ]]', rejects()],
  ['bash zsh', '[[ a == ]]', rejects()],
  ['bash zsh', '[[ a -eq ]]', rejects()],
  ['bash zsh', '[[ a == b c ]]', rejects()],
  ['bash zsh', '[[ a ) ]]', rejects('`)`')],
  ['bash zsh', '[[ ( a ]]', rejects('`)`')],
  ['bash zsh', '[[ a ]] ]]', rejects('`]]`', [8, 10])],
  ['zsh', '[[ ]]', rejects('condition')],
  // where bash and zsh differ
  ['bash', '[[ a\n]]', rejects()],
  ['zsh', '[[ a\n]]', 'Test(a)'],
  ['bash', '[[ -f ]]', rejects('needs an operand')],
  ['zsh', '[[ -f ]]', 'Test(-f)'],
  ['bash', '[[ ! ]]', 'Test(!)'],
  ['zsh', '[[ ! ]]', rejects()],
  ['bash', '[[ a -foo b ]]', rejects('binary operator')],
  ['zsh', '[[ a -foo b ]]', 'Test(a -foo b)'],
  ['bash', ']]', rejects('`]]`')],
  ['zsh', ']]', 'Simple(]])'],
  ['all', 'echo ]]', 'Simple(echo ]])'],
  // sh: `[[` is a command name
  ['sh', '[[ a ]]', 'Simple([[ a ]])'],
  ['sh', '[[ ( a ) ]]', rejects()],
]);

table('`(( ))` arithmetic commands (bash, zsh)', [
  ['bash zsh', '((x = 1 + 2))', 'ArithCmd(x = 1 + 2)'],
  ['bash zsh', '(( x++ ))', 'ArithCmd( x++ )'],
  ['bash zsh', '((x)); ((y))', 'ArithCmd(x); ArithCmd(y)'],
  ['bash zsh', '((x)) && echo', 'ArithCmd(x) && Simple(echo)'],
  ['bash zsh', '((x)) >f', 'ArithCmd(x) >f'],
  ['bash zsh', '((x)) y', rejects('`y`')],
  ['sh', '((x))', 'Subshell(Subshell(Simple(x)))'],
]);

table('coproc', [
  ['bash', 'coproc cat', 'Coproc(Simple(cat))'],
  ['bash', 'coproc { cat; }', 'Coproc(Group(Simple(cat)))'],
  ['bash', 'coproc NAME { cat; }', 'Coproc(NAME Group(Simple(cat)))'],
  ['bash', 'coproc NAME while a; do b; done', 'Coproc(NAME While(cond:[Simple(a)] do:[Simple(b)]))'],
  ['bash', 'coproc NAME cat', 'Coproc(Simple(NAME cat))'],
  ['bash', 'coproc ( cat )', 'Coproc(Subshell(Simple(cat)))'],
  ['bash', 'coproc cat; echo started', 'Coproc(Simple(cat)); Simple(echo started)'],
  ['bash', 'coproc cat | cat', 'Coproc(Simple(cat)) | Simple(cat)'],
  ['bash', 'a | coproc cat', 'Simple(a) | Coproc(Simple(cat))'],
  // bash reads reserved words after `coproc NAME`: `coproc x }` closes a group (SPEC §2)
  ['bash', '{ coproc x }', 'Group(Coproc(Simple(x)))'],
  ['bash', 'coproc x }', rejects('`}`')],
  ['bash', 'coproc', rejects('after `coproc`')],
  // zsh: `coproc` starts a pipeline and runs all of it
  ['zsh', 'coproc cat', 'Coproc(Group(Simple(cat)))'],
  ['zsh', 'coproc cat | cat', 'Coproc(Group(Simple(cat) | Simple(cat)))'],
  ['zsh', 'coproc { cat; }', 'Coproc(Group(Group(Simple(cat))))'],
  ['zsh', 'coproc NAME { cat; }', rejects('`}`')],
  ['zsh', 'a | coproc cat', rejects('coproc')],
  // sh: an ordinary command name (#226, #227)
  ['sh', 'coproc cat', 'Simple(coproc cat)'],
  ['sh', 'coproc cat; echo started', 'Simple(coproc cat); Simple(echo started)'],
  ['sh', 'coproc { cat; }', rejects('`}`')],
  ['sh', 'coproc x }', 'Simple(coproc x })'],
]);

describe('node spans cover their source text', () => {
  const texts = (src: string, dialect: 'bash' | 'sh' | 'zsh', type: string) =>
    nodes(accept(src, dialect)).filter((n) => n.type === type).map((n) => src.slice(n.span[0], n.span[1]));
  const src = 'a && b & c; if x; then y; fi >f; f() { z; }';
  it.each(['bash', 'sh', 'zsh'] as const)('%s', (dialect) => {
    expect(texts(src, dialect, 'Statement')).toEqual(['a && b &', 'c', 'if x; then y; fi >f', 'x', 'y', 'f() { z; }', 'z']);
    expect(texts(src, dialect, 'AndOr')[0]).toBe('a && b');
    expect(texts(src, dialect, 'If')).toEqual(['if x; then y; fi >f']);
    expect(texts(src, dialect, 'Redirect')).toEqual(['>f']);
    expect(texts(src, dialect, 'FunctionDefinition')).toEqual(['f() { z; }']);
    expect(texts(src, dialect, 'BraceGroup')).toEqual(['{ z; }']);
  });
  it.each(['bash', 'zsh'] as const)('%s: arithmetic and its substitutions', (dialect) => {
    const line = '(( x + $(echo 1) )); for ((i=$n; i<`m`; i++)); do :; done';
    expect(texts(line, dialect, 'ArithmeticCommand')).toEqual(['(( x + $(echo 1) ))']);
    expect(texts(line, dialect, 'Arithmetic')).toEqual([' x + $(echo 1) ', 'i=$n', ' i<`m`', ' i++']);
    expect(texts(line, dialect, 'CommandSubstitution')).toEqual(['$(echo 1)', '`m`']);
    expect(texts(line, dialect, 'ParameterExpansion')).toEqual(['$n']);
  });
  it.each(['bash', 'sh', 'zsh'] as const)('%s: assignments and their names', (dialect) => {
    const line = 'a=1 bb=$x cmd';
    const assignments = nodes(accept(line, dialect)).filter((n) => n.type === 'Assignment');
    expect(assignments.map((a) => [line.slice(a.span[0], a.span[1]), line.slice(...(a.nameSpan as [number, number]))])).toEqual([['a=1', 'a'], ['bb=$x', 'bb']]);
  });
});
