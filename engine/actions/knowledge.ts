/**
 * `knowledge sources` and `knowledge nodes`: the repository's declared knowledge sources read back, and
 * the objects they discover in git's index. Both read only; neither writes anything, the ledger included.
 * `knowledge derive`: one episode's evidence written as candidate records (engine/state/knowledge/derive.ts).
 */

import type { Invocation } from '../commands/define';
import { ContractError, MissingError, UsageError } from '../errors';
import { escapeControls } from '../io/document-error';
import { nearestName } from '../io/nearest-name';
import { Repository } from '../layer/repository';
import { discoverNodes } from '../state/knowledge/nodes';
import type { SourceClass } from '../state/knowledge/sources';
import { judgeSources, sourcesPath } from '../state/knowledge/sources';

export interface SourcesOptions {
  readonly json?: boolean;
}

export interface NodesOptions {
  readonly kind?: string;
  readonly json?: boolean;
}

function print(lines: readonly string[]): void {
  if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
}

/** The repository and its classes; every way the sources file cannot be used is thrown with its exit code. */
function openSources(command: string, invocation: Invocation): { repository: Repository; file: string; classes: readonly SourceClass[] } {
  const repository = Repository.open(invocation.cwd, { env: invocation.env, tree: 'working' });
  const file = sourcesPath(repository.layout);
  if (file === undefined)
    throw new MissingError(
      `${command}: the manifest names no knowledge section (add \`knowledge: repo/knowledge\` under sections in .ai/manifest.yaml, then run: majordomus init --extend)`,
    );
  if (!repository.tree.exists(file))
    throw new MissingError(`${command}: ${file} is missing (run: majordomus init --extend to write the default classes)`);
  // a file that does not parse is thrown by the reader as a DocumentError (exit 2), with its line
  const judged = judgeSources(repository.yaml(file));
  if (judged.problems.length > 0) {
    throw new ContractError(
      `${command}: ${file} declares its classes wrongly: ${judged.problems.length} problem(s) (correct each line named; run: majordomus doctor --rule majordomus.knowledge-integrity)`,
      judged.problems.map((problem) =>
        escapeControls(`  ${file}${problem.line === undefined ? '' : `:${problem.line}`}: ${problem.message}`),
      ),
    );
  }
  return { repository, file, classes: judged.classes };
}

/** `knowledge sources [--json]`: every declared class, in the file's order. */
export async function runKnowledgeSources(options: SourcesOptions, invocation: Invocation): Promise<void> {
  const { file, classes } = openSources('knowledge sources', invocation);
  if (options.json) {
    print([JSON.stringify({ file, sources: classes.map(({ line: _line, ...rest }) => rest) })]);
    return;
  }
  print([
    `knowledge sources: ${classes.length} class(es) in ${file}`,
    ...classes.map((source) =>
      escapeControls(`${source.id}  ${source.kind}  ${source.discovery}  ${source.pathspec}  ${source.required ? 'required' : 'optional'}`),
    ),
  ]);
}

/** `knowledge nodes [--kind <k>] [--json]`: what the classes discover, each with kind, identity and path. */
export async function runKnowledgeNodes(options: NodesOptions, invocation: Invocation): Promise<void> {
  if (options.kind !== undefined && !/^[a-z][a-z0-9-]*$/.test(options.kind)) {
    throw new UsageError(
      `knowledge nodes: --kind ${JSON.stringify(options.kind)} is not a kind name (lower-case letters, digits and dashes; run: majordomus knowledge sources)`,
    );
  }
  const { repository, classes } = openSources('knowledge nodes', invocation);
  const kinds = [...new Set(classes.map((source) => source.kind))];
  if (options.kind !== undefined && !kinds.includes(options.kind)) {
    const nearest = nearestName(options.kind, kinds);
    throw new UsageError(
      `knowledge nodes: no class declares the kind ${JSON.stringify(options.kind)}${nearest ? ` (did you mean ${nearest}?)` : ''} (the kinds are ${kinds.join(', ') || 'none'}; run: majordomus knowledge sources)`,
    );
  }
  const chosen = options.kind === undefined ? classes : classes.filter((source) => source.kind === options.kind);
  const { nodes } = await discoverNodes(repository, chosen);
  if (options.json) {
    print([JSON.stringify({ kind: options.kind ?? null, nodes })]);
    return;
  }
  print([
    `knowledge nodes: ${nodes.length}${options.kind === undefined ? '' : ` of kind ${options.kind}`}`,
    ...nodes.map((node) => escapeControls(`${node.kind}  ${node.identity}  ${node.path}`)),
  ]);
  // a required class that discovers nothing is the gate's finding; the listing says so and stays 0
  const empty = chosen.filter((source) => source.required && !nodes.some((node) => node.source === source.id));
  for (const source of empty)
    process.stderr.write(
      `majordomus: knowledge nodes: the required class ${source.id} discovers no tracked file (run: majordomus doctor --rule majordomus.knowledge-integrity)\n`,
    );
}

export interface DeriveOptions {
  readonly episode?: string;
  readonly json?: boolean;
}

/** `knowledge derive [--episode <id>] [--json]`: the candidates of one episode, the newest closed by default. */
export async function runKnowledgeDerive(options: DeriveOptions, invocation: Invocation): Promise<void> {
  const { cwd } = invocation;
  const { deriveKnowledge, deriveSummary } = await import('../state/knowledge/derive');
  const repository = Repository.open(cwd, { env: invocation.env, tree: 'working' });
  const result = deriveKnowledge(repository, { episode: options.episode });
  if (options.json) {
    print([JSON.stringify({ episode: result.episode, written: result.written, unchanged: result.unchanged, skipped: result.skipped })]);
    return;
  }
  print([
    deriveSummary(result),
    ...result.written.map((path) => `wrote ${path}`),
    ...result.skipped.map((path) => `skipped ${path} (changed by hand; left as it is)`),
  ]);
}
