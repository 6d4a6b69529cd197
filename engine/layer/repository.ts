/**
 * One repository as the engine sees it: its git working tree, its layer, and the documents read from
 * it, each parsed once per process and shared by every validator.
 */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CommitTree } from '../io/commit-tree';
import { distributionRoot } from '../io/distribution';
import { DocumentError } from '../io/document-error';
import { GitRepository, runGit } from '../io/git';
import type { Tree } from '../io/tree';
import { IndexTree, treeFor, WorkingTree } from '../io/tree';
import { runAllInBackground } from '../io/write/background';
import { STRAY_PATHSPECS } from '../io/write/leftover';
import { ContentCache } from './content-cache';
import type { FrontMatterDocument } from './front-matter';
import { parseFrontMatter } from './front-matter';
import type { Layout } from './layout';
import { AI_DIR, layoutFromManifest, MANIFEST_PATH, openLayout } from './layout';
import { KeptListings } from './listing-cache';
import type { RuleSet } from './rule-types';
import type { YamlDocument } from './yaml';
import { parseYaml } from './yaml';

/** How `Repository.open` finds and reads the repository. */
export interface OpenOptions {
  /** The environment git runs with (a pre-commit hook's GIT_INDEX_FILE): the command's. */
  readonly env: NodeJS.ProcessEnv;
  /** A repository other than the one this process works for (a temporary one): git's selectors are not inherited. */
  readonly isolated?: boolean;
  /**
   * The tree tracked files are read from: by default the index inside a pre-commit hook (GIT_INDEX_FILE
   * set) and the working tree as a snapshot otherwise (each file's bytes kept once read, for a gate);
   * `snapshot` for that working tree whatever the environment (a repository validator's worker, told
   * which tree its gate judges); `working` for commands a person runs, which write and read again;
   * `head` for what is committed (the guard's switches, which an uncommitted edit must not turn off).
   */
  readonly tree?: 'index' | 'working' | 'snapshot' | 'head';
  /** `skeleton`: a repository without a manifest is judged under the layout `init` writes, not refused. */
  readonly layoutless?: 'skeleton';
}

type Parsed<T> = { readonly value: T } | { readonly error: DocumentError };

export class Repository {
  private contents: ContentCache | undefined;
  private readonly yamlCache = new Map<string, Parsed<YamlDocument>>();
  private readonly markdownCache = new Map<string, Parsed<FrontMatterDocument>>();
  private judged: readonly string[] | undefined;

  constructor(
    readonly git: GitRepository,
    readonly layout: Layout,
  ) {
    // a gate's working tree lists its large folders once until they change (./listing-cache.ts)
    if (layout.tree instanceof WorkingTree) layout.tree.useListings(new KeptListings(() => this.contentCache));
  }

  /**
   * The repository around `cwd` with its layer: the one way the engine opens a repository. A
   * UsageError (2) outside a git working tree, a MissingError (12) without a layer (unless `layoutless`
   * says how to judge one without), a DocumentError when the manifest cannot be read.
   */
  static open(cwd: string, options: OpenOptions): Repository {
    const env = options.env;
    const git = GitRepository.discover(cwd, { env, isolated: options.isolated });
    git.useBackground(runAllInBackground);
    const tree =
      options.tree === 'working' || options.tree === 'snapshot'
        ? new WorkingTree(git.root, { snapshot: options.tree === 'snapshot' })
        : options.tree === 'index'
          ? new IndexTree(git.root, git.env, git)
          : options.tree === 'head'
            ? committedTree(git.root, git.env)
            : treeFor(git.root, git.env, git);
    // a rule's test case without a layer of its own is judged under the skeleton's manifest, never written into it
    const layout =
      options.layoutless === 'skeleton' && !tree.exists(MANIFEST_PATH)
        ? layoutFromManifest(git.root, tree, readFileSync(join(distributionRoot(), 'share/skeleton/ai/manifest.yaml'), 'utf8'))
        : openLayout(git.root, tree);
    return new Repository(git, layout);
  }

  /**
   * The git repository a folder lies in, without its layer (a folder gate's folder), or undefined when
   * the folder is in no git working tree.
   */
  static gitAround(folder: string, env: NodeJS.ProcessEnv): GitRepository | undefined {
    const probe = runGit(['rev-parse', '--is-inside-work-tree'], folder, env);
    if (probe.status !== 0 || probe.stdout.trim() !== 'true') return undefined;
    return GitRepository.discover(folder, { env });
  }

  /** Absolute path of the working tree's top level. */
  get root(): string {
    return this.git.root;
  }

  /** What tracked files are read from: the working tree, or the index inside a pre-commit hook. */
  get tree(): Tree {
    return this.layout.tree;
  }

  /**
   * Start asking git, in the background, what a gate is about to ask (engine/gate/run-gate.ts): the whole
   * index, and, for a gate that audits the layer (`layer`), what `git add` could take of a writer's
   * leftovers. They run on another core while the rules load; `settle` waits for them.
   */
  prefetch(layer: boolean): void {
    this.git.prefetch(layer ? [STRAY_PATHSPECS] : []);
  }

  /**
   * For a gate that audits the layer and its records (`layer`): when git's listing of the index is in
   * after one turn of the event loop — as it is when the launcher asked for it (engine/cli/early.ts) —
   * start asking which files of the large folders git vouches for now, while the rules load, rather
   * than once they have (./content-cache.ts `anticipateLarge`; `settle` asks otherwise).
   */
  async anticipate(layer: boolean): Promise<void> {
    if (!layer) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.git.indexListed()) this.contentCache.anticipateLarge();
  }

  /**
   * Wait for what `prefetch` started; then, for a gate that audits the layer and its records (`layer`),
   * start asking which files of its large folders git vouches for (./content-cache.ts `anticipateLarge`).
   */
  async settle(layer: boolean): Promise<void> {
    await this.git.settle();
    if (layer) this.contentCache.anticipateLarge();
  }

  /** Tracked files minus the case trees of the rules' tests (see ValidatorContext.files). */
  judgedFiles(ruleSet: RuleSet): readonly string[] {
    if (!this.judged) {
      const fixtures = new Set(
        ruleSet.rules
          .flatMap((rule) => rule.enforcement?.tests ?? [])
          .filter((test) => this.tree.exists(`${test}/valid`) || this.tree.exists(`${test}/invalid`))
          .flatMap((test) => [`${test}/valid/`, `${test}/invalid/`]),
      );
      // frozen: every rule is handed this one list, and the pathspec index is built on it once
      const tracked = this.git.tracked();
      this.judged = Object.freeze(fixtures.size === 0 ? [...tracked] : tracked.filter((file) => !underFixture(file, fixtures)));
    }
    return this.judged;
  }

  /** What is derived from a file's bytes alone, kept between runs (./content-cache.ts). */
  get contentCache(): ContentCache {
    this.contents ??= new ContentCache({
      root: this.root,
      localDir: this.layout.localDir,
      repoDir: this.layout.repoDir,
      tree: this.tree,
      git: this.git,
      maxEntries: () => this.policyKey('cache.flatten_max_entries'),
    });
    return this.contents;
  }

  /** `<section>.<key>` of the policy as written; undefined when it is not there or the policy does not read. */
  private policyKey(dotted: `${string}.${string}`): unknown {
    const [section, key] = dotted.split('.') as [string, string];
    try {
      const policy = this.yaml(this.layout.policyFile).value;
      const block = policy !== null && typeof policy === 'object' ? (policy as Record<string, unknown>)[section] : undefined;
      return block !== null && typeof block === 'object' ? (block as Record<string, unknown>)[key] : undefined;
    } catch (error) {
      if (error instanceof DocumentError) return undefined;
      throw error;
    }
  }

  /** A YAML file of the repository (repository-relative), parsed once; a refusal is thrown each time. */
  yaml(file: string): YamlDocument {
    return unwrap(this.yamlCache, file, () => parseYaml(this.tree.readText(file), file));
  }

  /** A Markdown file with front matter, parsed once. */
  markdown(file: string): FrontMatterDocument {
    return unwrap(this.markdownCache, file, () => parseFrontMatter(this.tree.readText(file), file));
  }
}

/**
 * True when a folder of `fixtures` (each ending in `/`) holds `file`: each ancestor folder of the file
 * is looked up, so the filter costs the depth of a path, not the number of rules with test cases.
 */
function underFixture(file: string, fixtures: ReadonlySet<string>): boolean {
  for (let slash = file.indexOf('/'); slash !== -1; slash = file.indexOf('/', slash + 1)) {
    if (fixtures.has(file.slice(0, slash + 1))) return true;
  }
  return false;
}

function unwrap<T>(cache: Map<string, Parsed<T>>, key: string, read: () => T): T {
  let entry = cache.get(key);
  if (!entry) {
    try {
      entry = { value: read() };
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      entry = { error };
    }
    cache.set(key, entry);
  }
  if ('error' in entry) throw entry.error;
  return entry.value;
}

/**
 * The policy as committed (HEAD) in the repository around `cwd`, read without finding the repository
 * first: git resolves `HEAD:<path>` from the top level wherever inside the working tree it runs, so the
 * manifest and the policy come from one git process, and a second only when the manifest puts the policy
 * elsewhere. For the tool-call guard, which runs before every shell command an agent runs. Throws what
 * opening the repository would (no repository, no commit, no committed manifest or policy).
 */
export function committedPolicy(cwd: string, env: NodeJS.ProcessEnv): YamlDocument {
  const tree = committedTree(cwd, env);
  const layout = layoutFromManifest(cwd, tree, tree.readText(MANIFEST_PATH));
  return parseYaml(tree.readText(layout.policyFile), layout.policyFile);
}

/**
 * The policy in the working tree of the checkout around `cwd`, found without asking git: the nearest
 * folder at or above `cwd` holding `.git` is taken as the top level. Undefined when there is none, when
 * git's own variables point elsewhere (GIT_DIR, GIT_WORK_TREE: git is asked then, through
 * `Repository.open`), or when the layer or its policy cannot be read. For what only names things — the
 * guard's refusal naming the gates of a layer not committed yet — never for what decides.
 */
export function workingPolicyNear(cwd: string, env: NodeJS.ProcessEnv): YamlDocument | undefined {
  try {
    if (env.GIT_DIR !== undefined || env.GIT_WORK_TREE !== undefined) {
      const repository = Repository.open(cwd, { env, tree: 'working' });
      return repository.yaml(repository.layout.policyFile);
    }
    let dir = resolve(cwd);
    while (!existsSync(join(dir, '.git'))) {
      const up = dirname(dir);
      if (up === dir) return undefined;
      dir = up;
    }
    const layout = openLayout(dir, new WorkingTree(dir));
    return parseYaml(layout.tree.readText(layout.policyFile), layout.policyFile);
  } catch {
    return undefined;
  }
}

/** HEAD's files, the manifest and the policy where it usually is fetched in one git process. */
function committedTree(root: string, env: NodeJS.ProcessEnv): CommitTree {
  const tree = new CommitTree(root, env);
  tree.prefetch([MANIFEST_PATH, `${AI_DIR}/repo/policy.yaml`]);
  return tree;
}
