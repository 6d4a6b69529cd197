/**
 * Front matter: a Markdown file opens with a line of exactly `---`, a YAML mapping in the layer's one
 * subset, and a closing line of exactly `---`. gray-matter splits the file; its YAML engine is replaced
 * by ours and every executable engine (JavaScript, CoffeeScript) is replaced by a refusal, so a
 * `---js` file is refused and never evaluated.
 */
import matter from 'gray-matter';
import { DocumentError, printable } from './document-error';
import { parseYaml, readTextFile } from './yaml';
import type { YamlDocument } from './yaml';

export interface FrontMatterDocument {
  /** The parsed front matter, with lines counted from the top of the file. */
  readonly data: YamlDocument;
  /** Everything after the closing delimiter. */
  readonly body: string;
  /** The 1-based file line the body starts at. */
  readonly bodyLine: number;
}

const refuseEngine = {
  parse(): never {
    throw new Error('executable front matter is never evaluated');
  },
};

/** Split and parse a Markdown file's front matter, or throw a DocumentError. */
export function parseFrontMatter(text: string, file: string): FrontMatterDocument {
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
    throw new DocumentError(file, 1, 'no front matter', 'open the file with a line of exactly --- followed by the YAML keys and a closing ---');
  }
  // A file that is only the opening line has no second line to search (firstEnd + 1 would be 0).
  const closing = findClosingLine(text, firstEnd === -1 ? text.length : firstEnd + 1, file);
  let parsed: YamlDocument | undefined;
  let parseError: unknown;
  const result = matter(text, {
    language: 'yaml',
    delimiters: '---',
    engines: {
      yaml: {
        parse: (source: string) => {
          try {
            // gray-matter cuts the block before the `\n---` of the closing line, so a CRLF file's
            // last front matter line keeps a lone `\r`; give it back its `\n`.
            parsed = parseYaml(source.endsWith('\r') ? `${source}\n` : source, file);
          } catch (error) {
            parseError = error;
          }
          return {};
        },
      },
      js: refuseEngine,
      javascript: refuseEngine,
      coffee: refuseEngine,
      coffeescript: refuseEngine,
      cson: refuseEngine,
      json: refuseEngine,
      toml: refuseEngine,
    },
  } as unknown as Parameters<typeof matter>[1]);
  if (parseError) throw parseError;
  const data: YamlDocument = parsed ?? { value: null, lines: new Map() };
  if (data.value === null || typeof data.value !== 'object' || Array.isArray(data.value)) {
    throw new DocumentError(file, 2, 'the front matter is not a mapping of keys', 'write the front matter as `key: value` lines');
  }
  return { data, body: result.content, bodyLine: closing + 1 };
}

/** Read a Markdown file (under the size cap, strict UTF-8) and parse its front matter. */
export function readFrontMatterFile(path: string, display: string): FrontMatterDocument {
  return parseFrontMatter(readTextFile(path, display), display);
}

/** The 1-based line of the closing delimiter: the first later line opening with `---` must be exactly that. */
function findClosingLine(text: string, from: number, file: string): number {
  let line = 2;
  let start = from;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const content = text.slice(start, end).replace(/\r$/, '');
    if (content.startsWith('---')) {
      if (content === '---') return line;
      throw new DocumentError(file, line, `the front matter closes with ${printable(content, 40)}`, 'close the front matter with a line of exactly ---');
    }
    start = end + 1;
    line++;
  }
  throw new DocumentError(file, 1, 'the front matter is never closed', 'add a line of exactly --- after the front matter keys');
}
