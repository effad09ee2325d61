// Every sample in docs/cli.md is what the command prints: each `$ playq …` line of a ```console
// block runs through the built binary (against the `playq serve` the page names) and its stdout
// and stderr must equal the lines below it. PLAYQ_UPDATE_DOCS=1 writes what ran into the page.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, runCli, startCli } from './helpers';

const PAGE = new URL('../../../docs/cli.md', import.meta.url);
const SERVE = ['serve', '--sessions', '20000', '--end', '2026-01-01T00:00:00Z'];
const DOC_ORIGIN = 'http://127.0.0.1:8080';

/** The words of one shell command line: quotes and backslashes as a POSIX shell reads them. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unclosed ' in: ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (ch === '"') {
      let j = i + 1;
      let text = '';
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && /["\\$`]/.test(line[j + 1] ?? '')) j++;
        text += line[j];
      }
      if (j >= line.length) throw new Error(`unclosed " in: ${line}`);
      word = (word ?? '') + text;
      i = j;
    } else if (ch === '\\') {
      word = (word ?? '') + (line[++i] ?? '');
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + ch;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

interface Sample {
  /** Index of the `$` line in the page's lines. */
  readonly line: number;
  /** Index of the first line after the command (and its continuation lines). */
  readonly outputAt: number;
  readonly command: string;
  /** How many lines the shown output takes. */
  readonly shownLines: number;
  readonly shown: string;
}

/** The `$ …` commands of every ```console block, with the output shown under each. */
function consoleSamples(page: string): Sample[] {
  const lines = page.split('\n');
  const samples: Sample[] = [];
  let inBlock = false;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.startsWith('```')) {
      inBlock = !inBlock && text.trim() === '```console';
      continue;
    }
    if (!inBlock || !text.startsWith('$ ')) continue;
    const line = i;
    let command = text.slice(2);
    while (command.endsWith('\\')) command = `${command.slice(0, -1)} ${lines[++i]!.trim()}`;
    let end = i + 1;
    while (end < lines.length && !lines[end]!.startsWith('$ ') && !lines[end]!.startsWith('```')) end++;
    const shown = lines.slice(i + 1, end).join('\n');
    samples.push({ line, outputAt: i + 1, command, shownLines: end - i - 1, shown });
    i = end - 1;
  }
  return samples;
}

const tidy = (text: string) => text.replace(/[ \t]+$/gm, '').replace(/\n+$/, '');

let serve: CliProcess;
let env: Record<string, string>;
let origin: string;
const page = readFileSync(PAGE, 'utf8');
const samples = consoleSamples(page);
const printed = new Map<number, string>();

beforeAll(async () => {
  serve = startCli([...SERVE, '--port', '0'], { timeoutMs: 180_000 });
  const [, baseUrl] = await serve.waitFor(/base URL\s+(http:\/\/127\.0\.0\.1:\d+\/api\/v1)/, 90_000);
  await serve.waitFor(/Press Ctrl-C to stop/);
  origin = new URL(baseUrl!).origin;
  env = { PLAYQ_API_KEY: 'demo-key', PLAYQ_BASE_URL: baseUrl! };
}, 120_000);

afterAll(() => {
  if (serve && serve.child.exitCode === null) serve.child.kill('SIGKILL');
  if (process.env.PLAYQ_UPDATE_DOCS !== '1' || printed.size === 0) return;
  const lines = page.split('\n');
  for (const sample of [...samples].reverse()) {
    const text = printed.get(sample.line);
    if (text !== undefined)
      lines.splice(sample.outputAt, sample.shownLines, ...(text ? text.split('\n') : []));
  }
  writeFileSync(PAGE, lines.join('\n'));
});

describe('docs/cli.md', () => {
  it('names the service its samples ran against, and has samples', () => {
    expect(page).toContain(`\`playq ${SERVE.join(' ')}\``);
    expect(samples.length).toBeGreaterThanOrEqual(10);
  });

  for (const sample of samples) {
    it(`line ${sample.line + 1}: $ ${sample.command}`, async () => {
      const [program, ...args] = shellWords(sample.command);
      expect(program).toBe('playq');
      const r = await runCli(
        args.map((a) => a.replaceAll(DOC_ORIGIN, origin)),
        { env },
      );
      const output = tidy(`${r.stdout}${r.stderr}`.replaceAll(origin, DOC_ORIGIN).replaceAll('\r\n', '\n'));
      printed.set(sample.line, output);
      if (process.env.PLAYQ_UPDATE_DOCS !== '1') expect(output).toBe(tidy(sample.shown));
    });
  }
});

describe('the sample reader', () => {
  it('splits words as a shell does', () => {
    expect(shellWords(`playq validate filter '[country=US|FR]' --json`)).toEqual([
      'playq',
      'validate',
      'filter',
      '[country=US|FR]',
      '--json',
    ]);
    expect(shellWords(`a "b \\"c\\"" d\\ e 'f'"g"`)).toEqual(['a', 'b "c"', 'd e', 'fg']);
    expect(() => shellWords("a 'b")).toThrow(/unclosed/);
  });

  it('finds each command of a console block with the lines shown under it', () => {
    const text = ['```console', '$ playq a \\', '  --b', 'out 1', 'out 2', '$ playq c', '```', '$ not this'];
    expect(consoleSamples(text.join('\n'))).toEqual([
      { line: 1, outputAt: 3, command: 'playq a  --b', shownLines: 2, shown: 'out 1\nout 2' },
      { line: 5, outputAt: 6, command: 'playq c', shownLines: 0, shown: '' },
    ]);
  });
});
