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
const arithmeticSetters = new RegExp(
  [
    /(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)/.source, // x = 1, x += 1
    /(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\s*(?:\+\+|--)/.source, // x++
    /(?:\+\+|--)\s*([A-Za-z_][A-Za-z0-9_]*)/.source, // --x
  ].join('|'),
  'g',
);

/** Which parameters the line could fix, found before the walk. */
export interface FixableNames {
  /** Assigned exactly once, by a plain assignment, and set by nothing else. */
  assignedOnce: Set<string>;
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
  const pass = new PrePass();
  pass.visitList(body);
  return pass.result();
}

/** How the pre-pass visits each kind of command (syntax/ast.ts documents the kinds by their syntax). */
const visitors: { [K in Command['type']]: (pass: PrePass, command: Extract<Command, { type: K }>) => void } = {
  SimpleCommand: (pass, command) => pass.simpleCommand(command),
  Subshell: (pass, command) => pass.visitList(command.body),
  BraceGroup: (pass, command) => pass.visitList(command.body),
  Always: (pass, command) => {
    pass.visitList(command.body);
    pass.visitList(command.always);
  },
  If: (pass, command) => {
    for (const c of command.clauses) {
      pass.visitList(c.condition);
      pass.visitList(c.body);
    }
    if (command.elseBody) pass.visitList(command.elseBody);
  },
  While: (pass, command) => pass.repeating(() => {
    pass.visitList(command.condition);
    pass.visitList(command.body);
  }),
  For: (pass, command) => {
    command.items?.forEach((item) => pass.visitWord(item));
    for (const v of command.variables) pass.loopCount.set(v.name, (pass.loopCount.get(v.name) ?? 0) + 1);
    pass.repeating(() => pass.visitList(command.body));
  },
  ArithFor: (pass, command) => {
    pass.anythingGoes = true;
    pass.visitList(command.body);
  },
  Case: (pass, command) => {
    pass.visitWord(command.subject);
    for (const item of command.items) {
      item.patterns.forEach((pattern) => pass.visitWord(pattern));
      pass.visitList(item.body);
    }
  },
  FunctionDefinition: (pass, command) => {
    // a function may set any name it mentions, whenever it is called
    pass.anythingGoes = true;
    pass.repeating(() => pass.visitCommand(command.body));
    command.args.forEach((arg) => pass.visitWord(arg));
  },
  Test: () => {},
  ArithmeticCommand: (pass, command) => pass.arithmetic(command.expression.text),
  Coproc: (pass, command) => pass.visitCommand(command.body),
  Repeat: (pass, command) => {
    pass.visitWord(command.count);
    pass.repeating(() => pass.visitList(command.body));
  },
};

/** The counts the pre-pass keeps as it visits the line. */
class PrePass {
  readonly plainCount = new Map<string, number>();
  readonly otherSetters = new Set<string>();
  readonly loopCount = new Map<string, number>();
  readonly holdsCode = new Set<string>();
  anythingGoes = false;
  /** Inside a loop or a function body, order is lost: a name set later may be read again earlier. */
  private repeated = 0;

  result(): FixableNames {
    const { plainCount, otherSetters, loopCount, anythingGoes } = this;
    const assignedOnce = new Set<string>();
    const assigned = new Set<string>([...plainCount.keys(), ...otherSetters, ...loopCount.keys()]);
    if (!anythingGoes) {
      for (const [name, count] of plainCount) if (count === 1 && !otherSetters.has(name) && !loopCount.has(name)) assignedOnce.add(name);
    }
    const loopVariables = new Set<string>();
    if (!anythingGoes) {
      for (const [name, count] of loopCount) if (count === 1 && !otherSetters.has(name) && !plainCount.has(name)) loopVariables.add(name);
    }
    return {
      assignedOnce, assigned: anythingGoes ? new Set([...assigned, 'HOME', 'PWD']) : assigned, loopVariables, holdsCode: this.holdsCode,
      homeAssigned: assigned.has('HOME'),
    };
  }

  repeating(visit: () => void): void {
    this.repeated++;
    visit();
    this.repeated--;
  }

  visitList(list: readonly Statement[]): void {
    for (const s of list) for (const p of s.andOr.pipelines) for (const c of p.commands) this.visitCommand(c);
  }

  visitCommand(command: Command): void {
    for (const r of command.redirects) {
      this.visitWord(r.target);
      if (r.heredoc) this.visitWord(r.heredoc.body);
    }
    (visitors[command.type] as (pass: PrePass, command: Command) => void)(this, command);
  }

  visitWord(word: Word | null | undefined): void {
    if (!word) return;
    for (const part of word.parts) this.visitPart(part);
  }

  /** `$((x = 1))`, `$((x++))`, `((x--))` set x. */
  arithmetic(text: string): void {
    for (const m of text.matchAll(arithmeticSetters)) this.otherSetters.add(m[1] ?? m[2] ?? m[3]!);
  }

  private visitPart(part: WordPart): void {
    switch (part.type) {
      case 'CommandSubstitution': case 'ProcessSubstitution':
        this.visitList(part.body);
        return;
      case 'DoubleQuoted': case 'LocaleQuoted':
        for (const inner of part.parts) this.visitPart(inner);
        return;
      case 'ParameterExpansion':
        if (part.operator === '=' || part.operator === ':=' || part.operator === '::=') this.otherSetters.add(part.name);
        // zsh `${d::=x}` reads as the operator `:` with the text `:=x`: it assigns as well
        if (part.operator === ':' && part.operand && leadingText(part.operand).text.startsWith(':=')) this.otherSetters.add(part.name);
        if (part.nested) this.visitPart(part.nested);
        this.visitWord(part.index);
        this.visitWord(part.operand);
        this.visitWord(part.replacement);
        return;
      case 'ArithmeticExpansion':
        for (const inner of part.expression.parts) this.visitPart(inner);
        this.arithmetic(part.expression.text);
        return;
      case 'BraceExpansion':
        for (const alt of part.alternatives ?? []) for (const inner of alt) this.visitPart(inner);
        return;
      default:
        return;
    }
  }

  /** A simple command's assignments, and the names its builtin sets (shell-builtins.ts `setsNames`). */
  simpleCommand(command: Extract<Command, { type: 'SimpleCommand' }>): void {
    for (const a of command.assignments) {
      this.visitWord(a.value);
      this.visitWord(a.index);
      for (const e of a.array ?? []) {
        this.visitWord(e.key);
        this.visitWord(e.value);
      }
      // `d=x :`: before a special builtin the assignment persists in sh (and bash's posix mode): the name is set by more than a plain assignment
      if (command.words.length > 0 && specialBuiltins.has(literalWord(command.words[0]!) ?? '')) this.otherSetters.add(a.name);
      if (command.words.length === 0) {
        if (a.append || a.index || a.array) this.otherSetters.add(a.name);
        else this.plainCount.set(a.name, (this.plainCount.get(a.name) ?? 0) + 1);
        if (a.value && a.value.parts.some((p) => holdsCodeText(p))) this.holdsCode.add(a.name);
      }
    }
    for (const word of command.words) this.visitWord(word);
    const head = command.words[0]?.parts;
    // zsh `=rm`: the program rm
    const name = head?.length === 1 && head[0]!.type === 'EqualsCommandPath' ? head[0]!.name : command.words[0] ? literalWord(command.words[0]) : null;
    const sets = name === null ? undefined : builtinOf(name)?.setsNames;
    if (sets === 'assignments') this.assignmentWords(command.words.slice(1));
    else if (sets === 'mentioned') {
      // read, mapfile, typeset and kin, printf -v, getopts…: every name they mention is set
      for (const w of command.words.slice(1).map(literalWord)) {
        if (w === null) {
          this.anythingGoes = true;
          continue;
        }
        for (const m of w.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) this.otherSetters.add(m[0]);
      }
    } else if (sets === 'any') this.anythingGoes = true;
    else if (sets === 'any-when-repeated') {
      // the walk reads eval's code and forgets what a sourced file may set, in order; in a loop, order is lost
      if (this.repeated > 0) this.anythingGoes = true;
    } else if (name === null && command.words.length > 0 && !fromTextAndParameters(command.words[0]!)) {
      // a command word built from text and parameters is read when the walk reaches it (`$a$b test`); anything else may be any command
      this.anythingGoes = true;
    }
  }

  /** `export NAME=…`, `readonly NAME=…`: the name is fixed even where the value is not (`export PATH="$HOME/bin:$PATH"`). */
  private assignmentWords(words: readonly Word[]): void {
    for (const word of words) {
      const lead = leadingText(word);
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(lead.text);
      if (m) this.plainCount.set(m[1]!, (this.plainCount.get(m[1]!) ?? 0) + 1);
      else if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(lead.text) || !lead.whole) this.anythingGoes = true;
    }
  }
}

/** POSIX's special builtins, before which an assignment stays in the shell (issue 12 class 8). */
const specialBuiltins = new Set([':', '.', 'break', 'continue', 'eval', 'exec', 'exit', 'export', 'readonly', 'return', 'set', 'shift', 'times', 'trap',
  'unset', 'source']);

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
        if (part.operator || part.index || part.nested || part.flags || part.length || part.indirect) return false;
        return part.zshPrefix === undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(part.name);
      default:
        return false;
    }
  };
  return word.parts.some((p) => p.type === 'ParameterExpansion' || p.type === 'DoubleQuoted') && word.parts.every(plain);
}

