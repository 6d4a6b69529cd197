/**
 * The shapes of what the layer reads, as plain interfaces: a parsed YAML document and a Markdown
 * file's front matter. They import nothing, so the published API (and a
 * validator's types) can name them without reaching the readers.
 */

/** A parsed YAML document of the layer: its plain value and the line of every flattened key path (`a.b.0.c`). */
export interface YamlDocument<T = unknown> {
  readonly value: T;
  /** Flattened key path → 1-based line in the file; the empty path is the document itself. */
  readonly lines: ReadonlyMap<string, number>;
}

/** A Markdown file with front matter. */
export interface FrontMatterDocument {
  /** The parsed front matter, with lines counted from the top of the file. */
  readonly data: YamlDocument;
  /** Everything after the closing delimiter. */
  readonly body: string;
  /** The 1-based file line the body starts at. */
  readonly bodyLine: number;
}
