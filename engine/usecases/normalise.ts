/**
 * Output as evidence keeps it: what differs from one run to the next — the scenario repository's path,
 * times, generated ids, commit and content hashes, durations — becomes a placeholder, and nothing else
 * is touched. Two runs of an unchanged tool then leave the same evidence.
 */

const REPLACEMENTS: ReadonlyArray<readonly [RegExp, string]> = [
  // ISO 8601 UTC times (with or without fraction) and the compact stamps of ids and file names
  [/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z\b/g, '<time>'],
  [/\b\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\b/g, '<time>'],
  [/\b\d{8}T?\d{6}Z?\b/g, '<time>'],
  // session and task ids: a letter, a stamp and a random suffix
  [/\b([st])-(?:<time>|\d{8,})-[0-9a-f]{4,}\b/g, '$1-<id>'],
  // full commit ids, then abbreviated ones and other hex digests (a letter and a digit among them)
  [/\b[0-9a-f]{40}(?:[0-9a-f]{24})?\b/g, '<head>'],
  [/\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,39}\b/g, '<hash>'],
  // durations
  [/\b\d+(?:\.\d+)?\s?(?:ms|s)\b/g, '<duration>'],
];

/** `text` with the run's variable parts replaced; `repository` is the scenario's absolute path. */
export function normaliseOutput(text: string, repository: string): string {
  let out = text.split(repository).join('<repo>');
  for (const [pattern, placeholder] of REPLACEMENTS) out = out.replace(pattern, placeholder);
  return out;
}
