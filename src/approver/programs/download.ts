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
import { has, optionLines, type ParsedOption, valuesOf } from '../core/options.js';
import { leadingText } from '../core/words.js';

/** curl's options (curl 7.88/8.x `--help all`), one a line. */
const curlTable = optionLines([
  '-#',
  '-0',
  '-1',
  '-2',
  '-3',
  '-4',
  '-6',
  '-a',
  '-A --user-agent=USER_AGENT',
  '-b --cookie=COOKIE',
  '-B',
  '-c --cookie-jar=COOKIE_JAR',
  '-C --continue-at=CONTINUE_AT',
  '-d --data=DATA',
  '-D --dump-header=DUMP_HEADER',
  '-e --referer=REFERER',
  '-E --cert=CERT',
  '-f --fail',
  '-F --form=FORM',
  '-g --globoff',
  '-G',
  '-h',
  '-H --header=HEADER',
  '-i',
  '-I',
  '-j',
  '-J --remote-header-name',
  '-k',
  '-K --config=CONFIG',
  '-l',
  '-L --location',
  '-m --max-time=MAX_TIME',
  '-M',
  '-n',
  '-N',
  '-o --output=OUTPUT',
  '-O --remote-name',
  '-p',
  '-P --ftp-port=FTP_PORT',
  '-q',
  '-Q --quote=QUOTE',
  '-r --range=RANGE',
  '-R',
  '-s --silent',
  '-S --show-error',
  '-t --telnet-option=TELNET_OPTION',
  '-T --upload-file=UPLOAD_FILE',
  '-u --user=USER',
  '-U --proxy-user=PROXY_USER',
  '-v --verbose',
  '-V',
  '-w --write-out=WRITE_OUT',
  '-x --proxy=PROXY',
  '-X --request=REQUEST',
  '-y --speed-time=SPEED_TIME',
  '-Y --speed-limit=SPEED_LIMIT',
  '-z --time-cond=TIME_COND',
  '-Z',
  '   --abstract-unix-socket=ABSTRACT_UNIX_SOCKET',
  '   --alt-svc=ALT_SVC',
  '   --aws-sigv4=AWS_SIGV',
  '   --cacert=CACERT',
  '   --capath=CAPATH',
  '   --cert-type=CERT_TYPE',
  '   --ciphers=CIPHERS',
  '   --connect-timeout=CONNECT_TIMEOUT',
  '   --connect-to=CONNECT_TO',
  '   --create-file-mode=CREATE_FILE_MODE',
  '   --crlfile=CRLFILE',
  '   --curves=CURVES',
  '   --data-ascii=DATA_ASCII',
  '   --data-binary=DATA_BINARY',
  '   --data-raw=DATA_RAW',
  '   --data-urlencode=DATA_URLENCODE',
  '   --delegation=DELEGATION',
  '   --dns-interface=DNS_INTERFACE',
  '   --dns-ipv4-addr=DNS_IPV__ADDR',
  '   --dns-ipv6-addr=DNS_IPV__ADDR',
  '   --dns-servers=DNS_SERVERS',
  '   --doh-url=DOH_URL',
  '   --egd-file=EGD_FILE',
  '   --engine=ENGINE',
  '   --etag-compare=ETAG_COMPARE',
  '   --etag-save=ETAG_SAVE',
  '   --expect100-timeout=EXPECT____TIMEOUT',
  '   --form-string=FORM_STRING',
  '   --ftp-account=FTP_ACCOUNT',
  '   --ftp-alternative-to-user=FTP_ALTERNATIVE_TO_USER',
  '   --ftp-method=FTP_METHOD',
  '   --ftp-ssl-ccc-mode=FTP_SSL_CCC_MODE',
  '   --happy-eyeballs-timeout-ms=HAPPY_EYEBALLS_TIMEOUT_MS',
  '   --hostpubmd5=HOSTPUBMD',
  '   --hostpubsha256=HOSTPUBSHA',
  '   --hsts=HSTS',
  '   --interface=INTERFACE',
  '   --json=JSON',
  '   --keepalive-time=KEEPALIVE_TIME',
  '   --key=KEY',
  '   --key-type=KEY_TYPE',
  '   --krb=KRB',
  '   --libcurl=LIBCURL',
  '   --limit-rate=LIMIT_RATE',
  '   --local-port=LOCAL_PORT',
  '   --login-options=LOGIN_OPTIONS',
  '   --mail-auth=MAIL_AUTH',
  '   --mail-from=MAIL_FROM',
  '   --mail-rcpt=MAIL_RCPT',
  '   --max-filesize=MAX_FILESIZE',
  '   --max-redirs=MAX_REDIRS',
  '   --netrc-file=NETRC_FILE',
  '   --noproxy=NOPROXY',
  '   --oauth2-bearer=OAUTH__BEARER',
  '   --output-dir=OUTPUT_DIR',
  '   --parallel-max=PARALLEL_MAX',
  '   --pass=PASS',
  '   --pinnedpubkey=PINNEDPUBKEY',
  '   --preproxy=PREPROXY',
  '   --proto=PROTO',
  '   --proto-default=PROTO_DEFAULT',
  '   --proto-redir=PROTO_REDIR',
  '   --proxy-cacert=PROXY_CACERT',
  '   --proxy-capath=PROXY_CAPATH',
  '   --proxy-cert=PROXY_CERT',
  '   --proxy-cert-type=PROXY_CERT_TYPE',
  '   --proxy-ciphers=PROXY_CIPHERS',
  '   --proxy-crlfile=PROXY_CRLFILE',
  '   --proxy-header=PROXY_HEADER',
  '   --proxy-key=PROXY_KEY',
  '   --proxy-key-type=PROXY_KEY_TYPE',
  '   --proxy-pass=PROXY_PASS',
  '   --proxy-pinnedpubkey=PROXY_PINNEDPUBKEY',
  '   --proxy-service-name=PROXY_SERVICE_NAME',
  '   --proxy-tls13-ciphers=PROXY_TLS___CIPHERS',
  '   --proxy-tlsauthtype=PROXY_TLSAUTHTYPE',
  '   --proxy-tlspassword=PROXY_TLSPASSWORD',
  '   --proxy-tlsuser=PROXY_TLSUSER',
  '   --proxy1.0=PROXY',
  '   --pubkey=PUBKEY',
  '   --random-file=RANDOM_FILE',
  '   --rate=RATE',
  '   --request-target=REQUEST_TARGET',
  '   --resolve=RESOLVE',
  '   --retry=RETRY',
  '   --retry-delay=RETRY_DELAY',
  '   --retry-max-time=RETRY_MAX_TIME',
  '   --sasl-authzid=SASL_AUTHZID',
  '   --service-name=SERVICE_NAME',
  '   --socks4=SOCKS',
  '   --socks4a=SOCKS_A',
  '   --socks5=SOCKS',
  '   --socks5-gssapi-service=SOCKS__GSSAPI_SERVICE',
  '   --socks5-hostname=SOCKS__HOSTNAME',
  '   --stderr=STDERR',
  '   --tftp-blksize=TFTP_BLKSIZE',
  '   --tls-max=TLS_MAX',
  '   --tls13-ciphers=TLS___CIPHERS',
  '   --tlsauthtype=TLSAUTHTYPE',
  '   --tlspassword=TLSPASSWORD',
  '   --tlsuser=TLSUSER',
  '   --trace=TRACE',
  '   --trace-ascii=TRACE_ASCII',
  '   --trace-config=TRACE_CONFIG',
  '   --unix-socket=UNIX_SOCKET',
  '   --url=URL',
  '   --url-query=URL_QUERY',
  '   --variable=VARIABLE',
  '   --expand-url=EXPAND_URL',
  '   --ip-tos=IP_TOS',
  '   --mptcp=MPTCP',
  '   --ech=ECH',
  '   --ssl-sessions=SSL_SESSIONS',
  '   --knownhosts=KNOWNHOSTS',
  '   --upload-flags=UPLOAD_FLAGS',
  '   --proxy-http2=PROXY_HTTP',
  '   --remote-name-all',
  '   --create-dirs',
  '   --next',
  '   --no-remote-name',
]);

/** Options that name a file curl writes besides the transfer's output (`-` is stdout). */
const curlSideFiles = new Set(['dump-header', 'stderr', 'trace', 'trace-ascii', 'cookie-jar', 'etag-save', 'hsts', 'alt-svc', 'libcurl']);

function readCurl({ line, ctx }: Invocation): Action[] {
  const out: Action[] = [];
  for (const o of line.options) {
    if (curlSideFiles.has(o.name) && o.value !== '-') out.push({ kind: 'write', arg: valueArgument(o), by: `curl ${o.spelled}` });
  }
  for (const o of valuesOf(line, 'config')) {
    // a config file can name output files; one the line wrote (or stdin) is not read
    if (o.value === null || o.value === '-' || ctx.contentOf(o.value)) {
      out.push({ kind: 'write', arg: unfixedArgument(o.arg, { source: 'options-file', file: o.value }), by: 'curl -K' });
    }
  }
  // each URL takes the next output slot (`-o FILE` or `-O`) in order; the rest go to stdout unless --remote-name-all
  const slots: ({ file: ParsedOption } | 'remote')[] = [];
  for (const o of line.options) {
    if (o.name === 'output') slots.push({ file: o });
    else if (o.name === 'remote-name') slots.push('remote');
  }
  const urls: Argument[] = [...line.operands];
  for (const o of valuesOf(line, 'url')) urls.push(valueArgument(o));
  const all = has(line, 'remote-name-all') && !has(line, 'no-remote-name');
  const serverNames = has(line, 'remote-header-name');
  const globbing = !has(line, 'globoff');
  const dirOption = valuesOf(line, 'output-dir').pop();
  const dir: string | null | undefined = dirOption ? dirOption.value : undefined;
  const place = (from: Argument, file: string | null, why: Unfixed) => {
    if (file === null || dir === null) return unfixedArgument(from, dir === null ? { source: 'placing-option', option: 'curl --output-dir' } : why);
    return derivedArgument(from, dir === undefined ? file : `${dir}/${file}`);
  };
  out.push(...fileUploads(urls, valuesOf(line, 'upload-file'), globbing));
  urls.forEach((url, k) => {
    const slot = slots[k] ?? (all ? 'remote' : null);
    if (slot === null) return;
    if (slot === 'remote') {
      const name = url.text === null ? null : curlRemoteName(url.text, globbing);
      const why: Unfixed = serverNames ? { source: 'server-name', option: '-J' } : { source: 'url-name', from: 'url' };
      out.push({ kind: 'write', arg: place(url, serverNames ? null : name, why), by: 'curl -O' });
      return;
    }
    const value = slot.file.value;
    if (value === '-') return;
    // `-o "file_#1"` fills in what a URL glob (`{a,b}`, `[1-3]`) matched
    const varies = value !== null && /#\d/.test(value) && globbing && url.text !== null && /[{[]/.test(url.text);
    const file = value === null ? valueArgument(slot.file) : place(slot.file.arg, varies ? null : value, { source: 'url-name', from: 'url-glob' });
    out.push({ kind: 'write', arg: file, by: 'curl -o' });
  });
  return out;
}

/**
 * `curl -T FILE file:///PATH` writes FILE's content at PATH (curl(1) -T: "If
 * there is no file part in the specified URL, curl will append the local file
 * name"), in order, one upload for each URL; issue 13 item 2.
 */
function fileUploads(urls: Argument[], uploads: ParsedOption[], globbing: boolean): Action[] {
  const out: Action[] = [];
  urls.forEach((url, k) => {
    const upload = uploads[k];
    if (!upload) return;
    if (url.text === null) {
      if (leadingFileScheme(url)) out.push({ kind: 'write', arg: unfixedArgument(url, { source: 'url-name', from: 'url' }), by: 'curl -T' });
      return;
    }
    const m = /^file:\/\/(?:localhost)?(\/.*)$/is.exec(url.text);
    if (!m) return;
    if (globbing && /[{}[\]]/.test(m[1]!)) { out.push({ kind: 'write', arg: unfixedArgument(url, { source: 'url-name', from: 'url-glob' }),
      by: 'curl -T' }); return; }
    const local = upload.value;
    const path = m[1]!.endsWith('/') ? (local === null ? null : `${m[1]}${local.slice(local.lastIndexOf('/') + 1)}`) : m[1]!;
    out.push({ kind: 'write', arg: path === null ? unfixedArgument(url, { source: 'url-name', from: 'url' }) : decoded(url, path), by: 'curl -T' });
  });
  return out;
}

/** A file URL's path with its `%XX` decoded as curl decodes it; one that does not decode is not fixed. */
function decoded(url: Argument, path: string): Argument {
  try {
    return derivedArgument(url, decodeURIComponent(path));
  } catch {
    return unfixedArgument(url, { source: 'url-name', from: 'url' });
  }
}

function leadingFileScheme(url: Argument): boolean {
  return /^file:/i.test(leadingText(url.word).text);
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

/** wget's options, one a line: `-n` takes its letters as a value (`-nd`, `-nH`, `-nc`, `-nv`, `-np`). */
const wgetTable = optionLines([
  '-4',
  '-6',
  '-a --append-output=APPEND_OUTPUT',
  '-A --accept=ACCEPT',
  '-b --background',
  '-B --base=BASE',
  '-c --continue',
  '-d',
  '-D --domains=DOMAINS',
  '-e --execute=EXECUTE',
  '-E --adjust-extension',
  '-F',
  '-h',
  '-H --span-hosts',
  '-i --input-file=INPUT_FILE',
  '-I --include-directories=INCLUDE_DIRECTORIES',
  '-k --convert-links',
  '-K',
  '-l --level=LEVEL',
  '-L',
  '-m --mirror',
  '-N --timestamping',
  '-n LETTERS',
  '-o --output-file=OUTPUT_FILE',
  '-O --output-document=OUTPUT_DOCUMENT',
  '-p --page-requisites',
  '-P --directory-prefix=DIRECTORY_PREFIX',
  '-q --quiet',
  '-Q --quota=QUOTA',
  '-r --recursive',
  '-R --reject=REJECT',
  '-S --server-response',
  '-t --tries=TRIES',
  '-T --timeout=TIMEOUT',
  '-U --user-agent=USER_AGENT',
  '-v --verbose',
  '-V',
  '-w --wait=WAIT',
  '-x --force-directories',
  '-X --exclude-directories=EXCLUDE_DIRECTORIES',
  '   --header=HEADER',
  '   --exclude-domains=EXCLUDE_DOMAINS',
  '   --waitretry=WAITRETRY',
  '   --limit-rate=LIMIT_RATE',
  '   --user=USER',
  '   --password=PASSWORD',
  '   --http-user=HTTP_USER',
  '   --http-password=HTTP_PASSWORD',
  '   --ftp-user=FTP_USER',
  '   --ftp-password=FTP_PASSWORD',
  '   --proxy-user=PROXY_USER',
  '   --proxy-password=PROXY_PASSWORD',
  '   --load-cookies=LOAD_COOKIES',
  '   --save-cookies=SAVE_COOKIES',
  '   --post-data=POST_DATA',
  '   --post-file=POST_FILE',
  '   --body-data=BODY_DATA',
  '   --body-file=BODY_FILE',
  '   --method=METHOD',
  '   --referer=REFERER',
  '   --default-page=DEFAULT_PAGE',
  '   --cut-dirs=CUT_DIRS',
  '   --progress=PROGRESS',
  '   --bind-address=BIND_ADDRESS',
  '   --dns-timeout=DNS_TIMEOUT',
  '   --connect-timeout=CONNECT_TIMEOUT',
  '   --read-timeout=READ_TIMEOUT',
  '   --restrict-file-names=RESTRICT_FILE_NAMES',
  '   --ca-certificate=CA_CERTIFICATE',
  '   --ca-directory=CA_DIRECTORY',
  '   --certificate=CERTIFICATE',
  '   --private-key=PRIVATE_KEY',
  '   --certificate-type=CERTIFICATE_TYPE',
  '   --private-key-type=PRIVATE_KEY_TYPE',
  '   --secure-protocol=SECURE_PROTOCOL',
  '   --warc-file=WARC_FILE',
  '   --warc-header=WARC_HEADER',
  '   --warc-max-size=WARC_MAX_SIZE',
  '   --warc-tempdir=WARC_TEMPDIR',
  '   --warc-dedup=WARC_DEDUP',
  '   --rejected-log=REJECTED_LOG',
  '   --use-askpass=USE_ASKPASS',
  '   --local-encoding=LOCAL_ENCODING',
  '   --remote-encoding=REMOTE_ENCODING',
  '   --regex-type=REGEX_TYPE',
  '   --accept-regex=ACCEPT_REGEX',
  '   --reject-regex=REJECT_REGEX',
  '   --backups=BACKUPS',
  '   --report-speed=REPORT_SPEED',
  '   --config=CONFIG',
  '   --hsts-file=HSTS_FILE',
  '   --prefer-family=PREFER_FAMILY',
  '   --retry-on-http-error=RETRY_ON_HTTP_ERROR',
  '   --crl-file=CRL_FILE',
  '   --pinnedpubkey=PINNEDPUBKEY',
  '   --random-file=RANDOM_FILE',
  '   --egd-file=EGD_FILE',
  '   --ciphers=CIPHERS',
  '   --compression=COMPRESSION',
  '   --xattr=XATTR',
  '   --bind-dns-address=BIND_DNS_ADDRESS',
  '   --dns-servers=DNS_SERVERS',
  '   --no-verbose',
  '   --no-parent',
  '   --no-check-certificate',
  '   --spider',
  '   --no-clobber',
  '   --content-disposition',
  '   --trust-server-names',
  '   --no-directories',
  '   --no-host-directories',
  '   --protocol-directories',
  '   --delete-after',
  '   --no-cookies',
  '   --keep-session-cookies',
]);

/** The options whose value is a file wget writes besides its downloads. */
const wgetSideFiles = new Set(['save-cookies', 'rejected-log', 'hsts-file']);

function readWget({ args, line, span }: Invocation): Action[] {
  const out: Action[] = [];
  const no = (letter: string) => line.options.some((o) => o.name === 'n' && o.value !== null && o.value.includes(letter));
  for (const o of line.options) {
    if (o.name === 'output-file' || o.name === 'append-output') out.push({ kind: 'write', arg: valueArgument(o), by: `wget ${o.spelled}` });
    if (wgetSideFiles.has(o.name)) out.push({ kind: 'write', arg: valueArgument(o), by: `wget --${o.name}` });
    if (o.name === 'warc-file') {
      const file = o.value === null ? valueArgument(o) : derivedArgument(o.arg, `${o.value}.warc.gz`);
      out.push({ kind: 'write', arg: file, by: 'wget --warc-file' });
    }
    if (o.name === 'use-askpass') {
      if (o.value === null) out.push(runsCode(span, { source: 'unfixed', via: '`wget --use-askpass`', what: 'program' }));
      else out.push({ kind: 'run', argv: [valueArgument(o)], subshell: true });
    }
  }
  // `-e COMMAND`: a wgetrc line; the ones that name files or programs are read like their options
  let prefix: string | null | undefined = valuesOf(line, 'directory-prefix').map((o) => o.value).pop();
  let document: ParsedOption | undefined = valuesOf(line, 'output-document').pop();
  let serverNames = has(line, 'content-disposition', 'trust-server-names');
  for (const o of valuesOf(line, 'execute')) {
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
  if (has(line, 'background') && !has(line, 'output-file', 'append-output')) {
    out.push({ kind: 'write', arg: derivedArgument(args[0]!, 'wget-log'), by: 'wget -b' });
  }
  if (has(line, 'spider')) return out;
  if (document) {
    // every document goes into that one file (`-` is stdout); -P does not apply
    if (document.value !== '-') out.push({ kind: 'write', arg: valueArgument(document), by: 'wget -O' });
    return out;
  }
  const urls = [...line.operands];
  for (const o of valuesOf(line, 'input-file')) urls.push(unfixedArgument(o.arg, { source: 'url-list' }));
  const recursive = has(line, 'recursive', 'mirror', 'page-requisites');
  const forceDirs = has(line, 'force-directories') || (recursive && !no('d') && !has(line, 'no-directories'));
  const hostDirs = forceDirs && !no('H') && !has(line, 'no-host-directories');
  const within = (from: Argument, path: string | null, why: Unfixed) => {
    if (path === null || prefix === null) return unfixedArgument(from, prefix === null ? { source: 'placing-option', option: 'wget -P' } : why);
    return derivedArgument(from, prefix === undefined ? path : `${prefix}/${path}`);
  };
  for (const url of urls) {
    if (recursive || forceDirs) {
      // a tree of files under the prefix (in a directory named after the host, unless -nH)
      const host = url.text === null ? null : urlHost(url.text);
      let dir: Argument;
      if (hostDirs) dir = within(url, host, { source: 'url-name', from: 'host' });
      else if (prefix === null) dir = unfixedArgument(url, { source: 'placing-option', option: 'wget -P' });
      else dir = derivedArgument(url, prefix ?? '.');
      out.push({ kind: 'write', arg: dir, recursive: true, by: 'wget' });
      continue;
    }
    const name = url.text === null || serverNames ? null : wgetRemoteName(url.text);
    const why: Unfixed = serverNames ? { source: 'server-name', option: null } : { source: 'url-name', from: 'url' };
    out.push({ kind: 'write', arg: within(url, name, why), by: 'wget' });
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
