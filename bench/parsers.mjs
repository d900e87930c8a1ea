// One adapter per parser measured by bench/run.mjs. Each `load()` resolves to
//   { version, note?, async, parse(src) -> true | string }
// where parse returns true when the parser accepted the input and an error message when it
// rejected it. Every adapter reads bash (the dialect the corpus was checked with).

import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const require = createRequire(join(root, 'package.json'));

// Read from node_modules directly: some packages' "exports" do not expose package.json.
const pkgVersion = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
const message = (e) => {
  if (e instanceof Error) return e.message;
  if (e && typeof e.Error === 'function') return String(e.Error()); // GopherJS error values
  return String(e);
};

export const adapters = {
  async treeward() {
    // TREEWARD_BENCH_DIST: another build's dist directory, measured beside this one (bench/judging.mjs --against)
    const lib = await import(pathToFileURL(join(process.env.TREEWARD_BENCH_DIST ?? join(root, 'dist'), 'lib/index.js')).href);
    const { parse, ParseError } = lib;
    const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
    return {
      version,
      async: false,
      parse(src) {
        try { parse(src, { dialect: 'bash' }); return true; } catch (e) {
          if (e instanceof ParseError) return `${e.name}: ${e.message} @${e.span?.[0]}-${e.span?.[1]}`;
          throw e;
        }
      },
      lib,
    };
  },

  async 'mvdan-sh'() {
    const sh = require('mvdan-sh');
    const parser = sh.syntax.NewParser(); // LangBash is the default variant
    return {
      version: pkgVersion('mvdan-sh'),
      note: 'GopherJS build of mvdan/sh',
      async: false,
      parse(src) {
        try { parser.Parse(src, ''); return true; } catch (e) { return message(e); }
      },
    };
  },

  async 'sh-syntax'() {
    const ss = await import('sh-syntax');
    // The package's public getProcessor() with the wasm compiled once up front: each call
    // still starts a fresh Go runtime instance, as the package does for every parse.
    const module = await WebAssembly.compile(await readFile(require.resolve('sh-syntax/main.wasm')));
    const processor = ss.getProcessor((importObject) => WebAssembly.instantiate(module, importObject));
    return {
      version: pkgVersion('sh-syntax'),
      note: 'wasm of mvdan/sh; new Go instance per call (package design)',
      async: true,
      async parse(src) {
        try { await processor(src, { variant: ss.LangVariant.LangBash }); return true; } catch (e) { return message(e); }
      },
    };
  },

  async 'tree-sitter-bash'() {
    const { Parser, Language } = await import('web-tree-sitter');
    await Parser.init();
    const wasm = require.resolve('tree-sitter-bash/tree-sitter-bash.wasm');
    const lang = await Language.load(wasm);
    const parser = new Parser();
    parser.setLanguage(lang);
    return {
      version: `${pkgVersion('tree-sitter-bash')} (web-tree-sitter ${pkgVersion('web-tree-sitter')})`,
      note: 'error recovery: "rejected" = tree has an ERROR/MISSING node',
      async: false,
      parse(src) {
        const tree = parser.parse(src);
        const bad = tree.rootNode.hasError;
        tree.delete();
        return bad ? 'tree has ERROR/MISSING nodes' : true;
      },
    };
  },

  async 'bash-parser'() {
    const parse = require('bash-parser');
    return {
      version: pkgVersion('bash-parser'),
      async: false,
      parse(src) {
        try { parse(src, { mode: 'bash' }); return true; } catch (e) { return message(e).split('\n')[0]; }
      },
    };
  },
};

export const parserNames = Object.keys(adapters);
