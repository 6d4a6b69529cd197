/** YAML resource bombs from RELIABILITY.md, built by size so a test states the depth it feeds. */

/** `depth` block mappings, each nested one space under the previous key, ending in a scalar. */
export function blockMappings(depth: number): string {
  let text = '';
  for (let i = 0; i < depth; i++) text += `${' '.repeat(i)}k${i}:\n`;
  return `${text}${' '.repeat(depth)}leaf\n`;
}

/** `depth` block sequences, each `-` nested under the previous one, ending in a scalar. */
export function blockSequences(depth: number): string {
  let text = '';
  for (let i = 0; i < depth; i++) text += `${' '.repeat(i * 2)}-\n`;
  return `${text}${' '.repeat(depth * 2)}x\n`;
}

/** The billion laughs: nine anchors, each a list of nine aliases of the one before (~0.7 KB). */
export function billionLaughs(): string {
  const rows = ['lol1: &lol1 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
  for (let i = 2; i <= 9; i++)
    rows.push(
      `lol${i}: &lol${i} [${Array(9)
        .fill(`*lol${i - 1}`)
        .join(', ')}]`,
    );
  return `${rows.join('\n')}\n`;
}
