import { defineValidator } from '../engine/api/validator';
import { ledgerModel } from '../engine/state/ledger/model';
import { ledgerProblems } from '../engine/state/ledger/problems';

/** Problems reported one by one; past this many, the rest are counted in one finding. */
const LISTED = 50;

export default defineValidator({
  name: 'ledger',
  description:
    'Every line of the ledger is a JSON object with a string ts and event naming an event of the vocabulary, and the ledger does not end in a torn line.',
  gates: ['check', 'doctor', 'watch'],
  run(context) {
    const model = context.model(ledgerModel);
    const read = model.read();
    if ('unreadable' in read) {
      context.violation({ subject: model.path, message: `the ledger cannot be read: ${read.unreadable}` });
      return;
    }
    const { ledger } = read;
    // the same list `history --validate` prints, so the command and the gate never disagree
    const problems = ledgerProblems(ledger);
    for (const problem of problems.slice(0, LISTED)) {
      context.violation({ subject: model.path, file: model.path, line: problem.line, message: problem.message });
    }
    if (problems.length > LISTED) {
      context.violation({
        subject: model.path,
        file: model.path,
        message: `${problems.length - LISTED} more problem(s) past line ${problems[LISTED - 1]!.line} (run: majordomus history --validate)`,
      });
    }
    if (problems.length === 0) {
      context.ok({
        subject: model.path,
        message: ledger.exists ? `${ledger.lines} line(s), every one an event of the vocabulary` : 'no ledger yet',
      });
    }
  },
});
