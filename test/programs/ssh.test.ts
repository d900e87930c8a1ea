// ssh, scp and rsync's remote shell read directly (src/approver/programs/ssh.ts):
// what runs on this machine (ProxyCommand, LocalCommand, with their `%`
// tokens filled in), the files ssh writes here, and what scp copies here.
// A command run on the remote host is not this machine's.

import { describe } from 'vitest';
import { checkTable, type Case } from '../support/programs.js';

const ssh: Case[] = [
  ['ssh host ls'],
  ["ssh host 'rm -rf /'"],
  ['ssh -i key -l user host'],
  ["ssh -o ProxyCommand='nc %h %p' host", 'shell-code (sh): nc host 22'],
  ['ssh -o ProxyCommand="$x" host', 'runs code (unfixed) via `ssh -o ProxyCommand`'],
  ["ssh -o LocalCommand='echo hi' -o PermitLocalCommand=yes host", 'shell-code (sh): echo hi'],
  ['ssh -o UserKnownHostsFile=known host', 'write known'],
  ['ssh -E log.txt host', 'write log.txt'],
];

const scp: Case[] = [
  ['scp a host:b'],
  // the target, and each source's last name in it when the target is a directory (scp(1): a local directory target)
  ['scp host:a b', 'write b', 'write b/a'],
  ['scp -r host:dir .', 'write . (recursive)', 'write ./dir (recursive)'],
  ['scp host:d/x.sh out/', 'write out/', 'write out/x.sh'],
  ["scp 'host:*.sh' .", 'write . (recursive)'],
  // sftp host:path fetches the file into the current directory (sftp(1) "destination")
  ['sftp host:d/x.sh', 'write x.sh'],
  ['sftp host'],
];

const rsync: Case[] = [
  // the remote shell runs here, given the host and the remote rsync
  ["rsync -e 'ssh -i key' a host:b", 'run: ssh -i key host rsync --server .'],
  ['rsync -a src/ dst/', 'write dst/ (recursive)'],
  ['rsync -a --delete src/ dst/', 'write dst/ (recursive)', 'remove dst/ (recursive, below only)'],
  ['rsync -a --remove-source-files src/ dst/', 'write dst/ (recursive)', 'remove src/'],
];

describe('ssh', () => checkTable(ssh));
describe('scp', () => checkTable(scp));
describe('rsync', () => checkTable(rsync));
