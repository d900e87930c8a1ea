// Generated hostile lines for the containment proof: ordinary commands (each
// of which a logging stub records, with its cwd) mixed with the pieces that
// break a `cd -- DIR && { … }` group or a parser: closers and openers,
// quotes, heredocs, backslashes, comments, zsh braces, keywords, separators.

import fc from 'fast-check';
import type { DialectName } from '../../src/syntax/dialect.js';
import type { Layout } from '../support/shells.js';

/** Commands a stub logs (or a builtin that writes), all harmless inside the tree. */
const commands = [
  'rm -rf sub', 'rm -f a.txt', 'touch new.txt', 'git status', 'ls -la', 'mv a.txt b.txt', 'cat a.txt', 'mkdir -p d/e',
  'echo hi > out.txt', 'npm test', 'cp a.txt c.txt', 'find . -name "*.tmp" -delete', 'git clean -fdx', 'node x.js',
  'echo }', 'echo {', 'echo "}"', "echo '{'", 'printf "%s\\n" x', 'true', 'sed -n 1p a.txt', 'grep -c x a.txt',
];

/** The pieces attackers and accidents put in a line. */
const hostile = [
  '}', ')', '{', '(', 'fi', 'done', 'esac', 'then', 'do', ';;', '{ true', 'true; }', '"{"', "'}'", '\\}', '{""', 'x}',
  '{echo hi}', '{ echo hi }', "'", '"', '\\', '\\\\', '\\\n', '#', '# }', '# x \\\n', '<<EOF\n}\nEOF', "cat <<'EOF'\n}\nrm x\nEOF",
  'cat <<EOF', 'cat <<-EOF\n\t}\n\tEOF', '$(', '`', '$( echo } )', '`echo }`', "$'\\''", "$'}'", '!', 'exit', 'if true; then',
  'case x in x)', '"then"', '\\!', 'function f {', 'f() {', '&!', '&|', '|&', '=(', 'coproc x }', 'repeat 1', 'always',
  '${x}', '${', '$((', '))', '[[', ']]', 'EOF', "'EOF'", '<<<', '>', '<', '2>&1', '&>', '>|', '>!',
];

const separators = [' ', ' ', '; ', '\n', ' && ', ' || ', ' | ', ' & ', ''];

/** One generated line: a few pieces, mostly commands, joined by separators. */
export const hostileLine: fc.Arbitrary<string> = fc
  .array(
    fc.record({
      piece: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...commands) }, { weight: 2, arbitrary: fc.constantFrom(...hostile) }),
      sep: fc.constantFrom(...separators),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((items) => items.map((item, i) => (i === 0 ? item.piece : item.sep + item.piece)).join(''));

export const hostileCase = fc.record({ line: hostileLine, dialect: fc.constantFrom<DialectName>('bash', 'sh', 'zsh') });

/** The scratch tree generated lines run in: a small project under the moved tree. */
export const hostileLayout: Layout = {
  home: {
    'project/a.txt': 'a\n',
    'project/sub/x.txt': 'x\n',
    'project/x.js': 'console.log(1)\n',
    'project/.git/HEAD': 'ref: refs/heads/main\n',
    'project/.git/config': '[core]\n',
    'outside/keep.txt': 'keep\n',
  },
};
