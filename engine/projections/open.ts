/**
 * The projection source of a repository a command opened, and of a validator's context. Both read the
 * tree the command or gate judges (the index inside a pre-commit hook), so `update --check` in a hook
 * and `doctor` in the same hook judge the same bytes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidatorContext } from '../api/validator';
import { repositorySource, validatorSource } from '../context/source';
import { MissingError } from '../errors';
import { distributionRoot } from '../io/distribution';
import { DocumentError } from '../io/document-error';
import type { Repository } from '../layer/repository';
import { parseYaml } from '../layer/yaml';
import type { ProjectionSource } from './source';
import { profilesOf } from './source';

/** The source of `repository`; `policyText` stands in for the policy on disk (what `--adopt` is about to write). */
export function repositoryProjectionSource(repository: Repository, options: { policyText?: string } = {}): ProjectionSource {
  const layout = repository.layout;
  const policyFile = layout.section('policy') ?? `${layout.repoDir}/policy.yaml`;
  if (options.policyText === undefined && !repository.tree.exists(policyFile))
    throw new MissingError(`no policy at ${policyFile} (run: majordomus init --extend)`);
  const policyText = options.policyText ?? repository.tree.readText(policyFile);
  const doc = options.policyText === undefined ? repository.yaml(policyFile) : parseYaml(policyText, policyFile);
  if (doc.value === null || typeof doc.value !== 'object' || Array.isArray(doc.value))
    throw new DocumentError(policyFile, 1, 'the policy is not a mapping', 'restore it with: majordomus init --extend');
  const profilesDir = layout.section('profiles');
  const names = profilesDir
    ? repository.tree
        .list(profilesDir)
        .filter((entry) => !entry.directory)
        .map((entry) => entry.name)
    : [];
  const context = repositorySource(repository);
  return {
    policyFile,
    policyText,
    policy: doc.value as Record<string, unknown>,
    policyLines: doc.lines,
    profiles: profilesOf(
      profilesDir,
      names,
      (path) => repository.tree.readText(path),
      (path) => repository.yaml(path).value,
    ),
    repoDir: layout.repoDir,
    exists: (path) => repository.tree.exists(path),
    read: (path) => repository.tree.readText(path),
    distribution: readDistribution,
    context: { ...context, providers: context.providers ?? [] },
  };
}

/** A file the distribution ships, or undefined. */
export function readDistribution(path: string): string | undefined {
  try {
    return readFileSync(join(distributionRoot(), path), 'utf8');
  } catch {
    return undefined;
  }
}

/** The source of a validator's repository, or undefined when its policy does not read (the policy rule says why). */
export function validatorProjectionSource(context: ValidatorContext): ProjectionSource | undefined {
  const policyFile = context.layer.policyFile;
  let policyText: string;
  let doc: ReturnType<ValidatorContext['yaml']>;
  try {
    if (context.kind(policyFile) !== 'file') return undefined;
    policyText = context.read(policyFile);
    doc = context.yaml(policyFile);
  } catch {
    return undefined;
  }
  if (doc.value === null || typeof doc.value !== 'object' || Array.isArray(doc.value)) return undefined;
  const profilesDir = context.layer.section('profiles');
  let names: string[] = [];
  try {
    names = profilesDir
      ? context
          .list(profilesDir)
          .filter((entry) => !entry.directory)
          .map((entry) => entry.name)
      : [];
  } catch {
    names = [];
  }
  return {
    policyFile,
    policyText,
    policy: doc.value as Record<string, unknown>,
    policyLines: doc.lines,
    profiles: profilesOf(
      profilesDir,
      names,
      (path) => context.read(path),
      (path) => context.yaml(path).value,
    ),
    repoDir: context.layer.repoDir,
    exists: (path) => context.exists(path),
    read: (path) => context.read(path),
    distribution: (path) => (context.distribution.kind(path) === 'file' ? context.distribution.read(path) : undefined),
    context: validatorSource(context),
  };
}
