// A sed script, read as GNU sed 4 reads it, for what the approver needs:
// the files it writes (`w FILE`, `W FILE`, the `w FILE` flag of `s`) and
// whether it runs commands (`e`, the `e` flag of `s`). One pass, linear in
// the script: commands with their addresses, `!`, blocks, labels, text
// arguments (`a`, `i`, `c` run to the end of the line), and the delimited
// parts of `s` and `y`, whose regular expressions may hold the delimiter
// inside a bracket expression (`s/[/]/x/`). A script it cannot read is
// reported as such, and the approver refuses it rather than guess.

import type { SedProblem } from '../core/facts.js';

export interface SedScript {
  /** File names as written after `w`/`W` (GNU sed takes the rest of the line, `;` included). */
  writes: string[];
  /** Whether a command or flag runs a shell command. */
  executes: boolean;
  /** Where the reading stopped, when the script could not be read; else null. */
  problem: SedProblem | null;
}

const simpleCommands = new Set(['=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F']);

export function readSedScript(script: string): SedScript {
  const reader = new SedReader(script);
  try {
    reader.readScript();
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    reader.result.problem = error.problem;
  }
  return reader.result;
}

class Unreadable {
  constructor(readonly problem: SedProblem) {}
}

function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v';
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** One pass over a script; `i` is where it has read to. */
class SedReader {
  readonly result: SedScript = { writes: [], executes: false, problem: null };
  private i = 0;

  constructor(private readonly script: string) {}

  /** Commands with their addresses, `!`, blocks and comments, to the end of the script. */
  readScript(): void {
    const { script } = this;
    while (this.i < script.length) {
      const c = script[this.i]!;
      if (isBlank(c) || c === ';' || c === '\n') {
        this.i++;
        continue;
      }
      if (c === '#') {
        this.restOfLine();
        continue;
      }
      if (c === '}') {
        this.i++;
        this.endOfCommand('}');
        continue;
      }
      this.addresses();
      const command = script[this.i];
      if (command === undefined) throw new Unreadable({ kind: 'address-without-command' });
      this.i++;
      if (command !== '{') this.command(command);
    }
  }

  /** `ADDR`, `ADDR,ADDR`, and a `!`, with the blanks around them. */
  private addresses(): void {
    if (this.address(false)) {
      this.skipBlanks();
      if (this.script[this.i] === ',') {
        this.i++;
        this.skipBlanks();
        if (!this.address(true)) throw new Unreadable({ kind: 'no-second-address' });
      }
    }
    this.skipBlanks();
    if (this.script[this.i] === '!') {
      this.i++;
      this.skipBlanks();
    }
  }

  /** One address, if one starts here: a line number (`N~STEP`), `$`, a `/regex/` (or `\cREGEXc`), or after a `,`, `+N` or `~N`. */
  private address(second: boolean): boolean {
    const c = this.script[this.i];
    if (isDigit(c)) {
      this.skipDigits();
      if (this.script[this.i] === '~') {
        this.i++;
        this.skipDigits();
      }
      return true;
    }
    if (c === '$') {
      this.i++;
      return true;
    }
    if (second && (c === '+' || c === '~')) {
      this.i++;
      if (!isDigit(this.script[this.i])) throw new Unreadable({ kind: 'step-without-number', step: c });
      this.skipDigits();
      return true;
    }
    if (c === '/' || c === '\\') {
      if (c === '\\') this.i++;
      this.delimited(this.delimiter('address'), 'regular expression');
      while (this.script[this.i] === 'I' || this.script[this.i] === 'M') this.i++;
      return true;
    }
    return false;
  }

  /** One command after its letter: what follows it, by its class. */
  private command(command: string): void {
    if (simpleCommands.has(command)) this.endOfCommand(command);
    else if (command === 'l' || command === 'L' || command === 'q' || command === 'Q') {
      // an optional number
      this.skipBlanks();
      this.skipDigits();
      this.endOfCommand(command);
    } else if (command === 'a' || command === 'i' || command === 'c') this.text();
    else if (command === ':' || command === 'b' || command === 't' || command === 'T' || command === 'v') {
      // a label (or version) ends at `;` or the end of the line
      while (this.i < this.script.length && this.script[this.i] !== ';' && this.script[this.i] !== '\n') this.i++;
    } else if (command === 'r' || command === 'R') this.restOfLine();
    else if (command === 'w' || command === 'W') this.fileName();
    else if (command === 'e') {
      // `e COMMAND`, or `e` alone, which runs the pattern space
      this.result.executes = true;
      this.restOfLine();
    } else if (command === 's') this.substitute();
    else if (command === 'y') {
      const d = this.delimiter('y');
      this.delimited(d, 'replacement');
      this.delimited(d, 'replacement');
      this.endOfCommand('y');
    } else throw new Unreadable({ kind: 'unknown-command', command });
  }

  /** `a`, `i`, `c`: text to the end of the line, and on while a line ends in a backslash. */
  private text(): void {
    for (;;) {
      const text = this.restOfLine();
      if (!/\\$/.test(text) || this.i >= this.script.length) break;
      this.i++;
    }
  }

  /** `s/REGEX/REPLACEMENT/FLAGS`: the `e` flag runs the result, the `w FILE` flag writes. */
  private substitute(): void {
    const d = this.delimiter('s');
    this.delimited(d, 'regular expression');
    this.delimited(d, 'replacement');
    for (;;) {
      const f = this.script[this.i];
      if (f === 'g' || f === 'p' || f === 'i' || f === 'I' || f === 'm' || f === 'M' || isBlank(f) || isDigit(f)) this.i++;
      else if (f === 'e') {
        this.result.executes = true;
        this.i++;
      } else {
        if (f === 'w') {
          this.i++;
          this.fileName();
        }
        break;
      }
    }
    this.endOfCommand('s');
  }

  /**
   * Text up to the unescaped `delim`: a regular expression, where the
   * delimiter is literal inside a bracket expression, or a replacement (and
   * each part of `y`), where it is not.
   */
  private delimited(delim: string, what: 'regular expression' | 'replacement'): void {
    const { script } = this;
    while (this.i < script.length) {
      const c = script[this.i]!;
      if (c === '\n') break;
      if (c === '\\') {
        this.i += 2;
      } else if (c === '[' && what === 'regular expression') {
        this.bracket();
      } else {
        this.i++;
        if (c === delim) return;
      }
    }
    throw new Unreadable({ kind: 'unterminated', what, delimiter: delim });
  }

  /** `[…]` from its `[`: a leading `]` (after `^`) is literal, `[:…:]`, `[.….]`, `[=…=]` are units, a backslash is literal. */
  private bracket(): void {
    const { script } = this;
    const n = script.length;
    this.i++;
    if (script[this.i] === '^') this.i++;
    if (script[this.i] === ']') this.i++;
    while (this.i < n && script[this.i] !== '\n') {
      const c = script[this.i]!;
      if (c === ']') {
        this.i++;
        return;
      }
      const next = script[this.i + 1];
      if (c === '[' && (next === ':' || next === '.' || next === '=')) {
        // to the matching `:]` (`.]`, `=]`) on this line
        let j = this.i + 2;
        while (j < n && script[j] !== '\n' && !(script[j] === next && script[j + 1] === ']')) j++;
        if (j >= n || script[j] === '\n') break;
        this.i = j + 2;
        continue;
      }
      this.i++;
    }
    throw new Unreadable({ kind: 'unterminated-bracket' });
  }

  private delimiter(command: string): string {
    const d = this.script[this.i];
    if (d === undefined || d === '\n' || d === '\\') throw new Unreadable({ kind: 'no-delimiter', command });
    this.i++;
    return d;
  }

  /** After a command: blanks, then the end of the command (`;`, a newline, `}`, `#`, or the end). */
  private endOfCommand(command: string): void {
    this.skipBlanks();
    const c = this.script[this.i];
    if (c === undefined || c === ';' || c === '\n' || c === '}' || c === '#') return;
    throw new Unreadable({ kind: 'characters-after', command });
  }

  /** A file name after `w`: blanks skipped, then the rest of the line. */
  private fileName(): void {
    this.skipBlanks();
    const name = this.restOfLine();
    if (name === '') throw new Unreadable({ kind: 'no-file-name' });
    this.result.writes.push(name);
  }

  /** The rest of the line (the newline is not consumed). */
  private restOfLine(): string {
    const end = this.script.indexOf('\n', this.i);
    const stop = end < 0 ? this.script.length : end;
    const text = this.script.slice(this.i, stop);
    this.i = stop;
    return text;
  }

  private skipBlanks(): void {
    while (isBlank(this.script[this.i])) this.i++;
  }

  private skipDigits(): void {
    while (isDigit(this.script[this.i])) this.i++;
  }
}
