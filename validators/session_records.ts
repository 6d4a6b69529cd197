import type { SchemaProblem, YamlDocument } from '../engine/api/toolkit/index';
import { checkSchema, isUnreadable } from '../engine/api/toolkit/index';
import type { ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import { derivedModel } from '../engine/state/kernel/derived';
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

/**
 * What the rule finds in one record's bytes, as compact as thousands of them kept in the content cache
 * want: the record's `session_id` alone when nothing is wrong with it; otherwise its `session_id` (null
 * without one) and each problem with its line.
 */
type Verdict = string | [id: string | null, problems: [message: string, line: number | null][]];

/**
 * Judge one record from its bytes alone (never its name, so a verdict is kept by the record's content
 * and served again for the same bytes: engine/state/kernel/derived.ts).
 */
function judge(context: ValidatorContext, path: string): Verdict {
  const problems: [string, number | null][] = [];
  const say = (message: string, line?: number): void => {
    problems.push([message, line ?? null]);
  };
  let document: YamlDocument;
  try {
    document = context.document(path).data;
  } catch (error) {
    if (isUnreadable(error)) say(`the record cannot be read: ${error.reason} (${error.fix})`, error.line);
    else say(`the record cannot be read: ${String(error)}`);
    return [null, problems];
  }
  const value = document.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    say('the front matter is not a mapping of session/v1 keys (a record is written by majordomus session close, never by hand)');
    return [null, problems];
  }
  const front = value as Record<string, unknown>;
  for (const problem of checkSchema('session-record', document)) {
    // a missing key has no line of its own (the line of its mapping would point at the record's first line)
    say(sessionMessage(problem, front), problem.keyword === 'required' ? undefined : problem.line);
  }
  for (const [key, item] of Object.entries(front)) {
    for (const entry of Array.isArray(item) ? item : [item]) {
      if (typeof entry !== 'string') continue;
      const form = absolutePathForm(entry);
      if (form)
        say(
          `\`${key}\` holds ${JSON.stringify(entry)}, which ${form}: a shared record never carries an absolute path (a path on one machine means nothing on another)`,
          document.lines.get(key),
        );
    }
  }
  const id = typeof front.session_id === 'string' ? front.session_id : null;
  return id !== null && problems.length === 0 ? id : [id, problems];
}

export default defineValidator({
  name: 'session_records',
  description:
    'Every closed session record is valid session/v1 front matter (share/schemas/session-record.v1.schema.json): known keys only, the required ones present, each of its shape, a known outcome, no absolute path, one record per identity.',
  gates: ['doctor', 'watch'],
  async run(context) {
    const dir = context.layer.section('sessions') ?? `${context.layer.repoDir}/sessions`;
    if (context.kind(dir) !== 'dir') {
      context.ok({ subject: dir, message: 'no sessions section: no record to judge' });
      return;
    }
    const paths = context
      .list(dir)
      .filter((entry) => !entry.directory && entry.name.endsWith('.md'))
      .map((entry) => `${dir}/${entry.name}`);
    // the folder's findings are kept by its records' names and contents, each record's verdict by its
    // content: ten thousand committed records are neither parsed nor judged again (engine/state/kernel/derived.ts)
    const findings = await context.model(derivedModel).summarize(
      'session_records',
      paths,
      (path) => judge(context, path),
      (verdicts) => judgeFolder(context, dir, paths, verdicts),
    );
    for (const [kind, subject, message, line] of findings) {
      if (kind === 'ok') context.ok({ subject, message });
      else context.violation({ subject, file: subject, ...(line === null ? {} : { line }), message });
    }
  },
});

/** A finding of the rule as data (kept for the folder): a violation on a record, or the folder's OK. */
type Finding = [kind: 'violation' | 'ok', subject: string, message: string, line: number | null];

/** What the rule reports on the folder's records, given each one's verdict. */
function judgeFolder(context: ValidatorContext, dir: string, paths: readonly string[], verdicts: ReadonlyMap<string, Verdict>): Finding[] {
  const findings: Finding[] = [];
  // the first record of each session id, and every record of an id claimed more than once
  const first = new Map<string, string>();
  const claimed = new Map<string, string[]>();
  let sound = 0;
  for (const path of paths) {
    const verdict = verdicts.get(path)!;
    const id = typeof verdict === 'string' ? verdict : verdict[0];
    let problems = 0;
    if (typeof verdict !== 'string') {
      for (const [message, line] of verdict[1]) {
        problems++;
        findings.push(['violation', path, message, line]);
      }
    }
    if (id !== null) {
      const earlier = first.get(id);
      if (earlier === undefined) first.set(id, path);
      else claimed.set(id, [...(claimed.get(id) ?? [earlier]), path]);
      const named = namedOtherwise(path.slice(dir.length + 1), id);
      if (named !== undefined) {
        problems++;
        findings.push(['violation', path, `the file name carries ${named} but \`session_id\` is ${id}`, lineOfId(context, path)]);
      }
    }
    if (problems === 0) sound++;
  }
  for (const [id, records] of claimed) {
    for (const path of records) {
      findings.push([
        'violation',
        path,
        `session ${id} is claimed by ${records.length} records (${records.join(', ')}); one episode has one record`,
        null,
      ]);
    }
  }
  if (paths.length > 0 && sound === paths.length && claimed.size === 0) {
    findings.push(['ok', dir, `${paths.length} record(s), each a valid session/v1 record`, null]);
  } else if (paths.length === 0) {
    findings.push(['ok', dir, 'no closed session record yet', null]);
  }
  return findings;
}

/**
 * The session id a record's file name carries when it is not `id`; undefined when it is `id` or the name
 * is not a record's. The name a close writes puts the id after the 16-character timestamp and `--`,
 * so that is looked at first, and the whole name is parsed only when it is not there.
 */
function namedOtherwise(name: string, id: string): string | undefined {
  if (name.startsWith(id, 18) && name.startsWith('--', 18 + id.length)) return undefined;
  const named = sessionOfName(name);
  return named === id ? undefined : named;
}

/** The line of a record's `session_id` (read again: a verdict keeps no lines of a sound record). */
function lineOfId(context: ValidatorContext, path: string): number | null {
  try {
    return context.document(path).data.lines.get('session_id') ?? null;
  } catch {
    return null;
  }
}
