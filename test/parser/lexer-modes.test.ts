// The lexer's modes: command words and control operators, comments, line
// continuations, `((` in command position, `[[ ]]` conditions, the right side
// of `=~`, case patterns, array elements (SPEC §2; dialects.md §4, §10).
// Redirection operators: redirections.test.ts; here-document bodies:
// heredocs.test.ts; quotes and expansions: words.test.ts. Verdicts confirmed
// with bash -O extglob -n, dash -n, zsh -f -n.

import { table, rejects } from './helpers.js';

table('control operators', [
  ['all', 'a && b || c', 'Simple(a) && Simple(b) || Simple(c)'],
  ['all', 'echo a&&b', 'Simple(echo a) && Simple(b)'],
  ['all', 'echo a||b', 'Simple(echo a) || Simple(b)'],
  ['all', 'echo a;b', 'Simple(echo a); Simple(b)'],
  ['all', 'a|b', 'Simple(a) | Simple(b)'],
  ['all', 'echo a&b', 'Simple(echo a) &; Simple(b)'],
  ['all', 'echo a\nb', 'Simple(echo a); Simple(b)'],
  ['all', ';;', rejects('`;;`')],
  ['all', 'echo a;;', rejects('`;;`')],
  ['all', '&', rejects('`&`')],
  // `|&` pipes stderr too (bash, zsh); sh reads `|` then `&`
  ['bash zsh', 'a |& b', 'Simple(a) |& Simple(b)'],
  ['sh', 'a |& b', rejects()],
  // zsh's `&|` and `&!` background and disown; elsewhere `&` then `|` (an error) or `&` then `! cmd`
  ['zsh', 'echo hi &| cat', 'Simple(echo hi) &; Simple(cat)'],
  ['zsh', 'echo hi &! cat', 'Simple(echo hi) &; Simple(cat)'],
  ['zsh', 'echo hi &!', 'Simple(echo hi) &'],
  ['bash sh', 'echo hi &| cat', rejects('`|`')],
  ['bash sh', 'echo hi &! cat', 'Simple(echo hi) &; ! Simple(cat)'],
]);

table('comments start only at the start of a word', [
  ['all', 'echo a#b', 'Simple(echo a#b)'],
  ['all', 'echo a #b', 'Simple(echo a)'],
  ['all', 'echo a;#b', 'Simple(echo a)'],
  ['all', 'echo "a"#b', 'Simple(echo "a"#b)'],
  ['all', 'echo a\\#b', 'Simple(echo a\\#b)'],
  ['all', 'echo $# ${#x}', 'Simple(echo $# ${#x})'],
  ['all', '# only a comment', ''],
  ['all', 'echo a # ; rm x', 'Simple(echo a)'],
  ['all', 'echo a # comment\necho b', 'Simple(echo a); Simple(echo b)'],
  // a backslash-newline does not continue a comment (#261)
  ['all', 'echo a # b \\\nc', 'Simple(echo a); Simple(c)'],
  // after a line continuation, `#` is still inside the word
  ['all', 'echo a\\\n#b', 'Simple(echo a\\⏎#b)'],
  ['all', 'echo \\\n#b', 'Simple(echo)'],
]);

table('line continuations vanish: inside words and reserved words, and (bash, sh) inside operators', [
  ['all', 'i\\\nf true; then :; fi', 'If(cond:[Simple(true)] then:[Simple(:)])'],
  ['all', 'ec\\\nho hi', 'Simple(ec\\⏎ho hi)'],
  ['all', 'echo a \\\n b', 'Simple(echo a b)'],
  // bash and dash remove a line continuation before they read operators; zsh does not.
  // Deliberate refusal: treeward refuses an operator split by a line continuation in every dialect
  // (the shells read it differently), with a message saying so, rather than follow bash here.
  ['bash sh', 'echo a &\\\n& echo b', rejects('line continuation inside an operator')],
  ['bash sh', 'a |\\\n| b', rejects('line continuation inside an operator')],
  ['bash sh', 'echo a >\\\n> f', rejects('line continuation inside an operator')],
  ['zsh', 'echo a &\\\n& echo b', rejects()],
  ['zsh', 'a |\\\n| b', rejects()],
  ['zsh', 'echo a >\\\n> f', rejects()],
  ['all', 'true \\\n| cat', 'Simple(true) | Simple(cat)'],
  // a newline after `&&` or `|` is allowed without a backslash
  ['all', 'a &&\nb', 'Simple(a) && Simple(b)'],
  ['all', 'a |\nb', 'Simple(a) | Simple(b)'],
  ['all', 'a |\n\n b', 'Simple(a) | Simple(b)'],
]);

table('`((` in command position: arithmetic in bash and zsh, two subshells in sh (#73, #74)', [
  ['bash zsh', '((a>b))', 'ArithCmd(a>b)'],
  ['sh', '((a>b))', 'Subshell(Subshell(Simple(a >b)))'],
  ['bash zsh', '(( 2 > 1 )) && echo yes', 'ArithCmd( 2 > 1 ) && Simple(echo yes)'],
  ['sh', '(( 2 > 1 )) && echo yes', 'Subshell(Subshell(Simple(2 >1))) && Simple(echo yes)'],
  ['bash zsh', '((x = 1 + 2))', 'ArithCmd(x = 1 + 2)'],
  ['bash zsh', '(( $(echo 1) ))', 'ArithCmd( $(echo 1) )'],
  // parentheses that do not close as `))` are nested subshells everywhere
  ['all', '((a)|b)', 'Subshell(Subshell(Simple(a)) | Simple(b))'],
  ['all', '((echo a); echo b)', 'Subshell(Subshell(Simple(echo a)); Simple(echo b))'],
  ['all', '(( a ) )', 'Subshell(Subshell(Simple(a)))'],
  ['all', '( (a) )', 'Subshell(Subshell(Simple(a)))'],
  ['all', '((', rejects()],
  ['all', '(( 1 )', rejects()],
  // not in argument position
  ['bash sh', 'echo ((1))', rejects()],
  ['zsh', 'echo ((1))', 'Simple(echo ((1)))'],
]);

table('`[[ ]]`: `<` and `>` compare in bash and zsh; in sh `[[` is a word and `>` redirects (#68, #69)', [
  ['bash zsh', '[[ a > b ]]', 'Test(a > b)'],
  ['bash zsh', '[[ a < b ]] && echo yes', 'Test(a < b) && Simple(echo yes)'],
  ['sh', '[[ a > b ]]', 'Simple([[ a ]] >b)'],
  ['sh', '[[ a < b ]] && echo yes', 'Simple([[ a ]] <b) && Simple(echo yes)'],
  // `[` is a command everywhere: `>` redirects (#70)
  ['all', '[ a > b ]', 'Simple([ a ] >b)'],
  ['all', 'echo [[ a', 'Simple(echo [[ a)'],
  // `&>` inside `[[ ]]` is not a redirection
  ['bash zsh', '[[ a &&b ]]', 'Test(And(a, b))'],
]);

table('the right side of `=~`: parentheses and `|` belong to the regex word', [
  ['bash zsh', '[[ a =~ (x|y)+ ]]', 'Test(a =~ (x|y)+)'],
  ['bash zsh', '[[ $x =~ [0-9]+ ]]', 'Test($x =~ [0-9]+)'],
  ['bash zsh', '[[ x =~ a(b c) ]]', 'Test(x =~ a(b c))'],
  ['bash zsh', '[[ x =~ a\\ b ]]', 'Test(x =~ a\\ b)'],
  ['bash zsh', "[[ x =~ 'a b' ]]", "Test(x =~ 'a b')"],
  // a bare `|` at the top of a bash regex belongs to it; zsh reads a pipe
  ['bash', '[[ a =~ ^a|b$ ]]', 'Test(a =~ ^a|b$)'],
  ['zsh', '[[ a =~ ^a|b$ ]]', rejects('`|`')],
  ['bash zsh', '[[ a =~ ( ]]', rejects()],
  ['bash zsh', '[[ a =~ a b ]]', rejects()],
  // elsewhere in `[[ ]]` parentheses group: bash refuses them after `==`, zsh reads a glob group
  ['bash', '[[ x == (a|b) ]]', rejects()],
  ['bash', '[[ x == a(b|c) ]]', rejects()],
  ['zsh', '[[ x == (a|b) ]]', 'Test(x == (a|b))'],
  ['zsh', '[[ x == a(b|c) ]]', 'Test(x == a(b|c))'],
  ['sh', '[[ a =~ (x|y)+ ]]', rejects()],
  ['sh', '[[ a =~ ^a|b$ ]]', 'Simple([[ a =~ ^a) | Simple(b$ ]])'],
]);

table('case patterns: `(`, `|` and `)` delimit patterns', [
  ['all', 'case x in a|b) echo;; esac', 'Case(x in:[a|b) [Simple(echo)] ;;])'],
  ['bash sh', 'case x in (a) echo;; esac', 'Case(x in:[a) [Simple(echo)] ;;])'],
  ['all', 'case x in *.txt|"q"|[ab]) echo;; esac', 'Case(x in:[*.txt|"q"|[ab]) [Simple(echo)] ;;])'],
  ['all', 'case x in in) echo;; esac', 'Case(x in:[in) [Simple(echo)] ;;])'],
  ['all', 'case x in a b) echo;; esac', rejects()],
  ['all', 'case x in esac) echo;; esac', rejects()],
  // extglob patterns (bash) and zsh glob groups
  ['bash zsh', 'case x in @(a|b)) echo;; esac', 'Case(x in:[@(a|b)) [Simple(echo)] ;;])'],
  ['sh', 'case x in @(a|b)) echo;; esac', rejects()],
  ['zsh', 'case x in (a|b)) echo;; esac', 'Case(x in:[(a|b)) [Simple(echo)] ;;])'],
  ['bash sh', 'case x in (a|b)) echo;; esac', rejects()],
  // zsh allows empty alternatives
  ['zsh', 'case x in a|) echo;; esac', 'Case(x in:[a) [Simple(echo)] ;;])'],
  ['zsh', 'case x in |b) echo;; esac', 'Case(x in:[b) [Simple(echo)] ;;])'],
  ['bash sh', 'case x in a|) echo;; esac', rejects('case pattern')],
  ['bash sh', 'case x in |b) echo;; esac', rejects('case pattern')],
]);

table('array elements: `name=(…)` (bash, zsh)', [
  ['bash zsh', 'a=(1 2 3)', 'Simple(assign:[a=(1 2 3)])'],
  ['bash zsh', 'a=(*.txt {a,b} $x "q")', 'Simple(assign:[a=(*.txt {a,b} $x "q")])'],
  ['bash zsh', 'a=(x # c\ny)', 'Simple(assign:[a=(x # c⏎y)])'],
  ['bash', 'a=([k]=v [a b]=w)', 'Simple(assign:[a=([k]=v [a b]=w)])'],
  ['zsh', 'a=([1]=v [2]=w)', 'Simple(assign:[a=([1]=v [2]=w)])'],
  ['bash zsh', 'a=(a|b)', rejects('`|`')],
  ['bash zsh', 'a=(>f)', rejects('`>`')],
  ['bash', 'a=(a;b)', rejects('`;`')],
  ['bash', 'a=(a (b))', rejects('`(`')],
  // zsh reads `;` and `(…)` inside an array
  ['zsh', 'a=(a;b)', 'Simple(assign:[a=(a;b)])'],
  ['zsh', 'a=(a (b))', 'Simple(assign:[a=(a (b))])'],
  ['bash zsh', 'a=(', rejects('unterminated array')],
  ['bash zsh', 'a=(1 2', rejects('unterminated array')],
  ['sh', 'a=(1 2)', rejects()],
]);
