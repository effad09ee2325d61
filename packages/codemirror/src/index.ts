// @playq/codemirror: CodeMirror 6 support for the filter, qoefilter and period fields of the
// Playback Analytics Query Service, built on @playq/grammar and @playq/query.

export { type PlayqEditorOptions, playqCompletionSource, playqParameterCompletionSource } from './completion';
export { type NameHover, nameAt, playqHover } from './hover';
export { playqLanguage } from './language';
export { playqDiagnostics, playqLinter } from './lint';
export { type PlayqOptions, playq } from './playq';
export { type SingleLineOptions, singleLine } from './single-line';
