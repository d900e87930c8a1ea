// The `treeward` binary, built for start-up time:
//   dist/treeward.cjs            the bin: a dozen lines that run the bundle
//   dist/treeward-bundle.cjs     the one bundled file (esbuild) of src/cli/main.ts
//   dist/treeward-bundle.cache   V8's code cache for that bundle, made here
//   dist/treeward-hook-bundle.cjs(.cache)  the same for src/cli/hook-main.ts, what `hook` runs
//   dist/treeward-inline-bundle.cjs(.cache)  the inline code readers, which the hook's bundle requires when a line runs inline code
//   dist/bun/treeward-bundle.js(.jsc), dist/bun/treeward-hook-bundle.js(.jsc)  both as Bun re-emits them, with Bun's bytecode
//   dist/treeward-build.json     the node and Bun that made them, for `treeward doctor`
//
// Compiling 260 kB of JavaScript is most of what a hook process would spend
// after node's own start, so the bin hands V8 the bundle together with the
// bytecode this build made for it (node:vm's `cachedData`). The cache is made
// after running the hook in-process on a scratch tree, so it holds the
// bytecode of what a verdict runs. A cache V8 does not accept (another node
// version, other V8 flags) is dropped by V8 and the bundle compiles as usual;
// Bun cannot use it and requires the bundle. It is never written at run time:
// a cache the agent could write would be code the agent could change.
//
// A hook (`hook` without --help, every harness's call) runs the hook's own
// bundle: it holds no install, doctor, log, check or parse, so a start reads,
// deserializes and initialises less; a bin whose hook bundle is missing runs
// the whole one, which answers the same.
//
// Kept apart from the bin rather than inside it: held as JavaScript string
// literals in one file, bundle and cache cost node about 8 ms more per start
// to read and scan than as two plain files (bench/hook.mjs measures the rest).

import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

/** How the bin (and the build) wraps the bundle's CommonJS text for node:vm; the cache belongs to exactly this text. */
const wrapperHead = '(function (exports, require, module, __filename, __dirname) {';
const wrapperTail = '\n})';

const loader = (bundleName, hookBundleName, startFailure) => `#!/usr/bin/env node
// treeward (written by scripts/build.mjs): runs ${bundleName} (${hookBundleName} for a hook) with the V8 code cache made for it at build time.
"use strict";
try {
  const fs = require("node:fs");
  const argv = process.argv.slice(2);
  // the test src/cli/hook-main.ts's isHookCommandLine makes; the whole bundle answers the same when the hook's is missing
  const hook = argv[0] === "hook" && !argv.slice(1).some((a) => a === "--help" || a === "-h");
  const name = hook && fs.existsSync(__dirname + "/${hookBundleName}") ? ${JSON.stringify(hookBundleName)} : ${JSON.stringify(bundleName)};
  const bundle = __dirname + "/" + name;
  let main;
  if (process.versions.bun) {
    // JavaScriptCore's JIT held back, as in the native executable (scripts/native.mjs): a verdict runs most of its code once, and a
    // hook started about 3 ms sooner (bench/hook.mjs); the hook puts the usual policy back for a long request (src/cli/hook-command.ts)
    try { Bun.unsafe.setJITPolicy(16); } catch {}
    // Bun's bytecode of the same bundle, when the build made it (Bun checks it against the source and its own version, and parses the source when they differ)
    let loaded;
    if (process.env.TREEWARD_CODE_CACHE !== "0") try { loaded = require(__dirname + "/bun/" + name.slice(0, -4) + ".js"); } catch {}
    main = (loaded || require(bundle)).main;
  } else if (process.env.TREEWARD_CODE_CACHE === "0") main = require(bundle).main;
  else {
    // a bundle run from its text with the cache beside it (x.cjs, x.cache); its exports
    const run = (file, requireIn) => {
      let cachedData;
      try { cachedData = fs.readFileSync(file.slice(0, -4) + ".cache"); } catch {}
      const source = ${JSON.stringify(wrapperHead)} + fs.readFileSync(file).toString("latin1") + ${JSON.stringify(wrapperTail)};
      const script = new (require("node:vm").Script)(source, { filename: file, cachedData });
      const loaded = { exports: {} };
      script.runInThisContext()(loaded.exports, requireIn, loaded, file, __dirname);
      return loaded.exports;
    };
    // the hook bundle requires the inline readers at their first call (scripts/binary.mjs): run with their cache too
    let inline;
    const requireIn = (id) => (id === "./${inlineBundleName}" ? (inline ??= run(__dirname + "/${inlineBundleName}", require)) : require(id));
    main = run(bundle, requireIn).main;
  }
  // everything is written with writeSync, so nothing is pending: exit now rather than tear the runtime down at leisure
  process.exit(main(process.argv.slice(2)));
} catch (error) {
  // The bundle did not load (a file missing, a runtime too old): a hook must still answer with a deny, never fail open,
  // in the form of the harness its --format names (each harness's deny, made by its adapter when the build ran).
  if (process.argv[2] !== "hook") throw error;
  const reason = "treeward could not start (" + String(error && error.message).slice(0, 200) + "); nothing was approved";
  const replies = ${JSON.stringify(startFailure.replies)};
  let format = ${JSON.stringify(startFailure.fallback)};
  process.argv.forEach((a, i) => {
    if (a === "--format" && i + 1 < process.argv.length) format = process.argv[i + 1];
    else if (a.startsWith("--format=")) format = a.slice(9);
  });
  const reply = Object.prototype.hasOwnProperty.call(replies, format) ? replies[format] : replies[${JSON.stringify(startFailure.fallback)}];
  const fs = require("node:fs");
  if (reply.stdout) fs.writeSync(1, reply.stdout.replace(${JSON.stringify(placeholder)}, () => JSON.stringify(reason).slice(1, -1)));
  if (reply.stderr) fs.writeSync(2, reply.stderr.replace(${JSON.stringify(placeholder)}, () => reason));
  process.exit(reply.exitCode);
}
`;

/** Where the reason goes in the replies the loader writes when the bundle does not load. */
const placeholder = '@@treeward-start-failure@@';

function packageVersion() {
  return JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')).version;
}

/**
 * Bundles src/cli/main.ts and src/cli/hook-main.ts and writes the bin
 * `outfile` with both bundles and their caches beside it. CommonJS, since
 * node starts it faster than an ES module; minified, since Bun and a node
 * that rejects the cache compile it at every start; ASCII (esbuild's
 * default), so the bin can read it as latin1. Returns whether both code
 * caches were made.
 */
export async function buildBinary(outfile) {
  const dir = dirname(outfile);
  const bundleName = basename(outfile).replace(/\.cjs$/, '') + '-bundle.cjs';
  const hookBundleName = basename(outfile).replace(/\.cjs$/, '') + '-hook-bundle.cjs';
  mkdirSync(dir, { recursive: true });
  const bundles = [['main.ts', bundleName], ['hook-main.ts', hookBundleName]];
  const texts = [];
  for (const [entry, name] of bundles) {
    texts.push(await bundleOf(entry, name === hookBundleName ? [lazyInlineReaders] : []));
    writeFileSync(join(dir, name), texts.at(-1));
  }
  writeFileSync(join(dir, inlineBundleName), await bundleOf('inline-readers', [inlineReadersEntry]));
  // the hook's bundle is what a hook loads, so its adapters write the deny for a hook that cannot load it
  writeFileSync(outfile, loader(bundleName, hookBundleName, startFailureReplies(wrapperHead + texts[1] + wrapperTail, join(dir, hookBundleName))));
  chmodSync(outfile, 0o755);
  rmSync(join(dir, 'bun'), { recursive: true, force: true });
  const bun = bundles.map(([, name]) => bunBytecodeFor(join(dir, name), join(dir, 'bun'))).reduce((a, b) => (a === b ? a : null));
  // what `treeward doctor` checks the runtimes of installed hooks against (src/cli/doctor.ts)
  writeFileSync(join(dir, 'treeward-build.json'), JSON.stringify({ node: process.version, bun, wrapperHead, wrapperTail }, null, 2) + '\n');
  let cached = true;
  bundles.forEach(([, name], k) => {
    const bundlePath = join(dir, name);
    const cachePath = bundlePath.slice(0, -4) + '.cache';
    rmSync(cachePath, { force: true });
    rmSync(join(dir, inlineBundleName.slice(0, -4) + '.cache'), { force: true });
    try {
      const caches = codeCacheFor(wrapperHead + texts[k] + wrapperTail, bundlePath, name === hookBundleName ? join(dir, inlineBundleName) : null);
      for (const [path, cache] of caches) writeFileSync(path, cache);
    } catch (error) {
      console.warn(`treeward build: no code cache for ${name} (${error instanceof Error ? error.message : error}); the binary compiles it at start`);
      cached = false;
    }
  });
  return cached;
}

/**
 * The readers of inline Python, JavaScript and Ruby (src/approver/programs/inline/), 15% of
 * the hook's bundle, which a line reads only when it runs inline code: the hook's bundle holds
 * a stub that requires this bundle at the first call, so every other hook start neither reads,
 * deserializes nor initialises them. The stub's `require` is the loader's (relative to the
 * bin) or the bundle's own (beside it); Bun's re-emitted bundle and the native executable
 * hold this bundle inside, as a module evaluated at that first call. A missing file makes the
 * call throw, which the hook answers with a deny (internal-error).
 */
const inlineBundleName = 'treeward-inline-bundle.cjs';
const inlineReaders = { javascript: 'readJavascript', python: 'readPython', ruby: 'readRuby' };
const inlineDir = fileURLToPath(new URL('../src/approver/programs/inline/', import.meta.url));

const lazyInlineReaders = {
  name: 'lazy-inline-readers',
  setup(build) {
    build.onResolve({ filter: /^\.\/inline\/(?:javascript|python|ruby)\.js$/ }, (args) => (
      args.importer.endsWith('inline-code.ts') ? { path: args.path.slice(9, -3), namespace: 'lazy-inline' } : undefined));
    build.onResolve({ filter: /^\.\/treeward-inline-bundle\.cjs$/ }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-inline' }, (args) => ({
      contents: `let loaded;\nexport function ${inlineReaders[args.path]}(code, anchors) {\n`
        + `  return (loaded ??= require("./${inlineBundleName}")).${inlineReaders[args.path]}(code, anchors);\n}\n`,
      loader: 'js',
    }));
  },
};

/** The entry of the inline readers' own bundle. */
const inlineReadersEntry = {
  name: 'inline-readers-entry',
  setup(build) {
    build.onResolve({ filter: /^inline-readers$/ }, () => ({ path: 'inline-readers', namespace: 'inline-entry' }));
    build.onLoad({ filter: /.*/, namespace: 'inline-entry' }, () => ({
      contents: Object.entries(inlineReaders).map(([file, name]) => `export { ${name} } from ${JSON.stringify(join(inlineDir, `${file}.ts`))};`).join('\n'),
      loader: 'js',
      resolveDir: inlineDir,
    }));
  },
};

/** The minified CommonJS bundle of src/cli/`entry` (or of the entry a plugin makes). */
async function bundleOf(entry, plugins) {
  const result = await build({
    entryPoints: [entry.endsWith('.ts') ? fileURLToPath(new URL(`../src/cli/${entry}`, import.meta.url)) : entry],
    plugins,
    write: false,
    bundle: true,
    minify: true,
    charset: 'ascii',
    legalComments: 'none',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    // `treeward --version` (src/cli/version.ts)
    define: { TREEWARD_VERSION: JSON.stringify(packageVersion()) },
  });
  const text = result.outputFiles[0].text;
  if (!/^[\x00-\x7f]*$/.test(text)) throw new Error(`the bundle of ${entry} is not ASCII; the bin reads it as latin1`);
  return text;
}

/**
 * Every harness's deny for a hook whose bundle does not load, from the bundle's
 * own adapters (src/cli/harness/), with the placeholder where the reason goes,
 * and the format of a hook started without --format.
 */
function startFailureReplies(source, filename) {
  const loaded = { exports: {} };
  new Script(source, { filename }).runInThisContext()(loaded.exports, createRequire(resolve(filename)), loaded, filename, dirname(filename));
  const replies = loaded.exports.startFailureReplies(placeholder);
  for (const [format, reply] of Object.entries(replies)) {
    if (!`${reply.stdout}${reply.stderr}`.includes(placeholder)) throw new Error(`the ${format} adapter's deny does not carry its reason`);
  }
  return { replies, fallback: loaded.exports.defaultFormat };
}

/**
 * Bun's counterpart of the code cache: the same bundle, re-emitted by `bun
 * build --bytecode` into `outdir` with its `.jsc` beside it (Bun cannot read
 * V8's cache; with its bytecode a Bun hook starts about 10 ms sooner, measured
 * with bench/hook.mjs). Made with the Bun of the devDependencies; a Bun of
 * another version finds the bytecode does not match and parses the source.
 * Without Bun the build goes on, and the bin requires the bundle itself.
 */
/** What `bun build` names its output for the bundle `name` (x.cjs → x.js). */
const bunOutputName = (name) => name.replace(/\.cjs$/, '.js');

function bunBytecodeFor(bundlePath, outdir) {
  const bun = fileURLToPath(new URL('../node_modules/.bin/bun', import.meta.url));
  if (!existsSync(bun)) {
    console.warn('treeward build: no Bun in node_modules, so no Bun bytecode; under Bun the binary parses the bundle at start');
    return null;
  }
  const run = spawnSync(bun, ['build', bundlePath, '--target=bun', '--format=cjs', '--bytecode', '--outdir', outdir], { encoding: 'utf8' });
  const made = join(outdir, bunOutputName(basename(bundlePath)));
  if (run.status !== 0 || !existsSync(made) || !existsSync(`${made}.jsc`)) {
    for (const file of [made, `${made}.jsc`]) rmSync(file, { force: true });
    console.warn(`treeward build: no Bun bytecode (${(run.stderr || run.error?.message || `exit ${run.status}`).trim().split('\n').pop()})`);
    return null;
  }
  return spawnSync(bun, ['--version'], { encoding: 'utf8' }).stdout.trim() || null;
}

/**
 * Compiles the bundle, runs what the hook runs, and returns V8's cache of the
 * compiled code as [path, cache] pairs: the bundle's, and for the hook's
 * bundle the inline readers' (`inlinePath`), made after lines that run
 * inline code, which the bundle's own cache does not hold. V8's baseline compiler (Sparkplug) is off while it runs: a
 * cache made after Sparkplug compiled the warm-up's hot functions makes every
 * later start slower by a millisecond or more (measured with bench/hook.mjs;
 * the more the warm-up repeats a function, the slower), while one made from
 * bytecode alone does not. It is on again before the cache is made, since V8
 * refuses a cache made under other flags than the hook's (node's defaults).
 */
function codeCacheFor(source, filename, inlinePath) {
  const script = new Script(source, { filename });
  const loaded = { exports: {} };
  const requireOf = createRequire(resolve(filename));
  // the inline readers as the bin's loader runs them for the hook bundle: from their text, so that their cache can be made too
  let inline = null;
  const requireIn = (id) => {
    if (inlinePath === null || id !== `./${basename(inlinePath)}`) return requireOf(id);
    if (inline === null) {
      const inlineSource = wrapperHead + readFileSync(inlinePath, 'latin1') + wrapperTail;
      inline = { source: inlineSource, script: new Script(inlineSource, { filename: inlinePath }), loaded: { exports: {} } };
      inline.script.runInThisContext()(inline.loaded.exports, requireOf, inline.loaded, inlinePath, dirname(inlinePath));
    }
    return inline.loaded.exports;
  };
  const made = [];
  /** Runs `work` with Sparkplug off, then, with node's flags back, keeps `script`'s cache as `path`'s. */
  const warmedCache = (work, path, cachedScript, text) => {
    setFlagsFromString('--no-sparkplug');
    try {
      work();
    } finally {
      setFlagsFromString('--sparkplug');
    }
    if (cachedScript() !== null) made.push([path, cachedScript().createCachedData(), text()]);
  };
  warmedCache(() => {
    script.runInThisContext()(loaded.exports, requireIn, loaded, filename, dirname(filename));
    warmUp(loaded.exports.main, warmUpLines);
  }, filename.slice(0, -4) + '.cache', () => script, () => source);
  // after the bundle's cache is made, so that it holds no more than the lines above need
  if (inlinePath !== null) {
    warmedCache(() => warmUp(loaded.exports.main, inlineWarmUpLines), inlinePath.slice(0, -4) + '.cache', () => inline?.script ?? null, () => inline.source);
  }
  for (const [path, cache, text] of made) {
    if (new Script(text, { filename: path.slice(0, -6) + '.cjs', cachedData: cache }).cachedDataRejected) throw new Error(`V8 rejected the cache it just made for ${path}`);
  }
  return made.map(([path, cache]) => [path, cache]);
}

/** What the warm-up judges: an allow, a deny, a `cd` and a heredoc. */
const warmUpLines = ['npm test 2>&1 | tail -20', 'rm -rf .git', 'cd src && git diff --stat > ../out.txt', "cat <<'EOF' > notes.md\nhi\nEOF"];
/** Lines that run inline code, for the inline readers' cache. */
const inlineWarmUpLines = [
  `python3 -c "import json; json.dump({}, open('out.json', 'w'))"`, `node -e "require('fs').writeFileSync('a.txt', 'x')"`, `ruby -e 'File.write("a.txt", "x")'`,
];

/**
 * The work a verdict does on `lines`, in every harness format, on a scratch
 * tree with a `.git`. Only the hook is run: what the cache holds V8
 * deserializes at every start, so it holds the hook's path and not
 * `check`'s or `parse`'s, which a person runs now and then.
 */
function warmUp(main, lines) {
  const scratch = mkdtempSync(join(tmpdir(), 'treeward-build-'));
  try {
    const tree = join(scratch, 'tree');
    const home = join(scratch, 'home');
    for (const dir of [tree, home, join(tree, '.git'), join(tree, 'src')]) mkdirSync(dir, { recursive: true });
    const requests = [];
    for (const command of lines) {
      requests.push(
        { session_id: 's', transcript_path: '/t', cwd: tree, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash',
          tool_input: { command, description: 'warm-up' }, tool_use_id: 'u' },
        { session_id: 's', turn_id: 't', transcript_path: null, cwd: join(tree, 'src'), hook_event_name: 'PreToolUse', model: 'm', permission_mode: 'default',
          tool_name: 'Bash', tool_input: { command }, tool_use_id: 'u' },
        { session_id: 's', transcript_path: '/t', cwd: tree, hook_event_name: 'BeforeTool', timestamp: 'now', tool_name: 'run_shell_command',
          tool_input: { command, dir_path: 'src' } },
      );
    }
    const sink = () => {};
    const env = { HOME: home, SHELL: '/bin/bash', TMPDIR: scratch, PATH: '/usr/bin:/bin' };
    for (const request of requests) {
      main(['hook'], { readStdin: () => Buffer.from(JSON.stringify(request)), write: sink, writeError: sink, env, cwd: () => tree });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
