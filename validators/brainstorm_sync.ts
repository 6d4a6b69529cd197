import type { SessionContext } from '../engine/brainstorm/define';
import { defineSessionValidator } from '../engine/brainstorm/define';
import type { Session, SyncResult } from '../engine/brainstorm/session';
import { driftViolation } from '../engine/brainstorm/session';

const LOG = 'ops/sync-log.md';

export default defineSessionValidator({
  name: 'brainstorm_sync',
  description:
    "A brainstorm session's sync log pairs every dispatch but the newest with a result, and every twin attribution cites a reconciled sync.",
  checks: {
    results,
    attributions,
  },
});

/** BS-SYNC-01: the log's lines keep their shapes; each dispatch but the newest has one result, each result a dispatch. */
function results(context: SessionContext, { sync }: Session): void {
  if (!sync.present) {
    context.info({ subject: LOG, message: 'there is no ops/sync-log.md: nothing was dispatched' });
    return;
  }
  for (const drift of sync.drift) context.violation(driftViolation(drift));
  const dispatched = new Set(sync.dispatches.map((dispatch) => dispatch.id));
  const byId = new Map<string, SyncResult>();
  for (const result of sync.results) {
    const first = byId.get(result.id);
    if (!dispatched.has(result.id)) {
      context.violation({ subject: LOG, file: LOG, line: result.line, message: `a result for ${result.id}, which was never dispatched` });
    } else if (first) {
      context.violation({
        subject: LOG,
        file: LOG,
        line: result.line,
        message: `a second result for ${result.id} (the first is at line ${first.line}); a dispatch has one result`,
      });
    }
    if (!first) byId.set(result.id, result);
  }
  const newest = sync.dispatches.reduce<number>((max, dispatch) => Math.max(max, Number(dispatch.id.slice(1))), 0);
  for (const dispatch of sync.dispatches) {
    if (Number(dispatch.id.slice(1)) === newest || byId.has(dispatch.id)) continue;
    context.violation({
      subject: LOG,
      file: LOG,
      line: dispatch.line,
      message: `${dispatch.id} has no result line (\`${dispatch.id} → reconciled | …\` or \`${dispatch.id} → failed | …\`); only the newest dispatch, S${newest}, may still wait for one`,
    });
  }
  context.ok({ subject: LOG, file: LOG, message: `${sync.dispatches.length} dispatch(es) and ${sync.results.length} result(s) checked` });
}

/** BS-SYNC-02: every `Raised by: twin (S<n>)` cites a sync whose result is `reconciled`. */
function attributions(context: SessionContext, { forks, sync }: Session): void {
  let checked = 0;
  for (const fork of forks.forks) {
    const cited = fork.raisedBy?.sync;
    if (!cited) continue;
    checked++;
    const outcomes = sync.results.filter((result) => result.id === cited);
    if (outcomes.some((result) => result.outcome === 'reconciled')) continue;
    const why = outcomes.some((result) => result.outcome === 'failed')
      ? `${cited} failed`
      : sync.dispatches.some((dispatch) => dispatch.id === cited)
        ? `${cited} has no result yet`
        : `${cited} was never dispatched`;
    context.violation({
      subject: 'forks.md',
      file: 'forks.md',
      line: fork.raisedBy!.line,
      message: `${fork.id} is raised by twin (${cited}), but ${why}: a twin attribution cites a sync that reconciled`,
    });
  }
  context.ok({ subject: 'forks.md', file: 'forks.md', message: `${checked} twin attribution(s) checked` });
}
