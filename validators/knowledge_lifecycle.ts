import { ledgerModel } from '../engine/ledger/model';
import { globOf, judgeSources, sourcesPath } from '../engine/knowledge/sources';
import { isUnreadable, readPolicy, selectPaths } from '../engine/toolkit/index';
import { defineValidator } from '../engine/validator';

export default defineValidator({
  name: 'knowledge_lifecycle',
  description:
    "While episodes keep closing, what they produce keeps reaching the knowledge index: the newest closed episode's record is discovered by a class of kind session, or it closed within session.freshness.stale_minutes.",
  gates: ['doctor', 'watch'],
  async run(context) {
    const model = context.model(ledgerModel);
    const read = model.read();
    if ('unreadable' in read) {
      context.skip({ subject: model.path, message: 'the ledger cannot be read (the ledger rule names why), so no closed episode can be judged' });
      return;
    }
    const policy = readPolicy(context);
    if (!policy) return;
    const session = (policy.policy as { session?: { knowledge_on_end?: unknown; freshness?: { stale_minutes?: unknown } } }).session;
    if (session?.knowledge_on_end === false) {
      context.skip({ subject: policy.file, message: 'session.knowledge_on_end is false: the policy chose not to carry closed episodes into the knowledge index' });
      return;
    }
    const closes = read.ledger.entries.filter((entry) => entry.event === 'session.closed');
    const newest = closes.at(-1);
    if (newest === undefined) {
      context.ok({ subject: model.path, message: 'no episode has closed on this checkout' });
      return;
    }
    const episode = typeof newest.record.session === 'string' ? newest.record.session : `the episode of line ${newest.line}`;
    const record = newest.record.session_path;
    if (typeof record !== 'string' || record === '') {
      // the ledger rule refuses such a line; there is no record to look for
      context.skip({ subject: model.path, message: `line ${newest.line}, the newest session.closed, names no session_path` });
      return;
    }
    const file = sourcesPath(context.layer);
    let classes: ReturnType<typeof judgeSources>['classes'] | undefined;
    try {
      classes = file === undefined || !context.exists(file) ? undefined : judgeSources(context.yaml(file)).classes;
    } catch (error) {
      if (!isUnreadable(error)) throw error;
      classes = undefined;
    }
    if (classes === undefined) {
      context.skip({ subject: file ?? context.layer.manifestFile, message: 'no usable knowledge sources file (majordomus.knowledge-integrity names why), so nothing discovers closed episodes' });
      return;
    }
    const stale = session?.freshness?.stale_minutes;
    if (typeof stale !== 'number') {
      // the skeleton declares it; policy_defaults names it missing, and no default is guessed here
      context.skip({ subject: policy.file, message: 'the policy sets no session.freshness.stale_minutes, so a close cannot be judged stale (majordomus.policy-defaults names it)' });
      return;
    }
    const minutes = Math.floor((Date.now() - Date.parse(newest.ts)) / 60_000);
    const sessionClasses = classes.filter((source) => source.kind === 'session');
    if (sessionClasses.length === 0) {
      context.violation({ subject: file!, file, message: `episodes keep closing (the newest, ${episode}, at ${newest.ts}) but no class of kind session is declared, so no closed episode is ever discovered; declare one (run: majordomus knowledge sources)` });
      return;
    }
    const files = context.files();
    const found = await selectPaths(files, sessionClasses.map((source) => globOf(source.pathspec)));
    if (found.includes(record)) {
      context.ok({ subject: record, message: `the newest closed episode, ${episode}, is discovered by the knowledge index` });
      return;
    }
    if (minutes < stale) {
      context.ok({ subject: record, message: `${episode} closed ${minutes} minute(s) ago, within session.freshness.stale_minutes (${stale}); its record is not discovered yet` });
      return;
    }
    // looked up in the tracked list, never handed to git: a ledger value is no pathspec
    const why = files.includes(record) ? `no class of kind session matches it (${sessionClasses.map((source) => source.pathspec).join(', ')})` : 'git does not track it';
    context.violation({
      subject: record,
      message: `${episode} closed ${minutes} minute(s) ago, past session.freshness.stale_minutes (${stale}), and its record is not discovered by the knowledge index: ${why} (commit it: git add ${record}; run: majordomus history --event session.closed)`,
    });
  },
});
