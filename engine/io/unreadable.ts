/** Why a file cannot be read, as a plain interface: it imports nothing, so the published API can name it. */

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
