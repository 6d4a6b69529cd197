import { defineValidator } from '../engine/api/validator';
import { ledgerModel } from '../engine/state/ledger/model';
import { recordsModel } from '../engine/state/records/model';
import type { RecordKind } from '../engine/state/records/record';
import { ledgerOrder, resolveRecord } from '../engine/state/records/resolver';

const KINDS: readonly RecordKind[] = ['handover', 'checkpoint'];

export default defineValidator({
  name: 'resolver',
  description:
    'Every checkpoint and handover reads as a record, and the handover for this worktree and branch resolves — or is cleanly absent.',
  gates: ['doctor', 'watch'],
  run(context) {
    const model = context.model(recordsModel);
    let sound = true;
    for (const kind of KINDS) {
      const read = model.records(kind);
      if (read.status === 'unreadable') {
        sound = false;
        context.violation({ subject: model.dir(kind), message: `the ${kind} records cannot be read: ${read.reason}` });
        continue;
      }
      // the resolver skips what it cannot read; the gate is where the skip is seen
      for (const problem of read.problems) {
        sound = false;
        context.violation({
          subject: problem.path,
          file: problem.path,
          line: problem.line,
          message: `not a ${kind} record the resolver can read, so it is passed over: ${problem.message}`,
        });
      }
    }
    const handovers = model.records('handover');
    if (handovers.status !== 'present') return;
    const here = context.disk.realpath(context.target);
    // a record names its worktree as git gave it; compare real paths, so a link on the way does not hide it
    const records = handovers.records.map((record) =>
      record.worktree !== here && context.disk.realpath(record.worktree) === here ? { ...record, worktree: here } : record,
    );
    // an unreadable ledger orders nothing; the ledger's own rule reports it
    const ledger = context.model(ledgerModel).read();
    const resolved = resolveRecord(
      records,
      { worktree: here, branch: context.git.branch() ?? '' },
      'ledger' in ledger ? ledgerOrder(ledger.ledger.entries) : new Map(),
    );
    const dir = model.dir('handover');
    if (!resolved) {
      if (sound) context.ok({ subject: dir, message: 'no handover for this worktree or its branch (a clean absence)' });
      return;
    }
    const { record } = resolved;
    if (record.head !== '' && model.contains(record.head) !== 'yes') {
      context.info({
        subject: record.path,
        file: record.path,
        message: `the handover for this ${resolved.match === 'branch' ? 'branch' : 'worktree and branch'} was written at ${record.head.slice(0, 12)}, which the history of HEAD no longer holds (rewritten or reset): it describes work this checkout does not have (write a new one: majordomus handover < handover.md)`,
      });
    }
    if (sound)
      context.ok({
        subject: dir,
        message: `resolves ${record.path} (${resolved.match === 'branch' ? `this branch, in ${record.worktree}` : 'this worktree and branch'})`,
      });
  },
});
