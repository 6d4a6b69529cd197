/**
 * Front matter: a Markdown file opens with a line of exactly `---`, a YAML mapping in the layer's one
 * subset, and a closing line of exactly `---`. Any other opening (`---js`, `--- js`, `---coffee`,
 * `---yaml`) is refused: the front matter is split here and parsed only by parseYaml, so nothing in it
 * is ever evaluated. (gray-matter was dropped for this reason and for start-up: docs/DEPENDENCIES.md.)
 */
import { DocumentError, printable } from '../io/document-error';
import { readTextFile } from '../io/text';
import { parseYaml } from './yaml';
import type { FrontMatterDocument } from './yaml-document';

export type { FrontMatterDocument } from './yaml-document';

/** Split and parse a Markdown file's front matter, or throw a DocumentError. */
export function parseFrontMatter(text: string, file: string): FrontMatterDocument {
  const split = splitFrontMatter(text, file);
  const data = parseYaml(split.yaml, file);
  if (data.value === null || typeof data.value !== 'object' || Array.isArray(data.value)) {
    throw new DocumentError(file, 2, 'the front matter is not a mapping of keys', 'write the front matter as `key: value` lines');
  }
  return { data, body: split.body, bodyLine: split.bodyLine };
}

/**
 * A Markdown file's front matter as the YAML text parseYaml is given (its leading newline kept, so its
 * line numbers are the file's), the body and the body's first line; or throw a DocumentError.
 */
export function splitFrontMatter(text: string, file: string): { yaml: string; body: string; bodyLine: number } {
  const firstEnd = text.indexOf('\n');
  const first = (firstEnd === -1 ? text : text.slice(0, firstEnd)).replace(/\r$/, '');
  if (first !== '---') {
    if (first.startsWith('---')) {
      throw new DocumentError(
        file,
        1,
        `front matter opened as ${printable(first, 40)}: only YAML front matter is read, and executable front matter is refused, never evaluated`,
        'open the front matter with a line of exactly ---',
      );
    }
    throw new DocumentError(
      file,
      1,
      'no front matter',
      'open the file with a line of exactly --- followed by the YAML keys and a closing ---',
    );
  }
  // A file that is only the opening line has no second line to search.
  const yamlStart = firstEnd === -1 ? text.length : firstEnd + 1;
  const closing = findClosingLine(text, yamlStart, file);
  // the YAML keeps its leading newline, so its line numbers are the file's
  return { yaml: text.slice(firstEnd, closing.start), body: text.slice(closing.next), bodyLine: closing.line + 1 };
}

/** Read a Markdown file (under the size cap, strict UTF-8) and parse its front matter. */
export function readFrontMatterFile(path: string, display: string): FrontMatterDocument {
  return parseFrontMatter(readTextFile(path, display), display);
}

/** The closing delimiter: the first later line opening with `---` must be exactly that. */
function findClosingLine(text: string, from: number, file: string): { line: number; start: number; next: number } {
  let line = 2;
  let start = from;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const content = text.slice(start, end).replace(/\r$/, '');
    if (content.startsWith('---')) {
      if (content === '---') return { line, start, next: Math.min(end + 1, text.length) };
      throw new DocumentError(
        file,
        line,
        `the front matter closes with ${printable(content, 40)}`,
        'close the front matter with a line of exactly ---',
      );
    }
    start = end + 1;
    line++;
  }
  throw new DocumentError(file, 1, 'the front matter is never closed', 'add a line of exactly --- after the front matter keys');
}
