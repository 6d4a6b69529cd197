/**
 * The shapes of what the layer reads, as plain interfaces: a parsed YAML document, a Markdown file's
 * front matter, and why a document cannot be read. They import nothing, so the published API (and a
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

/**
 * Why a document, a file or a folder cannot be read — a file over its size cap, bytes that are not
 * UTF-8, a FIFO where a file belongs, YAML outside the layer's subset. What the readers throw carries
 * these fields (test a caught value with `isUnreadable`).
 */
export interface Unreadable {
  /** The path as it was asked for (repository-relative, or as given). */
  readonly file: string;
  /** 1-based line in the file, when the refusal has one. */
  readonly line: number | undefined;
  /** What was found, without the location. */
  readonly reason: string;
  /** What to do about it. */
  readonly fix: string;
}
