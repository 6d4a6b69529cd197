import { defineValidator } from '../engine/api/validator';

/**
 * A closed session record git does not track is shared with nobody: the decision of how loud that is
 * belongs to the rule (majordomus.session-records-shared, advisory, so a violation is a WARN), and the
 * gate it runs under is doctor only — a record not yet committed is the normal state between
 * `session close` and the next commit, and must not turn `watch` (drift) or a hook red.
 */
export default defineValidator({
  name: 'session_records_shared',
  description: 'Every closed session record in the sessions section is tracked by git, so it reaches the people who clone the repository.',
  gates: ['doctor'],
  run(context) {
    const dir = context.layer.section('sessions') ?? `${context.layer.repoDir}/sessions`;
    if (context.kind(dir) !== 'dir') {
      context.ok({ subject: dir, message: 'no sessions section: no record to share' });
      return;
    }
    const names: string[] = [];
    const entries = context.list(dir);
    for (let at = 0; at < entries.length; at++) {
      const entry = entries[at]!;
      if (!entry.directory && entry.name.endsWith('.md')) names.push(entry.name);
    }
    // in the index (a pre-commit hook) every record listed is a staged file, which git tracks
    const untracked = context.tree === 'index' ? [] : notTracked(dir, names, context.git.tracked(dir));
    for (const path of untracked) {
      context.violation({
        subject: path,
        file: path,
        message: `git does not track this session record, so it is shared with nobody (commit it: git add -- ${path})`,
      });
    }
    if (untracked.length === 0)
      context.ok({
        subject: dir,
        message: names.length === 0 ? 'no closed session record yet' : `${names.length} record(s), each tracked by git`,
      });
  },
});

/** The paths of `names` in `dir` that are not among `tracked`. */
export function notTracked(dir: string, names: readonly string[], tracked: readonly string[]): string[] {
  // the names git tracks directly in `dir`, cut from its paths: the names listed are looked up as they
  // are, not joined to the folder ten thousand times
  const start = dir.length + 1;
  // most often the names are exactly the tracked records, in the same order: one pass says so (a
  // tracked file that is not a record, the folder's .gitkeep, is passed as the names leave it out)
  let at = 0;
  let same = true;
  for (let next = 0; next < tracked.length; next++) {
    const path = tracked[next]!;
    if (path.indexOf('/', start) !== -1 || !path.endsWith('.md')) continue;
    const name = names[at++];
    if (name === undefined || path.length !== start + name.length || !path.endsWith(name)) {
      same = false;
      break;
    }
  }
  if (same && at === names.length) return [];
  const known = new Set<string>();
  for (const path of tracked) if (path.indexOf('/', start) === -1) known.add(path.slice(start));
  const untracked: string[] = [];
  for (const name of names) if (!known.has(name)) untracked.push(`${dir}/${name}`);
  return untracked.sort();
}
