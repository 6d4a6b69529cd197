/** The fenced blocks of a Markdown document, for the tests that execute a document's examples. */

export interface Block {
  readonly info: string;
  readonly body: string;
  readonly line: number;
}

/** The fenced blocks of a Markdown document, with the info string and the line they open on. */
export function fencedBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!);
    blocks.push({ info: open[1]!.trim(), body: body.length > 0 ? `${body.join('\n')}\n` : '', line: start + 1 });
  }
  return blocks;
}
