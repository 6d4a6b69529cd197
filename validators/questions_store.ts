import { defineValidator } from '../engine/api/validator';
import { recordsModel } from '../engine/state/records/model';

export default defineValidator({
  name: 'questions_store',
  description: 'Every `- [` line of the questions store is an open or a resolved question in the exact shape the store defines.',
  gates: ['doctor', 'watch'],
  run(context) {
    const model = context.model(recordsModel);
    const file = model.questionsFile;
    const read = model.questions();
    if (read.status === 'unreadable') {
      context.violation({ subject: file, message: `the questions store cannot be read: ${read.reason}` });
      return;
    }
    if (read.status === 'absent') {
      context.ok({ subject: file, message: 'no questions recorded yet' });
      return;
    }
    // a line nobody can read could be an open question, and an open question blocks completion
    for (const bad of read.value.malformed) {
      context.violation({
        subject: file,
        file,
        line: bad.line,
        message:
          'this line opens like a question (`- [`) but is neither `- [unresolved] <task> — <question> (<date>)` nor `- [resolved <date>] <task> — <question> — <answer>`; the blocker gate cannot read it (fix its shape, or record it again: majordomus question add "<question>")',
      });
    }
    if (read.value.malformed.length === 0) {
      const open = read.value.entries.filter((entry) => !entry.resolved).length;
      context.ok({ subject: file, message: `${read.value.entries.length} question(s), ${open} unresolved, every one readable` });
    }
  },
});
