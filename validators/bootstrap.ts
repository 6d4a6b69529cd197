/**
 * bootstrap (rule majordomus.bootstrap-integrity): the generated instruction files stay bootstraps —
 * thin pointers into the layer, never a second copy of it. Exactly one projection is always loaded;
 * every target names `.ai/README.md`; no target carries the rules themselves (the statement of a rule
 * in force, quoted); and every relative link in the generated text resolves. A region-mode target is
 * judged on its region alone: the text around it is the repository's. The always-loaded projection's
 * line budget is majordomus.context-budget's (validator `budget`).
 */
import { posix } from 'node:path';
import { isUnreadable } from '../engine/api/toolkit/index';
import type { ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import { generatedPart } from '../engine/projections/inspect';
import { validatorProjectionSource } from '../engine/projections/open';
import type { ProjectionEntry } from '../engine/projections/source';
import { projectionEntries } from '../engine/projections/source';

/** A rule statement shorter than this is too generic to count as quoted. */
const MIN_STATEMENT = 40;

export default defineValidator({
  name: 'bootstrap',
  description:
    'Every projection points at .ai/README.md, carries no rule corpus, links only to what exists, and exactly one is always loaded.',
  gates: ['doctor', 'watch'],
  run(context) {
    const source = validatorProjectionSource(context);
    const policyFile = context.layer.policyFile;
    if (!source) {
      context.skip({ subject: policyFile, message: 'the policy does not read (the policy rule names why)' });
      return;
    }
    const entries = projectionEntries(source);
    if (entries.length === 0) {
      context.ok({ subject: policyFile, message: 'the policy declares no projections' });
      return;
    }
    const always = entries.filter((entry) => entry.alwaysLoaded);
    if (always.length !== 1) {
      context.violation({
        subject: policyFile,
        file: policyFile,
        line: source.policyLines.get('projections'),
        message:
          always.length === 0
            ? 'no projection is always_loaded: exactly one is the file every conversation starts from (set always_loaded: true on it)'
            : `${always.length} projections are always_loaded (${always.map((entry) => entry.target).join(', ')}): exactly one is`,
      });
    }
    let checked = 0;
    const targets = entries.filter((entry) => !entry.problem && context.kind(entry.target) === 'file');
    // every target read in one go where the tree can (the index: one git process, not one a file)
    context.prefetch(targets.map((entry) => entry.target));
    for (const entry of targets) {
      const text = generatedText(context, entry);
      if (text === undefined) continue;
      if (text === FOREIGN) {
        context.info({
          subject: entry.target,
          message: `${entry.target} is the repository's own file (no stamp of majordomus update): not judged as a bootstrap, and it does not point readers at .ai/README.md (add the generated region and keep its text: majordomus update --adopt ${entry.target})`,
        });
        continue;
      }
      checked++;
      judge(context, entry, text);
    }
    context.ok({ subject: policyFile, message: `${checked} projection target(s) checked as bootstraps` });
  },
});

/** A file-mode target majordomus did not write. */
const FOREIGN = Symbol('foreign');

/**
 * What the tool generated in a target: the whole stamped file, or the region of a region-mode target;
 * FOREIGN for a file it did not write, undefined for a region not written yet or a file that does not read.
 */
function generatedText(context: ValidatorContext, entry: ProjectionEntry): string | typeof FOREIGN | undefined {
  let text: string;
  try {
    text = context.read(entry.target);
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    return undefined; // the projection rule reports a target that does not read
  }
  const generated = generatedPart(entry, text);
  if (generated === undefined && entry.mode === 'file') return FOREIGN;
  return generated;
}

function judge(context: ValidatorContext, entry: ProjectionEntry, text: string): void {
  const target = entry.target;
  if (!text.includes('.ai/README.md'))
    context.violation({
      subject: target,
      message: `${target} never names .ai/README.md, where a reader of it finds the layer (generate it with: majordomus update)`,
    });
  const quoted = context.rules.rules.filter((rule) => rule.statement.length >= MIN_STATEMENT && text.includes(rule.statement));
  if (quoted.length > 0)
    context.violation({
      subject: target,
      message: `${target} carries the statement of ${quoted.length} rule(s) (${quoted
        .slice(0, 3)
        .map((rule) => rule.id)
        .join(', ')}${quoted.length > 3 ? ', …' : ''}): a bootstrap points at the rules and never copies them (link to .ai/ instead)`,
    });
  const folder = posix.dirname(target) === '.' ? '' : posix.dirname(target);
  for (const link of links(text)) {
    const path = posix.normalize(posix.join(folder, link));
    if (path.startsWith('../') || path === '..')
      context.violation({ subject: target, message: `${target} links to ${link}, outside the repository` });
    else if (!context.exists(path.replace(/\/$/, '') || '.'))
      context.violation({
        subject: target,
        message: `${target} links to ${link}, and ${path} does not exist (fix the link, or the document it names)`,
      });
  }
}

/** The relative targets of the Markdown links in `text` (no URL, no bare anchor), without their anchors. */
function links(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const href = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('/')) continue;
    const path = href.replace(/[#?].*$/, '');
    if (path === '') continue;
    try {
      out.push(decodeURI(path));
    } catch {
      out.push(path); // a malformed escape is looked up as written
    }
  }
  return [...new Set(out)];
}
