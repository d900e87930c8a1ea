// A sed script, read as GNU sed 4 reads it, for what the approver needs:
// the files it writes (`w FILE`, `W FILE`, the `w FILE` flag of `s`) and
// whether it runs commands (`e`, the `e` flag of `s`). One pass, linear in
// the script: commands with their addresses, `!`, blocks, labels, text
// arguments (`a`, `i`, `c` run to the end of the line), and the delimited
// parts of `s` and `y`, whose regular expressions may hold the delimiter
// inside a bracket expression (`s/[/]/x/`). A script it cannot read is
// reported as such, and the approver refuses it rather than guess.

export interface SedScript {
  /** File names as written after `w`/`W` (GNU sed takes the rest of the line, `;` included). */
  writes: string[];
  /** Whether a command or flag runs a shell command. */
  executes: boolean;
  /** Why the script could not be read, or null. */
  problem: string | null;
}

const simpleCommands = new Set(['=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F']);

export function readSedScript(script: string): SedScript {
  const result: SedScript = { writes: [], executes: false, problem: null };
  const n = script.length;
  let i = 0;

  const isBlank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v';
  const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
  const skipBlanks = () => {
    while (isBlank(script[i])) i++;
  };
  const skipDigits = () => {
    while (isDigit(script[i])) i++;
  };
  /** The rest of the line (the newline is not consumed). */
  const restOfLine = () => {
    const end = script.indexOf('\n', i);
    const text = script.slice(i, end < 0 ? n : end);
    i = end < 0 ? n : end;
    return text;
  };
  /** A file name after `w`: blanks skipped, then the rest of the line. */
  const fileName = () => {
    skipBlanks();
    const name = restOfLine();
    if (name === '') throw new Unreadable('`w` without a file name');
    result.writes.push(name);
  };
  /**
   * Text up to the unescaped `delim`: a regular expression, where the
   * delimiter is literal inside a bracket expression, or a replacement (and
   * each part of `y`), where it is not.
   */
  const delimited = (delim: string, what: 'regular expression' | 'replacement') => {
    while (i < n) {
      const c = script[i]!;
      if (c === '\n') break;
      if (c === '\\') {
        i += 2;
      } else if (c === '[' && what === 'regular expression') {
        bracket();
      } else {
        i++;
        if (c === delim) return;
      }
    }
    throw new Unreadable(`an unterminated ${what} (delimiter \`${delim}\`)`);
  };
  /** `[…]` from its `[`: a leading `]` (after `^`) is literal, `[:…:]`, `[.….]`, `[=…=]` are units, a backslash is literal. */
  const bracket = () => {
    i++;
    if (script[i] === '^') i++;
    if (script[i] === ']') i++;
    while (i < n && script[i] !== '\n') {
      const c = script[i]!;
      if (c === ']') {
        i++;
        return;
      }
      const next = script[i + 1];
      if (c === '[' && (next === ':' || next === '.' || next === '=')) {
        // to the matching `:]` (`.]`, `=]`) on this line
        let j = i + 2;
        while (j < n && script[j] !== '\n' && !(script[j] === next && script[j + 1] === ']')) j++;
        if (j >= n || script[j] === '\n') break;
        i = j + 2;
        continue;
      }
      i++;
    }
    throw new Unreadable('an unterminated bracket expression');
  };
  const delimiter = (command: string) => {
    const d = script[i];
    if (d === undefined || d === '\n' || d === '\\') throw new Unreadable(`\`${command}\` without a delimiter`);
    i++;
    return d;
  };
  /** One address, if one starts here. */
  const address = (second: boolean): boolean => {
    const c = script[i];
    if (isDigit(c)) {
      skipDigits();
      if (script[i] === '~') {
        i++;
        skipDigits();
      }
      return true;
    }
    if (c === '$') {
      i++;
      return true;
    }
    if (second && (c === '+' || c === '~')) {
      i++;
      if (!isDigit(script[i])) throw new Unreadable(`\`${c}\` without a number in an address`);
      skipDigits();
      return true;
    }
    if (c === '/' || c === '\\') {
      if (c === '\\') i++;
      delimited(delimiter('address'), 'regular expression');
      while (script[i] === 'I' || script[i] === 'M') i++;
      return true;
    }
    return false;
  };
  /** After a command: blanks, then the end of the command (`;`, a newline, `}`, `#`, or the end). */
  const endOfCommand = (command: string) => {
    skipBlanks();
    const c = script[i];
    if (c === undefined || c === ';' || c === '\n' || c === '}' || c === '#') return;
    throw new Unreadable(`characters after \`${command}\``);
  };

  try {
    while (i < n) {
      const c = script[i]!;
      if (isBlank(c) || c === ';' || c === '\n') {
        i++;
        continue;
      }
      if (c === '#') {
        restOfLine();
        continue;
      }
      if (c === '}') {
        i++;
        endOfCommand('}');
        continue;
      }
      if (address(false)) {
        skipBlanks();
        if (script[i] === ',') {
          i++;
          skipBlanks();
          if (!address(true)) throw new Unreadable('a `,` without a second address');
        }
      }
      skipBlanks();
      if (script[i] === '!') {
        i++;
        skipBlanks();
      }
      const command = script[i];
      if (command === undefined) throw new Unreadable('an address without a command');
      i++;
      if (command === '{') continue;
      if (simpleCommands.has(command)) {
        endOfCommand(command);
      } else if (command === 'l' || command === 'L' || command === 'q' || command === 'Q') {
        skipBlanks();
        skipDigits();
        endOfCommand(command);
      } else if (command === 'a' || command === 'i' || command === 'c') {
        // text to the end of the line, and on while a line ends in a backslash
        for (;;) {
          const text = restOfLine();
          if (!/\\$/.test(text) || i >= n) break;
          i++;
        }
      } else if (command === ':' || command === 'b' || command === 't' || command === 'T' || command === 'v') {
        // a label (or version) ends at `;` or the end of the line
        while (i < n && script[i] !== ';' && script[i] !== '\n') i++;
      } else if (command === 'r' || command === 'R') {
        restOfLine();
      } else if (command === 'w' || command === 'W') {
        fileName();
      } else if (command === 'e') {
        // `e COMMAND`, or `e` alone, which runs the pattern space
        result.executes = true;
        restOfLine();
      } else if (command === 's') {
        const d = delimiter('s');
        delimited(d, 'regular expression');
        delimited(d, 'replacement');
        flags: for (;;) {
          const f = script[i];
          if (f === 'g' || f === 'p' || f === 'i' || f === 'I' || f === 'm' || f === 'M' || isBlank(f) || isDigit(f)) i++;
          else if (f === 'e') {
            result.executes = true;
            i++;
          } else if (f === 'w') {
            i++;
            fileName();
            break flags;
          } else break flags;
        }
        endOfCommand('s');
      } else if (command === 'y') {
        const d = delimiter('y');
        delimited(d, 'replacement');
        delimited(d, 'replacement');
        endOfCommand('y');
      } else {
        throw new Unreadable(`the command \`${command}\``);
      }
    }
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    result.problem = error.reason;
  }
  return result;
}

class Unreadable {
  constructor(readonly reason: string) {}
}
