/**
 * The reader of `forks.md`: each `## F<n> — {title} [open]` or `[parked → {destination}]` heading, with
 * the body lines a fork carries (`Raised by`, `Closes when`, the opening `Blindspot:`), read even when the
 * heading or a body line drifts from its shape.
 */
import { printable } from '../../io/document-error';
import { arrowHint, type Drift, DriftList, dashHint, fieldLine, heading, type Line, type Located, prose, shown } from './lines';

export interface RaisedBy extends Located {
  /** The sync a `twin (S<n>)` attribution cites (`S3`), when it does. */
  readonly sync?: string;
}

export interface Fork {
  readonly id: string;
  readonly title: string;
  /** The bracket's state; undefined when the heading has no bracket the reader understands. */
  readonly state?: 'open' | 'parked';
  /** The destination path of a parked fork; empty when the park names none. */
  readonly destination?: string;
  readonly raisedBy?: RaisedBy;
  readonly closesWhen?: Located;
  /** The body's opening `Blindspot:` text. */
  readonly blindspot?: Located;
  /** The heading's line. */
  readonly line: number;
}

export interface Forks {
  readonly present: boolean;
  readonly forks: readonly Fork[];
  readonly drift: readonly Drift[];
}

interface ForkDraft {
  id: string;
  title: string;
  state?: 'open' | 'parked';
  destination?: string;
  raisedBy?: RaisedBy;
  closesWhen?: Located;
  blindspot?: Located;
  line: number;
  /** Whether a non-blank body line was read yet (a blindspot opens the body). */
  bodyStarted: boolean;
}

const FORK_SHAPE = '`## F<n> — {title} [open]` or `## F<n> — {title} [parked → {destination path}]`';

export function readForks(lines: Line[] | undefined): Forks {
  const drift = new DriftList('forks.md');
  const forks: ForkDraft[] = [];
  if (!lines) return { present: false, forks, drift: [] };
  let current: ForkDraft | undefined;
  for (const { n, text } of prose(lines)) {
    const head = heading(text);
    if (head) {
      const isFork = /^F\d+\b/.test(head.title);
      if (head.level === 1 && !isFork) {
        current = undefined;
      } else if (head.level === 2 || isFork) {
        current = readForkHeading(n, text, head, drift);
        if (current) forks.push(current);
      } else if (current) {
        current.bodyStarted = true;
      }
      continue;
    }
    if (current && text.trim() !== '') readForkBody(current, n, text, drift);
  }
  const seen = new Map<string, number>();
  for (const fork of forks) {
    const first = seen.get(fork.id);
    if (first !== undefined) drift.add(fork.line, `the fork id ${fork.id} is used twice (first at line ${first})`);
    else seen.set(fork.id, fork.line);
  }
  return { present: true, forks: forks.map(({ bodyStarted: _, ...fork }) => fork), drift: drift.items };
}

function readForkHeading(n: number, text: string, head: { level: number; title: string }, drift: DriftList): ForkDraft | undefined {
  const exact = /^## (F\d+) — (.+) \[(open|parked → (\S.*))\]$/.exec(text);
  if (exact) {
    return {
      id: exact[1]!,
      title: exact[2]!,
      state: exact[3] === 'open' ? 'open' : 'parked',
      destination: exact[4],
      line: n,
      bodyStarted: false,
    };
  }
  const id = /^(F\d+)\b/.exec(head.title)?.[1];
  if (!id) {
    drift.add(n, `${shown(text)} is not a fork heading: ${FORK_SHAPE}`);
    return undefined;
  }
  const bracket = /\[([^[\]]*)\]$/.exec(head.title);
  const inner = bracket?.[1]?.trim();
  const rest = head.title.slice(id.length, bracket ? head.title.length - bracket[0].length : undefined);
  const title = rest.replace(/^\s*(?:—|–|--?|:)?\s*/, '').trim();
  let state: 'open' | 'parked' | undefined;
  let destination: string | undefined;
  const problems: string[] = [];
  if (head.level !== 2) problems.push('a fork heading is level 2 (`## `)');
  if (!rest.startsWith(' — ')) problems.push(dashHint(rest));
  if (title === '') problems.push('it has no title');
  if (inner === undefined) {
    problems.push('it has no state bracket `[open]` or `[parked → {destination path}]`');
  } else if (/^open$/i.test(inner)) {
    state = 'open';
    if (inner !== 'open') problems.push(`the bracket reads \`[${inner}]\`; the contract has \`[open]\``);
  } else if (/^parked\b/i.test(inner)) {
    state = 'parked';
    const after = inner.slice('parked'.length);
    destination = after.replace(/^\s*(?:→|->|=>|:|-)?\s*/, '').trim();
    if (destination === '') problems.push(`${id} is parked without a destination: the bracket is \`[parked → {destination path}]\``);
    else if (!after.startsWith(' → ')) problems.push(arrowHint(after));
  } else {
    problems.push(`the bracket \`[${printable(inner, 60)}]\` is neither \`[open]\` nor \`[parked → {destination path}]\``);
  }
  drift.add(n, `the fork heading drifts from ${FORK_SHAPE}: ${problems.length ? problems.join('; ') : 'spacing'}`);
  return { id, title, state, destination, line: n, bodyStarted: false };
}

function readForkBody(fork: ForkDraft, n: number, text: string, drift: DriftList): void {
  const opening = !fork.bodyStarted;
  fork.bodyStarted = true;
  const field = fieldLine(text);
  if (field && (field.name === 'raised by' || field.name === 'closes when')) {
    const name = field.name === 'raised by' ? 'Raised by' : 'Closes when';
    const slot = field.name === 'raised by' ? 'raisedBy' : 'closesWhen';
    const first = fork[slot];
    if (first) {
      drift.add(n, `${fork.id} has a second \`${name}:\` (the first is at line ${first.line})`);
      return;
    }
    const exactLine = field.value === '' ? `- ${name}:` : `- ${name}: ${field.value}`;
    if (text !== exactLine) drift.add(n, `the line reads ${shown(text)}; the contract has \`- ${name}: …\``);
    if (slot === 'closesWhen') {
      fork.closesWhen = { value: field.value, line: n };
      return;
    }
    const twin = /^twin\s*\(\s*(S\d+)\s*\)$/i.exec(field.value);
    fork.raisedBy = { value: field.value, line: n, sync: twin?.[1] };
    if (!/^(user|facilitator|twin \(S\d+\))$/.test(field.value)) {
      drift.add(n, `Raised by is ${shown(field.value)}; the contract has \`user\`, \`facilitator\` or \`twin (S<n>)\``);
    }
    return;
  }
  const blindspot = /^[\s*_]*blindspot\b[\s*_]*:?[\s*_]*(.*)$/i.exec(text);
  if (blindspot) {
    const value = blindspot[1]!.trim();
    if (!fork.blindspot) fork.blindspot = { value, line: n };
    if (!opening) drift.add(n, `a blindspot fork's body opens with \`Blindspot:\`; here it comes later`);
    else if (!text.startsWith('Blindspot: ') || value === '')
      drift.add(n, `the line reads ${shown(text)}; a blindspot fork's body opens \`Blindspot: …\``);
  }
}
