// curl and wget read directly (src/approver/programs/download.ts): the file
// each URL is saved to, named by the option, by the URL or by the server
// (`?server-name`: not known before the download), under the directory
// options; and the side files (cookies, headers, logs).

import { describe } from 'vitest';
import { checkTable, type Case } from '../support/programs.js';

const curl: Case[] = [
  ['curl https://example.com/'],
  ['curl -o out.html https://example.com/', 'write out.html'],
  ['curl -o - https://example.com/'],
  ['curl -O https://example.com/a.tgz', 'write a.tgz'],
  ['curl -O https://example.com/', 'write curl_response'],
  ['curl --remote-name-all https://e.com/a https://e.com/b', 'write a', 'write b'],
  ['curl --output-dir dl -O https://example.com/a.tgz', 'write dl/a.tgz'],
  ['curl -OJ https://example.com/a', 'write ?server-name'],
  ["curl -o 'f_#1' 'https://example.com/{a,b}'", 'write ?url-name'],
  ['curl -c cookies.txt https://example.com/', 'write cookies.txt'],
  ['curl -D headers.txt https://example.com/', 'write headers.txt'],
];

const wget: Case[] = [
  ['wget https://example.com/a.tgz', 'write a.tgz'],
  ['wget -O out https://example.com/a', 'write out'],
  ['wget -P dl https://example.com/a.tgz', 'write dl/a.tgz'],
  ['wget --content-disposition https://example.com/a', 'write ?server-name'],
  ['wget -i urls.txt', 'write ?url-name'],
  ['wget --spider https://example.com/'],
  // recursive: a tree under a directory named after the host (none with -nH)
  ['wget -r https://example.com/', 'write example.com (recursive)'],
  ['wget -r -nH https://example.com/', 'write . (recursive)'],
  // logs, and what a wgetrc command says
  ['wget -b https://example.com/a', 'write wget-log', 'write a'],
  ['wget -o log https://example.com/a', 'write log', 'write a'],
  ["wget -e 'output_document=x' https://example.com/a", 'write x'],
  ['wget --use-askpass=prog https://example.com/a', 'run: prog', 'write a'],
];

describe('curl', () => checkTable(curl));
describe('wget', () => checkTable(wget));
