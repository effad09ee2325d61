// The SQL spelling of each comparison operator of the qoefilter grammar.

export const QOE_OPERATORS: Readonly<Record<string, string>> = Object.freeze({
  '>': '>',
  '>=': '>=',
  '<': '<',
  '<=': '<=',
  '=': '=',
  '!=': '<>',
});
