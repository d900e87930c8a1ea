// The small helpers of src/syntax/ that the lexer, the parser and the
// approver share: the text of a word (word-text.ts) and the one traversal
// of the tree (visit.ts).

import { describe, expect, it } from 'vitest';
import { parse, type DialectName, type Node, type Word } from '../../src/index.js';
import { forEachCommand, forEachWordPart, walk } from '../../src/syntax/visit.js';
import { leadingText, quoteRemovedLiteral, quoteRemovedText, unquotedLiteral } from '../../src/syntax/word-text.js';

/** The first argument of the first command of `echo …`. */
function argument(src: string, dialect: DialectName = 'bash'): Word {
  const command = parse(src, { dialect }).body[0]!.andOr.pipelines[0]!.commands[0]!;
  if (command.type !== 'SimpleCommand') throw new Error(`not a simple command: ${src}`);
  return command.words[1]!;
}

describe('word-text', () => {
  it.each([
    ['echo abc', 'abc'],
    ['echo a*b', 'a*b'],
    ['echo i\\\nf', 'if'],
    ["echo 'a'", null],
    ['echo \\a', null],
    ['echo $x', null],
    ['echo ~/x', null],
    ['echo {a,b}', null],
  ])('unquotedLiteral(%j) is %j', (src, expected) => {
    expect(unquotedLiteral(argument(src))).toBe(expected);
  });

  it.each([
    ['echo abc', 'abc'],
    [`echo 'a'"b"\\c`, 'abc'],
    [`echo $'a\\tb'`, 'a\tb'],
    ['echo "a\\$b"', 'a$b'],
    ['echo "a$b"', null],
    ['echo a*', null],
    ['echo ~', null],
  ])('quoteRemovedLiteral(%j) is %j', (src, expected) => {
    expect(quoteRemovedLiteral(argument(src))).toBe(expected);
  });

  it.each([
    ['echo "ext::$CMD"', 'ext::', false],
    [`echo 'a'"b"`, 'ab', true],
    ['echo a$x', 'a', false],
    ['echo $x', '', false],
  ])('leadingText(%j) is %j, whole %j', (src, text, whole) => {
    expect(leadingText(argument(src))).toEqual({ text, whole });
  });

  it.each([
    ['cat <<EOF', 'EOF'],
    ["cat <<'E O'", 'E O'],
    ['cat <<"E\\$x"', 'E$x'],
    ['cat <<E"$x"', 'E$x'],
    ['cat <<$x', '$x'],
    ['cat <<\\EOF', 'EOF'],
  ])('quoteRemovedText of the delimiter of %j is %j', (src, expected) => {
    const command = parse(src + '\n').body[0]!.andOr.pipelines[0]!.commands[0]!;
    const redirect = command.redirects[0]!;
    expect(quoteRemovedText(redirect.target, src)).toBe(expected);
    expect(redirect.heredoc!.delimiter).toBe(expected);
  });
});

describe('visit', () => {
  it('walks children in order and calls visit(null) after the children of a node it entered', () => {
    // each entered node is drawn `Type(children)`; a node the visitor declines, plain `Type`
    let drawn = '';
    walk(parse('a "$(b)" > f'), (node: Node | null) => {
      if (node === null) {
        drawn += ')';
        return false;
      }
      drawn += (drawn === '' || drawn.endsWith('(') ? '' : ' ') + node.type;
      if (node.type === 'Redirect') return false;
      drawn += '(';
      return true;
    });
    expect(drawn).toBe(
      'Script(Statement(AndOr(Pipeline(SimpleCommand(Word(Literal()) ' +
      'Word(DoubleQuoted(CommandSubstitution(Statement(AndOr(Pipeline(SimpleCommand(Word(Literal())))))))) Redirect)))))',
    );
  });

  it('finds every command, those in compound commands and substitutions too', () => {
    const names: string[] = [];
    forEachCommand(parse('if a; then b $(c | d); fi; f() { e; }').body, (command) => {
      if (command.type === 'SimpleCommand') names.push(unquotedLiteral(command.words[0]!) ?? '?');
      else names.push(command.type);
    });
    expect(names).toEqual(['If', 'a', 'b', 'c', 'd', 'FunctionDefinition', 'BraceGroup', 'e']);
  });

  it('finds every word part, inside quotes, operands and brace alternatives', () => {
    const types: string[] = [];
    forEachWordPart(parse('echo "${x:-$y}" {a,$b}', { dialect: 'bash' }), (part) => types.push(part.type));
    expect(types).toEqual([
      'Literal', 'DoubleQuoted', 'ParameterExpansion', 'ParameterExpansion', 'BraceExpansion', 'Literal', 'ParameterExpansion',
    ]);
  });
});
