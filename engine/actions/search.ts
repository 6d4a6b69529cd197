/**
 * `search "<text>" [--kind k] [--task t] [--limit n] [--json]`: the `search` capability
 * (engine/capabilities/search.ts), printed — newest first, one object a line with its first matching
 * line under it; `--json` the answer as one object. Nothing matching is exit 12, said on stderr.
 */
import { search, searchVerdict } from '../capabilities/search';
import type { Invocation } from '../commands/define';
import { escapeControls } from '../io/document-error';

export interface SearchOptions {
  readonly kind?: string;
  readonly task?: string;
  readonly limit?: string;
  readonly json?: boolean;
}

export function runSearch(text: string, options: SearchOptions, invocation: Invocation): void {
  const answer = search({ text, kind: options.kind, task: options.task, limit: options.limit }, invocation);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  } else if (answer.total > 0) {
    const lines = answer.results.flatMap((hit) => [
      escapeControls(`${hit.date ?? '-'}  ${hit.uri}  ${hit.title}`),
      escapeControls(`  ${hit.path}:${hit.line}: ${hit.snippet}`),
    ]);
    if (answer.total > answer.results.length)
      lines.push(`search: the newest ${answer.results.length} of ${answer.total} (ask for more: --limit <n>, or narrow: --kind, --task)`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  const verdict = searchVerdict(answer);
  if (verdict) {
    process.stderr.write(`majordomus: ${escapeControls(verdict.message)}\n`);
    process.exitCode = verdict.exitCode;
  }
}
