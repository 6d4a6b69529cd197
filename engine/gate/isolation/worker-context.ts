/**
 * The context a repository validator receives inside its worker, rebuilt from what the gate's thread
 * sent (engine/gate/isolation/protocol.ts RunRequest). The rule set, the rule and the selection arrive as a
 * copy of what the gate loaded; the repository is opened again here, lazily — from the same root, with
 * the same git environment (the worker's) and the same tree (the index inside a pre-commit hook) — only
 * when the validator first asks for it, so a validator that reads nothing pays for nothing.
 */

import { diskReader } from '../../api/disk';
import type { FolderContext, RepositoryReader, Validator, ValidatorContext, ValidatorLookup } from '../../api/validator';
import { gates } from '../../generated/gates';
import { nearestName } from '../../io/nearest-name';
import { Repository } from '../../layer/repository';
import type { ContextCommon } from '../context';
import { distributionReader, folderContext, folderGit, lazyRepositoryReader, repositoryContext, repositoryReader } from '../context';
import type { BuiltinSummary, NoteKind, RepositoryPlace, RunRequest } from './protocol';

/** Where the context's reports go: the worker batches them for the gate's thread. */
export type Report = (kind: NoteKind, note: unknown) => void;

/** What the context of a release before the toolkit offered, and what to read instead. */
const REMOVED: Readonly<Record<string, string>> = Object.freeze({
  repository: 'context.target (the root), context.read, context.yaml, context.document',
  layout: 'context.layer (sections and paths), and context.read, context.exists, context.list for the files',
});

/**
 * The context for `request`, reporting through `report`: a repository's at a gate that judges one, a
 * folder's otherwise, with the same readers the gate's process hands a built-in validator
 * (engine/gate/context.ts). The module is the repository's own JavaScript, which no compiler checked, so a
 * member its kind of gate does not have is there and throws, saying why, and the rule fails — never
 * the gate. A pack's models are built in the gate's process and do not cross into the worker.
 */
export function workerContext(request: RunRequest, report: Report, env: NodeJS.ProcessEnv): ValidatorContext | FolderContext {
  const common: ContextCommon = {
    gate: request.gate,
    rule: request.rule,
    options: request.options ?? {},
    target: request.target,
    rules: request.ruleSet,
    selected: request.selected,
    registry: new SummaryLookup(request.registry.builtins, request.registry.projectFiles),
    violation: (violation) => report('violation', violation),
    ok: (note) => report('ok', note),
    info: (note) => report('info', note),
    skip: (note) => report('skip', note),
    env,
    disk: diskReader(request.target),
    distribution: distributionReader(),
  };
  const model = (provider: { readonly name: string }): never => {
    throw new Error(
      `a repository validator is handed no model of a pack (it asked for \`${provider?.name}\`): read the target through the context instead`,
    );
  };
  const place = request.repository;
  if (gates[request.gate].target === 'folder' || !place) {
    const context = folderContext(common, folderGit(request.target, env), model);
    const none = (member: string) => (): never => {
      throw new Error(
        `the gate ${request.gate} judges a folder, not a repository: a validator run there has no \`${member}\` (read the folder at context.target, through context.disk)`,
      );
    };
    const members = [
      'files',
      'exists',
      'kind',
      'list',
      'listable',
      'read',
      'sha256',
      'prefetch',
      'yaml',
      'document',
      'layer',
      'tree',
      ...Object.keys(REMOVED),
    ];
    for (const member of members) Object.defineProperty(context, member, { get: none(member), enumerable: false });
    return context;
  }
  let reader: RepositoryReader | undefined;
  const open = (): RepositoryReader => (reader ??= repositoryReader(openRepository(place, env), request.ruleSet));
  const context = repositoryContext(common, lazyRepositoryReader(open), model);
  for (const [member, instead] of Object.entries(REMOVED)) {
    Object.defineProperty(context, member, {
      get: (): never => {
        throw new Error(`context.${member} is no longer part of a validator's context: read through ${instead} (docs/AUTHORING.md)`);
      },
      enumerable: false,
    });
  }
  return context;
}

/**
 * The repository again, from the same root and the same tree (the working tree as the gate reads it, a
 * snapshot); a test case without a layer under the skeleton's.
 */
function openRepository(place: RepositoryPlace, env: NodeJS.ProcessEnv): Repository {
  return Repository.open(place.root, { env, tree: place.tree === 'index' ? 'index' : 'snapshot', layoutless: 'skeleton' });
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
