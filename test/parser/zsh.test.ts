// zsh's own grammar: short forms, `repeat`, `foreach … end`, `{ } always { }`,
// anonymous and multi-name functions, redirections before a compound
// command, `nocorrect`, and the expansions `zsh -n` checks at the top level
// (SPEC §2; dialects.md §10). Each form is also shown refused by bash and sh.
// Verdicts confirmed with bash -O extglob -n, dash -n, zsh -f -n.

import { rejects, table } from './helpers.js';

table('short forms of `if`, `while`, `until`, `for` (#327–#332, #220, #225)', [
  ['zsh', 'if [[ -f a ]] echo yes', 'If(cond:[Test(-f a)] then:[Simple(echo yes)])'],
  ['zsh', 'if [[ -f a ]] { echo yes }; echo after', 'If(cond:[Test(-f a)] then:[Simple(echo yes)]); Simple(echo after)'],
  ['zsh', 'if [[ -f a ]] { echo yes }\necho after', 'If(cond:[Test(-f a)] then:[Simple(echo yes)]); Simple(echo after)'],
  ['zsh', 'if [[ a ]] { echo a } elif [[ b ]] { echo b } else { echo c }', 'If(cond:[Test(a)] then:[Simple(echo a)] elif:[Test(b)] then:[Simple(echo b)] else:[Simple(echo c)])'],
  ['zsh', 'if [[ a ]] { echo a } else { echo c }', 'If(cond:[Test(a)] then:[Simple(echo a)] else:[Simple(echo c)])'],
  // the short `if {…}` fails at the end of the input (#220), and a plain command as the test is not delimited
  ['zsh', 'if [[ -f a ]] { echo yes }', rejects()],
  ['zsh', 'if true { echo a } else { echo c }', rejects('`}`')],
  ['zsh', 'while (( i++ < 2 )) { echo x }', 'While(cond:[ArithCmd( i++ < 2 )] do:[Simple(echo x)])'],
  ['zsh', 'while false { echo x }; echo done', rejects('`}`')],
  ['zsh', 'until false { echo x }', rejects('`}`')],
  ['zsh', 'for i (a b) echo $i', 'For(i in:[a b] do:[Simple(echo $i)])'],
  ['zsh', 'for i in a b; echo $i', 'For(i in:[a b] do:[Simple(echo $i)])'],
  ['zsh', 'for i in a; { echo $i }', 'For(i in:[a] do:[Simple(echo $i)])'],
  ['bash sh', 'if [[ -f a ]] echo yes', rejects()],
  ['bash sh', 'if [[ -f a ]] { echo yes }; echo after', rejects()],
  ['bash sh', 'while (( i++ < 2 )) { echo x }', rejects()],
]);

table('repeat (#223, #331)', [
  ['zsh', 'repeat 3 echo x', 'Repeat(3 do:[Simple(echo x)])'],
  ['zsh', 'repeat 3; do echo; done', 'Repeat(3 do:[Simple(echo)])'],
  ['zsh', 'repeat 3 { echo x }', 'Repeat(3 do:[Simple(echo x)])'],
  ['zsh', 'repeat $n echo', 'Repeat($n do:[Simple(echo)])'],
  ['zsh', 'repeat 2; echo', 'Repeat(2 do:[Simple(echo)])'],
  ['zsh', 'repeat', rejects('count')],
  ['bash sh', 'repeat 3 echo x', 'Simple(repeat 3 echo x)'],
  ['bash sh', 'repeat 3; do echo; done', rejects('`do`')],
  ['bash sh', 'repeat', 'Simple(repeat)'],
]);

table('foreach … end (#224)', [
  ['zsh', 'foreach i (a b); echo $i; end', 'For(i in:[a b] do:[Simple(echo $i)])'],
  ['zsh', 'foreach i (a b)\necho $i\nend', 'For(i in:[a b] do:[Simple(echo $i)])'],
  ['zsh', 'foreach i in a b; echo; end', 'For(i in:[a b] do:[Simple(echo)])'],
  ['zsh', 'foreach i j (a b c d); echo; end', 'For(i j in:[a b c d] do:[Simple(echo)])'],
  ['zsh', 'foreach i (a b) echo $i', rejects('`end`')],
  ['zsh', 'foreach', rejects()],
  ['bash sh', 'foreach i (a b); echo $i; end', rejects('`(`')],
]);

table('{ … } always { … }', [
  ['zsh', '{ a; } always { b; }', 'Always(try:[Simple(a)] always:[Simple(b)])'],
  ['zsh', '{ a } always { b }', 'Always(try:[Simple(a)] always:[Simple(b)])'],
  ['zsh', '{ a; } always { b; } >f', 'Always(try:[Simple(a)] always:[Simple(b)]) >f'],
  ['zsh', '{ a; } always', rejects('`{` after `always`')],
  ['zsh', '{ a }\nalways { b }', rejects()],
  ['bash sh', '{ a; } always { b; }', rejects('`always`')],
]);

table('functions: several names, anonymous functions, bodies', [
  ['zsh', 'f g () { a; }', 'Func(f g body:Group(Simple(a)))'],
  ['zsh', 'f g h() { :; }', 'Func(f g h body:Group(Simple(:)))'],
  ['zsh', 'function f g { echo }', 'Func(function f g body:Group(Simple(echo)))'],
  ['zsh', 'function f a', 'Func(function f a body:Group())'],
  ['zsh', 'function f', 'Func(function f body:Group())'],
  ['zsh', 'f() a', 'Func(f body:Simple(a))'],
  // anonymous functions run at once, with the words after them as arguments
  ['zsh', '() { echo hi; } x y', 'Func(body:Group(Simple(echo hi)) args:[x y])'],
  ['zsh', '() { :; } >f', 'Func(body:Group(Simple(:)) >f)'],
  ['zsh', '() echo hi', 'Func(body:Simple(echo hi))'],
  ['zsh', 'function { echo; } a', 'Func(function body:Group(Simple(echo)) args:[a])'],
  ['zsh', '()', rejects('function body')],
  ['bash sh', '() { echo hi; } x y', rejects()],
  ['bash', 'function { echo; } a', rejects()],
  ['sh', 'function { echo; } a', rejects('`}`')],
]);

table('redirections before a compound command', [
  ['zsh', '>f { echo; }', 'Group(Simple(echo)) >f'],
  ['zsh', '>f if true; then :; fi', 'If(cond:[Simple(true)] then:[Simple(:)]) >f'],
  ['zsh', '2>&1 while a; do b; done', 'While(cond:[Simple(a)] do:[Simple(b)]) 2>&1'],
  ['zsh', '>f [[ a ]]', 'Test(a) >f'],
  ['zsh', '>f (a)', 'Subshell(Simple(a)) >f'],
  ['zsh', '>f ((1))', 'ArithCmd(1) >f'],
  ['zsh', 'a=1 { echo; }', rejects('`{`')],
  ['bash sh', '>f { echo; }', rejects('`}`')],
  ['bash sh', '>f if true; then :; fi', rejects()],
  ['bash sh', '>f (a)', rejects('`(`')],
]);

table('nocorrect', [
  ['zsh', 'nocorrect echo hi', 'Simple(echo hi)'],
  ['zsh', '! nocorrect echo', '! Simple(echo)'],
  ['bash sh', 'nocorrect echo hi', 'Simple(nocorrect echo hi)'],
]);

table('expansions `zsh -n` checks: top-level simple commands only', [
  ['zsh', 'echo ${a b}', rejects('bad substitution', [5, 11])],
  ['zsh', 'echo "${a b}"', rejects('bad substitution', [6, 12])],
  ['zsh', 'echo $[1+]', rejects('bad math expression', [5, 10])],
  ['zsh', 'echo $[1+2]', 'Simple(echo $[1+2])'],
  ['zsh', 'if true; then echo ${a b}; fi', 'If(cond:[Simple(true)] then:[Simple(echo ${a b})])'],
  ['zsh', '{ echo ${a b} }', 'Group(Simple(echo ${a b}))'],
  ['zsh', 'f() { echo ${a b}; }', 'Func(f body:Group(Simple(echo ${a b})))'],
  ['zsh', 'a || echo ${a b}', 'Simple(a) || Simple(echo ${a b})'],
  ['zsh', 'time echo ${a b}', 'time Simple(echo ${a b})'],
  ['zsh', 'x=${a b}', 'Simple(assign:[x=${a b}])'],
  ['bash sh', 'echo ${a b}', 'Simple(echo ${a b})'],
  ['bash', 'echo $[1+]', 'Simple(echo $[1+])'],
]);
