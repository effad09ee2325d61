// Example tables shared by the per-language tests and by the check that every diagnostic code has
// at least one example. Offsets are 0-based UTF-16 offsets into the input.

export interface ValidCase {
  readonly input: string;
  readonly canonical: string;
  /** Codes of the expected warnings, in order. */
  readonly warnings?: readonly string[];
  readonly rule: string;
}

export interface InvalidCase {
  readonly input: string;
  readonly code: string;
  readonly offset: number;
  readonly length?: number;
  readonly rule: string;
}

export const filterValid: readonly ValidCase[] = [
  { rule: 'one clause, one value', input: '[country=US]', canonical: '[country=US]' },
  { rule: 'alternatives are ORed', input: '[country=US|FR|DE]', canonical: '[country=US|FR|DE]' },
  {
    rule: 'clauses are ANDed, order kept',
    input: '[platform=web][country=US]',
    canonical: '[platform=web][country=US]',
  },
  { rule: 'dimension is lower-cased', input: '[CounTry=US]', canonical: '[country=US]' },
  { rule: 'value case is kept', input: '[country=us]', canonical: '[country=us]' },
  {
    rule: 'spaces inside a value are kept',
    input: '[country=United States]',
    canonical: '[country=United States]',
  },
  { rule: 'leading and trailing spaces of a value are kept', input: '[k= a ]', canonical: '[k= a ]' },
  { rule: 'whitespace between clauses is ignored', input: ' \t[a=1]\n\r\n [b=2] ', canonical: '[a=1][b=2]' },
  { rule: '= is plain text inside a value', input: '[k=a=b]', canonical: '[k=a=b]' },
  {
    rule: 'unicode values',
    input: '[country=Côte d’Ivoire|日本|🇫🇷]',
    canonical: '[country=Côte d’Ivoire|日本|🇫🇷]',
  },
  { rule: 'quoted value that needs quotes', input: '[key="a|b"]', canonical: '[key="a|b"]' },
  {
    rule: 'quoted value with escapes',
    input: '[key="say \\"hi\\" \\\\o/"]',
    canonical: '[key="say \\"hi\\" \\\\o/"]',
  },
  { rule: 'quoted brackets', input: '[key="[x]"]', canonical: '[key="[x]"]' },
  { rule: 'quotes dropped when not needed', input: '[key="plain"]', canonical: '[key=plain]' },
  { rule: 'quoted and plain mixed', input: '[key="a"|b|"c|d"]', canonical: '[key=a|b|"c|d"]' },
  { rule: 'underscore and digits in dimension', input: '[_dim_2=x]', canonical: '[_dim_2=x]' },
  { rule: 'repeated dimension is kept (intersection)', input: '[a=1][a=2]', canonical: '[a=1][a=2]' },
  {
    rule: 'repeated value warns and is dropped',
    input: '[country=US|FR|US]',
    canonical: '[country=US|FR]',
    warnings: ['duplicate_value'],
  },
  {
    rule: 'quoted and plain spellings of one value are the same value',
    input: '[k=a|"a"]',
    canonical: '[k=a]',
    warnings: ['duplicate_value'],
  },
];

export const filterInvalid: readonly InvalidCase[] = [
  { rule: 'empty text', input: '', code: 'empty_input', offset: 0, length: 0 },
  { rule: 'only whitespace', input: '  \n ', code: 'empty_input', offset: 4, length: 0 },
  { rule: 'text before a clause', input: 'country=US', code: 'expected_clause', offset: 0, length: 1 },
  { rule: 'text after a clause', input: '[a=1] x', code: 'expected_clause', offset: 6, length: 1 },
  { rule: 'empty clause', input: '[a=1][]', code: 'empty_clause', offset: 5, length: 2 },
  {
    rule: 'dimension starting with a digit',
    input: '[1a=x]',
    code: 'invalid_dimension',
    offset: 1,
    length: 1,
  },
  { rule: 'missing dimension', input: '[=x]', code: 'invalid_dimension', offset: 1, length: 1 },
  { rule: 'space before dimension', input: '[ a=x]', code: 'invalid_dimension', offset: 1, length: 1 },
  { rule: 'input ends after [', input: '[', code: 'invalid_dimension', offset: 1, length: 0 },
  { rule: 'missing =', input: '[country]', code: 'missing_equals', offset: 8, length: 1 },
  { rule: 'non-identifier character in dimension', input: '[coun-try=x]', code: 'missing_equals', offset: 5 },
  { rule: 'input ends after dimension', input: '[country', code: 'missing_equals', offset: 8, length: 0 },
  { rule: 'empty value', input: '[country=]', code: 'empty_value', offset: 9, length: 1 },
  { rule: 'empty last alternative', input: '[country=US|]', code: 'empty_value', offset: 12 },
  { rule: 'empty first alternative', input: '[country=|US]', code: 'empty_value', offset: 9 },
  { rule: 'empty middle alternative', input: '[country=US||FR]', code: 'empty_value', offset: 12 },
  { rule: 'empty quoted value', input: '[k=""]', code: 'empty_value', offset: 3, length: 2 },
  { rule: 'input ends after =', input: '[k=', code: 'empty_value', offset: 3, length: 0 },
  { rule: 'missing ] at end', input: '[country=US', code: 'missing_bracket', offset: 11, length: 0 },
  { rule: 'missing ] at end after |', input: '[country=US|', code: 'empty_value', offset: 12, length: 0 },
  { rule: 'text after a quoted value', input: '[k="a"b]', code: 'missing_bracket', offset: 6, length: 1 },
  { rule: '[ in a plain value', input: '[k=US[b=1]', code: 'reserved_character', offset: 5, length: 1 },
  { rule: '" in a plain value', input: '[k=a"b"]', code: 'reserved_character', offset: 4, length: 1 },
  { rule: '\\ in a plain value', input: '[k=a\\b]', code: 'reserved_character', offset: 4, length: 1 },
  { rule: '\\ at the start of a value', input: '[k=\\b]', code: 'reserved_character', offset: 3, length: 1 },
  { rule: 'unterminated quote', input: '[k="abc]', code: 'unterminated_quote', offset: 8, length: 0 },
  { rule: 'unknown escape', input: '[k="a\\nb"]', code: 'invalid_escape', offset: 5, length: 2 },
  { rule: 'backslash at end of input', input: '[k="a\\', code: 'invalid_escape', offset: 5, length: 1 },
  {
    rule: 'control character in a value',
    input: '[k=a\u0007b]',
    code: 'invalid_character',
    offset: 4,
    length: 1,
  },
  { rule: 'tab in a value', input: '[k=a\tb]', code: 'invalid_character', offset: 4, length: 1 },
  { rule: 'control character in a quoted value', input: '[k="a\nb"]', code: 'invalid_character', offset: 5 },
  { rule: 'unpaired surrogate in a value', input: '[k=a\ud800b]', code: 'invalid_character', offset: 4 },
  { rule: 'the first error wins', input: '[=x][k="a', code: 'invalid_dimension', offset: 1 },
];

export const qoeValid: readonly ValidCase[] = [
  { rule: 'one condition', input: 'bufferingratio>5', canonical: 'bufferingratio>5' },
  {
    rule: 'AND joins conditions',
    input: 'bufferingratio>5 AND latency<=2.5',
    canonical: 'bufferingratio>5 AND latency<=2.5',
  },
  { rule: 'AND in any case', input: 'a>1 and b<2 AnD c=3', canonical: 'a>1 AND b<2 AND c=3' },
  { rule: 'whitespace is free', input: '  a >= 1\tAND\n b != 2 ', canonical: 'a>=1 AND b!=2' },
  { rule: 'metric lower-cased', input: 'LATENCY<2', canonical: 'latency<2' },
  {
    rule: 'every operator',
    input: 'a>1 AND a>=1 AND a<1 AND a<=1 AND a=1 AND a!=1',
    canonical: 'a>1 AND a>=1 AND a<1 AND a<=1 AND a=1 AND a!=1',
  },
  { rule: 'negative number', input: 'a>-2.5', canonical: 'a>-2.5' },
  { rule: 'trailing zeros dropped', input: 'a>2.500', canonical: 'a>2.5' },
  { rule: 'leading zeros dropped', input: 'a>007', canonical: 'a>7' },
  { rule: 'exponent', input: 'a>1e3 AND b<2.5E-3 AND c=1e+2', canonical: 'a>1000 AND b<0.0025 AND c=100' },
  { rule: 'huge number in exponent form', input: 'a>1e21', canonical: 'a>1e+21' },
  { rule: 'tiny number', input: 'a>0.0000001', canonical: 'a>1e-7' },
  { rule: '-0 is 0', input: 'a>-0', canonical: 'a>0' },
  { rule: 'a metric may be called and', input: 'and>1 AND AND<2', canonical: 'and>1 AND and<2' },
  {
    rule: 'shortest round-tripping form',
    input: 'a>0.1000000000000000055511151231257827',
    canonical: 'a>0.1',
  },
];

export const qoeInvalid: readonly InvalidCase[] = [
  { rule: 'empty text', input: '', code: 'empty_input', offset: 0, length: 0 },
  { rule: 'only whitespace', input: '   ', code: 'empty_input', offset: 3 },
  { rule: 'number instead of metric', input: '5>a', code: 'invalid_metric', offset: 0, length: 1 },
  { rule: 'symbol instead of metric', input: '>5', code: 'invalid_metric', offset: 0 },
  { rule: 'dangling AND', input: 'a>1 AND', code: 'invalid_metric', offset: 7, length: 0 },
  { rule: 'missing operator', input: 'latency 5', code: 'missing_operator', offset: 8, length: 1 },
  { rule: 'unknown operator', input: 'latency~5', code: 'missing_operator', offset: 7, length: 1 },
  { rule: 'lone !', input: 'latency!5', code: 'missing_operator', offset: 7 },
  { rule: 'missing number', input: 'latency>', code: 'invalid_number', offset: 8, length: 0 },
  { rule: 'NaN', input: 'latency>NaN', code: 'invalid_number', offset: 8, length: 3 },
  { rule: 'Infinity', input: 'latency>Infinity', code: 'invalid_number', offset: 8, length: 8 },
  { rule: '-Infinity', input: 'latency>-Infinity', code: 'invalid_number', offset: 8, length: 9 },
  { rule: 'hex', input: 'latency>0x1F', code: 'invalid_number', offset: 8, length: 4 },
  { rule: 'trailing dot', input: 'latency>1.', code: 'invalid_number', offset: 8, length: 2 },
  { rule: 'leading dot', input: 'latency>.5', code: 'invalid_number', offset: 8, length: 1 },
  { rule: 'plus sign', input: 'latency>+5', code: 'invalid_number', offset: 8, length: 1 },
  { rule: 'incomplete exponent', input: 'latency>1e', code: 'invalid_number', offset: 8, length: 2 },
  { rule: 'number glued to AND', input: 'a>5AND b<2', code: 'invalid_number', offset: 2, length: 4 },
  { rule: '== is not an operator', input: 'a==1', code: 'invalid_number', offset: 2, length: 1 },
  { rule: 'overflow', input: 'a>1e309', code: 'number_out_of_range', offset: 2, length: 5 },
  { rule: 'OR is not supported', input: 'a>5 OR b<2', code: 'expected_and', offset: 4, length: 2 },
  { rule: 'missing AND', input: 'a>5 b<2', code: 'expected_and', offset: 4, length: 1 },
  { rule: 'comma instead of AND', input: 'a>5, b<2', code: 'expected_and', offset: 3, length: 1 },
];

export const periodValid: readonly ValidCase[] = [
  {
    rule: 'canonical',
    input: 'start=1700000000,end=1700086400',
    canonical: 'start=1700000000,end=1700086400',
  },
  {
    rule: 'keys in either order',
    input: 'end=1700086400,start=1700000000',
    canonical: 'start=1700000000,end=1700086400',
  },
  { rule: 'keys in any case', input: 'START=1,End=2', canonical: 'start=1,end=2' },
  { rule: 'whitespace between tokens', input: ' start = 1 ,\n end = 2 ', canonical: 'start=1,end=2' },
  { rule: 'zero start', input: 'start=0,end=60', canonical: 'start=0,end=60' },
  { rule: 'leading zeros', input: 'start=007,end=010', canonical: 'start=7,end=10' },
  {
    rule: '10^11 is the largest',
    input: 'start=99999999999,end=100000000000',
    canonical: 'start=99999999999,end=100000000000',
  },
];

export const periodInvalid: readonly InvalidCase[] = [
  { rule: 'empty text', input: '', code: 'empty_input', offset: 0, length: 0 },
  { rule: 'only whitespace', input: ' ', code: 'empty_input', offset: 1 },
  { rule: 'unknown key', input: 'begin=1,end=2', code: 'invalid_key', offset: 0, length: 5 },
  { rule: 'unknown second key', input: 'start=1,stop=2', code: 'invalid_key', offset: 8, length: 4 },
  { rule: 'number instead of key', input: '1,2', code: 'invalid_key', offset: 0, length: 1 },
  { rule: 'repeated key', input: 'start=1,start=2', code: 'duplicate_key', offset: 8, length: 5 },
  { rule: 'only one key', input: 'start=1', code: 'missing_key', offset: 7, length: 0 },
  { rule: 'missing comma', input: 'start=1 end=2', code: 'missing_comma', offset: 8, length: 3 },
  { rule: 'semicolon instead of comma', input: 'start=1;end=2', code: 'missing_comma', offset: 7, length: 1 },
  { rule: 'missing =', input: 'start:1,end=2', code: 'missing_equals', offset: 5, length: 1 },
  { rule: 'decimal seconds', input: 'start=1.5,end=2', code: 'invalid_timestamp', offset: 6, length: 3 },
  { rule: 'negative seconds', input: 'start=-1,end=2', code: 'invalid_timestamp', offset: 6, length: 2 },
  { rule: 'exponent', input: 'start=1e3,end=2000', code: 'invalid_timestamp', offset: 6, length: 3 },
  { rule: 'ISO date', input: 'start=2024-01-01,end=2', code: 'invalid_timestamp', offset: 6, length: 10 },
  { rule: 'missing number', input: 'start=,end=2', code: 'invalid_timestamp', offset: 6, length: 1 },
  {
    rule: 'milliseconds',
    input: 'start=1700000000000,end=1700086400000',
    code: 'timestamp_too_large',
    offset: 6,
    length: 13,
  },
  { rule: 'above 10^11 in end', input: 'start=1,end=100000000001', code: 'timestamp_too_large', offset: 12 },
  { rule: 'start after end', input: 'start=2,end=1', code: 'invalid_range', offset: 12, length: 1 },
  { rule: 'empty period', input: 'end=5,start=5', code: 'invalid_range', offset: 4, length: 1 },
  { rule: 'text after the period', input: 'start=1,end=2,', code: 'trailing_input', offset: 13, length: 1 },
  { rule: 'the first error wins', input: 'begin=1;end=2', code: 'invalid_key', offset: 0 },
];
