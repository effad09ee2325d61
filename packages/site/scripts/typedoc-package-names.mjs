// A TypeDoc plugin: names each module of the API reference by the specifier a user imports
// (`@playq/query/builder`, not `query/src/builder-only`) and describes it with its entry file's
// role comment (or the package's description) when it has no module doc comment.
import { Comment, Converter, ReflectionKind } from 'typedoc';
import { apiEntries } from './api-entries.mjs';

/** @param {import('typedoc').Application} app */
export function load(app) {
  const byFile = new Map(apiEntries().map((e) => [e.file, e]));
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Module)) return;
    const file = context.getSymbolFromReflection(reflection)?.declarations?.[0]?.getSourceFile().fileName;
    const entry = file === undefined ? undefined : byFile.get(file);
    if (entry === undefined) return;
    reflection.name = entry.specifier;
    if (entry.description !== undefined && reflection.comment === undefined)
      reflection.comment = new Comment([{ kind: 'text', text: entry.description }]);
  });
}
