// A judge of recorded HTTP exchanges against an OpenAPI document: each answer to an operation the
// document describes must have a status it lists, a media type it lists, every required header,
// and a body that validates against the schema (Ajv's JSON Schema 2020-12 validator, with the
// document's own `$ref`s). Exchanges the document does not describe are counted, not judged.
import { Ajv2020 } from 'ajv/dist/2020.js';

type Obj = { readonly [key: string]: unknown };

/** One request and its answer, as a recording transport saw them. */
export interface Exchange {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
}

export interface ResponseVerdict {
  /** The exchanges judged (their operation is in the document). */
  readonly judged: number;
  /** Those that are not (another method, an unknown path), as `METHOD path status`. */
  readonly undescribed: readonly string[];
  /** What failed, one line per problem. */
  readonly problems: readonly string[];
}

interface Operation {
  readonly base: string;
  readonly pattern: RegExp;
  readonly method: string;
  readonly responses: Obj;
}

const DOC_ID = 'https://playq.invalid/openapi.json';

/** Judges exchanges against one document. */
export function responseJudge(doc: Obj): (exchanges: readonly Exchange[]) => ResponseVerdict {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ ...doc, $id: DOC_ID });
  const operations = operationsOf(doc);
  const deref = (value: unknown): Obj => {
    const r = (value as Obj).$ref;
    if (typeof r !== 'string') return value as Obj;
    return r
      .slice(2)
      .split('/')
      .reduce<Obj>((o, k) => o[k] as Obj, doc);
  };
  return (exchanges) => {
    const problems: string[] = [];
    const undescribed: string[] = [];
    let judged = 0;
    for (const x of exchanges) {
      const where = `${x.method} ${x.url} ${x.status}`;
      const op = operations.find(
        (o) => o.method === x.method && x.url.startsWith(o.base) && o.pattern.test(pathOf(x.url, o.base)),
      );
      if (op === undefined) {
        undescribed.push(`${x.method} ${new URL(x.url).pathname} ${x.status}`);
        continue;
      }
      judged += 1;
      const spec = op.responses[String(x.status)] ?? op.responses.default;
      if (spec === undefined) {
        problems.push(`${where}: the document lists no ${x.status} answer`);
        continue;
      }
      problems.push(...answerProblems(ajv, deref, deref(spec), x, where));
    }
    return { judged, undescribed, problems };
  };
}

function answerProblems(
  ajv: Ajv2020,
  deref: (value: unknown) => Obj,
  spec: Obj,
  x: Exchange,
  where: string,
): string[] {
  const problems: string[] = [];
  for (const [name, header] of Object.entries((spec.headers ?? {}) as Obj)) {
    if (deref(header).required === true && !x.headers.has(name)) problems.push(`${where}: no ${name} header`);
  }
  const content = spec.content as Obj | undefined;
  if (content === undefined) return problems;
  const type = (x.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const media = content[type] as Obj | undefined;
  if (media === undefined) return [...problems, `${where}: media type ${type || 'none'} is not listed`];
  const pointer = ((media.schema as Obj).$ref as string).slice(1);
  const validate = ajv.getSchema(`${DOC_ID}#${pointer}`)!;
  let body: unknown;
  try {
    body = JSON.parse(x.body);
  } catch {
    return [...problems, `${where}: the body is not JSON`];
  }
  if (!validate(body)) problems.push(`${where}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
  return problems;
}

function operationsOf(doc: Obj): Operation[] {
  const server = ((doc.servers as Obj[])[0] as Obj).url as string;
  return Object.entries(doc.paths as Obj).flatMap(([template, value]) => {
    const item = value as Obj;
    const base = (((item.servers as Obj[] | undefined)?.[0] as Obj | undefined)?.url as string) ?? server;
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return ['get', 'post']
      .filter((m) => item[m] !== undefined)
      .map((m) => ({ base, pattern, method: m.toUpperCase(), responses: (item[m] as Obj).responses as Obj }));
  });
}

function pathOf(url: string, base: string): string {
  return url.slice(base.length).split('?')[0]!;
}

/** A transport that records every exchange it carries, bodies read from a clone. */
export function recording(
  fetch: (request: Request) => Promise<Response>,
  exchanges: Exchange[],
): (request: Request) => Promise<Response> {
  return async (request) => {
    const response = await fetch(request);
    const body = await response.clone().text();
    exchanges.push({
      method: request.method,
      url: request.url,
      status: response.status,
      headers: response.headers,
      body,
    });
    return response;
  };
}
