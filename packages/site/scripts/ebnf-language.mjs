// A small TextMate grammar for ISO EBNF, the notation docs/grammar.md writes the three languages
// in, so the site highlights those blocks instead of warning that `ebnf` is not loaded.

/** Shiki language registration for ```ebnf blocks: rule names, terminals, comments, specials. */
export const ebnf = {
  name: 'ebnf',
  scopeName: 'source.ebnf',
  repository: {},
  patterns: [
    { name: 'comment.block.ebnf', begin: '\\(\\*', end: '\\*\\)' },
    { name: 'string.quoted.double.ebnf', match: '"[^"]*"' },
    { name: 'string.quoted.single.ebnf', match: "'[^']*'" },
    { name: 'string.unquoted.special.ebnf', match: '\\?[^?]*\\?' },
    { name: 'entity.name.function.ebnf', match: '^\\s*[A-Za-z_][A-Za-z0-9_ ]*?(?=\\s*=)' },
    { name: 'variable.other.ebnf', match: '[A-Za-z_][A-Za-z0-9_]*' },
    { name: 'keyword.operator.ebnf', match: '[=,|;\\-]' },
    { name: 'punctuation.section.ebnf', match: '[\\[\\]{}()]' },
  ],
};
