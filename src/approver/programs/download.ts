// curl and wget: the files they write. curl writes stdout unless told
// otherwise (`-o FILE`, `-O` for the URL's own name, `--output-dir`) and its
// side files (`-D`, `--stderr`, `--trace`, `-c`, …); wget writes a file named
// after the URL in the current directory (or `-P DIR`) unless `-O FILE`, and
// its logs (`-o`, `-a`). A name the server chooses (`curl -J`, `wget
// --content-disposition`) is not fixed.

import { type Argument, derivedArgument, unfixedArgument, valueArgument } from '../core/arguments.js';
import { type Action, runsCode, type Invocation, type ProgramRow } from '../core/actions.js';
import type { Unfixed } from '../core/facts.js';
import { beforeFirst } from '../core/path-text.js';
import { has, options, type ParsedOption, valuesOf } from '../core/options.js';

const curlValued = [
  'abstract-unix-socket', 'alt-svc', 'aws-sigv4', 'cacert', 'capath', 'cert', 'cert-type', 'ciphers', 'config', 'connect-timeout', 'connect-to',
  'continue-at', 'cookie', 'cookie-jar', 'create-file-mode', 'crlfile', 'curves', 'data', 'data-ascii', 'data-binary', 'data-raw', 'data-urlencode',
  'delegation', 'dns-interface', 'dns-ipv4-addr', 'dns-ipv6-addr', 'dns-servers', 'doh-url', 'dump-header', 'egd-file', 'engine', 'etag-compare',
  'etag-save', 'expect100-timeout', 'form', 'form-string', 'ftp-account', 'ftp-alternative-to-user', 'ftp-method', 'ftp-port', 'ftp-ssl-ccc-mode',
  'happy-eyeballs-timeout-ms', 'header', 'hostpubmd5', 'hostpubsha256', 'hsts', 'interface', 'json', 'keepalive-time', 'key', 'key-type', 'krb',
  'libcurl', 'limit-rate', 'local-port', 'login-options', 'mail-auth', 'mail-from', 'mail-rcpt', 'max-filesize', 'max-redirs', 'max-time',
  'netrc-file', 'noproxy', 'oauth2-bearer', 'output', 'output-dir', 'parallel-max', 'pass', 'pinnedpubkey', 'preproxy', 'proto', 'proto-default',
  'proto-redir', 'proxy', 'proxy-cacert', 'proxy-capath', 'proxy-cert', 'proxy-cert-type', 'proxy-ciphers', 'proxy-crlfile', 'proxy-header',
  'proxy-key', 'proxy-key-type', 'proxy-pass', 'proxy-pinnedpubkey', 'proxy-service-name', 'proxy-tls13-ciphers', 'proxy-tlsauthtype',
  'proxy-tlspassword', 'proxy-tlsuser', 'proxy-user', 'proxy1.0', 'pubkey', 'quote', 'random-file', 'range', 'rate', 'referer', 'request',
  'request-target', 'resolve', 'retry', 'retry-delay', 'retry-max-time', 'sasl-authzid', 'service-name', 'socks4', 'socks4a', 'socks5',
  'socks5-gssapi-service', 'socks5-hostname', 'speed-limit', 'speed-time', 'stderr', 'telnet-option', 'tftp-blksize', 'time-cond', 'tls-max',
  'tls13-ciphers', 'tlsauthtype', 'tlspassword', 'tlsuser', 'trace', 'trace-ascii', 'trace-config', 'unix-socket', 'upload-file', 'url', 'url-query',
  'user', 'user-agent', 'write-out', 'variable', 'expand-url', 'ip-tos', 'mptcp', 'ech', 'ssl-sessions', 'knownhosts', 'upload-flags', 'proxy-http2',
];
const curlFlags = ['remote-name', 'remote-name-all', 'remote-header-name', 'globoff', 'create-dirs', 'next', 'silent', 'show-error', 'fail', 'location', 'verbose', 'no-remote-name'];

/** The letters of curl's short options; those followed by `:` take a value (curl 7.88/8.x `--help all`). */
const curlTable = options('#012346aA:b:Bc:C:d:D:e:E:fF:gGhH:iIjJkK:lLm:MnNo:OpP:qQ:r:RsSt:T:u:U:vVw:x:X:y:Y:z:Z', [
  ...curlValued.map((name) => [name, 'required'] as [string, 'required']),
  ...curlFlags,
]);

/** Options that name a file curl writes besides the transfer's output (`-` is stdout). */
const curlSideFiles: Record<string, string> = {
  D: 'curl -D', 'dump-header': 'curl --dump-header', stderr: 'curl --stderr', trace: 'curl --trace', 'trace-ascii': 'curl --trace-ascii',
  c: 'curl -c', 'cookie-jar': 'curl --cookie-jar', 'etag-save': 'curl --etag-save', hsts: 'curl --hsts', 'alt-svc': 'curl --alt-svc', libcurl: 'curl --libcurl',
};

function readCurl({ line, ctx }: Invocation): Action[] {
  const out: Action[] = [];
  for (const o of line.options) {
    const by = curlSideFiles[o.name];
    if (by && o.value !== '-') out.push({ kind: 'write', arg: valueArgument(o), by });
  }
  for (const o of valuesOf(line, 'K', 'config')) {
    // a config file can name output files; one the line wrote (or stdin) is not read
    if (o.value === null || o.value === '-' || ctx.contentOf(o.value)) out.push({ kind: 'write', arg: unfixedArgument(o.arg, { source: 'options-file', file: o.value }), by: 'curl -K' });
  }
  // each URL takes the next output slot (`-o FILE` or `-O`) in order; the rest go to stdout unless --remote-name-all
  const slots: ({ file: ParsedOption } | 'remote')[] = [];
  for (const o of line.options) {
    if (o.name === 'o' || o.name === 'output') slots.push({ file: o });
    else if (o.name === 'O' || o.name === 'remote-name') slots.push('remote');
  }
  const urls: Argument[] = [...line.operands];
  for (const o of valuesOf(line, 'url')) urls.push(valueArgument(o));
  const all = has(line, 'remote-name-all') && !has(line, 'no-remote-name');
  const serverNames = has(line, 'J', 'remote-header-name');
  const globbing = !has(line, 'g', 'globoff');
  const dirOption = valuesOf(line, 'output-dir').pop();
  const dir: string | null | undefined = dirOption ? dirOption.value : undefined;
  const place = (from: Argument, file: string | null, why: Unfixed) => {
    if (file === null || dir === null) return unfixedArgument(from, dir === null ? { source: 'placing-option', option: 'curl --output-dir' } : why);
    return derivedArgument(from, dir === undefined ? file : `${dir}/${file}`);
  };
  urls.forEach((url, k) => {
    const slot = slots[k] ?? (all ? 'remote' : null);
    if (slot === null) return;
    if (slot === 'remote') {
      const name = url.text === null ? null : curlRemoteName(url.text, globbing);
      out.push({ kind: 'write', arg: place(url, serverNames ? null : name, serverNames ? { source: 'server-name', option: '-J' } : { source: 'url-name', from: 'url' }), by: 'curl -O' });
      return;
    }
    const value = slot.file.value;
    if (value === '-') return;
    // `-o "file_#1"` fills in what a URL glob (`{a,b}`, `[1-3]`) matched
    const varies = value !== null && /#\d/.test(value) && globbing && url.text !== null && /[{[]/.test(url.text);
    out.push({ kind: 'write', arg: value === null ? valueArgument(slot.file) : place(slot.file.arg, varies ? null : value, { source: 'url-name', from: 'url-glob' }), by: 'curl -o' });
  });
  return out;
}

/** The name `curl -O` saves a URL under: the last segment of its path (query and fragment cut), null when a URL glob varies it. */
function curlRemoteName(url: string, globbing: boolean): string | null {
  const path = beforeFirst(urlPath(url), '?#');
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (globbing && /[{}[\]]/.test(name)) return null;
  return name === '' ? 'curl_response' : name;
}

/** A URL's path (from the first `/` after the host), with the query; `''` when it has none. */
function urlPath(url: string): string {
  const rest = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const slash = rest.search(/[/?#]/);
  return slash < 0 ? '' : rest.slice(slash);
}

function urlHost(url: string): string | null {
  const rest = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const host = beforeFirst(rest, '/?#').replace(/^[^@]*@/, '').replace(/:\d*$/, '').toLowerCase();
  return /^[a-z0-9._-]+$/.test(host) && host !== '.' && host !== '..' ? host : null;
}

const wgetValued = [
  'output-document', 'output-file', 'append-output', 'directory-prefix', 'tries', 'timeout', 'user-agent', 'header', 'execute', 'input-file', 'level',
  'accept', 'reject', 'domains', 'exclude-domains', 'include-directories', 'exclude-directories', 'base', 'wait', 'waitretry', 'quota', 'limit-rate',
  'user', 'password', 'http-user', 'http-password', 'ftp-user', 'ftp-password', 'proxy-user', 'proxy-password', 'load-cookies', 'save-cookies',
  'post-data', 'post-file', 'body-data', 'body-file', 'method', 'referer', 'default-page', 'cut-dirs', 'progress', 'bind-address', 'dns-timeout',
  'connect-timeout', 'read-timeout', 'restrict-file-names', 'ca-certificate', 'ca-directory', 'certificate', 'private-key', 'certificate-type',
  'private-key-type', 'secure-protocol', 'warc-file', 'warc-header', 'warc-max-size', 'warc-tempdir', 'warc-dedup', 'rejected-log', 'use-askpass',
  'local-encoding', 'remote-encoding', 'regex-type', 'accept-regex', 'reject-regex', 'backups', 'report-speed', 'config', 'hsts-file', 'prefer-family',
  'retry-on-http-error', 'crl-file', 'pinnedpubkey', 'random-file', 'egd-file', 'ciphers', 'compression', 'xattr', 'bind-dns-address', 'dns-servers',
];
const wgetFlags = [
  'quiet', 'verbose', 'no-verbose', 'continue', 'recursive', 'mirror', 'no-parent', 'timestamping', 'no-check-certificate', 'spider', 'page-requisites',
  'convert-links', 'adjust-extension', 'no-clobber', 'server-response', 'content-disposition', 'trust-server-names', 'force-directories',
  'no-directories', 'no-host-directories', 'protocol-directories', 'background', 'delete-after', 'span-hosts', 'no-cookies', 'keep-session-cookies',
];
/** wget's short options: `-n` takes its letter as a value (`-nd`, `-nH`, `-nc`, `-nv`, `-np`). */
const wgetTable = options('46a:A:bB:cdD:e:EFhHi:I:kKl:LmNn:o:O:pP:qQ:rR:St:T:U:vVw:xX:', [
  ...wgetValued.map((name) => [name, 'required'] as [string, 'required']),
  ...wgetFlags,
]);

function readWget({ args, line, span }: Invocation): Action[] {
  const out: Action[] = [];
  const no = (letter: string) => line.options.some((o) => o.name === 'n' && o.value !== null && o.value.includes(letter));
  for (const o of line.options) {
    if (o.name === 'o' || o.name === 'output-file' || o.name === 'a' || o.name === 'append-output') out.push({ kind: 'write', arg: valueArgument(o), by: `wget ${o.name.length === 1 ? '-' + o.name : '--' + o.name}` });
    if (o.name === 'save-cookies' || o.name === 'rejected-log' || o.name === 'hsts-file') out.push({ kind: 'write', arg: valueArgument(o), by: `wget --${o.name}` });
    if (o.name === 'warc-file') out.push({ kind: 'write', arg: o.value === null ? valueArgument(o) : derivedArgument(o.arg, `${o.value}.warc.gz`), by: 'wget --warc-file' });
    if (o.name === 'use-askpass') out.push(o.value === null ? runsCode(span, { source: 'unfixed', via: '`wget --use-askpass`', what: 'program' }) : { kind: 'run', argv: [valueArgument(o)], subshell: true });
  }
  // `-e COMMAND`: a wgetrc line; the ones that name files or programs are read like their options
  let prefix: string | null | undefined = valuesOf(line, 'P', 'directory-prefix').map((o) => o.value).pop();
  let document: ParsedOption | undefined = valuesOf(line, 'O', 'output-document').pop();
  let serverNames = has(line, 'content-disposition', 'trust-server-names');
  for (const o of valuesOf(line, 'e', 'execute')) {
    if (o.value === null) {
      out.push(runsCode(o.arg.word.span, { source: 'unfixed', via: '`wget -e`', what: 'wgetrc command' }));
      continue;
    }
    const m = /^\s*([A-Za-z_-]+)\s*=([\s\S]*)$/.exec(o.value);
    if (!m) continue;
    const key = m[1]!.replace(/[-_]/g, '').toLowerCase();
    const value = m[2]!.trim();
    const arg = derivedArgument(o.arg, value);
    if (key === 'outputdocument') document = { ...o, value, attached: true };
    else if (key === 'dirprefix') prefix = value;
    else if (key === 'logfile' || key === 'savecookies' || key === 'rejectedlog' || key === 'hstsfile') out.push({ kind: 'write', arg, by: 'wget -e' });
    else if (key === 'warcfile') out.push({ kind: 'write', arg: derivedArgument(o.arg, `${value}.warc.gz`), by: 'wget -e' });
    else if (key === 'useaskpass') out.push({ kind: 'run', argv: [arg], subshell: true });
    else if (key === 'contentdisposition' || key === 'trustservernames') serverNames = serverNames || /^(on|1|yes)$/i.test(value);
  }
  if (has(line, 'b', 'background') && !has(line, 'o', 'output-file', 'a', 'append-output')) out.push({ kind: 'write', arg: derivedArgument(args[0]!, 'wget-log'), by: 'wget -b' });
  if (has(line, 'spider')) return out;
  if (document) {
    // every document goes into that one file (`-` is stdout); -P does not apply
    if (document.value !== '-') out.push({ kind: 'write', arg: valueArgument(document), by: 'wget -O' });
    return out;
  }
  const urls = [...line.operands];
  for (const o of valuesOf(line, 'i', 'input-file')) urls.push(unfixedArgument(o.arg, { source: 'url-list' }));
  const recursive = has(line, 'r', 'recursive', 'm', 'mirror', 'p', 'page-requisites');
  const forceDirs = has(line, 'x', 'force-directories') || (recursive && !no('d') && !has(line, 'no-directories'));
  const hostDirs = forceDirs && !no('H') && !has(line, 'no-host-directories');
  const within = (from: Argument, path: string | null, why: Unfixed) => {
    if (path === null || prefix === null) return unfixedArgument(from, prefix === null ? { source: 'placing-option', option: 'wget -P' } : why);
    return derivedArgument(from, prefix === undefined ? path : `${prefix}/${path}`);
  };
  for (const url of urls) {
    if (recursive || forceDirs) {
      // a tree of files under the prefix (in a directory named after the host, unless -nH)
      const host = url.text === null ? null : urlHost(url.text);
      const dir = hostDirs ? within(url, host, { source: 'url-name', from: 'host' }) : prefix === null ? unfixedArgument(url, { source: 'placing-option', option: 'wget -P' }) : derivedArgument(url, prefix ?? '.');
      out.push({ kind: 'write', arg: dir, recursive: true, by: 'wget' });
      continue;
    }
    const name = url.text === null || serverNames ? null : wgetRemoteName(url.text);
    out.push({ kind: 'write', arg: within(url, name, serverNames ? { source: 'server-name', option: null } : { source: 'url-name', from: 'url' }), by: 'wget' });
  }
  return out;
}

/** The name wget saves a URL under: the last segment of its path with the query kept, else `index.html`. */
function wgetRemoteName(url: string): string {
  const path = beforeFirst(urlPath(url), '#');
  const bare = beforeFirst(path, '?');
  const name = bare.slice(bare.lastIndexOf('/') + 1);
  if (name === '') return 'index.html';
  return name + path.slice(bare.length);
}

export const rows: ProgramRow[] = [
  { names: ['curl'], options: curlTable, shadowable: true, read: readCurl },
  { names: ['wget'], options: wgetTable, shadowable: true, read: readWget },
];
