/**
 * The context a repository validator receives inside its worker, rebuilt from what the gate's thread
 * sent (engine/isolation/protocol.ts RunRequest). The rule set, the rule and the selection arrive as a
 * copy of what the gate loaded; the repository is opened again here, lazily — from the same root, with
 * the same git environment (the worker's) and the same tree (the index inside a pre-commit hook) — only
 * when the validator first asks for it, so a validator that reads nothing pays for nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distributionRoot } from '../layer/distribution';
import { GitRepository } from '../layer/git';
import { layoutFromManifest, MANIFEST_PATH, openLayout } from '../layer/layout';
import { IndexTree, WorkingTree } from '../layer/tree';
import { nearestName } from '../nearest-name';
import { Repository } from '../repository';
import type { Validator, ValidatorContext, ValidatorLookup } from '../validator';
import type { BuiltinSummary, NoteKind, RepositoryPlace, RunRequest } from './protocol';

/** Where the context's reports go: the worker batches them for the gate's thread. */
export type Report = (kind: NoteKind, note: unknown) => void;

/** The context for `request`, reporting through `report`. */
export function workerContext(request: RunRequest, report: Report): ValidatorContext {
  let repository: Repository | undefined;
  const open = (): Repository => (repository ??= openRepository(request.repository));
  return {
    gate: request.gate,
    rule: request.rule,
    options: request.options ?? {},
    target: request.target,
    get repository() {
      return open();
    },
    get layout() {
      return open().layout;
    },
    get git() {
      return open().git;
    },
    rules: request.ruleSet,
    selected: request.selected,
    files: () => open().judgedFiles(request.ruleSet),
    registry: new SummaryLookup(request.registry.builtins, request.registry.projectFiles),
    violation: (violation) => report('violation', violation),
    ok: (note) => report('ok', note),
    info: (note) => report('info', note),
    skip: (note) => report('skip', note),
  };
}

function openRepository(place: RepositoryPlace | undefined): Repository {
  if (!place) throw new Error('this gate judges a folder, not a repository: the validator may not ask for the repository');
  const git = GitRepository.discover(place.root);
  const tree = place.tree === 'index' ? new IndexTree(git.root) : new WorkingTree(git.root);
  // a rule's test case without a layer of its own is judged under the skeleton manifest, as in rule-test.ts
  const layout = tree.exists(MANIFEST_PATH)
    ? openLayout(git.root, tree)
    : layoutFromManifest(git.root, tree, readFileSync(join(distributionRoot(), 'share/skeleton/ai/manifest.yaml'), 'utf8'));
  return new Repository(git, layout);
}

/**
 * The registry as a repository validator sees it: every name, the repository's files, and what each
 * built-in validator declares. A built-in's code stays in the gate's thread: its `run` here only says so.
 */
class SummaryLookup implements ValidatorLookup {
  private readonly builtins: ReadonlyMap<string, Validator>;

  constructor(
    summaries: readonly BuiltinSummary[],
    private readonly files: readonly { readonly name: string; readonly file: string }[],
  ) {
    this.builtins = new Map(summaries.map((summary) => [summary.name, { ...summary, run: notHere(summary.name) }]));
  }

  get(name: string): Validator | undefined {
    return this.builtins.get(name);
  }

  has(name: string): boolean {
    return this.builtins.has(name) || this.projectFile(name) !== undefined;
  }

  projectFile(name: string): string | undefined {
    return this.builtins.has(name) ? undefined : this.files.find((file) => file.name === name)?.file;
  }

  projectFiles(): readonly { readonly name: string; readonly file: string }[] {
    return this.files;
  }

  builtinNames(): string[] {
    return [...this.builtins.keys()].sort();
  }

  names(): string[] {
    return [...new Set([...this.builtins.keys(), ...this.files.map((file) => file.name)])].sort();
  }

  nearest(name: string): string | undefined {
    return nearestName(name, this.names());
  }
}

function notHere(name: string): () => never {
  return () => {
    throw new Error(`the built-in validator \`${name}\` runs in the gate's process, not inside a repository validator`);
  };
}
