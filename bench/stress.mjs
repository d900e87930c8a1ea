// The adversarial families of issue 6 ("no input crashes, hangs or exhausts treeward"), for the
// stress table of `npm run bench`. Each family is one input grown to 1%, 10% and 100% of its full
// size (`sizes`, in the family's own unit: bytes, levels, here-documents, stages, characters);
// bench/worker.mjs times `parse` (and `approve`) on each and records peak memory, so that growth
// is visible: time at 100% over time at 1%, divided by the growth in bytes, is about 1 when the
// work is linear in the input.

const KB = 1000;
const MB = 1000 * KB;

/** `head + unit × n + tail`, with `#` in the unit replaced by a counter (mod 1000). */
function repeat(head, unit, n, tail = '') {
  if (!unit.includes('#')) return head + unit.repeat(n) + tail;
  const parts = [head];
  for (let i = 0; i < n; i++) parts.push(unit.replaceAll('#', String(i % 1000)));
  parts.push(tail);
  return parts.join('');
}

/** Grow `unit` until the input reaches `bytes`. */
function toBytes(head, unit, bytes, tail = '') {
  const per = unit.replaceAll('#', '500').length;
  return repeat(head, unit, Math.max(1, Math.ceil((bytes - head.length - tail.length) / per)), tail);
}

const lineSizes = [10 * KB, 100 * KB, 1 * MB];
const levels = [100, 1000, 10_000];

/**
 * name, what the size counts, the sizes (100% last), make(size) → source, and the dialect to
 * read it in. `expect` says what treeward should do with the full size: 'parse' (read it whole)
 * or 'refuse' (a ParseError or BudgetError, found without reading it all).
 */
export const stressFamilies = [
  // A 1 MB single line of agent-like commands (quotes, expansions, substitutions, redirections).
  {
    name: '1 MB line: agent commands joined by &&', unit: 'bytes', sizes: lineSizes, expect: 'parse',
    make: (n) => toBytes('cd web', ' && grep -rn "x$# ${y:-#}" src/ | sed \'s/a/b/\' > "out#.txt" 2>&1', n),
  },
  // Many words in one command, and many unknown commands (issue 18 item 2: judging per word and per command).
  { name: '1 MB line: echo w0 w1 w2 … (words)', unit: 'bytes', sizes: lineSizes, expect: 'parse', make: (n) => toBytes('echo', ' w#', n) },
  { name: '1 MB line: unknown commands joined by &&', unit: 'bytes', sizes: lineSizes, expect: 'parse', make: (n) => toBytes('true', ' && cmd# --flag=#', n) },
  {
    name: '1 MB line: one word a=b$x…', unit: 'bytes', sizes: lineSizes, expect: 'parse',
    make: (n) => toBytes('echo ', 'a#=b$x/', n),
  },
  // Nesting, 10,000 levels: the nesting budget refuses it after 200, in time linear in what it read.
  { name: '10k levels: $( $( … ) )', unit: 'levels', sizes: levels, expect: 'refuse', make: (n) => `${'echo $('.repeat(n)}x${')'.repeat(n)}` },
  { name: '10k levels: ( ( … ) )', unit: 'levels', sizes: levels, expect: 'refuse', make: (n) => `${'( '.repeat(n)}true${' )'.repeat(n)}` },
  { name: '10k levels: { { …; }; }', unit: 'levels', sizes: levels, expect: 'refuse', make: (n) => `${'{ '.repeat(n)}true${'; }'.repeat(n)}` },
  { name: '10k levels: "$( "$( … )" )"', unit: 'levels', sizes: levels, expect: 'refuse', make: (n) => `${'echo "$('.repeat(n)}x${')"'.repeat(n)}` },
  { name: '10k levels: ${x:-${x:-…}}', unit: 'levels', sizes: levels, expect: 'refuse', make: (n) => `echo ${'${x:-'.repeat(n)}y${'}'.repeat(n)}` },
  { name: '10k levels: $(( ( ( … ) ) ))', unit: 'levels', sizes: levels, expect: 'parse', make: (n) => `echo $((${'('.repeat(n)}1${')'.repeat(n)}))` },
  // Backquotes cannot nest without doubling backslashes, so 10,000 of them alternate: `echo `echo …
  { name: '10k backquotes: echo `echo `echo …', unit: 'backquotes', sizes: levels, expect: 'parse', make: (n) => `echo ${'`echo '.repeat(n)}${n % 2 ? '`' : ''}` },
  { name: '10k levels: `echo \\`echo \\\\\\`…', unit: 'levels', sizes: [4, 8, 16], expect: 'parse', make: (n) => nestedBackquotes(n) },
  // Here-documents.
  { name: '10k heredocs on one line', unit: 'heredocs', sizes: levels, expect: 'parse', make: (n) => `cat${' <<E'.repeat(n)}\n${'body $x\nE\n'.repeat(n)}` },
  { name: '10k heredocs, none terminated', unit: 'heredocs', sizes: levels, expect: 'parse', make: (n) => `cat${' <<E'.repeat(n)}\n${'body\n'.repeat(n)}` },
  { name: '10k $(cat <<E) on one line', unit: 'heredocs', sizes: levels, expect: 'parse', make: (n) => `echo${' $(cat <<E)'.repeat(n)}\n${'b\nE\n'.repeat(n)}` },
  // Pipelines: bash's own parser refuses more than 3,333 stages, dash reads any number.
  { name: '100k pipeline stages (sh)', unit: 'stages', sizes: [1000, 10_000, 100_000], dialect: 'sh', expect: 'parse', make: (n) => `true${' | cat'.repeat(n - 1)}` },
  { name: '100k pipeline stages (bash)', unit: 'stages', sizes: [1000, 10_000, 100_000], expect: 'refuse', make: (n) => `true${' | cat'.repeat(n - 1)}` },
  { name: '100k stages: a && b && … (bash)', unit: 'stages', sizes: [1000, 10_000, 100_000], expect: 'parse', make: (n) => `true${' && cat'.repeat(n - 1)}` },
  // A glob of 10,000 characters.
  { name: '10k-char glob: *a?[bc]…', unit: 'chars', sizes: levels, expect: 'parse', make: (n) => `ls ${toBytes('', '*a?[bc]', n)}` },
  { name: '10k-char glob: [[[[… unclosed', unit: 'chars', sizes: levels, expect: 'parse', make: (n) => `ls ${'['.repeat(n)}` },
  { name: '10k-char glob: [:[:[:… unclosed', unit: 'chars', sizes: levels, expect: 'parse', make: (n) => `ls x${'[:'.repeat(n >> 1)}` },
  { name: '10k-char glob: {{{{… unclosed', unit: 'chars', sizes: levels, expect: 'parse', make: (n) => `ls ${'{'.repeat(n)}` },
  { name: '10k-char glob: {a,{a,… unclosed', unit: 'chars', sizes: levels, expect: 'parse', make: (n) => `ls ${'{a,'.repeat(Math.ceil(n / 3))}` },
  { name: '10k-char glob: {a,b}{a,b}…', unit: 'chars', sizes: levels, expect: 'parse', make: (n) => `ls ${'{a,b}'.repeat(Math.ceil(n / 5))}` },
  { name: '10k-char glob: @(a|@(a|… (extglob)', unit: 'chars', sizes: levels, expect: 'parse', make: (n) => `ls ${'@(a|'.repeat(n >> 2)}b${')'.repeat(n >> 2)}` },
  // Unclosed everything: the error must be found in linear time too.
  { name: 'unclosed "…', unit: 'bytes', sizes: lineSizes, expect: 'refuse', make: (n) => toBytes('echo "', '$x ${y} w#', n) },
  { name: "unclosed '…", unit: 'bytes', sizes: lineSizes, expect: 'refuse', make: (n) => toBytes("echo '", 'w# ', n) },
  { name: 'unclosed ${…', unit: 'bytes', sizes: lineSizes, expect: 'refuse', make: (n) => toBytes('echo ${x:-', 'w# "a" ', n) },
  { name: 'unclosed $(…', unit: 'bytes', sizes: lineSizes, expect: 'refuse', make: (n) => toBytes('echo $(', 'echo w# && ', n) },
  { name: 'unclosed $((…', unit: 'bytes', sizes: lineSizes, expect: 'refuse', make: (n) => toBytes('echo $((', '1 + (', n) },
  { name: 'unclosed [[ …', unit: 'bytes', sizes: lineSizes, expect: 'refuse', make: (n) => toBytes('[[ ', '-n x# && ', n) },
  { name: 'unclosed heredoc body', unit: 'bytes', sizes: lineSizes, expect: 'parse', make: (n) => toBytes('cat <<EOF\n', 'line $# of a body\n', n) },
  { name: 'unclosed "$( ${ \' … (mixed)', unit: 'levels', sizes: levels, expect: 'refuse', make: (n) => `echo ${'"$(echo ${x:-\''.repeat(n)}` },
  { name: 'unclosed if/while/case …', unit: 'levels', sizes: levels, expect: 'refuse', make: (n) => 'if true; then while true; do case x in x) '.repeat(n) },
  // Judging work (approve): lines whose judging multiplies (each call, each pass, each field walked
  // again), where the judging-work budget, not the input's length, bounds approve's time.
  { name: 'functions calling the one before twice', note: 'approve is bounded by the judging-work budget (too-complex), not linear in the input', unit: 'levels', sizes: [4, 8, 16], expect: 'parse', make: (n) => functionChain(n) },
  { name: 'loops over 32 words, nested', note: 'approve is bounded by the judging-work budget (too-complex), not linear in the input', unit: 'levels', sizes: [1, 2, 4], expect: 'parse', make: (n) => nestedLoops(n) },
  { name: 'words of {a,b}×8 (256 fields each)', note: 'approve is bounded by the judging-work budget (too-complex), not linear in the input', unit: 'words', sizes: [100, 1000, 10_000], expect: 'parse', make: (n) => `echo ${`${'{a,b}'.repeat(8)} `.repeat(n)}` },
  { name: 'a function that calls itself twice', unit: 'calls', sizes: [2, 20, 200], expect: 'parse', make: (n) => `f() { ${'f; '.repeat(n)}}; f` },
];

/** `f0() { echo x > out; }; f1() { f0; f0; }; …; fN`: 2^N calls of f0 if each were followed. */
function functionChain(levels) {
  let line = 'f0() { echo x > out; }';
  for (let i = 1; i <= levels; i++) line += `; f${i}() { f${i - 1}; f${i - 1}; }`;
  return `${line}; f${levels}`;
}

/** `for a in w0 … w31; do for b in …; do … echo $a > "out$a"; done; done`: 32^depth passes if each were followed. */
function nestedLoops(depth) {
  const words = Array.from({ length: 32 }, (_, i) => `w${i}`).join(' ');
  const names = 'abcdefgh'.slice(0, depth).split('');
  return `${names.map((v) => `for ${v} in ${words}; do `).join('')}echo $a > "out$a"${'; done'.repeat(depth)}`;
}

/** Backquotes nested `depth` levels, each level doubling the backslashes before the inner ones. */
function nestedBackquotes(depth) {
  let s = 'x';
  for (let d = depth - 1; d >= 0; d--) {
    const q = '\\'.repeat(2 ** d - 1) + '`';
    s = `echo ${q}${s}${q}`;
  }
  return s;
}
