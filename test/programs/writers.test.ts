// The writers family (src/approver/programs/writers.ts) read directly: the
// file each program writes by its manual page, and the programs it runs.
// Every row also hands all its words on as an unknown program's
// (`(handed)` actions, checked in readers.test.ts): they are left out here.

import { describe, expect, it } from 'vitest';
import { described, type Case } from '../support/programs.js';

function checkOwnActions(cases: readonly Case[]): void {
  it.each(cases)('%s', (line, ...actions) => {
    expect(described(line).filter((a) => !a.endsWith('(handed)'))).toEqual(actions);
  });
}

const coreutils: Case[] = [
  // split(1): pieces PREFIXaa…, default prefix x; --additional-suffix; --filter runs a command per piece
  ['split -l 10 big.txt part_', 'write part_*'],
  ['split big.txt', 'write x*'],
  ['split -n 3 -a 1 f /home/agent/.bashr', 'write /home/agent/.bashr*'],
  ['split --additional-suffix=rc f /home/agent/.bash', 'write /home/agent/.bash*rc'],
  ['split --filter="gzip > \\$FILE.gz" big.txt', 'shell-code (sh): gzip > $FILE.gz'],
  ['split "$f" "$p"', 'write ?parameter'],
  // csplit(1): pieces PREFIX00…, default xx; -b is a format
  ['csplit f /x/ {*}', 'write xx*'],
  ['csplit -f out_ f 5', 'write out_*'],
  ['csplit -b %03d.txt f 5', 'write ?option-value'],
  // shuf(1) -o
  ['shuf -o out.txt in.txt', 'write out.txt'],
  ['shuf --output=/home/agent/.bashrc in.txt', 'write /home/agent/.bashrc'],
  ['shuf in.txt'],
  // xxd(1): the second operand
  ['xxd -r dump.hex out.bin', 'write out.bin'],
  ['xxd -c 8 in.bin out.hex', 'write out.hex'],
  ['xxd in.bin'],
  ['xxd -r - -'],
  // link(1): a hard link, as `ln` without -s
  ['link a b', 'write a (hard-link source)', 'write b', 'place b'],
];

const crypto: Case[] = [
  // openssl(1): -out and its kin; engines and providers load code
  ['openssl req -new -key k.pem -out req.csr', 'write req.csr'],
  ['openssl req -x509 -newkey rsa:2048 -keyout key.pem -out cert.pem', 'write key.pem', 'write cert.pem'],
  ['openssl dgst -sha256 f'],
  ['openssl rand -writerand seed -hex 8', 'write seed'],
  ['openssl req -engine ./evil.so -new', 'runs code (runs-program) via `openssl -engine`'],
  ['openssl engine dynamic -pre SO_PATH:/tmp/x.so -pre LOAD', 'runs code (runs-program) via `openssl engine -pre`', 'runs code (runs-program) via `openssl engine -pre`'],
  // ssh-keygen(1)
  ['ssh-keygen -t ed25519 -f k -N ""', 'write k', 'write k.pub'],
  ['ssh-keygen -t ed25519', 'write /home/agent/.ssh (no content)', 'write /home/agent/.ssh/id_ed25519', 'write /home/agent/.ssh/id_ed25519.pub'],
  ['ssh-keygen', 'write /home/agent/.ssh (no content)', 'write /home/agent/.ssh/id_rsa', 'write /home/agent/.ssh/id_rsa.pub'],
  ['ssh-keygen -t "$t"', 'write /home/agent/.ssh (no content)', 'write /home/agent/.ssh/id_*'],
  ['ssh-keygen -lf /home/agent/.ssh/id_rsa.pub'],
  ['ssh-keygen -R host', 'write /home/agent/.ssh/known_hosts', 'write /home/agent/.ssh/known_hosts.old'],
  ['ssh-keygen -R host -f kh', 'write kh', 'write kh.old'],
  ['ssh-keygen -H', 'write /home/agent/.ssh/known_hosts', 'write /home/agent/.ssh/known_hosts.old'],
  ['ssh-keygen -l -f /home/agent/.ssh/id_rsa.pub'],
  ['ssh-keygen -y -f key'],
  ['ssh-keygen -p -f key', 'write key', 'write key.pub'],
  ['ssh-keygen -t ed25519 -f k', 'write k', 'write k.pub'],
  ['ssh-keygen -s ca -I id user.pub', 'write user-cert.pub'],
  ['ssh-keygen -Y sign -f key -n file doc.txt', 'write doc.txt.sig'],
  ['ssh-keygen -Y verify -f allowed -I me -n file -s doc.sig'],
  ['ssh-keygen -D ./pkcs11.so', 'runs code (runs-program) via `ssh-keygen -D`'],
  // gpg(1): -o/--output; the commands that change the keyrings write the home directory
  ['gpg -o out.txt -d in.gpg', 'write out.txt'],
  ['gpg --output=out.sig --sign f', 'write out.sig'],
  ['gpg -oout.txt -d in.gpg', 'write out.txt'],
  ['gpg --verify f.sig f'],
  ['gpg --import key.asc', 'write /home/agent/.gnupg (recursive)'],
  ['gpg --homedir gh --import key.asc', 'write gh (recursive)'],
  ['gpg --photo-viewer "sh -c x" --list-keys', 'runs code (runs-program) via `gpg --photo-viewer`'],
];

const builds: Case[] = [
  // gcc(1): -o, a.out, -c beside the sources; programs the driver runs
  ['cc -o app main.c', 'write app'],
  ['gcc -oapp main.c', 'write app'],
  ['gcc main.c', 'write a.out'],
  ['gcc -c src/main.c', 'write main.o'],
  ['clang -E main.c'],
  ['gcc -fplugin=./p.so main.c -o app', 'runs code (runs-program) via `gcc -fplugin=`', 'write app'],
  ['gcc -B ./bin main.c -o app', 'runs code (runs-program) via `gcc -B`', 'write app'],
  ['gcc @opts main.c', 'runs code (runs-program) via `gcc @`', 'write a.out'],
  ['gcc -MF deps.d -MD -c main.c', 'write deps.d', 'write main.o'],
  // go help build / go help test
  ['go build -o bin/app .', 'write bin/app'],
  ['go build -o=bin/app .', 'write bin/app'],
  ['go test ./...'],
  ['go build -toolexec ./x .', 'runs code (runs-program) via `go -toolexec`'],
  ['go test -exec ./runner ./...', 'runs code (runs-program) via `go -exec`'],
  // go env -w of a key that names a program or flags every later go command takes (go help environment)
  ['go env -w GOFLAGS=-toolexec=/tmp/x', 'runs code (runs-program) via `go env -w`'],
  ['go env -w CC=/tmp/cc', 'runs code (runs-program) via `go env -w`'],
  ['go env -w GOPROXY=direct'],
  ['go env GOFLAGS'],
  // rustc --help
  ['rustc -o app main.rs', 'write app'],
  ['rustc --out-dir target main.rs', 'write target'],
  ['rustc --emit=obj=out.o,link main.rs', 'write out.o'],
  ['rustc -C linker=./ld main.rs', 'runs code (runs-program) via `rustc -C`'],
  ['rustc -C opt-level=3 main.rs'],
  // pg_dump(1) -f, mysqldump(1) -r / --tab
  ['pg_dump -f dump.sql db', 'write dump.sql'],
  ['pg_dump --file=dump.sql db', 'write dump.sql'],
  ['pg_dump db'],
  ['mysqldump -r dump.sql db', 'write dump.sql'],
  ['mysqldump --result-file=dump.sql db', 'write dump.sql'],
  ['mysqldump --tab=out db', 'write out'],
];

const shells: Case[] = [
  // bash history -w/-a [FILE]; zsh fc -W/-A [FILE], and fc's editing and rerunning
  ['history -w h.txt', 'write h.txt'],
  ['history -a', 'write /home/agent/.bash_history'],
  ['history 10'],
  ['fc -W h.txt', 'write h.txt'],
  ['fc -l'],
  ['fc -s', 'runs code (unfixed) via `fc`'],
  ['fc', 'runs code (unfixed) via `fc`'],
  // zcompile: FILE.zwc, which zsh loads in FILE's place
  ['zcompile x.zsh', 'write x.zsh.zwc', 'write x.zsh'],
  ['zcompile -t x.zwc'],
];

const gnuParsing: Case[] = [
  // uniq(1): `+N` before `--` is the obsolete `-s N` (coreutils 9.1 run), so the output is the third word; read both ways
  ['uniq +2 a.txt out.txt', 'write a.txt', 'write out.txt'],
  ['uniq -- +2 a.txt', 'write a.txt'],
  ['uniq -s 2 a.txt out.txt', 'write out.txt'],
];

const uploads: Case[] = [
  // curl(1) -T FILE file:///PATH writes PATH (curl 7.88 run: `-T a.txt file://$PWD/out.txt` made out.txt, `file://$PWD/d/` made d/a.txt)
  ['curl -T a.txt file:///home/agent/.bashrc', 'write /home/agent/.bashrc'],
  ['curl -T a.txt file://localhost/tmp/d/', 'write /tmp/d/a.txt'],
  ['curl --upload-file a.txt FILE:///tmp/x%2Ey', 'write /tmp/x.y'],
  ['curl -T a.txt "file:///tmp/$x"', 'write ?url-name'],
  ["curl -T a.txt 'file:///tmp/{a,b}'", 'write ?url-name'],
  ['curl -T a.txt https://example.com/up'],
];

describe('split, csplit, shuf, xxd, link', () => checkOwnActions(coreutils));
describe('curl -T to file:// URLs', () => checkOwnActions(uploads));
describe('GNU option parsing', () => checkOwnActions(gnuParsing));

// Obsolete option forms, each checked against the real GNU coreutils 9.1 in test/programs/gnu-options-sandbox.test.ts.
// getopt reads digits the way it reads letters: `split -2` is a cluster whose digits are --lines (split.c "0123456789C:a:b:del:n:t:ux"),
// which the reading takes as flags without a value, so what follows reads the same; `sort +1 -2` is a key whose `-2` the row
// reads as flags (sort.c traditional usage: the word holds digits, `.` and ordering letters only, none of which takes a value).
const obsoleteForms: Case[] = [
  ['split -2 a.txt p', 'write p*'],
  // `-2l a.txt`: l takes the next word as its value, as getopt gives it (coreutils 9.1 run: "cannot split in more than one way")
  ['split -2l a.txt p', 'write x*'],
  ['split -2e a.txt q', 'write q*'],
  ['sort +1 -2 b.txt -o out.txt', 'write out.txt'],
  ['sort +1 -2nr b.txt -o out.txt', 'write out.txt'],
  ['uniq -1 a.txt out.txt', 'write out.txt'],
  ['uniq -1 +2 a.txt out.txt', 'write a.txt', 'write out.txt'],
  // -- ends the options: `+2` is then the input
  ['uniq -- +2 out.txt', 'write out.txt'],
  // a glob expands to one word or more: its second match may be the output (found by the option-lines generator, seed 1306:
  // `uniq *[!t]` wrote x.js, the glob's second match)
  ['uniq *', 'write *'],
  ['uniq *.txt out.txt', 'write *.txt', 'write out.txt'],
  ['uniq a.txt *', 'write *'],
  ['split *', 'write **'],
  ['split -l 2 *.txt', 'write *.txt*'],
  ['xxd *', 'write *'],
];

// POSIXLY_CORRECT: GNU getopt stops at the first operand. A GNU-only row (split, shuf) is then read both ways, as the BSD rows
// are: `split -l 2 a.txt -x` writes `-xaa` (coreutils 9.1 run), not `xaa`.
describe('obsolete option forms', () => checkOwnActions(obsoleteForms));
describe('POSIXLY_CORRECT', () => {
  it.each([
    ['split -l 2 a.txt -x', ['write x*', 'write -x*']],
    ['split a.txt -a 2 out', ['write out*', 'write -a*']],
    ['shuf a.txt -o o.txt', ['write o.txt']],
  ])('%s', (line, actions) => {
    expect(described(line, { posixlyCorrect: true }).filter((a) => !a.endsWith('(handed)'))).toEqual(actions);
  });
  it('not in the environment: GNU permutes', () => {
    expect(described('split -l 2 a.txt -x').filter((a) => !a.endsWith('(handed)'))).toEqual(['write x*']);
  });
});
describe('openssl, ssh-keygen, gpg', () => checkOwnActions(crypto));
describe('compilers and dumps', () => checkOwnActions(builds));
describe('history and zcompile', () => checkOwnActions(shells));
