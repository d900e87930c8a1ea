// Random command lines for the fuzz suite: grammar-aware lines built from
// the pieces agents and attackers use (words of every quoting, expansions,
// redirections, lists, compound commands, here-documents, zsh forms), and
// mutations of them (a character dropped, doubled or inserted), so that most
// lines are near the edge between what a shell accepts and what it refuses.

import fc from 'fast-check';

export type Dialect = 'bash' | 'sh' | 'zsh';

const names = ['rm', 'echo', 'cat', 'ls', 'git', 'npm', 'cd', 'x', 'f', 'true', 'eval', 'sh', 'find', 'printf', 'export', 'local'];
const plain = fc.constantFrom('a', 'b', 'x.txt', 'build', '-rf', '--', '.git', '~', '..', '*', 'a*b', '?', '[ab]', '{a,b}', '{1..3}', '-n', '0', 'y=1');

function word(depth: number): fc.Arbitrary<string> {
  const leaf = fc.oneof(
    { weight: 5, arbitrary: plain },
    { weight: 1, arbitrary: fc.constantFrom("'q'", "'a b'", '""', '"a $x"', "$'\\n'", '\\$x', '\\ ', '$x', '${x}', '${x:-d}', '${#x}', '$1', '$@', '"$@"', '$((1+2))', '${x//a/b}', '${x%.*}', '~/x', '=(1)') },
  );
  if (depth <= 0) return leaf;
  const inner = () => line(depth - 1);
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: inner().map((l) => `$(${l})`) },
    { weight: 1, arbitrary: inner().map((l) => `"$(${l})"`) },
    { weight: 1, arbitrary: inner().map((l) => `\`${l.replace(/[`\\]/g, '')}\``) },
    { weight: 1, arbitrary: inner().map((l) => `<(${l})`) },
    { weight: 1, arbitrary: fc.tuple(leaf, leaf).map(([a, b]) => a + b) },
  );
}

function simple(depth: number): fc.Arbitrary<string> {
  const redirect = fc.tuple(fc.constantFrom('>', '>>', '<', '2>', '&>', '>|', '2>&1', '<<<', '>&', '<>', '>!', '3>'), word(0)).map(([op, w]) => (op === '2>&1' ? op : `${op} ${w}`));
  return fc.tuple(
    fc.array(fc.constantFrom('A=1', 'B=$x', 'C=(a b)'), { maxLength: 1 }),
    fc.constantFrom(...names),
    fc.array(word(depth), { maxLength: 3 }),
    fc.array(redirect, { maxLength: 2 }),
  ).map(([assignments, name, words, redirects]) => [...assignments, name, ...words, ...redirects].join(' '));
}

function compound(depth: number): fc.Arbitrary<string> {
  const body = () => line(depth - 1);
  return fc.oneof(
    body().map((b) => `{ ${b}; }`),
    body().map((b) => `( ${b} )`),
    fc.tuple(body(), body()).map(([c, b]) => `if ${c}; then ${b}; fi`),
    fc.tuple(body(), body(), body()).map(([c, b, e]) => `if ${c}; then ${b}; else ${e}; fi`),
    fc.tuple(body(), body()).map(([c, b]) => `while ${c}; do ${b}; done`),
    fc.tuple(word(0), body()).map(([w, b]) => `for i in ${w}; do ${b}; done`),
    fc.tuple(word(0), body()).map(([w, b]) => `case ${w} in a) ${b};; *) ;; esac`),
    body().map((b) => `f() { ${b}; }`),
    body().map((b) => `[[ -n ${b.split(' ')[0]} ]]`),
    fc.constant('(( i++ ))'),
    body().map((b) => `! ${b}`),
    body().map((b) => `time ${b}`),
    fc.tuple(fc.constantFrom('EOF', "'EOF'", '"E"', '-EOF'), body()).map(([d, b]) => {
      const delimiter = d.replace(/['"-]/g, '');
      return `cat <<${d}\n${b}\n${delimiter}`;
    }),
    body().map((b) => `repeat 2 ${b}`),
    body().map((b) => `coproc ${b}`),
  );
}

export function line(depth = 2): fc.Arbitrary<string> {
  const command = depth > 0 ? fc.oneof({ weight: 4, arbitrary: simple(depth) }, { weight: 1, arbitrary: compound(depth) }) : simple(0);
  const separator = fc.constantFrom('; ', ' && ', ' || ', ' | ', ' & ', '\n', ' |& ', ' ;; ', ' # c\n');
  return fc.tuple(command, fc.array(fc.tuple(separator, command), { maxLength: 2 })).map(([first, rest]) => first + rest.map(([s, c]) => s + c).join(''));
}

/** A line, maybe mutated at one place: a character dropped, doubled, or one of the closers and quotes inserted. */
export function edgeLine(depth = 2): fc.Arbitrary<string> {
  return fc.tuple(line(depth), fc.nat(), fc.constantFrom('drop', 'double', 'insert', 'none', 'none'), fc.constantFrom(')', '}', '`', "'", '"', '\\', ';', '&', '|', '(', '{', '$(', '\n', ' ', 'fi', 'done', 'esac', '<<E\n', '#'))
    .map(([text, at, how, piece]) => {
      const i = text.length === 0 ? 0 : at % text.length;
      if (how === 'drop') return text.slice(0, i) + text.slice(i + 1);
      if (how === 'double') return text.slice(0, i + 1) + text.slice(i);
      if (how === 'insert') return text.slice(0, i) + piece + text.slice(i);
      return text;
    });
}

/** Any string at all, bytes of every kind included. */
export const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: fc.constantFrom('$', '(', ')', '{', '}', '`', "'", '"', '\\', ';', '&', '|', '<', '>', '\n', ' ', 'a', '#', '*', '[', ']', '=', '~', '!', '\r', '\u00a0'), maxLength: 200 }),
);
