/**
 * A prompt record of the archive and its rendering: the shapes, names and texts, with no reading or
 * writing. `capture prompt` (engine/capture/prompt.ts) writes both from one record in one pass; the
 * prompt_capture and prompt_continuity validators read them back against the same functions, so a
 * rendering is what this module makes of its record or it is reported.
 *
 * The record is JSON, one member per line in the schema's order (share/schemas/prompt.v1.schema.json),
 * the prompt last because it is the only field without a bound. The rendering is Markdown: the record's
 * fields but the prompt as YAML front matter, the same fields as a table a person reads, and `## PROMPT`,
 * always last, fenced with a run of backticks longer than any the prompt holds.
 */
import type { PromptRecord } from '../generated/types';
import { inSchemaOrder } from '../layer/schema-check';
import { writeFrontMatter } from '../layer/yaml-write';

export type { PromptRecord } from '../generated/types';

/** The schema every record names, and the file that describes it (in this package). */
export const PROMPT_SCHEMA = 'majordomus.prompt/v1';
export const PROMPT_SCHEMA_FILE = 'share/schemas/prompt.v1.schema.json';

/** The archive, relative to the layer's local half: the checkout's own, ignored, never tracked. */
export function promptArchive(localDir: string): string {
  return `${localDir}/prompts`;
}

/** A record's stem: the UTC time, then 16 random hex, so names sort as the prompts came. */
export const STEM = /^[0-9]{8}T[0-9]{6}Z--[0-9a-f]{16}$/;

/** The stem of a prompt captured at `at` (UTC seconds, `2026-11-01T12:00:00Z`). */
export function promptStem(at: string, random: string): string {
  return `${at.replace(/[-:]/g, '')}--${random}`;
}

/** The episode links that name an episode; the others name none. */
export const LINKED = ['open', 'session-context', 'ledger'] as const;

/**
 * A key naming the model's half of an exchange or a conversation: the archive holds the person's half
 * and nothing else, so such a key is named for what it is, not only as unknown.
 */
export const MODEL_HALF_KEY =
  /^(?:messages?|conversation|transcript|chat(?:_history)?|completions?|choices|responses?|output|outputs|answer|answers|model_(?:reply|response|output)|repl(?:y|ies)|assistant(?:_\w+)?|tool_(?:calls?|results?))$/i;

/** A credential shape the writer replaces before anything is written, by kind. */
const CREDENTIALS: ReadonlyArray<{ kind: string; pattern: RegExp }> = [
  { kind: 'private-key', pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----/g },
  { kind: 'aws-access-key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b/g },
  { kind: 'api-key', pattern: /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}/g },
  { kind: 'slack-token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { kind: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { kind: 'bearer', pattern: /(?<=\bBearer )[A-Za-z0-9._~+/=-]{20,}/g },
  { kind: 'url-password', pattern: /(?<=\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]{3,}(?=@)/gi },
];

/** `prompt` with every credential shape the writer knows replaced by `[redacted:<kind>]`, and the counts. */
export function redact(prompt: string): { text: string; redactions: Array<{ kind: string; count: number }> } {
  let text = prompt;
  const redactions: Array<{ kind: string; count: number }> = [];
  for (const { kind, pattern } of CREDENTIALS) {
    let count = 0;
    text = text.replace(pattern, () => {
      count++;
      return `[redacted:${kind}]`;
    });
    if (count > 0) redactions.push({ kind, count });
  }
  return { text, redactions };
}

/** The record as a file holds it: pretty JSON, keys in the schema's order, ending in a newline. */
export function recordText(record: PromptRecord): string {
  return `${JSON.stringify(inSchemaOrder('prompt', record as unknown as Record<string, unknown>), null, 2)}\n`;
}

/** The front matter of the rendering: every field of the record but the prompt, in the schema's order. */
export function renderedFields(record: PromptRecord): Record<string, unknown> {
  const { prompt: _prompt, ...fields } = inSchemaOrder('prompt', record as unknown as Record<string, unknown>) as Record<string, unknown>;
  return fields;
}

/** A table cell: one line, pipes escaped. */
function cell(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\|/g, '\\|');
}

/** One item of a listed field, on one line: an object's values joined (`aws-access-key: 1`). */
function item(value: unknown): string {
  return value !== null && typeof value === 'object' ? Object.values(value).map(String).join(': ') : String(value);
}

/** The fence around `text`: backticks, one more than the longest run it holds, at least three. */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** The rendering of `record`, as `capture prompt` writes it beside the record. */
export function renderPrompt(record: PromptRecord): string {
  const fields = renderedFields(record);
  const rows: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, nested] of Object.entries(value as Record<string, unknown>)) add(`${key}.${inner}`, nested);
    } else rows.push(`| ${key} | ${cell(Array.isArray(value) ? value.map(item).join(', ') : value)} |`);
  };
  for (const [key, value] of Object.entries(fields)) add(key, value);
  const fence = fenceFor(record.prompt);
  return [
    writeFrontMatter(fields, { strings: 'quoted', plain: ['schema', 'id', 'captured_at', 'episode_link'] }).trimEnd(),
    '',
    `# Prompt ${record.id}`,
    '',
    '| field | value |',
    '|---|---|',
    ...rows,
    '',
    '## PROMPT',
    '',
    `${fence}text`,
    record.prompt,
    fence,
    '',
  ].join('\n');
}

/** The paths of a record and its rendering in the archive. */
export function promptFiles(archive: string, stem: string): { record: string; rendering: string } {
  return { record: `${archive}/${stem}.json`, rendering: `${archive}/${stem}.md` };
}
