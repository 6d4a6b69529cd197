/**
 * The package's public API, for a repository that installs majordomus and writes its own validators:
 * `defineValidator` types a validator module, the context it receives is described by narrow
 * interfaces (never the engine's classes), and the toolkit (engine/toolkit/) gives it what the built-in
 * validators use. Nothing here mentions Node's own types, so a consumer needs none installed.
 */

export type { FolderGateName, GateName, RepositoryGateName } from '../generated/gates';
export type { Declaration, Enforcement, LoadProblem, Provenance, Rule, RulePackage, RuleSet } from '../layer/rule-types';
export type { Finding, Level } from './findings';
export * from './toolkit/index';
export type {
  ContextAt,
  DiskReader,
  DistributionReader,
  ExampleCases,
  FolderContext,
  FolderEntry,
  GateTarget,
  GitReader,
  LayerReader,
  ModelProvider,
  Note,
  PathKind,
  ReadOptions,
  RepositoryReader,
  TargetKind,
  TreeReader,
  Validator,
  ValidatorContext,
  ValidatorLookup,
  Violation,
} from './validator';
export { defineValidator } from './validator';
