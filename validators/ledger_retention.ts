import { readPolicy } from '../engine/api/toolkit/index';
import { defineValidator } from '../engine/api/validator';
import { ledgerModel } from '../engine/state/ledger/model';

/** The policy key that caps the ledger, and the command that brings it back under the cap. */
const KEY = 'ledger.retention_max_lines';
const ROTATE = 'majordomus history --rotate';

/**
 * The ledger's size against its cap. Its rule is advisory: the ledger grows with every command, so
 * its size must never refuse a commit; over the cap is a word naming the command that archives the
 * oldest lines (never deletes them). Checkpoints and handovers keep their blocking caps (`retention`).
 */
export default defineValidator({
  name: 'ledger_retention',
  description: `The ledger stays within \`${KEY}\` lines; over it, \`${ROTATE}\` moves the oldest lines into an archive.`,
  gates: ['doctor', 'watch'],
  run(context) {
    const read = readPolicy(context);
    if (!read) return;
    const { file: policyFile, policy, lines } = read;
    // read defensively: the policy's shape is the policy rule's to judge
    const section: unknown = policy?.ledger;
    const limit = section !== null && typeof section === 'object' ? (section as Record<string, unknown>).retention_max_lines : undefined;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
      context.violation({
        subject: policyFile,
        file: policyFile,
        line: lines.get(KEY) ?? lines.get('ledger'),
        message: `the retention key \`${KEY}\` is ${limit === undefined ? 'missing' : `not a positive count (${JSON.stringify(limit)})`}; set it to the number of ledger lines to keep`,
      });
      return;
    }
    const model = context.model(ledgerModel);
    const result = model.read();
    // a ledger that cannot be read counts as empty: the ledger rule reports it
    const count = 'unreadable' in result ? 0 : result.ledger.lines + (result.ledger.torn ? 1 : 0);
    if (count > limit) {
      context.violation({
        subject: model.path,
        message: `${count} ledger lines, over the cap of ${limit} (\`${KEY}\`): run ${ROTATE}, which moves the oldest ${count - limit + 1} into an archive beside the ledger and deletes nothing`,
        // the ledger's own archiver (never deleting) is the tool's: doctor --fix runs it
        fix: ['history', '--rotate'],
      });
      return;
    }
    context.ok({ subject: model.path, message: `${count}/${limit} ledger lines` });
  },
});
