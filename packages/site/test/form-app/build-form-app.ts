// Bundles the form page for the browser as a user's bundler would (esbuild, browser platform,
// production React) into `dir`, beside an index.html that loads it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const STYLE = `body { font: 15px system-ui, sans-serif; margin: 2rem; }
input { font: 14px ui-monospace, monospace; width: 24rem; padding: 4px; }
input[aria-invalid=true] { border: 2px solid #c62828; }
[data-testid=filter-error] { color: #c62828; min-height: 1.2em; }
table { border-collapse: collapse; margin-top: 1rem; }
td, th { border: 1px solid #bbb; padding: 4px 10px; text-align: left; }`;

/** Writes `index.html` and `form-app.js` into `dir`. */
export async function buildFormApp(dir: string): Promise<void> {
  await build({
    entryPoints: [fileURLToPath(new URL('./form-app.tsx', import.meta.url))],
    outfile: join(dir, 'form-app.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>playq form</title><style>${STYLE}</style></head><body><div id="root"></div><script type="module" src="/form-app.js"></script></body></html>\n`,
  );
}
