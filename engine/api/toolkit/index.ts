/**
 * The validator toolkit: what the built-in validators use beyond their context, and what `import … from
 * 'majordomus'` gives a repository's own — reading documents with their lines, checking a schema,
 * matching pathspecs, building an options schema whose type follows from it.
 */

export type { KindName } from '../../generated/kinds';
export type { Policy } from '../../generated/types';
export { unsafePathReason } from '../../io/paths';
export { escapeControls, printable } from '../../io/printable';
export type { Unreadable } from '../../io/unreadable';
export type { FrontMatterDocument, YamlDocument } from '../../layer/yaml-document';
export type { CompiledSchema, PolicyDocument, SchemaProblem } from './documents';
export { checkSchema, compileSchema, isUnreadable, lineOf, readCheckedDocument, readDocument, readPolicy } from './documents';
export type {
  ArrayConstraints,
  NumberConstraints,
  ObjectConstraints,
  ObjectOf,
  Optional,
  Properties,
  Schema,
  SchemaType,
  StringConstraints,
} from './options-schema';
export { isBuiltSchema, schema } from './options-schema';
export {
  eachMatch,
  matchesAny,
  optionLine,
  pathspecList,
  pathspecMatcher,
  pathspecProblem,
  rootedPathProblem,
  selectPaths,
  usablePathspecs,
} from './pathspec';
