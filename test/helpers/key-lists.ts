/**
 * Finds hand-written key lists: an array literal of string literals, or a union of string literal
 * types, that spells out KEY_LIST_MIN or more keys of one closed mapping of a kind's schema. Such a list
 * is a second source of truth for a shape the schema already states; the reader asks the generated
 * table (engine/generated/schema-keys.ts), the generated types, or `checkSchema` instead.
 *
 * Not counted: the keys given to `Pick<…>` or `Omit<…>` (they select from a generated type, which the
 * compiler holds them to), and a list marked on its line or the line above with `key-list: <why>` — a
 * writer naming the few keys it styles, say — so every exception states its reason where it is.
 */
import { ts } from 'ts-morph';

/** Fewer keys than this in one list is a reader naming the fields it uses, not a copy of a shape. */
export const KEY_LIST_MIN = 4;

/** One hand-written list that copies keys of a schema's mapping. */
export interface KeyList {
  readonly file: string;
  /** 1-based line of the list. */
  readonly line: number;
  readonly kind: string;
  /** The mapping's place in the document (a schema-keys pointer). */
  readonly mapping: string;
  readonly keys: readonly string[];
}

/** The hand-written key lists of `source` (the text of `file`), against every closed mapping of `schemaKeys`. */
export function keyListsIn(
  file: string,
  source: string,
  schemaKeys: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>,
): KeyList[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const found: KeyList[] = [];
  const lines = source.split('\n');
  const judge = (node: ts.Node, words: readonly string[]): void => {
    const at = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line;
    if (/key-list: \S/.test(lines[at] ?? '') || /key-list: \S/.test(lines[at - 1] ?? '')) return;
    const distinct = [...new Set(words)];
    for (const [kind, mappings] of Object.entries(schemaKeys)) {
      for (const [mapping, keys] of Object.entries(mappings)) {
        const copied = distinct.filter((word) => keys.includes(word));
        if (copied.length < KEY_LIST_MIN) continue;
        found.push({ file, line: at + 1, kind, mapping, keys: copied });
      }
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node)) {
      const words = node.elements.filter(ts.isStringLiteralLike).map((element) => element.text);
      if (words.length === node.elements.length) judge(node, words);
    } else if (ts.isUnionTypeNode(node) && !selectsFromType(node)) {
      const words = node.types
        .filter((type): type is ts.LiteralTypeNode => ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal))
        .map((type) => (type.literal as ts.StringLiteral).text);
      if (words.length === node.types.length) judge(node, words);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** True for the keys argument of `Pick<T, …>` or `Omit<T, …>`. */
function selectsFromType(node: ts.UnionTypeNode): boolean {
  const parent = node.parent;
  return (
    ts.isTypeReferenceNode(parent) &&
    ts.isIdentifier(parent.typeName) &&
    (parent.typeName.text === 'Pick' || parent.typeName.text === 'Omit') &&
    parent.typeArguments?.[1] === node
  );
}
