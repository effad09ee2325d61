#!/usr/bin/env node
// Lists the functions of the packages' sources that are longer than a screen (default 80 lines),
// longest first, using the TypeScript compiler's own parser: `node scripts/long-functions.mjs
// [--max N] [--json]`. Tests, benchmarks and build output are left out.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const maxIndex = args.indexOf('--max');
const MAX = maxIndex === -1 ? 80 : Number(args[maxIndex + 1]);
if (!Number.isInteger(MAX) || MAX < 1) {
  console.error('long-functions: --max takes a positive whole number of lines');
  process.exit(2);
}

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !/\.(test|test-d|bench)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

/** The name a reader would search for: `f`, `Class.method`, or the variable an arrow is bound to. */
function nameOf(node) {
  const own = node.name && ts.isIdentifier(node.name) ? node.name.text : undefined;
  const parent = node.parent;
  if (ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node) || ts.isAccessor(node)) {
    const cls = parent && (ts.isClassLike(parent) ? parent.name?.text : undefined);
    const member = ts.isConstructorDeclaration(node) ? 'constructor' : (node.name?.getText() ?? '?');
    return cls ? `${cls}.${member}` : member;
  }
  if (own) return own;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

const found = [];
for (const pkg of readdirSync(join(ROOT, 'packages'))) {
  let files;
  try {
    files = sources(join(ROOT, 'packages', pkg, 'src'));
  } catch {
    continue;
  }
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > MAX)
          found.push({ name: nameOf(node), lines, file: relative(ROOT, file), line: start + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}
found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
if (args.includes('--json')) console.log(JSON.stringify(found, null, 2));
else {
  for (const f of found) console.log(`${String(f.lines).padStart(4)}  ${f.name}  ${f.file}:${f.line}`);
  console.log(`${found.length} function(s) over ${MAX} lines`);
}
