/**
 * telemetry (rule majordomus.telemetry-integrity): each telemetry record under
 * `<local>/state/telemetry/` keeps the three promises that make its numbers trustworthy — every fact
 * names its reporter, every fact is exactly one of a value or a stated absence with its reason, and all
 * eight facts are there with nothing derived beside them (the schema's closed `facts` mapping refuses a
 * total or a ratio). The records are local state, read from the disk; a checkout without the folder
 * has nothing to judge.
 */

import { isUnreadable } from '../engine/api/toolkit/documents';
import type { FolderEntry, ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import { DocumentError } from '../engine/io/document-error';
import { checkSchema, lineOf } from '../engine/layer/schema-check';
import type { YamlDocument } from '../engine/layer/yaml';
import { parseYaml } from '../engine/layer/yaml';
import { stateDir } from '../engine/state/tasks/current';

/** A record's name: the task's id, `.yaml`. */
const RECORD_NAME = /^(t-[0-9]{8}-?[0-9]{6}-[0-9a-f]{4})\.yaml$/;

export default defineValidator({
  name: 'telemetry',
  description:
    'Every telemetry record names a reporter for each of its eight facts, each a value or a reasoned absence, and stores nothing derived.',
  gates: ['doctor', 'watch'],
  run(context) {
    const dir = `${stateDir(context.layer.localDir)}/telemetry`;
    const abs = `${context.git.root}/${dir}`;
    const kind = context.disk.kind(abs);
    if (kind === 'absent') {
      context.ok({ subject: dir, message: 'no telemetry records: nothing has reported usage here' });
      return;
    }
    if (kind !== 'dir') {
      context.violation({ subject: dir, message: `${dir} is not a folder; telemetry records are files inside it (move it aside)` });
      return;
    }
    const outside = leadsOutside(context, abs);
    if (outside) {
      context.violation({
        subject: dir,
        message: `${dir} leads outside the repository (to ${outside}); it is not read (replace the link with the folder itself)`,
      });
      return;
    }
    let entries: readonly FolderEntry[];
    try {
      entries = context.disk.list(abs);
    } catch (error) {
      if (!isUnreadable(error)) throw error;
      context.violation({ subject: dir, message: `${dir} cannot be listed: ${error.reason} (${error.fix})` });
      return;
    }
    let judged = 0;
    for (const entry of entries) {
      if (entry.directory || entry.name.startsWith('.') || !entry.name.endsWith('.yaml')) continue;
      judged++;
      judge(context, `${dir}/${entry.name}`, RECORD_NAME.exec(entry.name)?.[1]);
    }
    if (judged === 0) context.ok({ subject: dir, message: 'no telemetry records' });
  },
});

/** One record; `id` is the task id its name gives, undefined when the name is not a task's. */
function judge(context: ValidatorContext, file: string, id: string | undefined): void {
  const outside = leadsOutside(context, `${context.git.root}/${file}`);
  if (outside) {
    context.violation({
      subject: file,
      message: `${file} leads outside the repository (to ${outside}); it is not read (replace the link with the record itself)`,
    });
    return;
  }
  let text: string;
  try {
    text = context.disk.read(`${context.git.root}/${file}`);
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    context.violation({ subject: file, message: `${error.reason} (${error.fix})` });
    return;
  }
  let doc: YamlDocument;
  try {
    doc = parseYaml(text, file);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    context.violation({ subject: file, file, ...(error.line ? { line: error.line } : {}), message: `${error.reason} (${error.fix})` });
    return;
  }
  let wrong = 0;
  const report = (line: number | undefined, message: string): void => {
    wrong++;
    context.violation({ subject: file, file, ...(line ? { line } : {}), message });
  };
  if (id === undefined)
    report(undefined, `the file is not named after a task (<task id>.yaml); rename it after the task its facts are about`);
  for (const problem of checkSchema('telemetry', doc)) report(problem.line, problem.message);
  const value = doc.value as { task_id?: unknown; facts?: unknown } | null;
  if (id !== undefined && typeof value?.task_id === 'string' && value.task_id !== id) {
    report(
      lineOf(doc, 'task_id'),
      `task_id ${value.task_id} is not the task the file is named after (${id}); a record is about the task it is filed under`,
    );
  }
  const facts = value?.facts;
  if (facts !== null && typeof facts === 'object' && !Array.isArray(facts)) {
    for (const [name, fact] of Object.entries(facts as Record<string, unknown>)) {
      if (fact === null || typeof fact !== 'object' || Array.isArray(fact)) continue;
      const has = (key: string): boolean => Object.hasOwn(fact, key);
      if (has('value') === has('not_reported')) {
        report(
          lineOf(doc, `facts.${name}`),
          has('value')
            ? `fact ${name} carries both value and not_reported; it is one or the other (keep the value, or the reason there is none)`
            : `fact ${name} carries neither value nor not_reported; an absent value is stated with its reason (not_reported: "<why>")`,
        );
      }
    }
  }
  if (wrong === 0) context.ok({ subject: file, message: 'eight facts, each reported or its absence explained, each with its reporter' });
}

/** Where `abs` really is when a link takes it outside the repository; undefined when it stays inside. */
function leadsOutside(context: ValidatorContext, abs: string): string | undefined {
  const root = context.disk.realpath(context.git.root);
  const real = context.disk.realpath(abs);
  return real === root || real.startsWith(`${root}/`) ? undefined : real;
}
