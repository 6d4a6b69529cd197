/**
 * What the guard knows about one argument after the shell expanded it: the text, where every piece
 * is known, or pieces of it with holes where a value is not known until the line runs (an unset
 * variable, the output of a program). A hole is `safe` when its value cannot begin with `-` (a path
 * from $HOME, the name git prints for the current branch): it can never be read as an option.
 *
 * And what the guard found: each way the line skips a gate (a Finding, naming the gates and how to
 * pass them), and each place it could not tell (an unknown, which policy may let through).
 */

export interface Hole {
  readonly hole: 'any' | 'safe';
}

export type Segment = string | Hole;

export interface Field {
  readonly segments: readonly Segment[];
  /** An unquoted expansion of unknown value: the shell may split it into any number of arguments. */
  readonly spread?: boolean;
  /** The word as written, for a message about a field that is not known. */
  readonly raw?: string;
}

/** A field of known text. */
export function text(value: string): Field {
  return { segments: [value] };
}

/** A field of one unknown value. */
export function unknownField(safe = false, spread = false): Field {
  return { segments: [{ hole: safe ? 'safe' : 'any' }], ...(spread ? { spread } : {}) };
}

/** The field's text, or undefined when any piece of it is unknown. */
export function known(field: Field): string | undefined {
  if (field.spread) return undefined;
  let out = '';
  for (const segment of field.segments) {
    if (typeof segment !== 'string') return undefined;
    out += segment;
  }
  return out;
}

/** The known text the field starts with (all of it when it is known). */
export function knownPrefix(field: Field): string {
  let out = '';
  for (const segment of field.segments) {
    if (typeof segment !== 'string') break;
    out += segment;
  }
  return out;
}

/** The known text the field ends with. */
export function knownSuffix(field: Field): string {
  let out = '';
  for (let i = field.segments.length - 1; i >= 0; i--) {
    const segment = field.segments[i]!;
    if (typeof segment !== 'string') break;
    out = segment + out;
  }
  return out;
}

/** Whether the field could be an option (`-…`): known to start with `-`, or starting with an unsafe hole. */
export function mayBeOption(field: Field): boolean {
  const first = field.segments.find((segment) => segment !== '');
  if (first === undefined) return false;
  if (typeof first === 'string') return first.startsWith('-');
  return first.hole === 'any';
}

/** Whether any piece of the field is unknown. */
export function isUnknown(field: Field): boolean {
  return known(field) === undefined;
}

/** The field as written for a message: holes shown as `…`. */
export function shown(field: Field): string {
  if (field.raw !== undefined && isUnknown(field)) return field.raw;
  return field.segments.map((segment) => (typeof segment === 'string' ? segment : '…')).join('');
}

/** Fields as one line for a message. */
export function shownAll(fields: readonly Field[]): string {
  return fields.map((field) => shown(field)).join(' ');
}

/** A way the line skips a gate. */
export interface Finding {
  /** What was found, as the line has it after expansion (`git commit --no-verify`). */
  readonly found: string;
  /** The git hooks (gates) it skips, or `every git hook` when it moves or removes them. */
  readonly gates: readonly string[];
  /** How to pass the gate instead. */
  readonly pass: string;
}

/** What the guard collects while it walks a line. */
export interface Judgement {
  readonly findings: Finding[];
  /** Each place the guard could not tell what runs, as a phrase (`what $F expands to`). */
  readonly unknowns: string[];
}

export function newJudgement(): Judgement {
  return { findings: [], unknowns: [] };
}

/** The hooks git runs for each command that runs any, and how that command is run through them. */
export const EVERY_HOOK = 'every git hook';
