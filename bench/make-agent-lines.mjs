#!/usr/bin/env node
// Generate bench/agent-lines.jsonl: command lines of the kind a headless coding agent runs
// (git, package managers, test runners, builds, docker, search pipelines, heredocs, loops, …),
// built from templates × realistic fillers with a seeded PRNG so the file is reproducible.
//
// Every line is checked with real bash (`bash -n -c LINE`: exit 0 and empty stderr); a line
// bash does not accept is dropped here and counted on stderr. Lines are NOT filtered by
// treeward: whatever treeward rejects is reported by bench/run.mjs.
//
//   node bench/make-agent-lines.mjs [--count 2500] [--seed 20261130] [--out bench/agent-lines.jsonl]

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const COUNT = Number(opt('count', 2500));
const SEED = Number(opt('seed', 20261130));
const OUT = opt('out', join(here, 'agent-lines.jsonl'));

// ---------------------------------------------------------------- PRNG

function mulberry32(a) {
  return () => {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(SEED);
const int = (a, b) => a + Math.floor(rand() * (b - a + 1));
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const maybe = (p, s, alt = '') => (rand() < p ? (typeof s === 'function' ? s() : s) : alt);
const some = (xs, a, b) => {
  const n = int(a, b);
  const out = [];
  for (let i = 0; i < n; i++) { const x = pick(xs); if (!out.includes(x)) out.push(x); }
  return out;
};

// ---------------------------------------------------------------- fillers

const dirs = ['src', 'lib', 'app', 'web', 'frontend', 'backend', 'packages/core', 'packages/cli', 'packages/ui',
  'services/api', 'services/worker', 'cmd/server', 'internal/store', 'tests', 'test/unit', 'scripts', 'crates/parser',
  'docs', 'server', 'client', 'api', 'e2e', 'tools', 'pkg/config'];
const tsFiles = ['src/index.ts', 'src/server.ts', 'src/utils/format.ts', 'src/components/Button.tsx', 'src/App.tsx',
  'src/lib/api.ts', 'src/hooks/useAuth.ts', 'src/routes/users.ts', 'test/parser.test.ts', 'src/config.ts',
  'packages/core/src/index.ts', 'src/db/schema.ts', 'src/middleware/auth.ts', 'src/types.ts', 'vite.config.ts'];
const pyFiles = ['app/main.py', 'app/models/user.py', 'app/api/routes.py', 'tests/test_api.py', 'tests/conftest.py',
  'src/pkg/cli.py', 'setup.py', 'app/services/billing.py', 'tests/test_models.py', 'scripts/migrate.py', 'manage.py'];
const rsFiles = ['src/main.rs', 'src/lib.rs', 'crates/parser/src/lexer.rs', 'src/config.rs', 'tests/integration.rs'];
const goFiles = ['cmd/server/main.go', 'internal/store/store.go', 'internal/api/handler.go', 'pkg/config/config.go'];
const cfgFiles = ['package.json', 'tsconfig.json', 'Cargo.toml', 'pyproject.toml', 'go.mod', 'Makefile', 'Dockerfile',
  'docker-compose.yml', '.github/workflows/ci.yml', 'README.md', '.env.example', '.eslintrc.json', 'requirements.txt',
  'vitest.config.ts', 'jest.config.js', '.gitignore', 'CHANGELOG.md'];
const anyFile = () => pick([pick(tsFiles), pick(pyFiles), pick(rsFiles), pick(goFiles), pick(cfgFiles)]);
const idents = ['parseConfig', 'handleRequest', 'UserService', 'validateToken', 'fetchUsers', 'createServer',
  'formatDate', 'useAuth', 'renderPage', 'loadSettings', 'retryWithBackoff', 'TokenBucket', 'normalizePath',
  'buildQuery', 'SessionStore', 'applyMigrations'];
const pyTests = ['test_login_redirect', 'test_create_user', 'test_invalid_token', 'test_pagination',
  'test_retry_on_timeout', 'test_parse_empty', 'test_billing_rounding', 'test_health'];
const goTests = ['TestParseArgs', 'TestStoreGet', 'TestHandlerNotFound', 'TestConfigDefaults', 'TestRetry'];
const branches = ['feature/auth-refresh', 'fix/issue-123', 'chore/bump-deps', 'feat/pagination', 'fix/null-deref',
  'refactor/extract-validator', 'main', 'develop', 'release/v2.3'];
const commitMsgs = ['fix: handle empty input in parser', 'feat(api): add pagination to /users',
  'test: cover retry logic', 'refactor: extract token validation', 'docs: update README with setup steps',
  'chore: bump eslint to v9', 'fix(ui): align button icon', 'perf: cache compiled regexes',
  'feat: support --dry-run flag', 'fix: close db connection on shutdown', 'ci: run tests on node 20 and 22',
  'build: drop unused dependency'];
const npmPkgs = ['lodash', 'zod', 'express', 'vitest', '@types/node', 'typescript', 'eslint', 'prettier', 'react',
  'axios', 'dotenv', '@testing-library/react', 'tsx', 'esbuild', 'date-fns', 'uuid'];
const pipPkgs = ['requests', 'pytest', 'numpy', 'pydantic', 'httpx', 'fastapi', 'sqlalchemy', 'black', 'ruff', 'mypy'];
const crates = ['serde', 'tokio', 'anyhow', 'clap', 'thiserror', 'regex', 'tracing'];
const ports = [3000, 5173, 8000, 8080, 5432, 6379, 4000, 9090];
const patterns = ['TODO', 'FIXME', 'console.log', 'import .* from', 'def test_', 'fn main', 'useEffect',
  'process.env', 'unwrap()', 'deprecated', 'XXX', 'async function', 'class .*Service', 'raise ValueError',
  'panic!', 'interface ', 'export default'];
const exts = ['ts', 'tsx', 'js', 'py', 'rs', 'go', 'json', 'md', 'yml', 'sh'];
const scripts = ['test', 'build', 'lint', 'typecheck', 'dev', 'format', 'test:unit', 'test:e2e', 'check'];
const images = ['node:20', 'node:20-alpine', 'python:3.12-slim', 'rust:1.79', 'golang:1.22', 'postgres:16', 'redis:7'];
const services = ['api', 'web', 'db', 'worker', 'redis'];
const envs = ['NODE_ENV=test', 'CI=1', 'DEBUG=1', 'RUST_BACKTRACE=1', 'PYTHONPATH=.', 'LOG_LEVEL=debug',
  'GOFLAGS=-count=1', 'FORCE_COLOR=0', 'TZ=UTC', 'PORT=3001', 'DATABASE_URL=postgres://localhost:5432/app_test'];
const n = () => pick([5, 10, 20, 30, 40, 50, 80, 100, 200]);
const q = (s) => (rand() < 0.5 ? `'${s}'` : `"${s}"`);
const tailOrHead = () => pick([`| tail -${n()}`, `| tail -n ${n()}`, `| head -${n()}`, `| head -n ${n()}`,
  '| tail', '| grep -v "^$"', `| grep -E "(error|fail)" | head -${n()}`]);
const redirErr = () => pick(['2>&1', '2>/dev/null', '2>&1', '2>&1', '']);
const testFilter = () => pick(pyTests);

// ---------------------------------------------------------------- file bodies for heredocs

const bodies = {
  ts: () => `import { ${pick(idents)} } from './${pick(['util', 'api', 'config'])}';

export function ${pick(idents)}(input: string): string {
  if (!input) return '';
  return input.trim().replace(/\\s+/g, ' ');
}
`,
  json: () => `{
  "name": "${pick(['app', 'web', 'api'])}",
  "version": "${int(0, 3)}.${int(0, 20)}.${int(0, 9)}",
  "scripts": { "test": "vitest run", "build": "tsc -p ." },
  "dependencies": { "${pick(npmPkgs)}": "^${int(1, 9)}.0.0" }
}`,
  py: () => { const fn = pick(pyTests).replace('test_', ''); return `import json
import sys


def ${fn}(path):
    with open(path) as f:
        data = json.load(f)
    return {k: v for k, v in data.items() if v is not None}


if __name__ == "__main__":
    print(${fn}(sys.argv[1]))
`; },
  yaml: () => `name: CI
on: [push, pull_request]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: npm ci
      - run: npm test
`,
  docker: () => `FROM ${pick(images)}
WORKDIR /app
COPY . .
RUN ${pick(['npm ci', 'pip install -r requirements.txt', 'cargo build --release', 'go build ./...'])}
CMD ["${pick(['npm', 'python', './app'])}", "${pick(['start', 'main.py', 'serve'])}"]
`,
  sh: () => `#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")/.."
for f in ${pick(dirs)}/*.${pick(exts)}; do
  echo "checking $f"
done
`,
  md: () => `# ${pick(['Setup', 'Usage', 'Changelog', 'Notes'])}

Run \`npm install\` then \`npm test\`.
- ${pick(commitMsgs)}
`,
  env: () => `DATABASE_URL=postgres://localhost:${pick(ports)}/app
API_KEY=changeme
LOG_LEVEL=${pick(['info', 'debug'])}
`,
};
const bodyKind = () => pick(Object.keys(bodies));
const fileFor = (kind) => ({
  ts: pick(tsFiles), json: pick(['package.json', 'tsconfig.json', 'config/app.json', 'fixtures/sample.json']),
  py: pick(pyFiles), yaml: pick(['.github/workflows/ci.yml', 'docker-compose.yml', 'config.yaml']),
  docker: 'Dockerfile', sh: pick(['scripts/check.sh', 'run.sh', 'scripts/setup.sh']),
  md: pick(['README.md', 'CHANGELOG.md', 'docs/setup.md']), env: pick(['.env', '.env.local', '.env.test']),
}[kind]);

// ---------------------------------------------------------------- templates

const T = [];
const t = (kind, weight, gen) => T.push({ kind, weight, gen });

// git
t('git', 10, () => pick(['git status', 'git status --short', 'git status --porcelain', 'git diff', 'git diff --stat',
  'git diff --cached', 'git branch -a', 'git log --oneline -n 10', 'git stash list', 'git remote -v', 'git fetch --all --prune',
  'git rev-parse HEAD', 'git rev-parse --abbrev-ref HEAD', 'git show --stat HEAD']));
t('git', 10, () => `git log --oneline -${n()}${maybe(0.3, ` -- ${pick(dirs)}/`)}`);
t('git', 10, () => `git diff ${pick(['HEAD~1', 'HEAD', 'main...HEAD', 'origin/main', '--cached'])} -- ${anyFile()}${maybe(0.3, ` ${tailOrHead()}`)}`);
t('git', 12, () => `git add ${pick(['-A', '.', anyFile(), `${anyFile()} ${anyFile()}`])} && git commit -m ${q(pick(commitMsgs))}`);
t('git', 10, () => `git commit -m "$(cat <<'EOF'\n${pick(commitMsgs)}\n\n${pick(['Adds a regression test.', 'Keeps the old behaviour behind a flag.', 'No functional change.'])}\n\nCo-Authored-By: Agent <agent@example.com>\nEOF\n)"`);
t('git', 8, () => `git checkout ${pick(['-b ', ''])}${pick(branches)}`);
t('git', 6, () => `git log --format='%H %an %s' -n ${n()} ${maybe(0.5, `--since="${int(1, 14)} days ago"`)}`);
t('git', 6, () => `git grep -n ${q(pick(patterns))} -- '*.${pick(exts)}'${maybe(0.5, ` ${tailOrHead()}`)}`);
t('git', 5, () => `git stash && git pull --rebase origin ${pick(['main', 'develop'])} && git stash pop`);
t('git', 5, () => `git show ${pick(['HEAD', 'HEAD~2', 'origin/main'])}:${anyFile()} | head -n ${n()}`);
t('git', 4, () => `git blame -L ${int(1, 200)},+${int(5, 40)} ${anyFile()}`);
t('git', 4, () => `git push ${pick(['-u origin', 'origin', '--force-with-lease origin'])} ${pick(branches)}`);
t('git', 3, () => `git diff --name-only ${pick(['HEAD~1', 'origin/main...HEAD'])} | grep -E '\\.(${some(exts, 1, 3).join('|')})$' | xargs ${pick(['npx prettier --check', 'wc -l', 'ls -la'])}`);
t('git', 3, () => `git rebase -i HEAD~${int(2, 6)} 2>&1 || git rebase --abort`);

// npm / pnpm / yarn / npx
t('npm', 12, () => `${pick(['npm', 'pnpm', 'yarn'])} ${pick(['run ', ''])}${pick(scripts)}${maybe(0.3, ` -- ${pick(['--run', '--watch=false', '--reporter=verbose', `-t ${q(pick(idents))}`])}`)} ${redirErr()} ${maybe(0.6, tailOrHead)}`.trim());
t('npm', 8, () => `${pick(['npm install', 'npm i', 'pnpm add', 'yarn add'])} ${pick(['-D ', '--save-dev ', ''])}${some(npmPkgs, 1, 3).join(' ')}`);
t('npm', 6, () => pick(['npm ci', 'npm install', 'pnpm install --frozen-lockfile', 'yarn install --immutable', 'npm ls --depth=0',
  'npm outdated', 'npm audit --omit=dev', 'npx tsc --noEmit', 'npx eslint . --ext .ts,.tsx', 'npm pack --dry-run']));
t('npm', 8, () => `npx ${pick(['vitest run', 'jest', 'tsc --noEmit -p', 'eslint', 'prettier --check', 'playwright test'])} ${pick([pick(tsFiles), pick(dirs), '.'])} ${redirErr()} ${maybe(0.5, tailOrHead)}`.trim());
t('npm', 5, () => `cd ${pick(dirs)} && ${pick(['npm', 'pnpm'])} ${pick(['ci', 'install'])} && ${pick(['npm', 'pnpm'])} run ${pick(scripts)}`);
t('npm', 4, () => `npm test -- ${pick(tsFiles)} ${pick(['-t', '--testNamePattern'])} "${pick(idents)} ${pick(['handles', 'returns', 'throws on'])} ${pick(['empty input', 'null', 'timeout'])}" 2>&1 | tail -${n()}`);
t('npm', 3, () => `pnpm --filter ${pick(['@acme/core', '@acme/web', './packages/cli'])} ${pick(scripts)}`);
t('npm', 3, () => `npm view ${pick(npmPkgs)} ${pick(['version', 'versions --json', 'peerDependencies', 'dist-tags'])}`);

// python / pytest
t('py', 12, () => `${pick(['pytest', 'python -m pytest', 'python3 -m pytest', 'uv run pytest', 'poetry run pytest'])} ${pick([
  pick(pyFiles.filter((f) => f.startsWith('tests'))),
  `${pick(pyFiles.filter((f) => f.startsWith('tests')))}::${testFilter()}`,
  `${pick(pyFiles.filter((f) => f.startsWith('tests')))}::Test${pick(['Api', 'User', 'Billing'])}::${testFilter()}`,
  `-k "${testFilter()}${maybe(0.4, ` and not ${pick(['slow', 'integration'])}`)}"`, 'tests/', ''])} ${some(['-x', '-q', '-v', '-s', '--tb=short', '-vv', '--lf', '-p no:cacheprovider'], 0, 3).join(' ')} ${redirErr()} ${maybe(0.5, tailOrHead)}`.replace(/ +/g, ' ').trim());
t('py', 6, () => `${pick(['pip install', 'pip3 install', 'python -m pip install', 'uv pip install'])} ${pick(['-r requirements.txt', '-e .', '-e ".[dev]"', some(pipPkgs, 1, 3).join(' ')])}${maybe(0.3, ' -q')}`);
t('py', 5, () => `python${pick(['', '3'])} ${pick(pyFiles)} ${pick(['', '--help', '--verbose', `--port ${pick(ports)}`, '--dry-run'])}`.trim());
t('py', 4, () => pick(['ruff check .', 'ruff format --check .', 'black --check .', 'mypy app/', 'python -m mypy --strict src/',
  'source .venv/bin/activate && pytest -q', 'python -m venv .venv && . .venv/bin/activate && pip install -r requirements.txt']));
t('py', 3, () => `python manage.py ${pick(['migrate', 'makemigrations', 'test', 'shell -c "from app.models import User; print(User.objects.count())"'])}`);

// python -c / node -e
t('inline', 8, () => pick([
  `python3 -c "import sys; print(sys.version)"`,
  `python -c 'import json,sys; d=json.load(sys.stdin); print(d["${pick(['name', 'version', 'main'])}"])' < package.json`,
  `python3 -c "import ${pick(pipPkgs)}; print(${pick(pipPkgs)}.__version__)"`,
  `python3 -c 'import sys, json; print(json.dumps(json.load(open("${pick(['package.json', 'tsconfig.json', 'config/app.json'])}")), indent=2))' | head -${n()}`,
  `python3 -c "from ${pick(['app.main', 'app.models.user', 'src.pkg.cli'])} import ${pick(idents)}; print(${pick(idents)})"`,
  `python3 -c 'import os; print("\\n".join(sorted(os.listdir("${pick(dirs)}"))))'`,
]));
t('inline', 8, () => pick([
  `node -e "console.log(require('./package.json').version)"`,
  `node -e 'console.log(process.versions.node)'`,
  `node -e "const p=require('./package.json'); console.log(Object.keys(p.${pick(['dependencies', 'devDependencies', 'scripts'])} || {}).join('\\n'))"`,
  `node --input-type=module -e "import { ${pick(idents)} } from './dist/index.js'; console.log(typeof ${pick(idents)})"`,
  `node -p "JSON.stringify(require('./${pick(['package.json', 'tsconfig.json'])}'), null, 2)" | head -${n()}`,
  `node -e 'fetch("http://localhost:${pick(ports)}/health").then(r => r.text()).then(console.log)'`,
]));

// cargo / go / make
t('cargo', 8, () => `cargo ${pick(['build', 'build --release', 'test', 'test --all-features', 'check', 'clippy -- -D warnings', 'fmt -- --check', 'test --workspace', 'run --bin server', 'doc --no-deps'])}${maybe(0.3, ` -p ${pick(['parser', 'core', 'cli'])}`)} ${redirErr()} ${maybe(0.5, tailOrHead)}`.trim());
t('cargo', 4, () => `cargo test ${pick(['parse_', 'lexer::', 'config::tests::', 'it_works', 'roundtrip'])} -- --nocapture${maybe(0.4, ' --test-threads=1')}`);
t('cargo', 3, () => `cargo build 2>&1 | grep -E "^(error|warning)" | ${pick(['sort | uniq -c', `head -${n()}`, 'wc -l'])}`);
t('cargo', 2, () => `cargo add ${some(crates, 1, 2).join(' ')}${maybe(0.4, ' --features derive')}`);
t('go', 7, () => `go ${pick(['test ./...', 'build ./...', 'vet ./...', 'test -race ./...', 'mod tidy', `test -run '${pick(goTests)}' -v ./${pick(['internal/store', 'internal/api', 'pkg/config'])}/...`, 'test -count=1 ./...', 'generate ./...'])} ${redirErr()} ${maybe(0.4, tailOrHead)}`.trim());
t('go', 2, () => `gofmt -l . && go vet ./... && golangci-lint run --timeout ${int(2, 5)}m`);
t('make', 7, () => `make ${pick(['', '-j4 ', `-j$(nproc) `, '-C build ', 'V=1 '])}${pick(['all', 'test', 'build', 'lint', 'clean', 'install', 'check', 'docs'])} ${redirErr()} ${maybe(0.5, tailOrHead)}`.replace(/ +/g, ' ').trim());
t('make', 3, () => `cmake -S . -B build -DCMAKE_BUILD_TYPE=${pick(['Debug', 'Release'])} && cmake --build build -j ${int(2, 8)}`);

// docker
t('docker', 8, () => pick([
  `docker build -t ${pick(['app', 'api', 'web'])}:${pick(['dev', 'latest', 'test'])} ${pick(['.', '-f Dockerfile.dev .'])}`,
  `docker compose ${pick(['up -d', 'up -d --build', 'down -v', 'ps', `logs --tail=${n()} ${pick(services)}`, `restart ${pick(services)}`])}`,
  `docker run --rm -v "$PWD":/app -w /app ${pick(images)} ${pick(['npm test', 'pytest -q', 'cargo test', 'go test ./...'])}`,
  `docker exec -it ${pick(['app-db-1', 'api', 'web'])} ${pick(['sh', 'bash', 'psql -U postgres'])}`,
  `docker ps --format '{{.Names}}\\t{{.Status}}' | grep ${pick(services)}`,
  `docker logs ${pick(['api', 'web', 'app-worker-1'])} --since ${int(1, 30)}m 2>&1 | tail -${n()}`,
  `docker compose exec -T ${pick(services)} ${pick(['npm run migrate', 'python manage.py migrate', 'env'])}`,
  `docker images | grep ${pick(['app', 'api', 'none'])} | awk '{print $3}' | xargs -r docker rmi`,
]));

// search pipelines
t('search', 12, () => `grep -${pick(['rn', 'rnI', 'rln', 'rnw', 'rni'])} ${q(pick(patterns))} ${pick(dirs)}/${maybe(0.5, () => ` --include=${q(`*.${pick(exts)}`)}`)}${maybe(0.3, ' --exclude-dir=node_modules')} ${maybe(0.6, tailOrHead)}`.trim());
t('search', 10, () => `rg -n ${q(pick(patterns))} ${maybe(0.5, `--type ${pick(['ts', 'py', 'rust', 'go', 'js'])} `)}${maybe(0.3, `-g '!${pick(['dist', 'node_modules', 'target'])}' `)}${pick(dirs)}${maybe(0.4, ` ${tailOrHead()}`)}`);
t('search', 4, () => `rg -l ${q(pick(idents))} | xargs ${pick(['sed -i', 'perl -pi -e'])} 's/${pick(idents)}/${pick(idents)}/g'`);
t('search', 6, () => `grep -c ${q(pick(patterns))} ${anyFile()} || true`);
t('search', 4, () => `grep -rn "${pick(idents)}(" --include="*.${pick(exts)}" . | grep -v test | wc -l`);
t('sed', 10, () => `sed -n '${int(1, 300)},${int(301, 700)}p' ${anyFile()}`);
t('sed', 6, () => `sed -i ${pick(["''", ''])} ${pick([`'s/${pick(idents)}/${pick(idents)}/g'`, `"s/version = \\"[0-9.]*\\"/version = \\"${int(0, 3)}.${int(0, 9)}.${int(0, 9)}\\"/"`, `-E 's/(from|import) \\.\\.\\/utils/\\1 @\\/utils/'`, `'/^\\s*$/d'`, `'${int(1, 50)}d'`])} ${anyFile()}`.replace(/ +/g, ' '));
t('awk', 6, () => pick([
  `awk -F: '{print $1}' /etc/passwd | sort | uniq -c | sort -rn | head`,
  `awk 'NR>1 {sum += $${int(2, 5)}} END {print sum}' ${pick(['data.csv', 'results.tsv', '/tmp/bench.txt'])}`,
  `awk '/${pick(patterns).replace(/[^A-Za-z_ ]/g, '')}/ {count++} END {print count+0}' ${anyFile()}`,
  `ps aux | awk '$3 > ${int(5, 50)} {print $2, $11}'`,
  `du -sh ${pick(dirs)}/* | sort -h | tail -${n()}`,
  `wc -l $(git ls-files '*.${pick(exts)}') | sort -n | tail -${n()}`,
  `cut -d, -f${int(1, 4)} ${pick(['data.csv', 'users.csv'])} | sort | uniq -c | sort -rn | head -${n()}`,
]));
t('jq', 8, () => pick([
  `jq '.${pick(['dependencies', 'devDependencies', 'scripts'])} | keys' package.json`,
  `jq -r '.items[] | select(.status == "${pick(['failed', 'pending', 'ok'])}") | .name' ${pick(['results.json', '/tmp/report.json'])}`,
  `cat package.json | jq .version`,
  `curl -s http://localhost:${pick(ports)}/api/${pick(['users', 'health', 'items?limit=10'])} | jq ${q(pick(['.', '.data[0]', '.items | length', '.error.message']))}`,
  `jq --arg v "${int(1, 3)}.${int(0, 9)}.0" '.version = $v' package.json > /tmp/pkg.json && mv /tmp/pkg.json package.json`,
  `gh pr view --json title,body,state | jq -r '.title'`,
  `jq -c '.[] | {name, version}' ${pick(['deps.json', 'lock.json'])} | head -${n()}`,
]));

// find / xargs
t('find', 10, () => `find ${pick(['.', ...dirs])} ${pick(['-type f ', '-type d ', ''])}-name ${q(`*.${pick(exts)}`)}${maybe(0.5, ` -not -path ${q(`./${pick(['node_modules', '.git', 'dist', 'target'])}/*`)}`)} ${pick(['', '| head', `| xargs wc -l | sort -n | tail -${n()}`, '| wc -l', `-exec grep -l ${q(pick(idents))} {} +`, '-delete', `-mtime -${int(1, 7)}`, '-print0 | xargs -0 ls -la'])}`.replace(/ +/g, ' ').trim());
t('find', 3, () => `find . -maxdepth ${int(1, 3)} -type d \\( -name node_modules -o -name .git \\) -prune -o -type f -print | head -${n()}`);

// curl / net
t('curl', 8, () => `curl ${some(['-s', '-S', '-f', '-L', '-i', '-v'], 1, 3).join(' ')} ${pick([
  `http://localhost:${pick(ports)}/${pick(['health', 'api/users', 'metrics', 'api/v1/items?page=2&limit=20'])}`,
  `-X POST -H 'Content-Type: application/json' -d '{"name":"${pick(idents)}","count":${int(1, 99)}}' http://127.0.0.1:${pick(ports)}/api/${pick(['items', 'users', 'jobs'])}`,
  `-H "Authorization: Bearer $TOKEN" http://localhost:${pick(ports)}/api/me`,
  `-o /dev/null -w '%{http_code}\\n' http://localhost:${pick(ports)}/`])}`);
t('curl', 3, () => `lsof -i :${pick(ports)} || true`);
t('curl', 3, () => `kill $(lsof -t -i:${pick(ports)}) 2>/dev/null || true`);
t('curl', 2, () => `for i in $(seq 1 ${int(5, 30)}); do curl -sf http://localhost:${pick(ports)}/health && break; sleep 1; done`);

// heredocs
t('heredoc', 14, () => { const k = bodyKind(); return `cat ${pick(["<<'EOF'", '<< \'EOF\'', '<<"EOF"'])} > ${fileFor(k)}\n${bodies[k]().replace(/\n$/, '')}\nEOF`; });
t('heredoc', 6, () => { const k = bodyKind(); return `mkdir -p ${pick(dirs)} && cat > ${fileFor(k)} << 'EOF'\n${bodies[k]().replace(/\n$/, '')}\nEOF`; });
t('heredoc', 4, () => `cat <<EOF > .env\nPORT=${pick(ports)}\nHOME_DIR=$HOME\nBUILD=$(git rev-parse --short HEAD)\nEOF`);
t('heredoc', 5, () => `python3 - <<'PY'\nimport json\nwith open("${pick(['package.json', 'config/app.json'])}") as f:\n    data = json.load(f)\nprint(data.get("${pick(['version', 'name', 'scripts'])}"))\nPY`);
t('heredoc', 3, () => `node <<'JS'\nconst fs = require('fs');\nconst files = fs.readdirSync('${pick(dirs)}');\nconsole.log(files.filter(f => f.endsWith('.${pick(exts)}')).length);\nJS`);
t('heredoc', 3, () => `psql "$DATABASE_URL" <<SQL\nSELECT id, email FROM users WHERE created_at > now() - interval '${int(1, 30)} days' LIMIT ${n()};\nSQL`);
t('heredoc', 3, () => `tee -a ${pick(['.gitignore', 'CHANGELOG.md', 'notes.txt'])} >/dev/null <<'EOF'\n${pick(['dist/', 'coverage/', '.env', '*.log'])}\n${pick(['node_modules/', 'target/', '.venv/'])}\nEOF`);
t('heredoc', 2, () => `git apply <<'PATCH'\n--- a/${pick(tsFiles)}\n+++ b/${pick(tsFiles)}\n@@ -1,3 +1,3 @@\n-const x = 1;\n+const x = 2;\n const y = 0;\nPATCH`);

// cd chains
t('cd', 10, () => `cd ${pick(dirs)} && ${pick(['ls -la', 'npm test', 'cargo check', 'go build ./...', 'pytest -q', 'make', 'git status', `cat ${pick(cfgFiles)}`, `npm run ${pick(scripts)}`])}${maybe(0.4, () => ` ${redirErr()} ${tailOrHead()}`)}`.trim());
t('cd', 5, () => `cd "$(git rev-parse --show-toplevel)" && ${pick(['npm run build', 'make test', 'ls'])}`);
t('cd', 3, () => `pushd ${pick(dirs)} >/dev/null && ${pick(['npm test', 'make'])}; popd >/dev/null`);
t('cd', 3, () => `cd /tmp && rm -rf ${pick(['scratch', 'repro', 'tmp-build'])} && mkdir ${pick(['scratch', 'repro'])} && cd ${pick(['scratch', 'repro'])} && git init -q`);

// loops
t('loop', 8, () => `for f in ${pick([`${pick(dirs)}/*.${pick(exts)}`, `$(git ls-files '*.${pick(exts)}')`, `$(find ${pick(dirs)} -name '*.${pick(exts)}')`, `${anyFile()} ${anyFile()}`])}; do ${pick([
  'echo "== $f"; wc -l "$f"', 'grep -q TODO "$f" && echo "$f"', `${pick(['npx prettier --check', 'node --check', 'python -m py_compile', 'head -n 3'])} "$f"`,
  `sed -i 's/${pick(idents)}/${pick(idents)}/g' "$f"`, 'echo "${f%.*}"', '[ -s "$f" ] || echo "empty: $f"'])}; done`);
t('loop', 4, () => `for i in {1..${int(3, 20)}}; do ${pick(['npm test --silent || exit 1', 'echo "run $i"; pytest -q -x || break', `curl -s localhost:${pick(ports)} >/dev/null`])}; done`);
t('loop', 4, () => `while read -r ${pick(['line', 'f', 'pkg'])}; do echo "$${pick(['line', 'f', 'pkg'])}"; done < ${pick(['files.txt', '/tmp/list', 'requirements.txt'])}`);
t('loop', 3, () => `git diff --name-only | while IFS= read -r f; do echo "--- $f"; git diff -- "$f" | head -${n()}; done`);
t('loop', 2, () => `for d in ${some(dirs, 2, 4).join(' ')}; do (cd "$d" && ${pick(['npm test', 'make', 'git pull'])}) || echo "failed: $d"; done`);
t('loop', 2, () => `i=0; while [ $i -lt ${int(3, 10)} ]; do i=$((i+1)); echo "attempt $i"; ${pick(['npm test && break', 'sleep 2'])}; done`);
t('loop', 2, () => `for pkg in ${some(npmPkgs.filter((p) => !p.includes('/')), 2, 4).join(' ')}; do printf '%s: ' "$pkg"; npm view "$pkg" version; done`);

// command substitution / parameter expansion / arithmetic
t('subst', 6, () => pick([
  `echo "$(date +%Y-%m-%d) $(git rev-parse --short HEAD)"`,
  `export PATH="$(npm bin 2>/dev/null || echo node_modules/.bin):$PATH"`,
  `echo "lines: $(wc -l < ${anyFile()})"`,
  `VERSION=$(node -p "require('./package.json').version") && echo "v$VERSION"`,
  `ls -la "$(dirname "$(which ${pick(['node', 'python3', 'cargo'])})")"`,
  `echo \`git describe --tags --always\``,
  `diff <(sort ${pick(['a.txt', 'expected.txt'])}) <(sort ${pick(['b.txt', 'actual.txt'])})`,
  `echo "\${${pick(['HOME', 'PWD', 'NODE_ENV', 'CI'])}:-unset}"`,
  `f=${pick(tsFiles)}; echo "\${f%.ts}.js" "\${f##*/}"`,
  `echo $(( $(git rev-list --count HEAD) - ${int(1, 50)} ))`,
  `files=(${some(tsFiles, 2, 4).join(' ')}); echo "\${#files[@]}"; printf '%s\\n' "\${files[@]}"`,
  `[[ "$(git branch --show-current)" == ${pick(['main', 'master'])} ]] && echo on-main`,
  `cat <<< "$(git log -1 --pretty=%B)" | head -1`,
  `echo "\${PWD/#$HOME/~}"`,
  `read -r a b <<< "$(git rev-list --left-right --count origin/main...HEAD)"; echo "behind=$a ahead=$b"`,
]));

// env assignments
t('env', 8, () => `${some(envs, 1, 3).join(' ')} ${pick(['npx jest --runInBand', 'npm test', 'cargo test', 'pytest -q', 'go test ./...', 'node dist/server.js', 'npx vitest run', 'python app/main.py'])}${maybe(0.4, () => ` ${redirErr()} ${tailOrHead()}`)}`.trim());
t('env', 3, () => `export ${pick(envs)} && ${pick(['npm run dev', 'npm start', 'make run'])}`);
t('env', 3, () => `env | grep -i ${pick(['node', 'path', 'proxy', 'python'])} | sort`);
t('env', 2, () => `set -a && source ${pick(['.env', '.env.test'])} && set +a && ${pick(['npm test', 'pytest'])}`);

// conditionals / misc
t('cond', 6, () => pick([
  `if [ -f ${pick(cfgFiles)} ]; then cat ${pick(cfgFiles)}; else echo "missing"; fi`,
  `[ -d node_modules ] || npm ci`,
  `[[ -d .venv ]] || python3 -m venv .venv`,
  `test -x ./gradlew && ./gradlew test || mvn -q test`,
  `command -v ${pick(['rg', 'jq', 'fd', 'bun', 'uv'])} >/dev/null 2>&1 && echo yes || echo no`,
  `if ! git diff --quiet; then git stash; fi`,
  `if [[ -n "$CI" && "$NODE_ENV" != production ]]; then npm test; fi`,
  `case "$(uname -s)" in Linux) echo linux ;; Darwin) echo mac ;; *) echo other ;; esac`,
  `(( $(nproc) > 2 )) && make -j$(nproc) || make`,
  `test -z "$(gofmt -l .)" || { echo "needs gofmt"; exit 1; }`,
]));
t('fs', 14, () => pick([
  `ls -la ${pick(['', ...dirs])}`, `ls ${pick(dirs)}`, `cat ${anyFile()}`, `head -n ${n()} ${anyFile()}`, `tail -n ${n()} ${anyFile()}`,
  `wc -l ${anyFile()} ${anyFile()}`, `mkdir -p ${pick(dirs)}/${pick(['__tests__', 'fixtures', 'utils'])}`,
  `rm -rf ${some(['dist', 'build', 'node_modules/.cache', 'target', 'coverage', '.pytest_cache'], 1, 3).join(' ')}`,
  `cp ${anyFile()} /tmp/${pick(['backup', 'orig'])}.${pick(exts)}`, `mv ${pick(tsFiles)} ${pick(dirs)}/`,
  `chmod +x ${pick(['scripts/*.sh', 'run.sh', 'bin/cli'])}`, `touch ${pick(dirs)}/.gitkeep`, `pwd && ls`,
  `tree -L ${int(1, 3)} -I 'node_modules|dist'`, `stat -c '%s %n' ${anyFile()}`, `file ${anyFile()}`,
  `diff -u ${anyFile()} /tmp/orig.${pick(exts)}`, `tar -czf /tmp/${pick(['src', 'backup'])}.tgz ${pick(dirs)}`,
  `ln -sf ../${pick(cfgFiles)} ${pick(dirs)}/`, `which node npm python3 && node --version`,
]));
t('misc', 8, () => pick([
  `timeout ${int(10, 300)} ${pick(['npm test', 'pytest -x', 'cargo test', 'make test'])} ${redirErr()}; echo "exit: $?"`,
  `ps aux | grep -v grep | grep ${pick(['node', 'python', 'postgres', 'vite'])}`,
  `(${pick(['npm run dev', 'python -m http.server 8000', 'cargo run'])} > /tmp/server.log 2>&1 &) && sleep ${int(1, 5)} && tail -n 20 /tmp/server.log`,
  `nohup ${pick(['npm start', 'node server.js'])} > /tmp/app.log 2>&1 &`,
  `df -h . && free -m`, `uname -a; cat /etc/os-release | head -3`,
  `sort -u ${pick(['words.txt', '/tmp/a'])} | comm -23 - <(sort -u ${pick(['b.txt', '/tmp/b'])})`,
  `printf '%s\\n' ${some(idents, 2, 4).join(' ')} | sort`,
  `echo ${q(pick(commitMsgs))} >> CHANGELOG.md`,
  `xargs -n1 -I{} sh -c 'echo {}; ls {}' < ${pick(['dirs.txt', '/tmp/list'])}`,
  `perl -ne 'print if /${pick(idents)}/' ${anyFile()}`,
  `openssl rand -hex ${pick([16, 32])}`,
  `time ${pick(['npm run build', 'cargo build --release', 'make -j4'])}`,
  `yes | ${pick(['npx create-vite@latest app --template react-ts', 'pip uninstall requests'])}`,
  `sqlite3 ${pick(['app.db', 'db.sqlite3'])} '.tables'`,
  `gh ${pick(['pr list', 'pr checks', 'run list --limit 5', 'issue view 42', 'pr create --fill'])}`,
]));
t('multi', 4, () => `set -e\ncd ${pick(dirs)}\n${pick(['npm ci', 'pip install -r requirements.txt', 'cargo fetch'])}\n${pick(['npm test', 'pytest -q', 'cargo test'])} ${redirErr()} ${tailOrHead()}`);
t('multi', 3, () => `set -euo pipefail\nfor f in ${pick(dirs)}/*.${pick(exts)}; do\n  if grep -q ${q(pick(patterns))} "$f"; then\n    echo "match: $f"\n  fi\ndone`);
t('multi', 2, () => `${pick(idents)}() {\n  local f="$1"\n  [ -f "$f" ] || return 1\n  wc -l < "$f"\n}\n${pick(idents)} ${anyFile()} || echo "missing"`);

// ---------------------------------------------------------------- generate + check with bash

function bashAccepts(line) {
  const r = spawnSync('bash', ['-n', '-c', line], { encoding: 'utf8' });
  return { ok: r.status === 0 && r.stderr === '', stderr: (r.stderr || '').trim() };
}

const totalWeight = T.reduce((s, x) => s + x.weight, 0);
function pickTemplate() {
  let w = rand() * totalWeight;
  for (const x of T) { if ((w -= x.weight) < 0) return x; }
  return T[T.length - 1];
}

const seen = new Set();
const kept = [];
const dropped = [];
let attempts = 0;
while (kept.length < COUNT && attempts < COUNT * 20) {
  attempts++;
  const tpl = pickTemplate();
  const line = tpl.gen().replace(/[ \t]+$/gm, '');
  if (seen.has(line)) continue;
  seen.add(line);
  const check = bashAccepts(line);
  if (!check.ok) { dropped.push({ line, stderr: check.stderr }); continue; }
  kept.push({ kind: tpl.kind, line });
}

const text = kept.map((x) => JSON.stringify(x)).join('\n') + '\n';
writeFileSync(OUT, text);
const kinds = {};
for (const x of kept) kinds[x.kind] = (kinds[x.kind] ?? 0) + 1;
process.stderr.write(`wrote ${kept.length} lines (${(Buffer.byteLength(text) / 1024).toFixed(0)} KB) to ${OUT}\n`);
process.stderr.write(`by kind: ${Object.entries(kinds).map(([k, v]) => `${k} ${v}`).join(', ')}\n`);
process.stderr.write(`dropped ${dropped.length} that bash -n did not accept${dropped.length ? ':' : ''}\n`);
for (const d of dropped.slice(0, 10)) process.stderr.write(`  ${JSON.stringify(d.line)}\n    ${d.stderr}\n`);
if (kept.length < COUNT) { process.stderr.write(`only ${kept.length} unique lines after ${attempts} attempts\n`); process.exitCode = 1; }
