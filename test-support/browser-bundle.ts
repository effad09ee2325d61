// Test support shared by the browser-safe packages (grammar, query, client): bundle a package's
// public entry the way a browser bundler would, and evaluate it in a fresh V8 context that has the
// web platform's globals but none of Node's (no process, Buffer, require or module), so a Node
// dependency anywhere on the import graph fails the test instead of a user's page.
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';

export interface BrowserBundle {
  readonly code: string;
  readonly warnings: readonly string[];
}

/** Bundles `entry` for `platform: 'browser'`, sibling packages from source, as one IIFE. */
export async function bundleForBrowser(entry: string): Promise<BrowserBundle> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: '__lib',
    platform: 'browser',
    target: 'es2022',
    conditions: ['@playq/source'],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  return { code, warnings: result.warnings.map((w) => w.text) };
}

/** The globals a browser page offers that our packages may use; nothing Node-only. */
const WEB_GLOBALS = [
  'URL',
  'URLSearchParams',
  'TextEncoder',
  'TextDecoder',
  'AbortController',
  'AbortSignal',
  'Headers',
  'Request',
  'Response',
  'fetch',
  'setTimeout',
  'clearTimeout',
  'queueMicrotask',
  'structuredClone',
  'atob',
  'btoa',
  'crypto',
  'performance',
  'DOMException',
  'Event',
  'EventTarget',
] as const;

/** Evaluates a bundle made by `bundleForBrowser` and returns its exports. */
export function evaluateInBrowserLikeContext(code: string): Record<string, unknown> {
  const sandbox: Record<string, unknown> = { console };
  for (const name of WEB_GLOBALS) sandbox[name] = (globalThis as Record<string, unknown>)[name];
  sandbox.globalThis = sandbox;
  sandbox.self = sandbox;
  sandbox.window = sandbox;
  runInNewContext(`${code}\nglobalThis.__exports = __lib;`, sandbox);
  return sandbox.__exports as Record<string, unknown>;
}
