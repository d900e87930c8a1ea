// Secrets taken out of what the audit log keeps (issue 17 item 1; SPEC §1
// "Audit log"): one table of patterns, each with the name it leaves in place
// of the secret, the part of its match that is the secret, and an example it
// redacts and one it leaves alone (test/cli/redact.test.ts runs both). A
// redacted text keeps its shape: only the secret is replaced, by
// `<redacted:NAME>`; the words around it (`Authorization: Bearer`, `--password=`,
// `TOKEN=`, a URL's user and host) stay, so a person can still read the line.

export interface SecretPattern {
  /** What the secret is: `<redacted:NAME>`. */
  name: string;
  /** Texts (lower case) of which a match holds one: the pattern is tried only on a text that holds one, which most lines do not. */
  needles: readonly string[];
  /** Global, with indices (`gd`); the group `secret`, where there is one, is what is replaced, else the whole match. */
  pattern: RegExp;
  /** Whether a match is a secret, where the pattern alone cannot tell (a variable's name). */
  accept?(match: RegExpExecArray): boolean;
  /** A text it redacts, and what it becomes. */
  example: [string, string];
  /** A text like it that it leaves alone. */
  notSecret: string;
}

/** A value as the shell writes one: single-quoted, double-quoted, or a bare word up to an operator. */
const value = String.raw`'[^'\n]*'|"(?:[^"\\\n]|\\.)*"|[^\s'";|&)<>` + '`' + String.raw`]+`;

/**
 * Names that say they hold a secret: a part (split at `_` and at a lower-to-upper change) ending in TOKEN, SECRET,
 * PASSWORD or PASSWD, or a part that is KEY.
 */
function namesSecret(name: string): boolean {
  const parts = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase().split('_');
  return parts.some((part) => /(?:TOKENS?|SECRETS?|PASSWORDS?|PASSWD)$/.test(part) || /^(?:API|ACCESS|PRIVATE|SECRET|SIGNING|ENCRYPTION)?KEYS?$/.test(part));
}

/** In the order they are tried: where two secrets overlap, the one starting first wins, and the earlier row on a tie. */
export const secretPatterns: readonly SecretPattern[] = [
  {
    name: 'private-key',
    needles: ['private key-----'],
    // to its END line, or to the end of the text when that is not in it (a key cut off, or past what is redacted)
    pattern: /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY-----(?<secret>[\s\S]+?)(?:-----END \1PRIVATE KEY-----|$(?![\s\S]))/gd,
    example: ['cat > k <<E\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaA==\n-----END OPENSSH PRIVATE KEY-----\nE',
      'cat > k <<E\n-----BEGIN OPENSSH PRIVATE KEY-----<redacted:private-key>-----END OPENSSH PRIVATE KEY-----\nE'],
    notSecret: 'grep -l "BEGIN PUBLIC KEY" *.pem',
  },
  {
    name: 'anthropic-key',
    needles: ['sk-ant-'],
    pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/gd,
    example: ['ANTHROPIC=sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123 claude -p hi', 'ANTHROPIC=<redacted:anthropic-key> claude -p hi'],
    notSecret: 'git checkout sk-ant-docs',
  },
  {
    name: 'openai-key',
    needles: ['sk-'],
    // `sk-` then at least 32 of the key's characters, a digit and a capital among them (a branch named sk-… has neither)
    pattern: /\bsk-(?:proj-|svcacct-|admin-)?(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Z])[A-Za-z0-9_-]{32,}/gd,
    example: ['curl -H "x: sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z" api', 'curl -H "x: <redacted:openai-key>" api'],
    notSecret: 'git switch sk-learn-upgrade-for-the-new-pipeline-api',
  },
  {
    name: 'github-token',
    needles: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/gd,
    example: ['git clone https://ghp_0123456789abcdefghijABCDEFGHIJ012345@github.com/o/r', 'git clone https://<redacted:github-token>@github.com/o/r'],
    notSecret: 'grep -rn ghp_ src/',
  },
  {
    name: 'gitlab-token',
    needles: ['glpat-', 'gldt-', 'glrt-', 'glptt-'],
    pattern: /\bgl(?:pat|dt|rt|ptt)-[A-Za-z0-9_-]{20,}/gd,
    example: ['glab auth login --token glpat-AbCdEfGhIjKlMnOpQrSt', 'glab auth login --token <redacted:gitlab-token>'],
    notSecret: 'echo glpat-short',
  },
  {
    name: 'aws-access-key',
    needles: ['akia', 'asia', 'abia', 'acca'],
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/gd,
    example: ['aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE', 'aws configure set aws_access_key_id <redacted:aws-access-key>'],
    notSecret: 'echo AKIA-is-the-prefix',
  },
  {
    name: 'slack-token',
    needles: ['xox'],
    pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/gd,
    example: ['curl -d token=xoxb-123456789012-abcdefABCDEF https://slack.com/api/x', 'curl -d token=<redacted:slack-token> https://slack.com/api/x'],
    notSecret: 'echo xoxb-',
  },
  {
    name: 'slack-webhook',
    needles: ['hooks.slack.com'],
    pattern: /\bhttps:\/\/hooks\.slack\.com\/services\/(?<secret>[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+)/gd,
    example: ['curl -X POST https://hooks.slack.com/services/T0001/B0002/XXXXabcd -d @m.json', 'curl -X POST https://hooks.slack.com/services/<redacted:slack-webhook> -d @m.json'],
    notSecret: 'open https://hooks.slack.com/',
  },
  {
    name: 'npm-token',
    needles: ['npm_'],
    pattern: /\bnpm_[A-Za-z0-9]{36}\b/gd,
    example: ['npm config set //registry.npmjs.org/:_authToken npm_0123456789abcdefghijABCDEFGHIJ012345', 'npm config set //registry.npmjs.org/:_authToken <redacted:npm-token>'],
    notSecret: 'npm_config_cache=/tmp/c npm ci',
  },
  {
    name: 'google-api-key',
    needles: ['aiza'],
    pattern: /\bAIza[0-9A-Za-z_-]{35}\b/gd,
    example: ['curl "https://x.googleapis.com/v1?key=AIzaSyA0123456789abcdefghijklmnopqrstuv"', 'curl "https://x.googleapis.com/v1?key=<redacted:google-api-key>"'],
    notSecret: 'echo AIza',
  },
  {
    name: 'stripe-key',
    needles: ['k_live_', 'k_test_'],
    pattern: /\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}\b/gd,
    example: ['stripe login --api-key sk_live_0123456789abcdefABCD', 'stripe login --api-key <redacted:stripe-key>'],
    notSecret: 'grep sk_live_ config.ts',
  },
  {
    name: 'jwt',
    needles: ['eyj'],
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/gd,
    example: ['curl -b session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N api', 'curl -b session=<redacted:jwt> api'],
    notSecret: 'echo eyJhbGciOiJIUzI1NiJ9 | base64 -d',
  },
  {
    name: 'authorization',
    needles: ['authorization'],
    pattern: /\b(?:Proxy-)?Authorization[ \t]*:[ \t]*(?:(?:Bearer|Basic|Token|Digest|Bot|token|bearer|basic)[ \t]+)?(?<secret>[^\s'"\\][^'"\n\\]*)/gid,
    example: ["curl -H 'Authorization: Bearer abc.def-123' https://api.example.com", "curl -H 'Authorization: Bearer <redacted:authorization>' https://api.example.com"],
    notSecret: 'grep -rn "Authorization" src/',
  },
  {
    name: 'cookie',
    needles: ['cookie'],
    pattern: /\b(?:Set-)?Cookie[ \t]*:[ \t]*(?<secret>[^\s'"\\][^'"\n\\]*)/gid,
    example: ['curl -H "Cookie: sid=31d4d96e407aad42" https://example.com', 'curl -H "Cookie: <redacted:cookie>" https://example.com'],
    notSecret: 'rg "Cookie" README.md',
  },
  {
    name: 'password-option',
    needles: ['--passw'],
    pattern: new RegExp(String.raw`--(?:password|passwd)=(?<secret>${value})`, 'gd'),
    example: ["psql --password='s3cret word' -h db", "psql --password='<redacted:password-option>' -h db"],
    notSecret: 'mysql --password -u root',
  },
  {
    name: 'mysql-password',
    needles: ['mysql', 'mariadb'],
    // `-p` and the password in one word, as mysql reads it; `-p` alone asks for it, and `-P` is the port
    pattern: new RegExp(String.raw`\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb|mariadb-dump)\b[^\n;|&]*?[ \t]-p(?<secret>${value})`, 'gd'),
    example: ['mysql -u root -phunter2 -e "select 1"', 'mysql -u root -p<redacted:mysql-password> -e "select 1"'],
    notSecret: 'mysql -u root -p -P 3306 app',
  },
  {
    name: 'url-credentials',
    needles: ['://'],
    pattern: /\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/:@'"]*:(?<secret>[^\s/@'"]+)@/gd,
    example: ['git remote add o https://me:hunter2@git.example.com/r.git', 'git remote add o https://me:<redacted:url-credentials>@git.example.com/r.git'],
    notSecret: 'curl https://example.com/a@b:c',
  },
  {
    name: 'secret-variable',
    needles: ['='],
    pattern: new RegExp(String.raw`(?<![A-Za-z0-9_])(?<name>[A-Za-z_][A-Za-z0-9_]*)=(?<secret>${value})`, 'gd'),
    // a reference to another variable (`TOKEN=$GITHUB_TOKEN`) holds no secret in the text
    accept: (match) => namesSecret(match.groups!['name']!) && !/^["']?\$/.test(match.groups!['secret']!),
    example: ['GITHUB_TOKEN=abc123 API_KEY="k e y" npm publish', 'GITHUB_TOKEN=<redacted:secret-variable> API_KEY="<redacted:secret-variable>" npm publish'],
    notSecret: 'MONKEY=1 SORTED=yes TOKEN=$GITHUB_TOKEN make',
  },
];

/** A redacted text, and where an offset of the original lies in it. */
export interface Redacted {
  text: string;
  /** The offset in `text` of offset `at` of the original (inside a secret: the start of its replacement, or the end for an end). */
  offset(at: number, end?: boolean): number;
}

interface Region {
  start: number;
  end: number;
  name: string;
  row: number;
}

/** The text with every secret the table finds replaced by `<redacted:NAME>`. */
export function redact(text: string): Redacted {
  const regions: Region[] = [];
  const lower = text.toLowerCase();
  secretPatterns.forEach((row, index) => {
    if (!row.needles.some((needle) => lower.includes(needle))) return;
    row.pattern.lastIndex = 0;
    for (const match of text.matchAll(row.pattern)) {
      if (row.accept && !row.accept(match)) continue;
      let [start, end] = match.indices!.groups?.['secret'] ?? match.indices![0]!;
      // a quoted value keeps its quotes
      const first = text[start];
      if ((first === "'" || first === '"') && end - start >= 2 && text[end - 1] === first) {
        start++;
        end--;
      }
      if (end > start) regions.push({ start, end, name: row.name, row: index });
    }
  });
  if (regions.length === 0) return { text, offset: (at) => at };
  regions.sort((a, b) => a.start - b.start || a.row - b.row);
  const kept: Region[] = [];
  for (const region of regions) if (kept.length === 0 || region.start >= kept.at(-1)!.end) kept.push(region);
  let out = '';
  let from = 0;
  const shifts: { start: number; end: number; newStart: number; newEnd: number }[] = [];
  for (const region of kept) {
    out += text.slice(from, region.start);
    const newStart = out.length;
    out += `<redacted:${region.name}>`;
    shifts.push({ start: region.start, end: region.end, newStart, newEnd: out.length });
    from = region.end;
  }
  out += text.slice(from);
  return {
    text: out,
    offset(at, end = false) {
      let delta = 0;
      for (const shift of shifts) {
        if (at <= shift.start) break;
        if (at < shift.end) return end ? shift.newEnd : shift.newStart;
        delta = shift.newEnd - shift.end;
      }
      return at + delta;
    },
  };
}
