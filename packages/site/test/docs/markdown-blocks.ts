// The fenced code blocks of a Markdown page, and its samples: a ```ts block followed directly by a
// ```text block, which holds what the example prints — or, for ```text tsc, what the TypeScript
// compiler says about it. The doc-samples test produces each and compares, so no sample output in
// the docs can drift from the code.

export interface FencedBlock {
  readonly lang: string;
  /** The fence's words after the language (`tsc` in ```text tsc). */
  readonly attrs: string;
  readonly body: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
}

export interface Sample {
  readonly example: FencedBlock;
  readonly output: FencedBlock;
}

const FENCE = /^```(\S*)([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm;

/** Every fenced block of `markdown`, in order. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  return [...markdown.matchAll(FENCE)].map((m) => ({
    lang: m[1] ?? '',
    attrs: (m[2] ?? '').trim(),
    body: m[3] ?? '',
    line: markdown.slice(0, m.index).split('\n').length,
  }));
}

/** The ```ts blocks each directly followed (blank lines aside) by a ```text block: its output. */
export function samplesOf(markdown: string): Sample[] {
  const blocks = fencedBlocks(markdown);
  const matches = [...markdown.matchAll(FENCE)];
  const samples: Sample[] = [];
  matches.forEach((m, i) => {
    const next = matches[i + 1];
    const example = blocks[i];
    const output = blocks[i + 1];
    if (next === undefined || example?.lang !== 'ts' || output?.lang !== 'text') return;
    const between = markdown.slice((m.index ?? 0) + m[0].length, next.index);
    if (between.trim() === '') samples.push({ example, output });
  });
  return samples;
}

/** `markdown` with the output block of its `index`-th sample holding `body` instead. */
export function withSampleOutput(markdown: string, index: number, body: string): string {
  const sample = samplesOf(markdown)[index];
  if (sample === undefined) throw new Error(`no sample ${index} on the page`);
  const lines = markdown.split('\n');
  const open = sample.output.line - 1;
  const close = open + sample.output.body.split('\n').length;
  const text = body === '' ? [] : body.replace(/\n+$/, '').split('\n');
  return [...lines.slice(0, open + 1), ...text, ...lines.slice(close)].join('\n');
}
