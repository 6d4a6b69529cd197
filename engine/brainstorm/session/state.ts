/**
 * The reader of `state.md`: its fields (`Status`, `Posture`, `Started`, `Sitting`, `Last compose`), each read
 * even when its line drifts from `- {Field}: {value}`, and the `## Aspect map` with its aspect lines
 * (`- {name} — {gloss} → {refs}`) and their refs to forks, decisions, fragments and the thesis.
 */
import { printable } from '../../io/document-error';
import {
  arrowHint,
  DATE,
  DATETIME,
  type Drift,
  DriftList,
  dashHint,
  datetimeProblem,
  fieldLine,
  heading,
  isListItem,
  key,
  type Line,
  type Located,
  prose,
  shown,
} from './lines';

export const STATE_FIELDS = ['Status', 'Posture', 'Started', 'Sitting', 'Last compose'] as const;
export type StateFieldName = (typeof STATE_FIELDS)[number];

export const STATUSES = ['open', 'stopping', 'harvested'] as const;
export const SITTINGS = ['single', 'multi'] as const;

/** One ref of an aspect line. */
export type AspectRef =
  | { readonly kind: 'fork'; readonly id: string; readonly text: string }
  | { readonly kind: 'decision'; readonly id: string; readonly text: string }
  | { readonly kind: 'fragment'; readonly name: string; readonly text: string }
  | { readonly kind: 'thesis'; readonly text: string }
  | { readonly kind: 'none-yet'; readonly text: string }
  | { readonly kind: 'malformed'; readonly text: string };

/** `- {name} — {gloss} → {refs}` */
export interface Aspect {
  readonly name: string;
  readonly gloss: string;
  readonly refs: readonly AspectRef[];
  readonly line: number;
}

export interface State {
  readonly present: boolean;
  /** The first line of each field, read even when it drifted (see `drift`). */
  readonly fields: Readonly<Partial<Record<StateFieldName, Located>>>;
  /** Field lines that drift from `- {Field}: {value}` or carry a value the contract does not allow. */
  readonly drift: readonly Drift[];
  /** The `## Aspect map` heading, when there is one (drifted spellings included). */
  readonly aspectMap?: { readonly line: number };
  readonly aspects: readonly Aspect[];
  /** Aspect lines (and the heading) that drift from their shape. */
  readonly aspectDrift: readonly Drift[];
}

const STATE_FIELD_BY_KEY: ReadonlyMap<string, StateFieldName> = new Map(STATE_FIELDS.map((name) => [key(name), name]));

export function readState(lines: Line[] | undefined): State {
  const fields: Partial<Record<StateFieldName, Located>> = {};
  const drift = new DriftList('state.md');
  const aspectDrift = new DriftList('state.md');
  const aspects: Aspect[] = [];
  let aspectMap: { line: number } | undefined;
  if (!lines) return { present: false, fields, drift: [], aspects, aspectDrift: [] };
  let section: 'preamble' | 'aspects' | 'other' = 'preamble';
  for (const { n, text } of prose(lines)) {
    if (text.trim() === '') continue;
    const head = heading(text);
    if (head) {
      if (key(head.title) === 'aspect map') {
        if (aspectMap) aspectDrift.add(n, `a second aspect map heading (the first is at line ${aspectMap.line})`);
        else {
          aspectMap = { line: n };
          if (text !== '## Aspect map') aspectDrift.add(n, `the heading reads ${shown(text)}; the contract has \`## Aspect map\``);
        }
        section = 'aspects';
      } else if (!(head.level === 1 && section === 'preamble')) {
        // a level-3 heading inside the map is a note, not the end of it
        if (!(section === 'aspects' && head.level > 2)) section = 'other';
      }
      continue;
    }
    if (section === 'preamble') readStateField(n, text, fields, drift);
    else if (section === 'aspects') readAspect(n, text, aspects, aspectDrift);
  }
  return { present: true, fields, drift: drift.items, aspectMap, aspects, aspectDrift: aspectDrift.items };
}

function readStateField(n: number, text: string, fields: Partial<Record<StateFieldName, Located>>, drift: DriftList): void {
  const field = fieldLine(text);
  const name = field && STATE_FIELD_BY_KEY.get(field.name);
  if (!field || !name) {
    if (isListItem(text))
      drift.add(n, `${shown(text)} is not a field of state.md (${STATE_FIELDS.join(', ')}, each \`- {Field}: {value}\`)`);
    return;
  }
  const first = fields[name];
  if (first) {
    drift.add(n, `${name} appears a second time (first at line ${first.line})`);
    return;
  }
  fields[name] = { value: field.value, line: n };
  if (field.value === '') {
    drift.add(n, `${name} has no value`);
    return;
  }
  if (text !== `- ${name}: ${field.value}`) {
    drift.add(n, `the line reads ${shown(text)}; the contract has \`- ${name}: ${printable(field.value, 60)}\``);
  }
  const problem = stateValueProblem(name, field.value);
  if (problem) drift.add(n, problem);
}

function stateValueProblem(name: StateFieldName, value: string): string | undefined {
  switch (name) {
    case 'Status':
      return (STATUSES as readonly string[]).includes(value)
        ? undefined
        : `Status is ${shown(value)}; the contract has ${STATUSES.join(' → ')}`;
    case 'Sitting':
      return (SITTINGS as readonly string[]).includes(value) ? undefined : `Sitting is ${shown(value)}; the contract has single or multi`;
    case 'Started':
      return DATE.test(value) ? undefined : `Started is ${shown(value)}, not an ISO date YYYY-MM-DD`;
    case 'Last compose':
      return value === 'never' || DATETIME.test(value) ? undefined : `${datetimeProblem('Last compose', value)}, nor \`never\``;
    case 'Posture':
      return undefined;
  }
}

function readAspect(n: number, text: string, aspects: Aspect[], drift: DriftList): void {
  if (!isListItem(text)) {
    // prose under the map is allowed; a line shaped like an aspect without its marker is not
    if (/ — | → |->/.test(text))
      drift.add(n, `${shown(text)} reads like an aspect but does not open with \`- \`: an aspect line is \`- {name} — {gloss} → {refs}\``);
    return;
  }
  const exact = /^- (.+?) — (.+) → (.+)$/.exec(text);
  const loose = exact ?? /^\s*[-*+]\s*(.+?)\s*(?:—|\s–\s|\s--?\s)\s*(.+?)\s*(?:→|->|=>)\s*([^→>]+)$/.exec(text);
  if (!loose) {
    const hints = [!text.includes(' — ') ? dashHint(text) : undefined, !text.includes(' → ') ? arrowHint(text) : undefined].filter(
      (h) => h !== undefined,
    );
    drift.add(n, `${shown(text)} is not an aspect line \`- {name} — {gloss} → {refs}\`${hints.length ? `: ${hints.join('; ')}` : ''}`);
    return;
  }
  const [, name, gloss, refs] = loose as unknown as [string, string, string, string];
  if (!exact || name !== name.trim()) {
    const hints: string[] = [];
    if (!text.startsWith('- ')) hints.push('an aspect line opens `- `');
    if (!text.includes(' — ')) hints.push(dashHint(text));
    if (!text.includes(' → ')) hints.push(arrowHint(text));
    drift.add(n, `the aspect line drifts from \`- {name} — {gloss} → {refs}\`${hints.length ? `: ${hints.join('; ')}` : ' (spacing)'}`);
  }
  aspects.push({ name: name.trim(), gloss: gloss.trim(), refs: refs.split(',').map((ref) => parseRef(ref.trim())), line: n });
}

function parseRef(text: string): AspectRef {
  if (/^F\d+$/.test(text)) return { kind: 'fork', id: text, text };
  if (/^D\d+$/.test(text)) return { kind: 'decision', id: text, text };
  const fragment = /^fragment:(\S+)$/.exec(text);
  if (fragment) return { kind: 'fragment', name: fragment[1]!, text };
  if (text === 'thesis') return { kind: 'thesis', text };
  if (text === 'none yet') return { kind: 'none-yet', text };
  return { kind: 'malformed', text };
}
