// `treeward/hook`: the hook as a library, for programs that answer a harness
// in-process: the whole reply to a request's bytes, the harness table, and the
// configuration reader. The library itself is `treeward` (src/index.ts).
export { answerHook, runHook, maxRequestBytes, type HookArguments, type HookSurroundings } from './cli/hook.js';
export {
  answerObject, detectFormat, harnessFormats, readRequest, type HarnessFormat, type HarnessRequest, type HookAnswer, type HookReply,
} from './cli/harness/index.js';
export { ConfigError, readConfig, type HookConfig } from './cli/config.js';
