import { readPolicy } from '../engine/api/toolkit/index';
import { defineValidator } from '../engine/api/validator';
import { ledgerModel } from '../engine/state/ledger/model';

export default defineValidator({
  name: 'knowledge_lifecycle',
  description:
    'While episodes keep closing, their knowledge keeps being derived: the newest session.closed line names an episode a knowledge.derived line names, or it closed within session.freshness.stale_minutes.',
  gates: ['doctor', 'watch'],
  run(context) {
    const model = context.model(ledgerModel);
    const read = model.read();
    if ('unreadable' in read) {
      context.skip({
        subject: model.path,
        message: 'the ledger cannot be read (the ledger rule names why), so no closed episode can be judged',
      });
      return;
    }
    const policy = readPolicy(context);
    if (!policy) return;
    const session = (policy.policy as { session?: { knowledge_on_end?: unknown; freshness?: { stale_minutes?: unknown } } }).session;
    if (session?.knowledge_on_end === false) {
      context.skip({
        subject: policy.file,
        message: 'session.knowledge_on_end is false: the policy chose not to derive knowledge when an episode closes',
      });
      return;
    }
    const entries = read.ledger.entries;
    let newest: (typeof entries)[number] | undefined;
    const derived = new Set<string>();
    for (const entry of entries) {
      if (entry.event === 'session.closed') newest = entry;
      else if (entry.event === 'knowledge.derived' && typeof entry.record.episode === 'string') derived.add(entry.record.episode);
    }
    if (newest === undefined) {
      context.ok({ subject: model.path, message: 'no episode has closed on this checkout' });
      return;
    }
    if (!entries.some((entry) => entry.event === 'knowledge.derived')) {
      // a checkout from before the deriver has closed episodes and no derivation: red everywhere at once
      // is read by nobody, so the judgement starts with the first derivation here
      context.skip({
        subject: model.path,
        message:
          'no knowledge.derived line is in the ledger yet, so whether derivation follows the closes is not judged until the first one (run: majordomus knowledge derive)',
      });
      return;
    }
    const episode = typeof newest.record.session === 'string' ? newest.record.session : undefined;
    if (episode === undefined) {
      // the ledger rule refuses such a line; there is no episode to look for
      context.skip({ subject: model.path, message: `line ${newest.line}, the newest session.closed, carries no session stamp` });
      return;
    }
    if (derived.has(episode)) {
      context.ok({ subject: episode, message: `the newest closed episode, ${episode}, has had its knowledge derived` });
      return;
    }
    const stale = session?.freshness?.stale_minutes;
    if (typeof stale !== 'number') {
      // the skeleton declares it; policy_defaults names it missing, and no default is guessed here
      context.skip({
        subject: policy.file,
        message:
          'the policy sets no session.freshness.stale_minutes, so a close cannot be judged stale (majordomus.policy-defaults names it)',
      });
      return;
    }
    const minutes = Math.floor((Date.now() - Date.parse(newest.ts)) / 60_000);
    if (minutes < stale) {
      context.ok({
        subject: episode,
        message: `${episode} closed ${minutes} minute(s) ago, within session.freshness.stale_minutes (${stale}); its knowledge is not derived yet`,
      });
      return;
    }
    context.violation({
      subject: episode,
      file: model.path,
      line: newest.line,
      message: `${episode} closed ${minutes} minute(s) ago, past session.freshness.stale_minutes (${stale}), and no knowledge.derived line names it: the knowledge step of the close did not run or failed (fix: majordomus knowledge derive --episode ${episode})`,
      reproduce: 'majordomus history --event knowledge.derived',
    });
  },
});
