// `treeward doctor` (issue 15 item 4): for every harness on this machine, is
// treeward's hook installed and does it run this treeward; the harness's
// version and what is known to go wrong with it (protocols.md §1.5); whether
// the code cache (node) or the bytecode (Bun) the build made is valid for the
// runtime the hook runs under; and the dialect `$SHELL` implies. One line per
// check, with what to do; exit status 1 when something needs fixing.

import { accessSync, constants, existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { childProcess, shellFromEnvironment, vmModule } from './environment.js';
import type { HarnessAdapter } from './harness/adapter.js';
import { adapters } from './harness/index.js';
import type { InstallContext, Scope } from './harness/install-plan.js';
import { bunHookFlags, type CommandResult, harnessVersion, hookCommandFor, type InstallIo, isBunRuntime, isTreewardCommand, type Self } from './install.js';
import { plainValue } from './json-settings.js';
import { parseJsonText } from './json-with-lines.js';
import { describeNative, distOf, nativeExecutableOf } from './native.js';
import { readTomlTables } from './toml-tables.js';

type Mark = 'ok' | 'warn' | 'fix' | '--';

interface Check {
  mark: Mark;
  text: string;
}

/** A hook found in a harness's settings, and the program it runs. */
interface FoundHook {
  format: string;
  runtime: string | null;
  script: string | null;
}

export function runDoctor(io: InstallIo): CommandResult {
  const checks: Check[] = [];
  const absent: string[] = [];
  const found: FoundHook[] = [];
  for (const adapter of [...adapters].sort((a, b) => a.format.localeCompare(b.format))) {
    const harness = checkHarness(adapter, io, found);
    if (harness === null) absent.push(adapter.format);
    else checks.push(...harness);
  }
  if (absent.length > 0) checks.push({ mark: '--', text: `not on this machine (no settings directory, no hook): ${absent.join(', ')}` });
  const runtimes = new Set(found.flatMap((hook) => (hook.runtime === null ? [] : [hook.runtime])));
  if (found.length === 0 && io.self.runtime !== null) runtimes.add(io.self.runtime);
  for (const runtime of runtimes) checks.push(cacheCheck(runtime, io.self));
  checks.push(nativeCheck(io.self, found));
  checks.push(dialectCheck(io.env));
  const width = 5;
  const stdout = checks.map((check) => `${check.mark.padEnd(width)}${check.text}`).join('\n') + '\n';
  return { exitCode: checks.some((check) => check.mark === 'fix') ? 1 : 0, stdout, stderr: '' };
}

/** The programs that are this treeward: the bin, and the native executable made beside it (either way round). */
function thisTreeward(self: Self): string[] {
  const dist = distOf(self.script);
  return [self.script, join(dist, 'treeward.cjs'), join(dist, 'native', 'treeward')];
}

/** The checks of one harness, or null when it is not on this machine; its hooks are added to `found`. */
function checkHarness(adapter: HarnessAdapter, io: InstallIo, found: FoundHook[]): Check[] | null {
  const context: InstallContext = {
    home: io.env['HOME'] || '/', env: io.env, project: io.cwd, hookCommand: hookCommandFor(io.self, adapter.format), version: null,
  };
  const hooks: { file: string; command: string }[] = [];
  const unreadable: Check[] = [];
  for (const scope of ['user', 'project'] as Scope[]) {
    const targets = adapter.install.targets(scope, context);
    if (!Array.isArray(targets)) continue;
    for (const file of targets) {
      const commands = installedCommands(adapter, file, scope, context);
      if (typeof commands === 'string') unreadable.push({ mark: 'fix', text: `${adapter.format}: ${commands}` });
      else hooks.push(...commands.map((command) => ({ file, command })));
    }
  }
  if (hooks.length === 0 && unreadable.length === 0 && !existsSync(adapter.install.present(context))) return null;
  const checks = [...unreadable];
  if (hooks.length === 0) {
    checks.push({ mark: 'fix', text: `${adapter.format}: ${adapter.title} is here but runs no treeward hook; run \`treeward install ${adapter.format}\`` });
  }
  const ours = thisTreeward(io.self);
  for (const hook of hooks) {
    const target = pointsAt(hook.command, io.env['PATH'] ?? '');
    found.push({ format: adapter.format, runtime: target.runtime, script: target.script });
    const elsewhere = target.problem === null && target.script !== null && !ours.some((program) => samePath(target.script!, program));
    const problem = target.problem ?? (elsewhere ? `runs ${target.script}, not this treeward (${io.self.script})` : null);
    checks.push(problem === null
      ? { mark: 'ok', text: `${adapter.format}: the hook in ${hook.file} runs this treeward (${target.script})` }
      : { mark: 'fix', text: `${adapter.format}: the hook in ${hook.file} ${problem}; run \`treeward install ${adapter.format}\` to point it here` });
  }
  checks.push(...versionChecks(adapter, io));
  return checks;
}

/** The hook commands treeward wrote in a settings file, or what is wrong with the file. */
function installedCommands(adapter: HarnessAdapter, file: string, scope: Scope, context: InstallContext): string[] | string {
  if (!existsSync(file)) return [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return `${file} cannot be read`;
  }
  const plan = adapter.install;
  if (plan.kind === 'script') return text.includes(`treeward install ${adapter.format}`) ? [execLine(text)] : [];
  if (plan.kind === 'toml') {
    try {
      return readTomlTables(text).tables
        .map((table) => table.values.get('command'))
        .filter((command): command is string => isTreewardCommand(command, adapter.format, null));
    } catch {
      return `${file} does not parse as TOML; fix it, then run \`treeward install ${adapter.format}\``;
    }
  }
  let value: unknown;
  try {
    value = plainValue(parseJsonText(text, { comments: plan.comments }));
  } catch {
    return `${file} does not parse as JSON; fix it, then run \`treeward install ${adapter.format}\``;
  }
  const script = plan.script ? plan.script(scope, context) : null;
  const found: string[] = [];
  for (const entry of plan.entries(context)) {
    let node: unknown = value;
    for (const key of entry.path) node = node && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
    if (!Array.isArray(node)) continue;
    const hooksOf = (member: unknown): unknown[] => (entry.nested ? ((member as { hooks?: unknown })?.hooks as unknown[] | undefined) ?? [] : [member]);
    for (const hook of node.flatMap(hooksOf)) {
      const command = (hook as Record<string, unknown> | null)?.[plan.commandKey];
      if (!isTreewardCommand(command, adapter.format, script) || found.includes(command as string)) continue;
      found.push(script !== null && existsSync(script) ? execLine(readFileSync(script, 'utf8')) : (command as string));
    }
  }
  return found;
}

/** The command a hook script runs. */
function execLine(script: string): string {
  return /^exec (.*)$/m.exec(script)?.[1] ?? '';
}

/** The runtime and bin a hook command names (`RUNTIME [OPTION]... BIN hook …`, or `BIN hook …`), and what is wrong with them. */
function pointsAt(command: string, path: string): { runtime: string | null; script: string | null; problem: string | null } {
  const words = shellWords(command);
  const hook = words.indexOf('hook');
  if (hook < 1) return { runtime: null, script: null, problem: `runs \`${command}\`, which is not \`treeward hook\`` };
  const script = words[hook - 1]!;
  const runtime = hook >= 2 ? words[0]! : null;
  for (const program of [runtime, script]) {
    if (program === null) continue;
    const found = program.includes('/') ? program : onPath(program, path);
    if (found === null) return { runtime, script, problem: `runs \`${program}\`, which is not on PATH` };
    try {
      accessSync(found, constants.X_OK | constants.R_OK);
    } catch {
      return { runtime, script, problem: `runs ${found}, which is missing or cannot be run` };
    }
  }
  if (runtime !== null && isBunRuntime(runtime)) {
    const options = words.slice(1, hook - 1);
    const missing = bunHookFlags.filter((flag) => !options.includes(flag));
    if (missing.length > 0) {
      return {
        runtime, script,
        problem: `runs Bun without ${missing.map((flag) => `\`${flag}\``).join(' and ')}, so a \`.env\` or \`bunfig.toml\` the agent writes in its tree `
          + 'is read by the hook (a `preload` there runs inside it)',
      };
    }
  }
  return { runtime, script: script.includes('/') ? script : onPath(script, path), problem: null };
}

function onPath(program: string, path: string): string | null {
  for (const dir of path.split(':')) {
    if (dir && existsSync(join(dir, program))) return join(dir, program);
  }
  return null;
}

function samePath(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return a === b;
  }
}

/** Words of a command line as sh splits them, for the simple lines install writes (single quotes, no expansions). */
function shellWords(command: string): string[] {
  const words: string[] = [];
  for (const match of command.matchAll(/(?:'([^']*)'|(\\.)|([^\s'\\]+))+|\s+/g)) {
    if (/^\s+$/.test(match[0])) continue;
    words.push(match[0].replace(/'([^']*)'|\\(.)/g, (_all, quoted: string | undefined, escaped: string | undefined) => quoted ?? escaped ?? ''));
  }
  return words;
}

function versionChecks(adapter: HarnessAdapter, io: InstallIo): Check[] {
  const command = adapter.install.versionCommand;
  if (!command) return [];
  const version = harnessVersion(adapter, io.env);
  if (version === null) return [{ mark: 'warn', text: `${adapter.format}: \`${command.join(' ')}\` gave no version, so its known problems were not checked` }];
  const issues = adapter.install.knownIssues?.(version) ?? [];
  if (issues.length === 0) return [{ mark: 'ok', text: `${adapter.format}: ${adapter.title} ${version}, no known problem with treeward's hook` }];
  return issues.map((issue) => ({ mark: 'warn', text: `${adapter.format}: ${issue}` }));
}

/**
 * The native executable beside this treeward: whether it is there, current
 * (made from this bundle, for this machine), and what the hooks run instead
 * of it. One that hooks run and that is not current needs fixing.
 */
function nativeCheck(self: Self, found: FoundHook[]): Check {
  const native = nativeExecutableOf(self.script);
  if (native === null) {
    if (self.runtime === null) return { mark: 'ok', text: `native: this treeward is a native executable (${self.script}), run alone` };
    return { mark: '--', text: 'native: none built (`npm run build:native` makes dist/native/treeward, which starts a hook in a fraction of node\'s time)' };
  }
  const runIt = found.filter((hook) => hook.runtime === null && hook.script !== null && samePath(hook.script, native.path)).map((hook) => hook.format);
  const bin = join(distOf(self.script), 'treeward.cjs');
  const runBin = found.filter((hook) => hook.runtime !== null && hook.script !== null && samePath(hook.script, bin));
  if (native.problem !== null) {
    const users = runIt.length > 0 ? `; the hooks of ${[...new Set(runIt)].join(', ')} run it` : '';
    return { mark: runIt.length > 0 ? 'fix' : 'warn', text: `native: ${native.path} is not current: ${native.problem}${users}` };
  }
  const about = `native: ${native.path} (${describeNative(native)}), made from this bundle`;
  if (runBin.length > 0) {
    const formats = [...new Set(runBin.map((hook) => hook.format))];
    const text = `${about}, but the hooks of ${formats.join(', ')} run ${[...new Set(runBin.map((hook) => hook.runtime))].join(', ')}; `
      + `run \`treeward install ${formats[0]}\` (and each other) again to have them run it`;
    return { mark: 'warn', text };
  }
  return { mark: 'ok', text: runIt.length > 0 ? `${about}; the hooks of ${[...new Set(runIt)].join(', ')} run it` : about };
}

/** Whether the runtime a hook runs under takes the code cache (node) or the bytecode (Bun) the build made. */
function cacheCheck(runtime: string, self: Self): Check {
  const dist = distOf(self.script);
  // what a hook runs: the hook's own bundle (scripts/binary.mjs), or the whole one in a build that made none
  const name = existsSync(join(dist, 'treeward-hook-bundle.cjs')) ? 'treeward-hook-bundle' : 'treeward-bundle';
  const bundle = join(dist, `${name}.cjs`);
  let build: { node?: string; bun?: string | null; wrapperHead?: string; wrapperTail?: string };
  try {
    build = JSON.parse(readFileSync(join(dist, 'treeward-build.json'), 'utf8')) as typeof build;
  } catch {
    return { mark: 'warn', text: `code cache: ${dist} has no treeward-build.json; run \`npm run build\` so hooks start without compiling` };
  }
  if (isBunRuntime(runtime)) {
    const run = childProcess().spawnSync(runtime, ['--version'], { encoding: 'utf8', timeout: 5000 });
    const version = `${run.stdout ?? ''}`.trim();
    if (!existsSync(join(dist, 'bun', `${name}.js.jsc`))) {
      return { mark: 'warn', text: `bytecode: the build made none for Bun (${runtime}); run \`npm run build\` with Bun installed` };
    }
    if (version !== build.bun) {
      const text = `bytecode: made by Bun ${build.bun}, and ${runtime} is Bun ${version || '(unknown)'}; `
        + 'rebuild (`npm run build`) so it starts ~10 ms sooner';
      return { mark: 'warn', text };
    }
    return { mark: 'ok', text: `bytecode: valid for Bun ${version} (${runtime})` };
  }
  const cache = bundle.slice(0, -4) + '.cache';
  // the same test, run by another node: the cache belongs to the V8 that made it
  const check = "const{Script}=require('vm'),fs=require('fs');"
    + `const s=new Script(${JSON.stringify(build.wrapperHead)}+fs.readFileSync(${JSON.stringify(bundle)}).toString('latin1')`
    + `+${JSON.stringify(build.wrapperTail)},`
    + `{filename:${JSON.stringify(bundle)},cachedData:fs.readFileSync(${JSON.stringify(cache)})});`
    + 'process.stdout.write(JSON.stringify({rejected:s.cachedDataRejected,version:process.version}))';
  let result: { rejected?: boolean; version?: string };
  try {
    if (runtime === process.execPath && !process.versions['bun']) {
      const source = `${build.wrapperHead}${readFileSync(bundle).toString('latin1')}${build.wrapperTail}`;
      const script = new (vmModule().Script)(source, { filename: bundle, cachedData: readFileSync(cache) });
      result = { rejected: script.cachedDataRejected, version: process.version };
    } else {
      result = JSON.parse(childProcess().spawnSync(runtime, ['-e', check], { encoding: 'utf8', timeout: 10000 }).stdout) as typeof result;
    }
  } catch {
    return { mark: 'warn', text: `code cache: could not check it under ${runtime}; without it a hook start compiles the bundle (10 to 20 ms)` };
  }
  if (result.rejected !== false) {
    const text = `code cache: made by node ${build.node}, and ${runtime} (${result.version ?? '?'}) refuses it; rebuild (\`npm run build\`) with that node`;
    return { mark: 'warn', text };
  }
  return { mark: 'ok', text: `code cache: valid for node ${result.version} (${runtime})` };
}

function dialectCheck(env: Readonly<Record<string, string | undefined>>): Check {
  const shell = env['SHELL'];
  const implied = shellFromEnvironment(shell);
  const byDialect = new Map<string, string[]>();
  for (const adapter of adapters) {
    const dialect = adapter.defaultDialect(env);
    byDialect.set(dialect, [...(byDialect.get(dialect) ?? []), adapter.title]);
  }
  const readings = [...byDialect].map(([dialect, titles]) => `${titles.sort().join(', ')}: ${dialect}`).join('; ');
  const said = shell ? `$SHELL is ${shell}${implied ? `, which is ${implied}` : ', which treeward does not read, so bash'}` : '$SHELL is not set, so bash';
  return { mark: implied || !shell ? 'ok' : 'warn', text: `dialect: ${said}. Lines are read as ${readings} (\`--shell\` in the hook's command overrides)` };
}
