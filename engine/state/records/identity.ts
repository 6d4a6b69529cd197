/**
 * A record's identity, computed from git and the current task when the record is written — never
 * authored. `changed_files` is the working tree classified against what the layer already declares to be
 * derived or never read (majordomus.record-changed-files): the scope file's `out.paths` and
 * `out.generated`, the policy's projection targets, and the record stores themselves. The record states
 * how many paths that left out and by which declaration, `0` included.
 */

import { pathspecMatcher } from '../../api/toolkit/pathspec';
import { relativePathProblem } from '../../io/paths';
import type { Repository } from '../../layer/repository';
import type { RecordIdentity } from './record';

/** The task fields a record copies. */
export interface RecordTask {
  readonly id: string;
  readonly profile: string;
  readonly owner: string;
}

/** What git says of the checkout now. */
export interface GitState {
  readonly repository_id: string;
  readonly worktree: string;
  readonly branch: string;
  readonly head: string;
  /** Every changed path, staged, unstaged or untracked, as git reports it. */
  readonly changed: readonly string[];
}

/** Ask git once for the checkout's state. */
export function gitState(repository: Repository): GitState {
  const ask = (args: readonly string[]): string => {
    const result = repository.git.git(args);
    return result.status === 0 ? result.stdout.trim() : '';
  };
  const status = repository.git.git(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames']);
  const changed: string[] = [];
  if (status.status === 0) {
    for (const entry of status.stdout.split('\0')) {
      // a record names only paths in normal form (its schema's RELATIVE_PATH_PATTERN); git gives no other but a name with a backslash segment
      if (entry.length > 3 && relativePathProblem(entry.slice(3)) === undefined) changed.push(entry.slice(3));
    }
  }
  return {
    repository_id: repository.git.commonDir,
    worktree: repository.root,
    branch: ask(['symbolic-ref', '--quiet', '--short', 'HEAD']),
    head: repository.git.head() ?? '',
    changed: [...new Set(changed)].sort(),
  };
}

/** A declaration that classifies paths out of `changed_files`, by the name a record gives it. */
interface Declaration {
  readonly name: string;
  readonly matches: (path: string) => boolean;
}

/**
 * What the declarations are read from: a repository opened by a command, or the reader a validator's
 * context holds, so the writer and the `record_changed_files` rule classify a path the same way.
 */
export interface DeclarationSource {
  /** True when the judged tree holds `path`. */
  exists(path: string): boolean;
  /** A YAML file of the judged tree. */
  yaml(path: string): { readonly value: unknown };
  /** The path of a layer section (`scope`, `policy`), or undefined. */
  section(name: string): string | undefined;
  /** The local half of the layer, repository-relative. */
  readonly localDir: string;
  /** The policy's path (engine/layer/layout.ts `policyFile`). */
  readonly policyFile: string;
}

/** A command's repository as a declaration source. */
export function repositorySource(repository: Repository): DeclarationSource {
  return {
    exists: (path) => repository.tree.exists(path),
    yaml: (path) => repository.yaml(path),
    section: (name) => repository.layout.section(name),
    localDir: repository.layout.localDir,
    policyFile: repository.layout.policyFile,
  };
}

/** The declarations this repository makes, read from its layer; a file that does not read declares nothing. */
async function declarations(source: DeclarationSource): Promise<Declaration[]> {
  const found: Declaration[] = [];
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const at = (value: unknown, key: string): unknown =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  const read = (file: string | undefined): unknown => {
    if (!file || !source.exists(file)) return undefined;
    try {
      return source.yaml(file).value;
    } catch {
      return undefined;
    }
  };
  const scope = read(source.section('scope'));
  const out = at(scope, 'out');
  const outPaths = strings(at(out, 'paths'));
  if (outPaths.length > 0) found.push({ name: 'scope-out-paths', matches: await pathspecMatcher(outPaths) });
  const generated = at(out, 'generated');
  const generatedPatterns = [...strings(at(generated, 'paths')), ...strings(at(generated, 'names')).map((name) => `**/${name}`)];
  if (generatedPatterns.length > 0) found.push({ name: 'scope-generated', matches: await pathspecMatcher(generatedPatterns) });
  const projections = at(read(source.policyFile), 'projections');
  const targets = Array.isArray(projections)
    ? projections.map((projection) => at(projection, 'target')).filter((target): target is string => typeof target === 'string')
    : [];
  if (targets.length > 0) {
    const set = new Set(targets);
    found.push({ name: 'policy-projections', matches: (path) => set.has(path) });
  }
  const stores = `${source.localDir}/state/`;
  found.push({ name: 'record-store', matches: (path) => path.startsWith(stores) });
  return found;
}

/** The declaration that classifies a path out of `changed_files` (its name in a record), or undefined when none does. */
export async function changedFilesClassifier(source: DeclarationSource): Promise<(path: string) => string | undefined> {
  const declared = await declarations(source);
  // records of one task name the same paths again and again: each path is matched once
  const known = new Map<string, string | undefined>();
  return (path) => {
    if (known.has(path)) return known.get(path);
    const name = declared.find((declaration) => declaration.matches(path))?.name;
    known.set(path, name);
    return name;
  };
}

/** `changed` classified: what the record names, and what each declaration left out. */
export async function classifyChanges(
  repository: Repository,
  changed: readonly string[],
): Promise<Pick<RecordIdentity, 'changed_files' | 'changed_files_excluded' | 'changed_files_excluded_by'>> {
  const classify = await changedFilesClassifier(repositorySource(repository));
  const kept: string[] = [];
  const excluded = new Map<string, number>();
  for (const path of changed) {
    const by = classify(path);
    if (by) excluded.set(by, (excluded.get(by) ?? 0) + 1);
    else kept.push(path);
  }
  return {
    changed_files: kept,
    changed_files_excluded: changed.length - kept.length,
    changed_files_excluded_by: [...excluded].map(([name, count]) => `${name}=${count}`),
  };
}

/** The whole identity of a record written now for `task`. */
export async function recordIdentity(repository: Repository, task: RecordTask, createdAt: string): Promise<RecordIdentity> {
  const git = gitState(repository);
  return {
    created_at: createdAt,
    task_id: task.id,
    profile: task.profile,
    owner: task.owner,
    repository_id: git.repository_id,
    worktree: git.worktree,
    branch: git.branch,
    head: git.head,
    working_tree: git.changed.length === 0 ? 'clean' : 'dirty',
    ...(await classifyChanges(repository, git.changed)),
  };
}
