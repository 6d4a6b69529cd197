import type { SchemaProblem, YamlDocument } from '../engine/api/toolkit/index';
import { checkSchema } from '../engine/api/toolkit/index';
import { defineValidator } from '../engine/api/validator';
import { SESSION_SCHEMA, sessionOfName } from '../engine/state/sessions/record';

/**
 * A problem of share/schemas/session-record.v1.schema.json, said the way this rule says it: what the
 * contract admits and what to do. Anything else is the schema check's own sentence.
 */
function sessionMessage(problem: SchemaProblem, front: Record<string, unknown>): string {
  const { key, keyword } = problem;
  if (keyword === 'additionalProperties')
    return `unknown key \`${key}\`: session/v1 admits no such field (remove it; a record carries only what session close derives)`;
  if (keyword === 'required')
    return key === 'schema'
      ? `\`schema\` is missing; a record declares schema: ${SESSION_SCHEMA}`
      : `the required key \`${key}\` is missing`;
  if (key === 'schema' && keyword === 'const')
    return `\`schema\` is ${JSON.stringify(front.schema)}, a contract this version does not read (expected ${SESSION_SCHEMA})`;
  if (key === 'kind' && keyword === 'const') return `\`kind\` is ${JSON.stringify(front.kind)}, not session`;
  if (key === 'outcome' && keyword === 'enum')
    return `\`outcome\` is ${JSON.stringify(front.outcome)}; an episode ends closed or interrupted`;
  return problem.message;
}

/**
 * Why a value reads as a path on some machine, or undefined. Every platform's absolute forms count: a
 * leading slash or backslash (`/x`, `\x`, `//server/share`, `\\server\share`), a drive (`C:\x`, `C:x`,
 * `c:`), a `file:` URL, a home directory (`~`, `~/x`). A drive is only a letter, a colon and no space,
 * so prose such as `Q: why` is not taken for one.
 */
export function absolutePathForm(value: string): string | undefined {
  if (/^[\\/]/.test(value)) return 'starts at a root';
  if (/^[A-Za-z]:(?:$|[^\s])/.test(value)) return 'names a drive';
  if (/^file:/i.test(value)) return 'is a file: URL';
  if (value === '~' || /^~[\\/]/.test(value)) return 'names a home directory';
  return undefined;
}

export default defineValidator({
  name: 'session_records',
  description:
    'Every closed session record is valid session/v1 front matter (share/schemas/session-record.v1.schema.json): known keys only, the required ones present, each of its shape, a known outcome, no absolute path, one record per identity.',
  gates: ['doctor', 'watch'],
  run(context) {
    const dir = context.layer.section('sessions') ?? `${context.layer.repoDir}/sessions`;
    if (context.kind(dir) !== 'dir') {
      context.ok({ subject: dir, message: 'no sessions section: no record to judge' });
      return;
    }
    const names = context
      .list(dir)
      .filter((entry) => !entry.directory && entry.name.endsWith('.md'))
      .map((entry) => entry.name);
    const owners = new Map<string, string[]>();
    let sound = 0;
    for (const name of names) {
      const path = `${dir}/${name}`;
      const problems: string[] = [];
      const say = (message: string, line?: number): void => {
        problems.push(message);
        context.violation({ subject: path, file: path, ...(line === undefined ? {} : { line }), message });
      };
      let front: Record<string, unknown>;
      let lineOf: (key: string) => number | undefined;
      let document: YamlDocument;
      try {
        document = context.document(path).data;
        const value = document.value;
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          say('the front matter is not a mapping of session/v1 keys (a record is written by majordomus session close, never by hand)');
          continue;
        }
        front = value as Record<string, unknown>;
        lineOf = (key) => document.lines.get(key);
      } catch (error) {
        say(`the record cannot be read: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      for (const problem of checkSchema('session-record', document)) {
        // a missing key has no line of its own (the line of its mapping would point at the record's first line)
        say(sessionMessage(problem, front), problem.keyword === 'required' ? undefined : problem.line);
      }
      for (const [key, value] of Object.entries(front)) {
        for (const item of Array.isArray(value) ? value : [value]) {
          if (typeof item !== 'string') continue;
          const form = absolutePathForm(item);
          if (form)
            say(
              `\`${key}\` holds ${JSON.stringify(item)}, which ${form}: a shared record never carries an absolute path (a path on one machine means nothing on another)`,
              lineOf(key),
            );
        }
      }
      const id = typeof front.session_id === 'string' ? front.session_id : undefined;
      if (id !== undefined) {
        owners.set(id, [...(owners.get(id) ?? []), path]);
        const named = sessionOfName(name);
        if (named !== undefined && named !== id) say(`the file name carries ${named} but \`session_id\` is ${id}`, lineOf('session_id'));
      }
      if (problems.length === 0) sound++;
    }
    for (const [id, paths] of owners) {
      if (paths.length < 2) continue;
      for (const path of paths) {
        context.violation({
          subject: path,
          file: path,
          message: `session ${id} is claimed by ${paths.length} records (${paths.join(', ')}); one episode has one record`,
        });
      }
    }
    if (names.length > 0 && sound === names.length && [...owners.values()].every((paths) => paths.length === 1)) {
      context.ok({ subject: dir, message: `${names.length} record(s), each a valid session/v1 record` });
    } else if (names.length === 0) {
      context.ok({ subject: dir, message: 'no closed session record yet' });
    }
  },
});
