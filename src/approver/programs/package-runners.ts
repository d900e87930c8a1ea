// Package runners (`npx`, `npm exec`, `pnpm dlx`, `yarn dlx`, `bunx`, `uvx`,
// `uv run`, `pipx run`): the package's binary runs like a program, and a
// package that ships a coding-agent harness is a launch (SPEC §3 "Agent
// launches"). `npm install -g @anthropic-ai/claude-code` installs a harness
// but starts none.

import type { Span } from '../../syntax/ast.js';
import { type Action, runsCode, effectAction, type Invocation, type ProgramContext, type ProgramRow } from '../core/actions.js';
import { type Argument, derivedArgument, valueArgument } from '../core/arguments.js';
import { optionLines, type ParsedOption, readOptions, valuesOf } from '../core/options.js';
import { beforeFirst, withoutExtras } from '../core/path-text.js';
import { agentLaunch, packageHarness } from './agents.js';
import { readAs } from './invocation.js';
import { npmScriptRequest, packageScripts, pnpmScriptRequest, type ScriptRequest, yarnScriptRequest } from './package-scripts.js';

export const npxRow: ProgramRow = {
  names: ['npx', 'bunx'],
  options: optionLines([
    '-y --yes',
    '-q --quiet',
    '-p --package=PACKAGE',
    '-c --call=COMMAND',
    '   --no',
    '   --ignore-existing',
    '   --prefix=DIR',
  ], true),
  shadowable: true,
  read: readNpx,
};

const uvOptions = optionLines([
  '-p --python=PYTHON',
  '-q --quiet',
  '   --with=PACKAGE',
  '   --from=PACKAGE',
  '   --index-url=URL',
  '   --extra=EXTRA',
  '   --project=DIR',
  '   --directory=DIR',
  '   --env-file=FILE',
  '   --isolated',
  '   --no-project',
  '   --frozen',
  '   --locked',
  '   --spec=SPEC',
  '   --no-sync',
  '   --verbose',
  '   --group=GROUP',
  '   --all-extras',
], true);

export const rows: ProgramRow[] = [
  npxRow,
  {
    names: ['npm'],
    shadowable: true,
    read: (invocation) => {
      const { args } = invocation;
      const sub = args[1]?.text;
      if (sub === 'exec' || sub === 'x') return readAs(npxRow, invocation, [args[0]!, ...args.slice(2)]);
      return scriptsOf(npmScriptRequest(args, invocation.span), invocation);
    },
  },
  {
    names: ['pnpm'],
    shadowable: true,
    read: (invocation) => {
      const { args } = invocation;
      const sub = args[1]?.text;
      if (sub === 'dlx') return readAs(npxRow, invocation, [args[0]!, ...args.slice(2)]);
      if (sub === 'exec') {
        const rest = args.slice(2).filter((a, k, all) => !(a.text ?? '').startsWith('-') || k === all.length);
        return rest.length > 0 ? [{ kind: 'run', argv: rest }] : [];
      }
      return scriptsOf(pnpmScriptRequest(args, invocation.span), invocation);
    },
  },
  {
    names: ['yarn'],
    shadowable: true,
    read: (invocation) => {
      const { args } = invocation;
      const sub = args[1]?.text;
      if (sub === 'dlx') return readAs(npxRow, invocation, [args[0]!, ...args.slice(2)]);
      if (sub === 'exec') return args.length > 2 ? [{ kind: 'run', argv: args.slice(2) }] : [];
      return scriptsOf(yarnScriptRequest(args, invocation.span), invocation);
    },
  },
  { names: ['uvx', 'uv', 'pipx'], shadowable: true, read: readUv },
];

/** The scripts a manager's command runs from the tree's package.json (package-scripts.ts), or nothing for its other commands. */
function scriptsOf(request: ScriptRequest | null, { ctx }: Invocation): Action[] {
  return request === null ? [] : packageScripts(request, ctx);
}

/**
 * uvx, `uv tool run`, `pipx run`: a package's tool; `uv run`: a command in the project's environment. uv parses
 * with clap (Rust), which never reads POSIXLY_CORRECT: the words after the command are its own either way.
 */
function readUv({ name, args, ctx, span }: Invocation): Action[] {
  let rest = args.slice(1);
  let mode: 'tool' | 'run' = name === 'uvx' ? 'tool' : 'run';
  if (name === 'uv') {
    if (rest[0]?.text === 'tool' && rest[1]?.text === 'run') { mode = 'tool'; rest = rest.slice(2); }
    else if (rest[0]?.text === 'run') rest = rest.slice(1);
    else return [];
  }
  if (name === 'pipx') {
    if (rest[0]?.text !== 'run') return [];
    rest = rest.slice(1);
    mode = 'tool';
  }
  const line = readOptions(rest, uvOptions);
  const from = valuesOf(line, 'from', 'spec')[0];
  const launch = from ? packageLaunch(from, ctx, span) : null;
  if (launch) return [launch];
  if (line.operands.length === 0) return [];
  if (mode === 'tool') return runPackage(line.operands[0]!, line.operands.slice(1), ctx, span);
  return [{ kind: 'run', argv: line.operands }];
}

/** Run a package's binary: an agent package is a launch; any other runs its bin like a program. */
export function runPackage(spec: Argument, rest: Argument[], ctx: ProgramContext, span: Span): Action[] {
  if (spec.text === null) return [runsCode(span, { source: 'unfixed', via: 'a package runner', what: 'package' })];
  const harness = packageHarness(spec.text);
  if (harness) {
    const launch = agentLaunch(harness, [derivedArgument(spec, harness), ...rest], ctx, span);
    return launch ? [effectAction(launch)] : [];
  }
  const bin = packageBin(spec.text);
  return [{ kind: 'run', argv: [derivedArgument(spec, bin), ...rest] }];
}

/** `@scope/name@1.2.3` → `name`; `npm:pkg` → `pkg`; `cowsay==6.0` → `cowsay`. */
function packageBin(spec: string): string {
  let name = spec.replace(/^(npm|jsr|pypi):/, '');
  const at = name.lastIndexOf('@');
  if (at > 0) name = name.slice(0, at);
  name = withoutExtras(beforeFirst(name, '=<>~!'));
  return name.slice(name.lastIndexOf('/') + 1);
}


function readNpx({ line, ctx, span }: Invocation): Action[] {
  const out: Action[] = [];
  for (const o of valuesOf(line, 'call')) {
    if (o.value === null) return [runsCode(span, { source: 'unfixed', via: '`npx -c`', what: 'command' })];
    out.push({ kind: 'shell-code', code: o.value, span: o.arg.word.span, dialect: 'sh' });
  }
  const packages = valuesOf(line, 'package');
  for (const p of packages) {
    const launch = packageLaunch(p, ctx, span);
    if (launch) return [launch];
  }
  if (line.operands.length === 0) return out;
  if (packages.length > 0) return [...out, { kind: 'run', argv: line.operands }];
  return [...out, ...runPackage(line.operands[0]!, line.operands.slice(1), ctx, span)];
}

/** The launch of the harness a package option names (`--package @anthropic-ai/claude-code`), or null. */
function packageLaunch(option: ParsedOption, ctx: ProgramContext, span: Span): Action | null {
  const harness = option.value === null ? null : packageHarness(option.value);
  return harness === null ? null : effectAction(agentLaunch(harness, [valueArgument(option)], ctx, span)!);
}
