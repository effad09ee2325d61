// The fenced code blocks of a Markdown page, and its samples: a ```ts block followed directly by a
// ```text block, which holds what the example prints. The doc-samples test runs each example and
// compares, so no sample output in the docs can drift from the code.

export interface FencedBlock {
  readonly lang: string;
  readonly body: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
}

export interface Sample {
  readonly example: FencedBlock;
  readonly output: FencedBlock;
}

const FENCE = /^```(\S*)[^\n]*\n([\s\S]*?)^```[ \t]*$/gm;

/** Every fenced block of `markdown`, in order. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  return [...markdown.matchAll(FENCE)].map((m) => ({
    lang: m[1] ?? '',
    body: m[2] ?? '',
    line: markdown.slice(0, m.index).split('\n').length,
  }));
}

/** The ```ts blocks each directly followed (blank lines aside) by a ```text block: its output. */
export function samplesOf(markdown: string): Sample[] {
  const samples: Sample[] = [];
  const matches = [...markdown.matchAll(FENCE)];
  matches.forEach((m, i) => {
    const next = matches[i + 1];
    if (m[1] !== 'ts' || next === undefined || next[1] !== 'text') return;
    const between = markdown.slice((m.index ?? 0) + m[0].length, next.index);
    if (between.trim() !== '') return;
    const [example, output] = fencedBlocks(`${m[0]}\n${next[0]}`);
    const line = markdown.slice(0, m.index).split('\n').length;
    samples.push({
      example: { ...example!, line },
      output: { ...output!, line: line + m[0].split('\n').length },
    });
  });
  return samples;
}
