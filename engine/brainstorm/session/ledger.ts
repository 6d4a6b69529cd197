/**
 * The reader of `ledger.md`: each decision heading and its fields (`Decision`, `Why`, `How to apply`,
 * `Resolves`), continuation lines joined, and the fork ids `Resolves:` lists.
 */
import { type Drift, DriftList, dashHint, fieldLine, heading, key, type Line, type Located, prose, shown } from './lines';

export const DECISION_FIELDS = ['Decision', 'Why', 'How to apply', 'Resolves'] as const;
export type DecisionField = (typeof DECISION_FIELDS)[number];

export interface Decision {
  readonly id: string;
  readonly title: string;
  readonly line: number;
  /** Each field's value, continuation lines joined with a space; `line` is the field's first line. */
  readonly fields: Readonly<Partial<Record<DecisionField, Located>>>;
  /** The fork ids `Resolves:` lists. */
  readonly resolves: readonly string[];
}

export interface Ledger {
  readonly present: boolean;
  readonly decisions: readonly Decision[];
  readonly drift: readonly Drift[];
}

const DECISION_FIELD_BY_KEY: ReadonlyMap<string, DecisionField> = new Map(DECISION_FIELDS.map((name) => [key(name), name]));

interface DecisionDraft {
  id: string;
  title: string;
  line: number;
  fields: Partial<Record<DecisionField, { value: string; line: number }>>;
}

export function readLedger(lines: Line[] | undefined): Ledger {
  const drift = new DriftList('ledger.md');
  const drafts: DecisionDraft[] = [];
  if (!lines) return { present: false, decisions: [], drift: [] };
  let current: DecisionDraft | undefined;
  let open: { value: string; line: number } | undefined;
  for (const { n, text } of prose(lines)) {
    const head = heading(text);
    if (head) {
      open = undefined;
      const isDecision = /^D\d+\b/.test(head.title);
      if (head.level === 1 && !isDecision) current = undefined;
      else if (head.level === 2 || isDecision) {
        current = readDecisionHeading(n, text, head, drift);
        if (current) drafts.push(current);
      }
      continue;
    }
    if (!current) continue;
    if (text.trim() === '') {
      open = undefined;
      continue;
    }
    const field = fieldLine(text);
    const name = field && DECISION_FIELD_BY_KEY.get(field.name);
    if (field && name && !/^\s/.test(text.replace(/^\s*[-*+]/, '-'))) {
      const first = current.fields[name];
      if (first) {
        drift.add(n, `${current.id} has a second \`${name}:\` (the first is at line ${first.line})`);
        open = undefined;
        continue;
      }
      const exactLine = field.value === '' ? `- ${name}:` : `- ${name}: ${field.value}`;
      if (text !== exactLine) drift.add(n, `the line reads ${shown(text)}; the contract has \`- ${name}: …\``);
      open = { value: field.value, line: n };
      current.fields[name] = open;
      continue;
    }
    // a value wraps onto indented continuation lines
    if (open && /^\s+\S/.test(text)) {
      open.value = open.value === '' ? text.trim() : `${open.value} ${text.trim()}`;
      continue;
    }
    open = undefined;
  }
  const decisions: Decision[] = [];
  const seen = new Map<string, number>();
  for (const draft of drafts) {
    const first = seen.get(draft.id);
    if (first !== undefined)
      drift.add(draft.line, `the decision id ${draft.id} is used twice (first at line ${first}); ids are unique and never reused`);
    else seen.set(draft.id, draft.line);
    const resolvesField = draft.fields.Resolves;
    const resolves: string[] = [];
    if (resolvesField) {
      for (const token of resolvesField.value.split(',').map((t) => t.trim())) {
        if (/^F\d+$/.test(token)) resolves.push(token);
        else drift.add(resolvesField.line, `Resolves names ${shown(token)}; it lists fork ids F<n>, comma-separated`);
      }
    }
    decisions.push({ id: draft.id, title: draft.title, line: draft.line, fields: draft.fields, resolves });
  }
  return { present: true, decisions, drift: drift.items };
}

function readDecisionHeading(n: number, text: string, head: { level: number; title: string }, drift: DriftList): DecisionDraft | undefined {
  const exact = /^## (D\d+) — (\S.*)$/.exec(text);
  if (exact) return { id: exact[1]!, title: exact[2]!, line: n, fields: {} };
  const id = /^(D\d+)\b/.exec(head.title)?.[1];
  if (!id) {
    drift.add(n, `${shown(text)} is not a decision heading \`## D<n> — {title}\``);
    return undefined;
  }
  const rest = head.title.slice(id.length);
  const title = rest.replace(/^\s*(?:—|–|--?|:)?\s*/, '').trim();
  const problems: string[] = [];
  if (head.level !== 2) problems.push('a decision heading is level 2 (`## `)');
  if (!rest.startsWith(' — ')) problems.push(dashHint(rest));
  if (title === '') problems.push('it has no title');
  drift.add(n, `the decision heading drifts from \`## D<n> — {title}\`: ${problems.length ? problems.join('; ') : 'spacing'}`);
  return { id, title, line: n, fields: {} };
}
