import { dirname, join, relative, resolve, sep } from 'node:path';
import { isUnreadable, printable, unsafePathReason } from '../engine/api/toolkit/index';
import type { DiskReader } from '../engine/api/validator';
import type { SessionContext } from '../engine/brainstorm/define';
import { defineSessionValidator } from '../engine/brainstorm/define';
import type { ManifestRow, Session } from '../engine/brainstorm/session';
import { driftViolation, isInside } from '../engine/brainstorm/session';

const FILE = 'ops/manifest.md';
/** A destination larger than this is not scanned for links (it is reported, not read). */
const MAX_DESTINATION_BYTES = 4 * 1024 * 1024;

export default defineSessionValidator({
  name: 'brainstorm_manifest',
  description:
    "A brainstorm session's harvest manifest has a row for every parked fork and fragment, destinations that exist outside the session, and a passing uselessness test once applied.",
  checks: {
    rows,
    destinations,
    uselessness,
  },
});

/** BS-MANIFEST-01: the manifest is there, in its shape, with a row naming every parked fork and every fragment. */
function rows(context: SessionContext, { manifest, forks, fragments }: Session): void {
  const report = (message: string, line?: number): void => context.violation({ subject: FILE, file: FILE, line, message });
  if (!manifest.present) {
    report('there is no ops/manifest.md; the twin writes the harvest manifest at stop');
    return;
  }
  for (const drift of manifest.drift) context.violation(driftViolation(drift));
  if (!manifest.title) report('the manifest has no title `# Harvest manifest — {topic}`');
  if (!manifest.round) report('the manifest has no `Round: <n>`');
  if (!manifest.status) report('the manifest has no `Status: proposed|approved|applied`');
  if (!manifest.table) report(`the manifest has no table \`| # | What | Source | Destination | Action |\``);
  const named = (token: (word: string) => boolean): boolean =>
    manifest.rows.some((row) => words(row.what).some(token) || words(row.source).some(token));
  for (const fork of forks.forks) {
    if (fork.state !== 'parked' || named((word) => word === fork.id)) continue;
    report(`the parked fork ${fork.id} (forks.md:${fork.line}) appears in no row's What or Source`);
  }
  for (const name of fragments) {
    const stem = name.replace(/\.md$/, '');
    if (named((word) => word === name || word === stem)) continue;
    report(`the fragment fragments/${name} appears in no row's What or Source`);
  }
  context.ok({ subject: FILE, file: FILE, message: `${manifest.rows.length} row(s) checked` });
}

/** The words of a cell, a path's `fragments/` and a ref's `fragment:` prefix dropped, closing dots trimmed. */
function words(cell: string): string[] {
  return cell
    .split(/[^A-Za-z0-9_./:-]+/)
    .map((word) => word.replace(/^(?:fragments\/|fragment:)/, '').replace(/\.+$/, ''))
    .filter((word) => word !== '');
}

/**
 * BS-HARVEST-01: every destination is a repository-relative path that exists, outside the session folder,
 * and links nowhere into it (the folder moves to history at the harvest, so such a link would break).
 */
function destinations(context: SessionContext, session: Session): void {
  const { manifest } = session;
  if (!manifest.present) {
    context.skip({ subject: FILE, message: 'there is no ops/manifest.md, so no destination to check (BS-MANIFEST-01 reports it)' });
    return;
  }
  const root = session.repositoryRoot();
  const folder = session.realFolder();
  const seen = new Set<string>();
  for (const row of manifest.rows) {
    const destination = row.destination;
    if (destination === '' || seen.has(destination)) continue;
    seen.add(destination);
    const report = (message: string): void =>
      context.violation({
        subject: FILE,
        file: FILE,
        line: row.line,
        message: `row ${row.number}'s destination ${printable(destination, 100)} ${message}`,
      });
    const unsafe = unsafePathReason(destination);
    if (unsafe) {
      report(`${unsafe}: destinations are repository-relative paths`);
      continue;
    }
    const path = resolve(root, destination);
    if (isInside(path, folder)) {
      report('lies inside the session folder, which moves to history at the harvest');
      continue;
    }
    const kind = context.disk.kind(path);
    if (kind === 'absent') {
      report(`is missing (looked for ${path})`);
      continue;
    }
    if (kind !== 'dir') linksInto(context.disk, row, path, session, root, folder, report);
  }
  context.ok({ subject: FILE, file: FILE, message: `${seen.size} destination(s) checked against ${root}` });
}

/** Report each line of the destination file that links into the session folder. */
function linksInto(
  disk: DiskReader,
  row: ManifestRow,
  path: string,
  session: Session,
  root: string,
  folder: string,
  report: (message: string) => void,
): void {
  let text: string;
  try {
    text = disk.read(path, { maxBytes: MAX_DESTINATION_BYTES });
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    report(`cannot be read to check its links: it ${error.reason}`);
    return;
  }
  const folderFromRoot = relative(root, folder).split(sep).join('/');
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const hits = new Set<string>();
    for (const target of linkTargets(line)) {
      const clean = target.replace(/[?#].*$/, '');
      if (clean === '' || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(clean)) continue;
      let decoded = clean;
      try {
        decoded = decodeURI(clean);
      } catch {
        // a malformed escape is taken literally
      }
      const resolved = decoded.startsWith('/') ? join(root, decoded) : resolve(dirname(path), decoded);
      if (isInside(resolved, folder) || isInside(resolved, session.folder)) hits.add(target);
    }
    // a plain mention of the folder's path is a link a reader follows by hand
    if (folderFromRoot !== '' && !folderFromRoot.startsWith('..') && mentions(line, folderFromRoot)) hits.add(folderFromRoot);
    if (hits.size > 0) {
      report(
        `links into the session folder at ${row.destination}:${index + 1} (${[...hits].map((hit) => `\`${printable(hit, 80)}\``).join(', ')}); the folder moves to history at the harvest, so the link would break`,
      );
    }
  });
}

/** The targets of Markdown inline links and images, reference definitions, and HTML href/src attributes. */
function linkTargets(line: string): string[] {
  const out: string[] = [];
  for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g)) out.push(match[1]!);
  const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line);
  if (definition) out.push(definition[1]!);
  for (const match of line.matchAll(/\b(?:href|src)\s*=\s*["']([^"']+)["']/gi)) out.push(match[1]!);
  return out;
}

/** True when `line` names `path` as a path of its own (not as part of a longer name). */
function mentions(line: string, path: string): boolean {
  let from = 0;
  for (;;) {
    const at = line.indexOf(path, from);
    if (at === -1) return false;
    const before = at === 0 ? '' : line[at - 1]!;
    const after = line[at + path.length] ?? '';
    if (!/[A-Za-z0-9_.-]/.test(before) && !/[A-Za-z0-9_-]/.test(after)) return true;
    from = at + 1;
  }
}

/** BS-USELESS-01: the manifest is `applied`, and its uselessness test passed with `Gaps: none`. */
function uselessness(context: SessionContext, { manifest }: Session): void {
  const report = (message: string, line?: number): void => context.violation({ subject: FILE, file: FILE, line, message });
  if (!manifest.present) {
    report('there is no ops/manifest.md, so no uselessness test and no applied harvest');
    return;
  }
  for (const drift of manifest.uselessnessDrift) context.violation(driftViolation(drift));
  const drifted = new Set(manifest.uselessnessDrift.map((drift) => drift.line));
  if (!manifest.status) report('the manifest has no Status, so it is not `applied`');
  else if (manifest.status.value !== 'applied')
    report(`the manifest's Status is \`${printable(manifest.status.value, 40)}\`, not \`applied\``, manifest.status.line);
  const test = manifest.uselessness;
  if (!test) {
    report('the manifest has no `## Uselessness test`');
    return;
  }
  const { Result: result, Gaps: gaps } = test.fields;
  if (!result) report('the uselessness test has no `- Result: pass|fail`', test.line);
  else if (result.value !== 'pass' && !drifted.has(result.line))
    report(`the uselessness test's Result is \`${printable(result.value, 40)}\`, not \`pass\``, result.line);
  if (!test.fields['Cold-reader allowed paths']) report('the uselessness test has no `- Cold-reader allowed paths: …`', test.line);
  if (!gaps) report('the uselessness test has no `- Gaps: none`', test.line);
  else if (gaps.value !== 'none' && !drifted.has(gaps.line))
    report(`the uselessness test leaves gaps (\`${printable(gaps.value, 80)}\`); a passing test has \`Gaps: none\``, gaps.line);
  context.ok({ subject: FILE, file: FILE, message: 'status and uselessness test checked' });
}
