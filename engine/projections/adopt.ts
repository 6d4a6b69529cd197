/**
 * `update --adopt <target>`: a hand-written instruction file the policy names is kept, byte for byte,
 * and the policy's entry for it switches to `mode: region`, so update appends a generated region to it
 * and owns nothing else. The policy is edited as text — one line added or changed, every comment and
 * every other line kept — and the edit is proven by parsing the result: the entry's mode is region and
 * nothing else moved, or the edit is refused with the line to write by hand.
 */
import { RefusedError } from '../errors';
import { parseYaml } from '../layer/yaml';
import type { ProjectionEntry } from './source';

/** The policy's text with `entry` in region mode. */
export function adoptedPolicyText(policyFile: string, text: string, lines: ReadonlyMap<string, number>, entry: ProjectionEntry): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const rows = text.split('\n');
  const modeLine = lines.get(`projections.${entry.index}.mode`);
  const targetLine = lines.get(`projections.${entry.index}.target`);
  const manual = `add \`mode: region\` to the projections entry for ${entry.target} in ${policyFile} yourself, then run: majordomus update`;
  if (modeLine !== undefined) {
    const row = rows[modeLine - 1] ?? '';
    const changed = row.replace(/^(\s*(?:-\s+)?mode:\s*)(['"]?)file\2/, '$1region');
    if (changed === row)
      throw new RefusedError(`${policyFile}:${modeLine}: cannot switch this mode to region safely; nothing was written (${manual})`);
    rows[modeLine - 1] = changed;
  } else if (targetLine !== undefined) {
    const row = rows[targetLine - 1] ?? '';
    const column = row.search(/target\s*:/);
    if (column === -1) throw new RefusedError(`${policyFile}:${targetLine}: cannot find the target key; nothing was written (${manual})`);
    rows.splice(targetLine, 0, `${' '.repeat(column)}mode: region${eol === '\r\n' ? '\r' : ''}`);
  } else
    throw new RefusedError(`${policyFile}: the projections entry for ${entry.target} has no target line; nothing was written (${manual})`);
  const next = rows.join('\n');
  // the proof: the entry is in region mode, and the document is otherwise the same value
  const before = parseYaml(text, policyFile).value as { projections?: Record<string, unknown>[] };
  let after: { projections?: Record<string, unknown>[] };
  try {
    after = parseYaml(next, policyFile).value as typeof after;
  } catch {
    throw new RefusedError(`${policyFile}: the edited policy would not parse; nothing was written (${manual})`);
  }
  const moved = after.projections?.[entry.index];
  const expected = structuredClone(before);
  if (expected.projections?.[entry.index]) expected.projections[entry.index]!.mode = 'region';
  if (moved?.mode !== 'region' || JSON.stringify(normalise(after)) !== JSON.stringify(normalise(expected)))
    throw new RefusedError(`${policyFile}: the edit would change more than the entry's mode; nothing was written (${manual})`);
  return next;
}

/** A value with its keys in one order, so two parses compare as JSON. */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, normalise((value as Record<string, unknown>)[key])]),
  );
}
