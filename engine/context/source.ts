/**
 * Where the context tree is read from: a repository a command opened (engine/layer/repository.ts), or
 * the context a validator is handed. Both read the same tracked files from the same tree — the index
 * inside a pre-commit hook — so a command and a gate see one tree.
 */
import type { ValidatorContext } from '../api/validator';
import { byteOrder } from '../io/text';
import { AI_DIR } from '../layer/layout';
import type { Repository } from '../layer/repository';
import { loadRuleSet, rulesDir } from '../ruleset/rules';
import type { ContextSource } from './model';

/** The providers a policy's projections name, or undefined when the policy is not a mapping. */
export function projectionProviders(policy: unknown): string[] | undefined {
  if (policy === null || typeof policy !== 'object' || Array.isArray(policy)) return undefined;
  const projections = (policy as { projections?: unknown }).projections;
  if (!Array.isArray(projections)) return [];
  return projections
    .map((entry) => (entry as { provider?: unknown } | null)?.provider)
    .filter((provider): provider is string => typeof provider === 'string');
}

/**
 * The context source of a repository, read from its tree (`Repository.open` chose which). In the working
 * tree the files git would track count too (untracked, not ignored): a document written a moment ago
 * is context for the command run now. In the index (a pre-commit hook) only what is staged counts.
 */
export function repositorySource(repository: Repository): ContextSource {
  const layout = repository.layout;
  const policyFile = layout.section('policy');
  let policy: unknown;
  try {
    policy = policyFile && repository.tree.exists(policyFile) ? repository.yaml(policyFile).value : undefined;
  } catch {
    policy = undefined;
  }
  return {
    files: repositoryFiles(repository),
    read: (path) => repository.tree.readText(path),
    manifest: layout.manifest,
    layerDir: AI_DIR,
    localDir: layout.localDir,
    rulesDir: rulesDir(layout),
    providers: projectionProviders(policy),
  };
}

/** The context source of a validator's repository. */
export function validatorSource(context: ValidatorContext): ContextSource {
  const { layer } = context;
  let policy: unknown;
  try {
    policy = context.kind(layer.policyFile) === 'file' ? context.yaml(layer.policyFile).value : undefined;
  } catch {
    policy = undefined;
  }
  return {
    files: context.files(),
    read: (path) => context.read(path),
    manifest: layer.manifest.value,
    layerDir: layer.manifestFile.slice(0, layer.manifestFile.lastIndexOf('/')),
    localDir: layer.localDir,
    rulesDir: layer.rulesDir,
    providers: projectionProviders(policy),
  };
}

/**
 * The files of the tree a repository was opened on: the index's in a hook; tracked and
 * untracked-not-ignored in the working tree. The case trees of rule tests (`<test>/valid/`,
 * `<test>/invalid/`) are fixtures, not the layer, and are left out, as a gate leaves them out.
 */
export function repositoryFiles(repository: Repository): readonly string[] {
  const files = repository.tree.name === 'index' ? repository.git.tracked() : knownFiles(repository);
  // the rule set is read only when a file could be a case of a rule's test
  if (!files.some((file) => /\/(valid|invalid)\//.test(file))) return files;
  const layout = repository.layout;
  const cases = loadRuleSet(layout)
    .rules.flatMap((rule) => rule.enforcement?.tests ?? [])
    .flatMap((test) => [`${test}/valid/`, `${test}/invalid/`]);
  if (cases.length === 0) return files;
  return files.filter((file) => !cases.some((prefix) => file.startsWith(prefix)));
}

/** Tracked files and the untracked ones git does not ignore, in byte order. */
function knownFiles(repository: Repository): readonly string[] {
  const result = repository.git.git(['ls-files', '-z', '--others', '--exclude-standard']);
  const untracked = result.status === 0 ? result.stdout.split('\0').filter((file) => file !== '') : [];
  if (untracked.length === 0) return repository.git.tracked();
  return [...new Set([...repository.git.tracked(), ...untracked])].sort(byteOrder);
}
