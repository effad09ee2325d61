// Whether a GET URL is a request an OpenAPI document accepts: the path matches one of its
// operations under its server, every required parameter is there, no unknown or repeated one, and
// each value, read by its style (form lists split on commas), validates against its schema with
// Ajv (JSON Schema 2020-12) — the schema judgement is the third-party validator's, not ours.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Json, OpenApiDocument } from '../../src/openapi/index';

type Obj = { readonly [key: string]: Json };

export interface RequestVerdict {
  readonly ok: boolean;
  readonly problems: readonly string[];
}

/** A judge of request URLs for one document. */
export function requestJudge(doc: OpenApiDocument): (url: string) => RequestVerdict {
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: true });
  const server = doc.servers[0]!.url;
  const operations = Object.entries(doc.paths as Obj).flatMap(([template, item]) => {
    const get = (item as Obj).get as Obj | undefined;
    if (get === undefined) return [];
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
    const params = get.parameters as unknown as Obj[];
    const checks = params.map((p) => ({ param: p, validate: ajv.compile(p.schema as object) }));
    return [{ template, pattern, checks }];
  });
  return (url: string) => {
    if (!url.startsWith(`${server}/`)) return verdict([`${url} is not under ${server}`]);
    const parsed = new URL(url);
    const path = parsed.pathname.slice(new URL(server).pathname.replace(/\/$/, '').length);
    const op = operations.find((o) => o.pattern.test(path));
    if (op === undefined) return verdict([`no operation answers ${path}`]);
    const pathValues = op.pattern.exec(path)!.slice(1).map(decodeURIComponent);
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const key of parsed.searchParams.keys()) {
      if (seen.has(key)) problems.push(`${key} is repeated`);
      seen.add(key);
      if (!op.checks.some((c) => c.param.name === key && c.param.in === 'query')) {
        problems.push(`${key} is not a parameter of ${op.template}`);
      }
    }
    let pathIndex = 0;
    for (const { param, validate } of op.checks) {
      const raw =
        param.in === 'path' ? pathValues[pathIndex++] : parsed.searchParams.get(param.name as string);
      if (raw === null || raw === undefined) {
        if (param.required === true) problems.push(`${param.name} is required`);
        continue;
      }
      const value = param.style === 'form' && param.explode === false ? raw.split(',') : raw;
      if (!validate(value)) {
        problems.push(`${param.name}=${raw}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    return verdict(problems);
  };
}

function verdict(problems: readonly string[]): RequestVerdict {
  return { ok: problems.length === 0, problems };
}
