// The source files of the monorepo's packages, for the tests that grep them for a second owner of
// a fact: one walker, one comment stripper, one way to report offenders against an allowlist.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('../../../..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test(-d)?\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Source text without block and line comments (a `//` inside a string or URL is kept). */
export const stripComments = (text: string): string =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/**
 * Every finding of `detect` in `packages/<pkg>/src/**` (tests left out), as `path: finding`, for
 * packages not in `skip` and files not in `allowed` (paths relative to the repository root).
 */
export function findInPackageSources(
  detect: (text: string) => readonly string[],
  options: {
    readonly skip?: ReadonlySet<string>;
    readonly allowed?: Readonly<Record<string, string>>;
    /** The repository to read (default this one): a test plants a copy elsewhere. */
    readonly root?: string;
  } = {},
): string[] {
  const offenders: string[] = [];
  const root = options.root ?? ROOT;
  for (const pkg of readdirSync(join(root, 'packages'))) {
    if (options.skip?.has(pkg)) continue;
    let files: string[];
    try {
      files = sources(join(root, 'packages', pkg, 'src'));
    } catch {
      continue;
    }
    for (const file of files) {
      const rel = relative(root, file);
      if (options.allowed !== undefined && Object.hasOwn(options.allowed, rel)) continue;
      for (const finding of detect(readFileSync(file, 'utf8'))) offenders.push(`${rel}: ${finding}`);
    }
  }
  return offenders;
}
