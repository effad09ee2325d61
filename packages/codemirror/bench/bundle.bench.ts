/// <reference types="node" />
// What the extension adds to a web page: its built entry bundled for the browser (minified,
// gzipped) with CodeMirror left out, against a baseline in the same run, a bundle of just the
// grammar and query functions it imports. Target: at most 20 KB gzip over that baseline.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('..', import.meta.url));

async function gzipBytes(contents: string): Promise<{ raw: number; gzip: number }> {
  const r = await build({
    stdin: { contents, resolveDir: here, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    treeShaking: true,
    external: ['@codemirror/*', '@lezer/*'],
    logLevel: 'silent',
  });
  const code = r.outputFiles[0]!.contents;
  return { raw: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

const extension = await gzipBytes("export * from './dist/index.js';");
const baseline = await gzipBytes(
  "export { tokenSpans, isIdentifier } from '@playq/grammar'; export { complete, checkText, describeName } from '@playq/query';",
);
const overKb = (extension.gzip - baseline.gzip) / 1024;
const report = {
  package: '@playq/codemirror',
  what: 'browser bundle, minified and gzipped, CodeMirror external',
  unit: 'bytes',
  target: 'extension - baseline <= 20 KB gzip',
  extension,
  baseline,
  overBaselineGzipKb: Number(overKb.toFixed(2)),
  meetsTarget: overKb <= 20,
  node: process.version,
  date: new Date().toISOString(),
};
console.log(
  `extension ${extension.gzip} B gzip, grammar+query baseline ${baseline.gzip} B gzip: +${overKb.toFixed(2)} KB (target <= 20 KB)`,
);
const out = fileURLToPath(new URL('../../../bench/results/codemirror.json', import.meta.url));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`wrote ${out}`);
