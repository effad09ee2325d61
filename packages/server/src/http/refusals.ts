// Refusals every route shares: a method the resource does not accept (405 with `Allow`) and a
// customer id outside the specification's syntax (400 `invalid_customer`).
import { problemResponse } from './problem';

/** What the read-only resources accept. */
export const READ_METHODS = 'GET, HEAD, OPTIONS';

/** A handler answering 405 for a resource that accepts `allow`. */
export const methodNotAllowed = (allow: string) => (): Response =>
  problemResponse(405, 'method_not_allowed', `This resource accepts ${allow}.`, {
    headers: { Allow: allow },
  });

export function invalidCustomer(): Response {
  return problemResponse(
    400,
    'invalid_customer',
    'The customer id must be 1 to 128 characters of A-Z, a-z, 0-9, ".", "_" or "-".',
    {
      param: 'customerId',
    },
  );
}
