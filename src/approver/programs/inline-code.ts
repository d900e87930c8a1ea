// The inline-code policy (`inlineCode`: scan, refuse or allow), and its scan:
// inline interpreter code is approved unless its text calls that language's
// removal, file-writing or process-running API. A scan, not a proof: the OS
// sandbox bounds the rest.

import type { Span } from '../../syntax/ast.js';
import { type Action, effectAction, type ProgramContext } from '../core/actions.js';
import type { InlineFinding } from '../core/facts.js';

/** node's `fs` calls that remove, write, move or link files. */
const nodeFileCalls = [
  'rm',
  'rmSync',
  'rmdir',
  'rmdirSync',
  'unlink',
  'unlinkSync',
  'rename',
  'renameSync',
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
  'createWriteStream',
  'copyFile',
  'copyFileSync',
  'cpSync',
  'symlink',
  'symlinkSync',
  'truncate',
  'truncateSync',
];

const findings: Record<string, [RegExp, string][]> = {
  python: [
    [/\bos\s*\.\s*(remove|unlink|rmdir|removedirs|rename|renames|replace|system|popen|exec\w*|spawn\w*|truncate)\b/, 'os.$1'],
    [/\bshutil\s*\.\s*(rmtree|move)\b/, 'shutil.$1'],
    [/\b(subprocess|pty)\b/, '$1'],
    [/\.\s*(unlink|rmdir|write_text|write_bytes|rename|replace)\s*\(/, 'Path.$1'],
    [/\bopen\s*\([^)]*,\s*(?:mode\s*=\s*)?['"][^'"]*[wax+][^'"]*['"]/, 'open() for writing'],
    [/\b(exec|eval|__import__)\s*\(/, '$1()'],
  ],
  javascript: [
    [new RegExp(String.raw`\b(${nodeFileCalls.join('|')})\s*\(`), 'fs.$1'],
    // `exec(…)` and `fork(…)` as bare calls only: `/re/.exec(s)` is RegExp#exec, `cluster.fork()` starts the same script
    [/\bchild_process\b|(?<![.\w$])(exec|fork)\s*\(|\b(execSync|execFile|execFileSync|spawn|spawnSync)\s*\(/, 'child_process'],
    [/\bDeno\s*\.\s*(remove|writeFile|writeTextFile|rename|run|Command|mkdir|create|open|chmod|symlink)\b/, 'Deno.$1'],
    [/\bBun\s*\.\s*(write|spawn|spawnSync|\$)\b/, 'Bun.$1'],
    [/\beval\s*\(/, 'eval()'],
  ],
  ruby: [
    [/\bFileUtils\b/, 'FileUtils'],
    [/\bFile\s*\.\s*(delete|unlink|rename|write|open|chmod|symlink|link|truncate)\b/, 'File.$1'],
    [/\bDir\s*\.\s*(delete|rmdir|unlink|mkdir)\b/, 'Dir.$1'],
    [/\b(system|exec|spawn|fork|eval|IO\.popen|Open3)\b|`|%x\{/, 'a command (`system`, backquotes)'],
  ],
  perl: [
    [/\b(unlink|rmdir|rename|rmtree|remove_tree|mkpath|make_path|symlink|link|truncate|chmod|chown)\b/, '$1'],
    [/\b(system|exec|fork|qx)\b|`/, 'a command (`system`, backquotes)'],
    [/\bopen\s*\(?\s*[^,]*,\s*['"]?(?:>|\+<|\||-\|)/, 'open() for writing or a pipe'],
    [/\beval\b/, 'eval'],
  ],
  php: [
    [/\b(unlink|rmdir|rename|file_put_contents|fopen|fwrite|copy|symlink|link|chmod|mkdir|touch)\s*\(/, '$1()'],
    [/\b(exec|system|shell_exec|passthru|popen|proc_open|pcntl_exec|eval)\s*\(|`/, 'a command'],
  ],
  lua: [
    [/\bos\s*\.\s*(remove|rename|execute|exit)\b/, 'os.$1'],
    [/\bio\s*\.\s*(open|popen|output)\b/, 'io.$1'],
    [/\b(load|loadstring|dofile)\s*\(/, '$1()'],
  ],
  r: [
    [/\b(file\.remove|unlink|file\.rename|writeLines|write|saveRDS|system|system2|shell|eval)\s*\(/, '$1()'],
  ],
  powershell: [
    [/\b(Remove-Item|Set-Content|Add-Content|Out-File|New-Item|Move-Item|Copy-Item|Rename-Item|Invoke-Expression|iex|Start-Process|Invoke-Item)\b/i, '$1'],
    [/\bri\b|\brm\b|\bdel\b|\bmv\b|>/, 'a removal or a redirection'],
  ],
  applescript: [
    [/\bdo\s+shell\s+script\b/i, 'do shell script'],
    [/\b(delete|move|duplicate)\b/i, '$1'],
  ],
};

/** Why the scan refuses this code (the API it calls), or null when it calls none. */
export function scanInlineCode(language: string, code: string): InlineFinding | null {
  const rules = findings[language];
  if (!rules) return { source: 'unscanned' };
  for (const [pattern, what] of rules) {
    const m = pattern.exec(code);
    if (m) return { source: 'calls', api: what.replace(/\$(\d)/g, (_, n: string) => m[Number(n)] ?? '') };
  }
  return null;
}

/** Inline code under the line's policy: `allow` approves it, `refuse` refuses it, `scan` refuses it when the scan finds a call above (or cannot read it). */
export function inlineCodeAction(language: string, code: string | null, span: Span, ctx: ProgramContext): Action {
  let finding: InlineFinding | null;
  if (ctx.inlineCode === 'allow') finding = null;
  else if (ctx.inlineCode === 'refuse') finding = { source: 'policy' };
  else finding = code === null ? { source: 'unread' } : scanInlineCode(language, code);
  return effectAction({ kind: 'inline-code', span, language, code, finding });
}
