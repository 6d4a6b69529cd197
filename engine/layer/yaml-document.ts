/** A parsed YAML document of the layer: its plain value and the line of every flattened key path (`a.b.0.c`). */
export interface YamlDocument {
  readonly value: unknown;
  /** Flattened key path → 1-based line in the file; the empty path is the document itself. */
  readonly lines: ReadonlyMap<string, number>;
}
