/**
 * A unified diff of one target, old against new, for `update --diff`: the longest common subsequence of
 * lines, hunks with three lines of context. Instruction files are small; past a size where the table
 * would cost too much, the diff says the whole file is replaced instead.
 */

/** At most this many cells (old lines × new lines) are compared. */
const MAX_CELLS = 4_000_000;
const CONTEXT = 3;

type Edit = { readonly op: ' ' | '-' | '+'; readonly line: string };

/** The unified diff of `before` (undefined: the file is new) and `after`, headed by the path. */
export function unifiedDiff(path: string, before: string | undefined, after: string): string {
  const a = before === undefined ? [] : lines(before);
  const b = lines(after);
  const header = [`--- ${before === undefined ? '/dev/null' : `a/${path}`}`, `+++ b/${path}`];
  if (a.length * b.length > MAX_CELLS)
    return [...header, `@@ the whole file is replaced (${a.length} → ${b.length} lines) @@`, ''].join('\n');
  const edits = diffLines(a, b);
  const out = [...header];
  let at = 0;
  while (at < edits.length) {
    while (at < edits.length && edits[at]!.op === ' ') at++;
    if (at >= edits.length) break;
    let start = Math.max(0, at - CONTEXT);
    let end = at;
    // extend the hunk while changes are within twice the context of each other
    for (;;) {
      while (end < edits.length && edits[end]!.op !== ' ') end++;
      let next = end;
      while (next < edits.length && edits[next]!.op === ' ') next++;
      if (next < edits.length && next - end <= CONTEXT * 2) end = next;
      else break;
    }
    const stop = Math.min(edits.length, end + CONTEXT);
    const hunk = edits.slice(start, stop);
    const oldStart = edits.slice(0, start).filter((edit) => edit.op !== '+').length + 1;
    const newStart = edits.slice(0, start).filter((edit) => edit.op !== '-').length + 1;
    const oldCount = hunk.filter((edit) => edit.op !== '+').length;
    const newCount = hunk.filter((edit) => edit.op !== '-').length;
    out.push(`@@ -${oldCount === 0 ? oldStart - 1 : oldStart},${oldCount} +${newCount === 0 ? newStart - 1 : newStart},${newCount} @@`);
    for (const edit of hunk) out.push(`${edit.op}${edit.line}`);
    at = stop;
    start = stop;
  }
  return `${out.join('\n')}\n`;
}

function lines(text: string): string[] {
  const split = text.replace(/\r\n/g, '\n').split('\n');
  if (split[split.length - 1] === '') split.pop();
  return split;
}

/** The edits turning `a` into `b`, from a table of common-subsequence lengths. */
function diffLines(a: readonly string[], b: readonly string[]): Edit[] {
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] =
        a[i] === b[j] ? table[(i + 1) * width + j + 1]! + 1 : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
    }
  }
  const edits: Edit[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      edits.push({ op: ' ', line: a[i]! });
      i++;
      j++;
    } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) edits.push({ op: '-', line: a[i++]! });
    else edits.push({ op: '+', line: b[j++]! });
  }
  while (i < a.length) edits.push({ op: '-', line: a[i++]! });
  while (j < b.length) edits.push({ op: '+', line: b[j++]! });
  return edits;
}
