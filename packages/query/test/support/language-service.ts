// A TypeScript language service over the monorepo's sources and one in-memory file, for the tests
// that check what an editor shows: the completions at a position, the compiler's messages and
// the types that aliases name.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = fileURLToPath(new URL('.', import.meta.url));
const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  customConditions: ['@playq/source'],
  lib: ['lib.es2023.d.ts'],
  types: [],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
};

/** An editor over one file whose text can be replaced: completions and diagnostics as an IDE asks them. */
export interface Editor {
  /** The string-literal completions offered at the `|` of `source` (which is removed first). */
  completionsAt(source: string): string[];
  /** The compiler's messages for `source`, each chain flattened to lines. */
  diagnostics(source: string): string[];
  /** The type each top-level `type X = …` alias of `source` names, as the compiler prints it. */
  aliases(source: string): Record<string, string>;
}

/** The chain of a diagnostic message, flattened to lines. */
function flatten(message: string | ts.DiagnosticMessageChain): string[] {
  if (typeof message === 'string') return [message];
  return [message.messageText, ...(message.next ?? []).flatMap(flatten)];
}

/**
 * A language service whose single open file, in `directory` (so its imports resolve from there),
 * is replaced by each call. By default the file sits beside this helper: `../../src/index` is
 * @playq/query.
 */
export function createEditor(directory: string = here): Editor {
  const FILE = join(directory, '__editor__.ts');
  let text = '';
  let version = 0;
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => OPTIONS,
    getScriptFileNames: () => [FILE],
    getScriptVersion: (f) => (f === FILE ? String(version) : '0'),
    getScriptSnapshot: (f) => {
      const content = f === FILE ? text : ts.sys.readFile(f);
      return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
    },
    getCurrentDirectory: () => directory,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => f === FILE || ts.sys.fileExists(f),
    readFile: (f) => (f === FILE ? text : ts.sys.readFile(f)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const open = (source: string) => {
    text = source;
    version += 1;
  };
  return {
    completionsAt(source) {
      const at = source.indexOf('|');
      open(source.slice(0, at) + source.slice(at + 1));
      const info = service.getCompletionsAtPosition(FILE, at, {});
      return (info?.entries ?? []).map((e) => e.name);
    },
    diagnostics(source) {
      open(source);
      return service.getSemanticDiagnostics(FILE).flatMap((d) => flatten(d.messageText));
    },
    aliases(source) {
      open(source);
      const program = service.getProgram();
      const file = program?.getSourceFile(FILE);
      if (program === undefined || file === undefined) throw new Error('the editor has no program');
      const checker = program.getTypeChecker();
      const out: Record<string, string> = {};
      file.forEachChild((node) => {
        if (!ts.isTypeAliasDeclaration(node)) return;
        const type = checker.getTypeAtLocation(node.name);
        out[node.name.text] = checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
      });
      return out;
    },
  };
}
