// toNode: what the client accepts as a query — a builder (anything with a toQuery function) or a
// plain node with type "query" — and the exact errors for anything else.
import { describe, expect, it } from 'vitest';
import { type QueryInput, toNode } from '../src/query/query-input';
import { metricNode } from './support/fake-service';

/** The error a call throws, as [class is TypeError, message]. */
function thrown(fn: () => unknown): [boolean, string] {
  try {
    fn();
  } catch (e) {
    return [e instanceof TypeError, (e as Error).message];
  }
  throw new Error('did not throw');
}

describe('toNode', () => {
  it('names the type of a value that is not an object at all', () => {
    expect(thrown(() => toNode('metricquery' as unknown as QueryInput))).toStrictEqual([
      true,
      '@playq/client: expected a query builder or a query node, got string',
    ]);
    expect(thrown(() => toNode(null as unknown as QueryInput))).toStrictEqual([
      true,
      '@playq/client: expected a query builder or a query node, got null',
    ]);
  });

  it('takes a plain node whose toQuery field is not a function as the node itself', () => {
    const node = { ...metricNode(), toQuery: 'not a function' } as unknown as QueryInput;
    expect(toNode(node)).toBe(node);
  });

  it('calls toQuery when it is a function', () => {
    const node = metricNode();
    expect(toNode({ toQuery: () => node } as unknown as QueryInput)).toBe(node);
  });

  it('refuses an object that is neither a builder nor a node of type "query"', () => {
    const message = '@playq/client: expected a query builder or a query node (an object with type "query")';
    expect(thrown(() => toNode({} as unknown as QueryInput))).toStrictEqual([true, message]);
    expect(thrown(() => toNode({ ...metricNode(), type: 'period' } as unknown as QueryInput))).toStrictEqual([
      true,
      message,
    ]);
  });
});
