// The answers of admission control, given at once with `Retry-After`: a customer over its share of
// the queue is 429 `rate_limited`, a full service queue or a query over DuckDB's memory limit 503
// `overloaded`; a query whose client went away ends as 499, which only the access log sees.
import { AdmissionRefusedError, QueryCancelledError } from '../exec/admission';
import { problemResponse } from './problem';

export function overloadResponse(error: unknown): Response | undefined {
  if (error instanceof AdmissionRefusedError && error.scope === 'customer') {
    return problemResponse(
      429,
      'rate_limited',
      'Too many queries of this customer are running or waiting; retry after the delay given.',
      { headers: { 'Retry-After': String(error.retryAfterSeconds) } },
    );
  }
  if (error instanceof AdmissionRefusedError) {
    return problemResponse(
      503,
      'overloaded',
      'Too many queries are running or waiting; retry after the delay given.',
      { headers: { 'Retry-After': String(error.retryAfterSeconds) } },
    );
  }
  if (error instanceof Error && /^Out of Memory Error/m.test(error.message)) {
    // DuckDB's memory limit (`memoryLimit`) was reached even with spilling: refuse, do not grow.
    return problemResponse(
      503,
      'overloaded',
      'The query needs more memory than the service allows right now; narrow the period or the breakdown.',
      { headers: { 'Retry-After': '5' } },
    );
  }
  if (error instanceof QueryCancelledError) {
    return problemResponse(499, 'client_closed', 'The client went away; the query was cancelled.');
  }
  return undefined;
}
