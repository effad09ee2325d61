// Turns what a caller passed into the node that is sent: its plan level resolved when a session
// query lacks one, and everything validated against the catalogue first, so an invalid query
// fails with positioned diagnostics before any request.
import {
  type AnyCatalogue,
  catalogueOf,
  DEFAULT_CATALOGUE,
  type QueryDiagnostic,
  type QueryNode,
  validate,
} from '@playq/query';
import { PlayqValidationError } from '../errors/client-errors';
import { type QueryInput, toNode } from './query-input';

/** @internal */
export interface PrepareContext {
  /** The client's catalogue option; else the builder's, else the default. */
  readonly catalogue: AnyCatalogue | undefined;
  /** Looks up a customer's plan level. */
  readonly planLevel: (customerId: string, signal: AbortSignal | undefined) => Promise<string>;
  readonly signal: AbortSignal | undefined;
}

/** The node ready to send: plan level filled in, validated. @internal */
export async function prepareQuery(query: QueryInput, context: PrepareContext): Promise<QueryNode> {
  let node = toNode(query);
  const catalogue = context.catalogue ?? catalogueOf(query) ?? DEFAULT_CATALOGUE;
  if (node.endpoint === 'session' && node.planlevel === undefined && typeof node.customerId === 'string') {
    // The customer id is checked before it goes into the plan host's URL.
    const customerErrors = validate(node, { requirePlanLevel: false, catalogue }).filter(isError);
    if (customerErrors.length > 0) throw new PlayqValidationError(customerErrors);
    node = { ...node, planlevel: await context.planLevel(node.customerId, context.signal) };
  }
  const errors = validate(node, { catalogue }).filter(isError);
  if (errors.length > 0) throw new PlayqValidationError(errors);
  return node;
}

function isError(d: QueryDiagnostic): boolean {
  return d.severity === 'error';
}
