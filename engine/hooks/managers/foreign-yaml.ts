/**
 * The YAML of another tool's configuration (lefthook.yml, .pre-commit-config.yaml). Those files are the
 * user's and their tools read full YAML — block scalars, anchors, flow mappings — so they are parsed
 * with the `yaml` package as it is, never through the layer's subset (which would refuse what the
 * tool accepts). Only plain values are read out of them, with the line of a key where a message names it.
 *
 * `appendVerified` is how an addition to such a file is allowed: the lines are added at its end only
 * when the file parsed with the addition is exactly the file parsed without it plus what was meant to
 * be added, so nothing the user wrote changes meaning and no byte of it is rewritten.
 */
import { isDeepStrictEqual } from 'node:util';
import { yamlPackage } from '../../layer/yaml-package';

/** A configuration as read: its plain value and the line of a key path, or why it could not be read. */
export type ForeignYaml =
  | { readonly ok: true; readonly value: unknown; lineOf(path: readonly (string | number)[]): number | undefined }
  | { readonly ok: false; readonly line: number | undefined; readonly reason: string };

/** Parse `text` as one YAML document. */
export function parseForeignYaml(text: string): ForeignYaml {
  // the package is required on first use: a repository without another tool's configuration never pays for it
  const { isMap, isScalar, LineCounter, parseDocument } = yamlPackage();
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  const problem = doc.errors[0];
  if (problem) return { ok: false, line: counter.linePos(problem.pos[0]).line, reason: problem.message.split('\n')[0] ?? problem.message };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return { ok: false, line: undefined, reason: (error as Error).message };
  }
  return {
    ok: true,
    value,
    lineOf(path) {
      // a mapping's entry is named by the line of its key, a sequence's item by its own first line
      const parent = path.length === 0 ? undefined : doc.getIn(path.slice(0, -1), true);
      const last = path[path.length - 1];
      const pair = isMap(parent) ? parent.items.find((item) => isScalar(item.key) && item.key.value === last) : undefined;
      const node = (pair && isScalar(pair.key) ? pair.key : doc.getIn(path, true)) as { range?: [number, number, number] } | undefined;
      return node?.range ? counter.linePos(node.range[0]).line : undefined;
    },
  };
}

/**
 * The text to append to `text` so that it parses as `expected(value of text)`, or undefined when no
 * plain append does: the file does not parse, is not a mapping, or the addition would merge into or
 * change something already there (a flow mapping, a document end marker, a key already present). It is
 * appended as the writer appends (after a newline when the file lacks a final one), and to a file that
 * lacks one it comes without its own final newline, so taking it out gives back the file's bytes.
 */
export function appendVerified(
  text: string,
  addition: string,
  /** The value the file must have after the append, or undefined when no append may do it. */
  expected: (current: Record<string, unknown>) => Record<string, unknown> | undefined,
): string | undefined {
  const before = parseForeignYaml(text);
  if (!before.ok) return undefined;
  const current = before.value ?? {};
  if (!isMapping(current)) return undefined;
  const wanted = expected(current);
  if (wanted === undefined) return undefined;
  const ended = text === '' || text.endsWith('\n');
  const appended = ended ? addition : addition.replace(/\n$/, '');
  const after = parseForeignYaml(`${text}${ended ? '' : '\n'}${appended}`);
  if (!after.ok || !isDeepStrictEqual(after.value, wanted)) return undefined;
  return appended;
}

/** True for a plain object (a YAML mapping). */
export function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A value as a YAML scalar: plain when it reads back as the same string, else double-quoted. */
export function yamlScalar(value: string): string {
  const plain = parseForeignYaml(`k: ${value}\n`);
  return /^[^\s'"&*!|>%@`{}[\],#?-]/.test(value) && !/\s$/.test(value) && plain.ok && isMapping(plain.value) && plain.value.k === value
    ? value
    : JSON.stringify(value);
}
