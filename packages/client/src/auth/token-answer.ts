// Reads a token endpoint's answer (RFC 6749 section 5.1): a JSON object with a Bearer
// access_token and an optional positive expires_in. The answer is made of secrets, so a bad one
// is reported with every token-like member masked and every known secret removed.
import { PlayqResponseError } from '../errors/client-errors';
import { excerpt } from '../transport/from-response';
import { headerValueProblem } from '../transport/header-value';
import { REDACTED, redactText } from '../transport/redact';

/** @internal */
export interface TokenAnswer {
  readonly value: string;
  /** Seconds; undefined when the endpoint did not say. */
  readonly expiresIn: number | undefined;
}

/** @internal */
export interface TokenAnswerContext {
  /** The token URL, redacted. */
  readonly url: string;
  readonly secrets: () => string[];
  /** Called with the token as soon as it is read, before anything else can fail and show it. */
  readonly remember: (token: string) => void;
}

const TOKEN_MEMBER = /("[a-z_]*(?:token|secret)"\s*:\s*")[^"]*"/gi;

/** The token in a 200 answer's body, or a `PlayqResponseError` saying what is wrong. @internal */
export function readTokenAnswer(text: string, context: TokenAnswerContext): TokenAnswer {
  const invalid = (reason: string) =>
    new PlayqResponseError({
      method: 'POST',
      url: context.url,
      status: 200,
      reason,
      excerpt: excerpt(text.replace(TOKEN_MEMBER, `$1${REDACTED}"`), context.secrets()),
    });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('the token response is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalid('the token response is not a JSON object');
  const { access_token: value, token_type: type, expires_in: expiresIn } = parsed as Record<string, unknown>;
  if (typeof value !== 'string' || value === '' || /[\r\n]/.test(value)) {
    throw invalid('access_token is missing or not a string');
  }
  const problem = headerValueProblem(value);
  if (problem !== undefined) throw invalid(`access_token ${problem}`);
  context.remember(value);
  if (type !== undefined && (typeof type !== 'string' || type.toLowerCase() !== 'bearer')) {
    throw invalid(`token_type ${redactText(JSON.stringify(type), [value])} is not Bearer`);
  }
  if (expiresIn === undefined) return { value, expiresIn: undefined };
  const seconds = typeof expiresIn === 'string' ? Number(expiresIn) : expiresIn;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
    throw invalid('expires_in is not a positive number');
  }
  return { value, expiresIn: seconds };
}
