/**
 * The reader of `thesis.md`: the level-1 title, the `Current as of:` stamp (raw, whatever its shape) and
 * the mandated sections (`Claim`, `Argument`, `What changed`) in file order, drifted spellings included.
 */
import { DATETIME, type Drift, DriftList, datetimeProblem, heading, key, type Line, type Located, prose, shown } from './lines';

export const THESIS_SECTIONS = ['Claim', 'Argument', 'What changed'] as const;
export type ThesisSection = (typeof THESIS_SECTIONS)[number];

export interface Thesis {
  readonly present: boolean;
  /** The level-1 heading before the stamp. */
  readonly title?: Located;
  /**
   * `Current as of: <datetime>`: the raw value, whatever its shape. Before the first compose it may read
   * `never`, as `Last compose` does in state.md (a freshly bootstrapped session passes the session gate).
   */
  readonly stamp?: Located;
  /** The mandated sections, in file order (drifted spellings included). */
  readonly sections: readonly { readonly name: ThesisSection; readonly line: number }[];
  readonly drift: readonly Drift[];
}

const THESIS_SECTION_BY_KEY: ReadonlyMap<string, ThesisSection> = new Map(THESIS_SECTIONS.map((name) => [key(name), name]));

export function readThesis(lines: Line[] | undefined): Thesis {
  const drift = new DriftList('thesis.md');
  const sections: { name: ThesisSection; line: number }[] = [];
  let title: Located | undefined;
  let stamp: Located | undefined;
  if (!lines) return { present: false, sections, drift: [] };
  for (const { n, text } of prose(lines)) {
    const head = heading(text);
    if (head) {
      const name = THESIS_SECTION_BY_KEY.get(key(head.title));
      if (name) {
        sections.push({ name, line: n });
        if (text !== `## ${name}`) drift.add(n, `the section heading reads ${shown(text)}; the contract has \`## ${name}\``);
      } else if (head.level === 1 && !title && !stamp && sections.length === 0) {
        title = { value: head.title, line: n };
      }
      continue;
    }
    const match = /^[\s>*_-]*current as of\b[\s*_]*:?[\s*_]*(.*)$/i.exec(text);
    if (!match) continue;
    const value = match[1]!.replace(/[*_]+$/, '').trim();
    if (stamp) {
      drift.add(n, `a second \`Current as of:\` stamp (the first is at line ${stamp.line})`);
      continue;
    }
    stamp = { value, line: n };
    if (text !== `Current as of: ${value}`)
      drift.add(n, `the stamp reads ${shown(text)}; the contract has \`Current as of: <YYYY-MM-DDTHH:MMZ>\``);
    else if (!DATETIME.test(value) && value !== 'never') drift.add(n, `${datetimeProblem('the thesis stamp', value)}, nor \`never\``);
  }
  return { present: true, title, stamp, sections, drift: drift.items };
}
