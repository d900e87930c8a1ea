// One traversal of the syntax tree, as mvdan/sh's syntax.Walk: walk(node,
// visit) calls visit(node) and, when it answers true, walks each child in
// turn and then calls visit(null), so that a visitor can keep a stack of the
// nodes it is inside. A visitor that answers false skips what is inside a
// node; one that handles a node itself walks the children it chooses.
//
// Children come in the order of the node's fields, which is source order
// except that a simple command lists its assignments, then its words, then
// its redirections, and a compound command its redirections last.

import type { Command, Node, Redirect, Statement, WordPart } from './ast.js';

/** Called with each node before its children, and with null after them when it answered true. */
export type Visitor = (node: Node | null) => boolean;

export function walk(node: Node, visit: Visitor): void {
  if (!visit(node)) return;
  walkChildren(node, visit);
  visit(null);
}

/** walk() each node of a list in order. */
export function walkAll(nodes: readonly Node[], visit: Visitor): void {
  for (const node of nodes) walk(node, visit);
}

/** Every command of the tree, those inside compound commands and substitutions included, outermost first. */
export function forEachCommand(nodes: Node | readonly Node[], each: (command: Command) => void): void {
  const visit: Visitor = (node) => {
    if (node !== null && isCommand(node)) each(node);
    return true;
  };
  if (isList(nodes)) walkAll(nodes, visit);
  else walk(nodes, visit);
}

/** Every part of every word of the tree, those inside quotes, `${…}` operands and substitutions included. */
export function forEachWordPart(nodes: Node | readonly Node[], each: (part: WordPart) => void): void {
  const visit: Visitor = (node) => {
    if (node !== null && isWordPart(node)) each(node);
    return true;
  };
  if (isList(nodes)) walkAll(nodes, visit);
  else walk(nodes, visit);
}

function isList(nodes: Node | readonly Node[]): nodes is readonly Node[] {
  return Array.isArray(nodes);
}

function isCommand(node: Node): node is Command {
  switch (node.type) {
    case 'SimpleCommand': case 'Subshell': case 'BraceGroup': case 'If': case 'While': case 'For': case 'ArithFor':
    case 'Case': case 'FunctionDefinition': case 'Test': case 'ArithmeticCommand': case 'Coproc': case 'Repeat': case 'Always':
      return true;
    default:
      return false;
  }
}

function isWordPart(node: Node): node is WordPart {
  switch (node.type) {
    case 'Literal': case 'Escaped': case 'SingleQuoted': case 'DoubleQuoted': case 'AnsiCQuoted': case 'LocaleQuoted':
    case 'ParameterExpansion': case 'CommandSubstitution': case 'ArithmeticExpansion': case 'ProcessSubstitution':
    case 'Glob': case 'BraceExpansion': case 'Tilde': case 'EqualsCommandPath':
      return true;
    default:
      return false;
  }
}

// The cases run from the most frequent nodes (word parts) to the rarest: a
// switch on strings compares them in order.
function walkChildren(node: Node, visit: Visitor): void {
  switch (node.type) {
    case 'Literal': case 'Glob': case 'SingleQuoted': case 'Escaped': case 'AnsiCQuoted': case 'Tilde': case 'EqualsCommandPath':
      return;
    case 'Word':
    case 'DoubleQuoted':
    case 'LocaleQuoted':
      return walkAll(node.parts, visit);
    case 'ParameterExpansion':
      walkIfAny(node.nested, visit);
      walkIfAny(node.index, visit);
      walkIfAny(node.operand, visit);
      return walkIfAny(node.replacement, visit);
    case 'CommandSubstitution':
    case 'ProcessSubstitution':
      return walkAll(node.body, visit);
    case 'ArithmeticExpansion':
      return walk(node.expression, visit);
    case 'BraceExpansion':
      for (const alternative of node.alternatives ?? []) walkAll(alternative, visit);
      return;
    case 'Statement':
      return walk(node.andOr, visit);
    case 'AndOr':
      return walkAll(node.pipelines, visit);
    case 'Pipeline':
      return walkAll(node.commands, visit);
    case 'SimpleCommand':
      walkAll(node.assignments, visit);
      walkAll(node.words, visit);
      return walkAll(node.redirects, visit);
    case 'Redirect':
      walk(node.target, visit);
      return walkIfAny(node.heredoc, visit);
    case 'Heredoc':
      return walk(node.body, visit);
    case 'Assignment':
      walkIfAny(node.index, visit);
      walkIfAny(node.value, visit);
      return walkAll(node.array ?? [], visit);
    case 'ArrayElement':
      walkIfAny(node.key, visit);
      return walk(node.value, visit);
    case 'Arithmetic':
      return walkAll(node.parts, visit);
    case 'Script':
      return walkAll(node.body, visit);
    default:
      return walkCompoundChildren(node, visit);
  }
}

function walkCompoundChildren(node: Node, visit: Visitor): void {
  switch (node.type) {
    case 'Subshell':
    case 'BraceGroup':
      return walkBody(node.body, node.redirects, visit);
    case 'If':
      for (const clause of node.clauses) {
        walkAll(clause.condition, visit);
        walkAll(clause.body, visit);
      }
      return walkBody(node.elseBody ?? [], node.redirects, visit);
    case 'While':
      walkAll(node.condition, visit);
      return walkBody(node.body, node.redirects, visit);
    case 'For':
      walkAll(node.items ?? [], visit);
      return walkBody(node.body, node.redirects, visit);
    case 'ArithFor':
      walk(node.init, visit);
      walk(node.test, visit);
      walk(node.update, visit);
      return walkBody(node.body, node.redirects, visit);
    case 'Case':
      walk(node.subject, visit);
      walkAll(node.items, visit);
      return walkAll(node.redirects, visit);
    case 'CaseItem':
      walkAll(node.patterns, visit);
      return walkAll(node.body, visit);
    case 'FunctionDefinition':
      walkAll(node.names, visit);
      walk(node.body, visit);
      walkAll(node.args, visit);
      return walkAll(node.redirects, visit);
    case 'Test':
      walk(node.expression, visit);
      return walkAll(node.redirects, visit);
    case 'ArithmeticCommand':
      walk(node.expression, visit);
      return walkAll(node.redirects, visit);
    case 'Coproc':
      walk(node.body, visit);
      return walkAll(node.redirects, visit);
    case 'Repeat':
      walk(node.count, visit);
      return walkBody(node.body, node.redirects, visit);
    case 'Always':
      walkAll(node.body, visit);
      return walkBody(node.always, node.redirects, visit);
    case 'TestWord':
      return walk(node.word, visit);
    case 'TestUnary':
    case 'TestNot':
      return walk(node.operand, visit);
    case 'TestBinary':
    case 'TestLogical':
      walk(node.left, visit);
      return walk(node.right, visit);
    case 'TestGroup':
      return walk(node.inner, visit);
  }
}

function walkBody(body: readonly Statement[], redirects: readonly Redirect[], visit: Visitor): void {
  walkAll(body, visit);
  walkAll(redirects, visit);
}

function walkIfAny(node: Node | null, visit: Visitor): void {
  if (node !== null) walk(node, visit);
}
