/**
 * `context list|resolve <path>|explain <path>|validate|affected [<range>]`: the layer's context
 * documents (engine/context/) as a person or a script asks about them. Each reads the working tree (a
 * document just written counts once git would track it), writes nothing, and prints text or, with
 * `--json`, one JSON object. `resolve`, `explain` and `affected` refuse (10) a tree with any problem
 * rather than answer from half of it; `validate` names every problem by its class and exits 10.
 */
import { isAbsolute, relative, resolve as resolvePathOnDisk, sep } from 'node:path';
import type { CommandCall, Invocation } from '../commands/define';
import { affectedDocuments } from '../context/affected';
import type { ContextDoc } from '../context/model';
import type { Left, Resolution } from '../context/resolve';
import { resolvePath } from '../context/resolve';
import { repositoryFiles, repositorySource } from '../context/source';
import type { ContextTree } from '../context/validate';
import { readContextTree } from '../context/validate';
import { ContractError, UsageError } from '../errors';
import { unsafePathReason } from '../io/paths';
import type { Repository } from '../layer/repository';
import { ADAPTERS, adapterOf } from '../projections/adapters';
import type { ProviderLimit } from '../projections/limits';
import { LIMITS_FILE, parseLimits } from '../projections/limits';
import type { LoadTree, ProviderLoad } from '../projections/load';
import { providerLoad } from '../projections/load';
import { readDistribution } from '../projections/open';
import { openRepository, say } from './shared';

interface Options {
  readonly json?: boolean;
  readonly provider?: string;
  readonly audience?: string;
}

/** `context list`. */
export function runContextList({ options }: CommandCall<Options>, invocation: Invocation): void {
  const { tree } = open(invocation);
  const invalid = new Set(tree.allProblems.map((problem) => problem.file ?? problem.subject));
  if (options.json) {
    say(
      JSON.stringify({
        names: tree.names,
        documents: tree.docs.map((doc) => ({ ...docJson(doc), valid: !invalid.has(doc.file) })),
        unreadable: tree.candidates.filter((candidate) => !candidate.doc).map((candidate) => candidate.file),
        problems: tree.allProblems.length,
      }),
    );
    return;
  }
  if (tree.names.length === 0) {
    say('context list: the manifest names no context documents (add context.documents: [README.md] to .ai/manifest.yaml)');
    return;
  }
  for (const candidate of tree.candidates) {
    const doc = candidate.doc;
    if (!doc) say(`${'(no contract)'.padEnd(28)} ${candidate.file}  [see: majordomus context validate]`);
    else
      say(
        `${doc.id.padEnd(28)} ${doc.scope.padEnd(9)} ${doc.composition.padEnd(7)} ${String(doc.order).padStart(5)}  ${doc.file}${doc.status === 'deprecated' ? '  (deprecated: listed, never applied)' : ''}${invalid.has(doc.file) ? '  [see: majordomus context validate]' : ''}`,
      );
  }
  say(`context list: ${tree.docs.length} document(s)${tree.allProblems.length > 0 ? `, ${tree.allProblems.length} problem(s)` : ''}`);
}

/** `context resolve <path>`. */
export function runContextResolve({ args, options }: CommandCall<Options>, invocation: Invocation): void {
  const { repository, tree, files } = open(invocation);
  refuseProblems(tree, 'resolve');
  const path = repositoryPath(repository, invocation, args[0]!);
  const resolution = resolvePath(tree, path, files, { provider: options.provider, audience: options.audience });
  if (options.json) {
    say(JSON.stringify(resolutionJson(resolution, options)));
    return;
  }
  printResolution(resolution);
  say(`context resolve: ${resolution.applied.length} document(s) apply to ${shown(resolution.path)}`);
}

/** `context explain <path>`. */
export function runContextExplain({ args, options }: CommandCall<Options>, invocation: Invocation): void {
  const { repository, tree, files } = open(invocation);
  refuseProblems(tree, 'explain');
  const path = repositoryPath(repository, invocation, args[0]!);
  const resolution = resolvePath(tree, path, files, { provider: options.provider, audience: options.audience });
  const providers = explained(repository, options.provider);
  const limits = parseLimits(readDistribution(LIMITS_FILE) ?? '');
  const loadTree: LoadTree = { exists: (p) => repository.tree.exists(p), read: (p) => repository.tree.readText(p), files };
  const loads = providers.map((provider) => {
    const adapter = adapterOf(provider);
    return providerLoad(adapter, resolution.folder, loadTree, adapter.limit ? limits.get(adapter.limit) : undefined);
  });
  if (options.json) {
    say(JSON.stringify({ ...resolutionJson(resolution, options), providers: loads.map(loadJson) }));
    return;
  }
  say(`canonical resolution for ${shown(resolution.path)} (folder ${shown(resolution.folder)}):`);
  printResolution(resolution, '  ');
  for (const load of loads) printLoad(load);
}

/** `context validate`. */
export function runContextValidate({ options }: CommandCall<Options>, invocation: Invocation): void {
  const { tree } = open(invocation);
  if (options.json)
    say(
      JSON.stringify({
        names: tree.names,
        documents: tree.docs.length,
        valid: tree.allProblems.length === 0,
        problems: tree.allProblems.map((problem) => ({
          class: problem.class,
          subject: problem.subject,
          file: problem.file ?? null,
          line: problem.line ?? null,
          message: problem.message,
        })),
      }),
    );
  else {
    for (const problem of tree.allProblems)
      say(`${problem.class.padEnd(24)} ${problem.subject}${problem.line === undefined ? '' : `:${problem.line}`} — ${problem.message}`);
    say(
      tree.names.length === 0
        ? 'context validate: the manifest names no context documents'
        : tree.allProblems.length === 0
          ? `context validate: ${tree.docs.length} document(s); the tree validates`
          : `context validate: ${tree.allProblems.length} problem(s) in ${tree.candidates.length} document(s)`,
    );
  }
  if (tree.allProblems.length > 0) process.exitCode = 10;
}

/** `context affected [<range>]`. */
export async function runContextAffected({ args, options }: CommandCall<Options>, invocation: Invocation): Promise<void> {
  const { repository, tree } = open(invocation);
  refuseProblems(tree, 'affected');
  const range = args[0];
  const changed = range === undefined ? workingChanges(repository) : rangeChanges(repository, range);
  const affected = await affectedDocuments(tree.docs, changed);
  if (options.json) {
    say(
      JSON.stringify({
        range: range ?? null,
        changed: changed.length,
        documents: affected.map(({ doc, files }) => ({ id: doc.id, file: doc.file, tracks: doc.tracks, files })),
      }),
    );
    return;
  }
  for (const { doc, files } of affected) say(`${doc.file}  ${doc.id} — tracks ${files.join(', ')}`);
  say(
    `context affected: ${affected.length} document(s) touched by ${changed.length} changed file(s) ${range === undefined ? 'in the working tree' : `in ${range}`}${affected.length > 0 ? ' (reread them)' : ''}`,
  );
}

function open(invocation: Invocation): { repository: Repository; tree: ContextTree; files: readonly string[] } {
  const repository = openRepository(invocation);
  const source = repositorySource(repository);
  return { repository, tree: readContextTree(source), files: repositoryFiles(repository) };
}

function refuseProblems(tree: ContextTree, command: string): void {
  if (tree.allProblems.length === 0) return;
  throw new ContractError(
    `context ${command}: the context documents do not validate (${tree.allProblems.length} problem(s)), and half a tree is no answer (run: majordomus context validate)`,
  );
}

/** A path given on the command line, relative to where the command runs, as a repository-relative path. */
function repositoryPath(repository: Repository, invocation: Invocation, given: string): string {
  if (given.includes('\0')) throw new UsageError('context: the path holds a NUL byte');
  const abs = isAbsolute(given) ? given : resolvePathOnDisk(invocation.cwd, given);
  const rel = relative(repository.root, abs).split(sep).join('/');
  if (rel === '') return '.';
  const unsafe = unsafePathReason(rel);
  if (unsafe || isAbsolute(rel))
    throw new UsageError(`context: ${given} is not inside the repository at ${repository.root} (name a path of it)`);
  return given.endsWith('/') ? `${rel}/` : rel;
}

/** The providers to explain: the one asked for, or every provider the policy projects to. */
function explained(repository: Repository, provider: string | undefined): string[] {
  if (provider !== undefined) {
    if (!ADAPTERS.has(provider))
      throw new UsageError(
        `context explain: --provider ${JSON.stringify(provider)} is not a provider this version knows (${[...ADAPTERS.keys()].join(', ')})`,
      );
    return [provider];
  }
  const declared = repositorySource(repository).providers ?? [];
  return [...new Set(declared)].filter((name) => ADAPTERS.has(name));
}

function printResolution(resolution: Resolution, indent = ''): void {
  resolution.applied.forEach((doc, index) => {
    say(`${indent}${index + 1}. ${doc.file}  ${doc.id}  ${doc.composition} (depth ${doc.depth}, order ${doc.order})`);
  });
  if (resolution.applied.length === 0) say(`${indent}(no document applies)`);
  for (const left of resolution.left) say(`${indent}left out: ${left.doc.file}  ${left.doc.id} — ${leftReason(left)}`);
}

function leftReason(left: Left): string {
  switch (left.reason) {
    case 'superseded':
      return `superseded by ${left.by!.id} (${left.by!.file})`;
    case 'deprecated':
      return 'deprecated: listed, never applied';
    case 'provider':
      return `for ${left.doc.providers.join(', ')} only`;
    case 'audience':
      return `addresses ${left.doc.audience.join(', ')} only`;
  }
}

function printLoad(load: ProviderLoad): void {
  const limit = load.limit;
  say('');
  say(`${load.provider} loads for ${shown(load.folder)}${limit ? ` — ${limitText(limit)}` : ' — no known limit'}:`);
  if (load.files.length === 0) say('  (nothing: no file it reads exists here)');
  for (const file of load.files) {
    const cut = file.dropped
      ? '  never read: the limit is spent before it'
      : file.readUpTo !== undefined
        ? `  cut after ${file.readUpTo} ${limit!.measure}: the rest is never read`
        : '';
    say(`  ${file.path.padEnd(40)} ${String(file.bytes).padStart(7)} bytes ${String(file.lines).padStart(5)} lines${cut}`);
  }
  const total = load.files.reduce((sum, file) => sum + file.size, 0);
  if (limit)
    say(
      `  total ${total} ${limit.measure}${limit.per === 'chain' ? '' : ' (each file on its own)'}; ${load.cut ? `${limit.behaviour === 'truncates' ? 'cut' : 'over the advised size'} at ${limit.value} ${limit.measure}` : 'within the limit'}`,
    );
}

function limitText(limit: ProviderLimit): string {
  return `${limit.behaviour === 'truncates' ? 'reads at most' : 'advises at most'} ${limit.value} ${limit.measure} ${limit.per === 'chain' ? 'for the files it joins' : 'per file'}${limit.setting ? ` (${limit.setting})` : ''}; ${limit.source}`;
}

function shown(path: string): string {
  return path === '' ? '.' : path;
}

function docJson(doc: ContextDoc): Record<string, unknown> {
  return {
    id: doc.id,
    file: doc.file,
    title: doc.title,
    description: doc.description,
    status: doc.status,
    scope: doc.scope,
    paths: doc.paths,
    providers: doc.providers,
    audience: doc.audience,
    composition: doc.composition,
    order: doc.order,
    depth: doc.depth,
    supersedes: doc.supersedes,
    tracks: doc.tracks,
  };
}

function resolutionJson(resolution: Resolution, options: Options): Record<string, unknown> {
  return {
    path: shown(resolution.path),
    folder: shown(resolution.folder),
    provider: options.provider ?? null,
    audience: options.audience ?? null,
    documents: resolution.applied.map(docJson),
    left: resolution.left.map((left) => ({ id: left.doc.id, file: left.doc.file, reason: left.reason, by: left.by?.id ?? null })),
  };
}

function loadJson(load: ProviderLoad): Record<string, unknown> {
  return {
    provider: load.provider,
    folder: shown(load.folder),
    limit: load.limit ?? null,
    files: load.files.map((file) => ({
      path: file.path,
      bytes: file.bytes,
      lines: file.lines,
      size: file.size,
      read_up_to: file.readUpTo ?? null,
      dropped: file.dropped === true,
    })),
    cut: load.cut ? { path: load.cut.path, read_up_to: load.cut.readUpTo ?? null } : null,
    total: load.files.reduce((sum, file) => sum + file.size, 0),
  };
}

/** The files the working tree changed against HEAD (staged, unstaged and untracked). */
function workingChanges(repository: Repository): string[] {
  const head = repository.git.git(['rev-parse', '--verify', '-q', 'HEAD']);
  const diff =
    head.status === 0
      ? repository.git.git(['diff', '--name-only', '-z', 'HEAD', '--'])
      : repository.git.git(['diff', '--name-only', '-z', '--cached', '--']);
  const untracked = repository.git.git(['ls-files', '-z', '--others', '--exclude-standard']);
  return [...new Set([...split(diff.stdout), ...split(untracked.stdout)])].sort();
}

/** The files a revision range changed. */
function rangeChanges(repository: Repository, range: string): string[] {
  if (range.startsWith('-') || range.trim() === '')
    throw new UsageError(`context affected: ${JSON.stringify(range)} is not a revision range (e.g. main..HEAD)`);
  const diff = repository.git.git(['diff', '--name-only', '-z', range, '--']);
  if (diff.status !== 0)
    throw new UsageError(`context affected: git does not read ${JSON.stringify(range)} as a revision range (${diff.stderr.trim()})`);
  return split(diff.stdout).sort();
}

function split(text: string): string[] {
  return text.split('\0').filter((file) => file !== '');
}
