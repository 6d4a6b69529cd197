/**
 * The package's public API, for a repository that installs majordomus and writes its own validators in
 * TypeScript: `defineValidator` types a validator module; the types describe what `run` receives.
 */
export { defineValidator } from './validator';
export type { ContextAt, FolderContext, Note, TargetKind, Validator, ValidatorContext, ValidatorLookup, Violation } from './validator';
export type { Finding, Level } from './findings';
export type { FolderGateName, GateName, RepositoryGateName } from './generated/gates';
