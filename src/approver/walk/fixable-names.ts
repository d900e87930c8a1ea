// The pre-pass: before the walk, which parameters the line could fix. A
// name is fixed only where the line sets it exactly once, by a plain
// assignment, and nothing else (a setter builtin, an arithmetic assignment,
// a `for` loop, a function, code the walk cannot order) may set it too;
// `for` loop variables are counted apart.

import type { Command, Statement, Word, WordPart } from '../../syntax/ast.js';
import { leadingText, literalWord } from '../core/words.js';
import { builtinOf } from '../programs/index.js';

/**
 * Names an arithmetic text sets: `x = 1`, `x += 1`, `x++`, `--x`. A name
 * starts only where no name character stands before it, so that a long name
 * is tried once, not once per character (which made this quadratic).
 */
const arithmeticSetters = /(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)|(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\s*(?:\+\+|--)|(?:\+\+|--)\s*([A-Za-z_][A-Za-z0-9_]*)/g;

/** Which parameters the line could fix, found before the walk. */
export interface FixableNames {
  /** Assigned exactly once, by a plain assignment, and set by nothing else. */
  plain: Set<string>;
  /** Every name the line assigns or otherwise sets. */
  assigned: Set<string>;
  /** Names only a `for` loop sets (and nothing else). */
  loopVariables: Set<string>;
  /** Names the line assigns text holding `$(` or a backquote. */
  holdsCode: Set<string>;
  /** The line's own text sets HOME (an assignment, a setter, a loop). */
  homeAssigned: boolean;
}

export function findFixableNames(body: Statement[]): FixableNames {
  const plainCount = new Map<string, number>();
  const otherSetters = new Set<string>();
  const loopCount = new Map<string, number>();
  const holdsCode = new Set<string>();
  let anythingGoes = false;
  // inside a loop or a function body, order is lost: a name set later may be read again earlier
  let repeated = 0;

  const visitWord = (word: Word | null | undefined): void => {
    if (!word) return;
    for (const part of word.parts) visitPart(part);
  };
  const visitPart = (part: WordPart): void => {
    switch (part.type) {
      case 'CommandSubstitution': case 'ProcessSubstitution':
        visitList(part.body);
        return;
      case 'DoubleQuoted': case 'LocaleQuoted':
        part.parts.forEach(visitPart);
        return;
      case 'ParameterExpansion':
        if (part.operator === '=' || part.operator === ':=' || part.operator === '::=') otherSetters.add(part.name);
        if (part.nested) visitPart(part.nested);
        visitWord(part.index);
        visitWord(part.operand);
        visitWord(part.replacement);
        return;
      case 'ArithmeticExpansion':
        part.expression.parts.forEach(visitPart);
        // `$((x = 1))`, `$((x++))` set x
        for (const m of part.expression.text.matchAll(arithmeticSetters)) {
          otherSetters.add(m[1] ?? m[2] ?? m[3]!);
        }
        return;
      case 'BraceExpansion':
        for (const alt of part.alternatives ?? []) alt.forEach(visitPart);
        return;
      default:
        return;
    }
  };
  const visitList = (list: readonly Statement[]): void => {
    for (const s of list) for (const p of s.andOr.pipelines) for (const c of p.commands) visitCommand(c);
  };
  const visitCommand = (command: Command): void => {
    for (const r of command.redirects) {
      visitWord(r.target);
      if (r.heredoc) visitWord(r.heredoc.body);
    }
    switch (command.type) {
      case 'SimpleCommand': {
        for (const a of command.assignments) {
          visitWord(a.value);
          visitWord(a.index);
          for (const e of a.array ?? []) { visitWord(e.key); visitWord(e.value); }
          if (command.words.length === 0) {
            if (a.append || a.index || a.array) otherSetters.add(a.name);
            else plainCount.set(a.name, (plainCount.get(a.name) ?? 0) + 1);
            if (a.value && a.value.parts.some((p) => holdsCodeText(p))) holdsCode.add(a.name);
          }
        }
        command.words.forEach(visitWord);
        const head = command.words[0]?.parts;
        // zsh `=rm`: the program rm
        const name = head?.length === 1 && head[0]!.type === 'EqualsCommandPath' ? head[0]!.name : command.words[0] ? literalWord(command.words[0]) : null;
        const rest = command.words.slice(1).map(literalWord);
        const sets = name === null ? undefined : builtinOf(name)?.setsNames;
        if (sets === 'assignments') {
          for (const word of command.words.slice(1)) {
            // `export PATH="$HOME/bin:$PATH"`: the name is fixed even where the value is not
            const lead = leadingText(word).text;
            const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(lead);
            if (m) plainCount.set(m[1]!, (plainCount.get(m[1]!) ?? 0) + 1);
            else if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(lead) || !leadingText(word).whole) anythingGoes = true;
          }
        } else if (sets === 'mentioned') {
          // read, mapfile, typeset and kin, printf -v, getopts…: every name they mention is set
          for (const w of rest) {
            if (w === null) { anythingGoes = true; continue; }
            for (const m of w.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) otherSetters.add(m[0]);
          }
        } else if (sets === 'any') {
          anythingGoes = true;
        } else if (sets === 'any-when-repeated') {
          // the walk reads eval's code and forgets what a sourced file may set, in order; in a loop, order is lost
          if (repeated > 0) anythingGoes = true;
        } else if (name === null && command.words.length > 0 && !fromTextAndParameters(command.words[0]!)) {
          // a command word built from text and parameters is read when the walk reaches it (`$a$b test`); anything else may be any command
          anythingGoes = true;
        }
        return;
      }
      case 'Subshell': case 'BraceGroup':
        visitList(command.body);
        return;
      case 'Always':
        visitList(command.body);
        visitList(command.always);
        return;
      case 'If':
        for (const c of command.clauses) { visitList(c.condition); visitList(c.body); }
        if (command.elseBody) visitList(command.elseBody);
        return;
      case 'While':
        repeated++;
        visitList(command.condition);
        visitList(command.body);
        repeated--;
        return;
      case 'For':
        command.items?.forEach(visitWord);
        for (const v of command.variables) loopCount.set(v.name, (loopCount.get(v.name) ?? 0) + 1);
        repeated++;
        visitList(command.body);
        repeated--;
        return;
      case 'ArithFor':
        anythingGoes = true;
        visitList(command.body);
        return;
      case 'Case':
        visitWord(command.subject);
        for (const item of command.items) { item.patterns.forEach(visitWord); visitList(item.body); }
        return;
      case 'FunctionDefinition':
        // a function may set any name it mentions, whenever it is called
        anythingGoes = true;
        repeated++;
        visitCommand(command.body);
        repeated--;
        command.args.forEach(visitWord);
        return;
      case 'Test':
      case 'ArithmeticCommand':
        if (command.type === 'ArithmeticCommand') {
          for (const m of command.expression.text.matchAll(arithmeticSetters)) {
            otherSetters.add(m[1] ?? m[2] ?? m[3]!);
          }
        }
        return;
      case 'Coproc':
        visitCommand(command.body);
        return;
      case 'Repeat':
        visitWord(command.count);
        repeated++;
        visitList(command.body);
        repeated--;
        return;
    }
  };
  visitList(body);

  const plain = new Set<string>();
  const assigned = new Set<string>([...plainCount.keys(), ...otherSetters, ...loopCount.keys()]);
  if (!anythingGoes) {
    for (const [name, count] of plainCount) if (count === 1 && !otherSetters.has(name) && !loopCount.has(name)) plain.add(name);
  }
  const loopVariables = new Set<string>();
  if (!anythingGoes) {
    for (const [name, count] of loopCount) if (count === 1 && !otherSetters.has(name) && !plainCount.has(name)) loopVariables.add(name);
  }
  return { plain, assigned: anythingGoes ? new Set([...assigned, 'HOME', 'PWD']) : assigned, loopVariables, holdsCode, homeAssigned: assigned.has('HOME') };
}

function holdsCodeText(part: WordPart): boolean {
  switch (part.type) {
    case 'SingleQuoted': case 'AnsiCQuoted': case 'Literal': case 'Escaped':
      return part.value.includes('$(') || part.value.includes('`');
    case 'DoubleQuoted': case 'LocaleQuoted':
      return part.parts.some(holdsCodeText);
    default:
      return false;
  }
}

/** A word made of text and plain parameters only (`$a$b`, `r${e}m`, `"$HOME/bin/x"`): the walk can read it as a command name. */
function fromTextAndParameters(word: Word): boolean {
  const plain = (part: WordPart): boolean => {
    switch (part.type) {
      case 'Literal': case 'Escaped': case 'SingleQuoted': case 'AnsiCQuoted':
        return true;
      case 'DoubleQuoted':
        return part.parts.every(plain);
      case 'ParameterExpansion':
        return !part.operator && !part.index && !part.nested && !part.flags && !part.length && !part.indirect && part.zshPrefix === undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(part.name);
      default:
        return false;
    }
  };
  return word.parts.some((p) => p.type === 'ParameterExpansion' || p.type === 'DoubleQuoted') && word.parts.every(plain);
}

