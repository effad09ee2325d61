// What the TypeScript compiler says about a docs example, as a ```text tsc block shows it: each
// statement it refuses (the `// @ts-expect-error` lines that mark them are dropped first) with
// the compiler's message indented below, and each `type X = …` alias with the type it names.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = fileURLToPath(new URL('.', import.meta.url));
const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  customConditions: ['@playq/source'],
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
};

function programOf(file: string, source: string): ts.Program {
  const host = ts.createCompilerHost(OPTIONS);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (f) => f === file || fileExists.call(host, f);
  host.readFile = (f) => (f === file ? source : readFile.call(host, f));
  host.getSourceFile = (f, lang, ...rest) =>
    f === file ? ts.createSourceFile(f, source, lang, true) : getSourceFile.call(host, f, lang, ...rest);
  return ts.createProgram([file], OPTIONS, host);
}

/** The chain of a diagnostic message, each level indented two more spaces. */
function messageLines(message: string | ts.DiagnosticMessageChain, depth = 1): string[] {
  if (typeof message === 'string') return [`${'  '.repeat(depth)}${message}`];
  return [
    `${'  '.repeat(depth)}${message.messageText}`,
    ...(message.next ?? []).flatMap((m) => messageLines(m, depth + 1)),
  ];
}

/** The compiler's view of `source` (see the module comment), one line per item, in source order. */
export function compileExample(source: string): string {
  const code = source.replace(/^[ \t]*\/\/ @ts-expect-error.*\n/gm, '');
  const file = `${here}__example__.ts`;
  const program = programOf(file, code);
  const sf = program.getSourceFile(file)!;
  const checker = program.getTypeChecker();
  const items: { at: number; lines: string[] }[] = [];
  for (const d of ts.getPreEmitDiagnostics(program, sf)) {
    const at = d.start ?? 0;
    const statement = code.split('\n')[sf.getLineAndCharacterOfPosition(at).line]?.trim() ?? '';
    items.push({ at, lines: [statement, ...messageLines(d.messageText)] });
  }
  sf.forEachChild((node) => {
    if (!ts.isTypeAliasDeclaration(node)) return;
    const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias;
    const type = checker.typeToString(checker.getTypeAtLocation(node.name), undefined, flags);
    items.push({ at: node.getStart(), lines: [`type ${node.name.text} = ${type}`] });
  });
  return items
    .sort((a, b) => a.at - b.at)
    .flatMap((i) => i.lines)
    .join('\n');
}
