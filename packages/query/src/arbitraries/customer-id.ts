// Customer ids for generated queries: a few realistic ones, and now and then any id of the
// allowed alphabet and length (never the dot segments `.` and `..`).
import fc from 'fast-check';

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-'.split('');

/** A customer id from the given ones, or generated. @internal */
export const customerId = (c: { readonly customerIds?: readonly string[] }): fc.Arbitrary<string> =>
  c.customerIds !== undefined && c.customerIds.length > 0
    ? fc.constantFrom(...c.customerIds)
    : fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('demo', 'other', 'acme.tv', 'cust_42') },
        {
          weight: 1,
          arbitrary: fc
            .string({ unit: fc.constantFrom(...ID_CHARS), minLength: 1, maxLength: 128 })
            .filter((id) => id !== '.' && id !== '..'),
        },
      );
