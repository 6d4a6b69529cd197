import { defineValidator } from '../engine/api/validator';
import { recordsModel } from '../engine/state/records/model';

/** The fields without which a decision cannot be traced to the work that made it. */
const TRACED = ['Task', 'Head', 'Why'] as const;

export default defineValidator({
  name: 'decisions',
  description: 'Every entry of the decisions store names its task, the head it was made at and why it was made.',
  gates: ['check', 'doctor', 'watch'],
  run(context) {
    const model = context.model(recordsModel);
    const file = model.decisionsFile;
    const read = model.decisions();
    if (read.status === 'unreadable') {
      context.violation({ subject: file, message: `the decisions store cannot be read: ${read.reason}` });
      return;
    }
    if (read.status === 'absent') {
      context.ok({ subject: file, message: 'no decisions recorded yet' });
      return;
    }
    let lacking = 0;
    for (const entry of read.value) {
      // `-` is what `decision add` writes for a head before the first commit; a task or a reason of `-` says nothing
      const missing = TRACED.filter((name) => {
        const value = entry.fields.get(name)?.value ?? '';
        return value === '' || (value === '-' && name !== 'Head');
      });
      if (missing.length === 0) continue;
      lacking++;
      context.violation({
        subject: file,
        file,
        line: entry.line,
        message: `the decision "${entry.title}" lacks ${missing.join(', ')}; a decision nobody can trace to its task and reason is found by nobody (record it again: majordomus decision add "<what>" --why "<why>")`,
      });
    }
    if (lacking === 0) context.ok({ subject: file, message: `${read.value.length} decision(s), each with its task, head and reason` });
  },
});
