/**
 * `objects list` and `objects show <uri>`: the `list_objects` and `get_object` capabilities
 * (engine/capabilities/objects.ts), printed. `--json` prints each answer as one object, as the MCP tools
 * answer it.
 */
import { getObject, listObjects } from '../capabilities/objects';
import type { Invocation } from '../commands/define';
import { escapeControls } from '../io/document-error';

export interface ObjectsListOptions {
  readonly kind?: string;
  readonly limit?: string;
  readonly offset?: string;
  readonly json?: boolean;
}

/** `objects list`: a line an object (date, URI, title), then where the next page starts. */
export function runObjectsList(options: ObjectsListOptions, invocation: Invocation): void {
  const page = listObjects(options, invocation);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(page)}\n`);
    return;
  }
  const lines = page.items.map((item) => escapeControls(`${item.uri}  ${item.title}`));
  const shown = page.items.length === 0 ? 'none' : `${page.offset + 1}-${page.offset + page.items.length}`;
  lines.push(
    `objects list: ${shown} of ${page.total}${page.kind ? ` of kind ${page.kind}` : ''}${page.next_offset === null ? '' : ` (next: --offset ${page.next_offset})`}`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  for (const problem of page.problems)
    process.stderr.write(`majordomus: objects list: ${escapeControls(problem)} (not listed; \`majordomus doctor\` reports it)\n`);
}

/** `objects show <uri>`: the object's text as written; `--json` its summary, front matter and text. */
export function runObjectsShow(uri: string, options: { json?: boolean }, invocation: Invocation): void {
  const detail = getObject({ uri }, invocation);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(detail)}\n`);
    return;
  }
  process.stdout.write(detail.text.endsWith('\n') || detail.text === '' ? detail.text : `${detail.text}\n`);
}
