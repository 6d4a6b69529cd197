import type { SessionContext } from '../engine/brainstorm/define';
import { defineSessionValidator } from '../engine/brainstorm/define';
import type { Session } from '../engine/brainstorm/session';
import { driftViolation } from '../engine/brainstorm/session';

const FILE = 'forks.md';

export default defineSessionValidator({
  name: 'brainstorm_forks',
  description: "A brainstorm session's forks are unique and well formed, none a decision resolved stays, and none is open at the manifest.",
  checks: {
    shape,
    'resolved-open': resolvedOpen,
    'none-open': noneOpen,
  },
});

/** BS-FORK-01: unique ids, headings and fields in their shape, a `Closes when:` each, a destination for each park. */
function shape(context: SessionContext, { forks }: Session): void {
  if (!forks.present) {
    context.info({ subject: FILE, message: 'there is no forks.md: no fork is open or parked' });
    return;
  }
  for (const drift of forks.drift) context.violation(driftViolation(drift));
  for (const fork of forks.forks) {
    if (!fork.closesWhen) {
      context.violation({ subject: FILE, file: FILE, line: fork.line, message: `${fork.id} has no \`- Closes when: …\`` });
    } else if (fork.closesWhen.value === '') {
      context.violation({ subject: FILE, file: FILE, line: fork.closesWhen.line, message: `${fork.id}'s \`Closes when:\` is empty` });
    }
  }
  context.ok({ subject: FILE, file: FILE, message: `${forks.forks.length} fork(s) checked` });
}

/** BS-FORK-02: a fork a decision resolves has left forks.md; it is not still open there. */
function resolvedOpen(context: SessionContext, { forks, ledger }: Session): void {
  const open = new Map(forks.forks.filter((fork) => fork.state === 'open').map((fork) => [fork.id, fork]));
  for (const decision of ledger.decisions) {
    for (const id of decision.resolves) {
      const fork = open.get(id);
      if (!fork) continue;
      context.violation({
        subject: FILE,
        file: FILE,
        line: fork.line,
        message: `${id} is still open, but ${decision.id} (ledger.md:${decision.line}) resolves it; a fork a decision resolves leaves the file`,
      });
    }
  }
  context.ok({ subject: FILE, file: FILE, message: `${open.size} open fork(s) checked against ${ledger.decisions.length} decision(s)` });
}

/** BS-FORK-03: no fork is open when the manifest is due: each is parked or resolved by a decision. */
function noneOpen(context: SessionContext, { forks }: Session): void {
  for (const fork of forks.forks) {
    if (fork.state === 'open') {
      context.violation({
        subject: FILE,
        file: FILE,
        line: fork.line,
        message: `${fork.id} is open; before the manifest each fork is parked with a destination or resolved by a decision`,
      });
    }
  }
  context.ok({ subject: FILE, file: FILE, message: `${forks.forks.length} fork(s) checked` });
}
