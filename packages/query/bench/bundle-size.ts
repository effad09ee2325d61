/// <reference types="node" />
// The size a browser pays: esbuild bundles two small programs against the BUILT packages, as a
// user's bundler would (browser platform, minified), and gzip measures them. One only builds URLs
// (the builder-only entry, target at most 8 KB); the other parses URLs (the full entry).
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const PROGRAMS = {
  builderOnly: `
    import { metricQuery } from '@playq/query/builder';
    export const url = metricQuery('demo').between(0, 3600).metrics('latency', 'viewercount')
      .aggBy('country').where('platform', ['ios']).having('bufferingratio', '>', 5)
      .orderBy('viewercount').limit(100).toURL('https://example.com/api/v1');`,
  fullParse: `
    import { fromURL, metricQuery } from '@playq/query';
    export const r = fromURL(metricQuery('demo').between(0, 3600).metrics('errors').where('[country=US]')
      .toURL('https://example.com/api/v1'));`,
} as const;

export interface BundleSize {
  readonly minifiedBytes: number;
  readonly gzipBytes: number;
  readonly hasChevrotain: boolean;
}

async function measure(source: string): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: source, resolveDir: new URL('.', import.meta.url).pathname, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return {
    minifiedBytes: code.byteLength,
    gzipBytes: gzipSync(code, { level: 9 }).byteLength,
    // chevrotain's parser machinery names its recognizer errors; the builder must carry none.
    hasChevrotain: /NoViableAltException|EarlyExitException|MismatchedTokenException/.test(
      Buffer.from(code).toString('utf8'),
    ),
  };
}

/** Both bundle sizes, keyed by program. */
export async function bundleSizes(): Promise<Record<keyof typeof PROGRAMS, BundleSize>> {
  return {
    builderOnly: await measure(PROGRAMS.builderOnly),
    fullParse: await measure(PROGRAMS.fullParse),
  };
}
