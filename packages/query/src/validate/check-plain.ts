// Validation of the customer id in the path, and of `orderby` against the names the query requests.
// (The other plain values are checked by their rows of the parameter table: check-parameter.ts.)
import { isDimension, isMetric, TIMESTAMP } from '../catalogue/catalogue';
import { didYouMean, suggestName } from '../catalogue/suggest-name';
import { orList } from '../util/word-list';
import { CUSTOMER_ID_PATTERN, isCustomerId } from '../wire/customer-id';
import { ENDPOINTS, isEndpoint } from '../wire/endpoints';
import type { Context } from './context';
import { problem } from './diagnostics';

/** @internal */
export function checkCustomer(cx: Context): void {
  const { q, out } = cx;
  if (!isEndpoint(q.endpoint)) {
    out.push(
      problem(
        'not_found',
        'path',
        `Unknown endpoint "${String(q.endpoint)}": expected ${orList(ENDPOINTS)}.`,
      ),
    );
  }
  if (typeof q.customerId !== 'string' || !CUSTOMER_ID_PATTERN.test(q.customerId)) {
    out.push(
      problem(
        'invalid_customer',
        'customerId',
        'The customer id must be 1 to 128 characters of letters, digits, ".", "_" or "-".',
      ),
    );
  } else if (!isCustomerId(q.customerId)) {
    out.push(problem('invalid_customer', 'customerId', `The customer id cannot be "${q.customerId}".`));
  }
}

/** `orderby` names a requested metric or dimension (or `timestamp` in a time series). @internal */
export function checkOrderBy(cx: Context): void {
  const { q, out, catalogue } = cx;
  if (q.orderby !== undefined) {
    const allowed = [...cx.numeric, ...cx.fields, ...cx.dims.filter((d) => d !== TIMESTAMP)];
    if (cx.timeseries) allowed.push(TIMESTAMP);
    if (!allowed.includes(q.orderby)) {
      const requested = allowed.length > 0 ? allowed.join(', ') : 'none';
      const known =
        isMetric(q.orderby, catalogue) || isDimension(q.orderby, catalogue) || q.orderby === TIMESTAMP;
      const hint = known ? undefined : suggestName(q.orderby, allowed);
      out.push(
        problem(
          'invalid_orderby',
          'orderby',
          known
            ? `orderby=${q.orderby} is not in this query's metrics or aggby (requested: ${requested}).`
            : `orderby must name a requested metric or dimension (requested: ${requested}), not "${q.orderby}"${didYouMean(hint)}`,
          { hint },
        ),
      );
    }
  }
}
