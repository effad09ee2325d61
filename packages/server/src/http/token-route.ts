// `POST {basePath}/oauth/token`: OAuth 2.0 client credentials (RFC 6749 section 4.4). The client
// authenticates with HTTP Basic or form fields; the answer is a signed, expiring bearer token.
// Requests and failures count against the client's address and the client id it names.
import { TOKEN_PATH } from '@playq/query';
import type { Hono } from 'hono';
import { type AppEnv, type AppOptions, addressOf } from './app-env';
import { fingerprint, parseBasic } from './auth';
import { readCappedText } from './body-limit';
import { problemResponse } from './problem';
import { methodNotAllowed } from './refusals';

/** The OAuth error member beside the problem's own code. */
const oauth = (error: string) => ({ extensions: { error } });

export function mountTokenEndpoint(app: Hono<AppEnv>, options: AppOptions): void {
  const { auth, addressLimits } = options;
  const path = `${options.basePath}${TOKEN_PATH}`;
  app.post(path, async (c) => {
    const address = addressOf(c);
    const form = await readForm(c.req.raw);
    if (form instanceof Response) return form;
    const basic = parseBasic(c.req.header('Authorization') ?? null);
    const id = basic?.id ?? form.get('client_id');
    const secret = basic?.secret ?? form.get('client_secret');
    const identity = `client:${fingerprint(id ?? '')}` as const;
    const limited =
      addressLimits?.refuseFailing(address, identity) ?? addressLimits?.takeTokenRequest(address, identity);
    if (limited) return limited;
    const refused = checkGrant(form.get('grant_type'));
    if (refused) return refused;
    const client = id !== null && secret !== null ? auth.client(id, secret) : undefined;
    if (!client) {
      addressLimits?.failed(address, identity);
      return problemResponse(401, 'unauthenticated', 'Unknown client or wrong client secret.', {
        headers: { 'WWW-Authenticate': 'Basic realm="playq"' },
        ...oauth('invalid_client'),
      });
    }
    const token = await auth.issue(client.customerId);
    return new Response(JSON.stringify(token), {
      status: 200,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        Pragma: 'no-cache',
      },
    });
  });
  app.all(path, methodNotAllowed('POST, OPTIONS'));
}

/** The form body (empty unless form-encoded), or the refusal of a body over the size cap. */
async function readForm(request: Request): Promise<URLSearchParams | Response> {
  const type = request.headers.get('Content-Type') ?? '';
  const text = await readCappedText(request);
  if (text instanceof Response) return text;
  return /^application\/x-www-form-urlencoded\b/i.test(type)
    ? new URLSearchParams(text)
    : new URLSearchParams();
}

/** A 400 unless the grant type is `client_credentials`. */
function checkGrant(grant: string | null): Response | undefined {
  if (grant === null) {
    return problemResponse(
      400,
      'missing_parameter',
      'grant_type=client_credentials is required in a form body.',
      {
        param: 'grant_type',
        ...oauth('invalid_request'),
      },
    );
  }
  if (grant !== 'client_credentials') {
    return problemResponse(400, 'missing_parameter', 'Only grant_type=client_credentials is supported.', {
      param: 'grant_type',
      ...oauth('unsupported_grant_type'),
    });
  }
  return undefined;
}
