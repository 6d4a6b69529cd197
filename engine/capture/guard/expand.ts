/**
 * A word as the shell expands it into arguments: brace expansion, `~`, parameters (with their
 * defaults), command and process substitution, arithmetic, then splitting of what was not quoted.
 * What the line itself set is used; what it did not (the agent's environment, a program's output) is
 * a hole. Every substitution is handed to the walk, which judges the commands it runs.
 */
import type { Field, Segment } from './fields';
import { known } from './fields';
import type { Part, Script, Word } from './shell';

/** What expansion asks of the walk. */
export interface Expander {
  /** A variable set on this line, or undefined when the line did not set it (its value is not known). */
  variable(name: string): Field | undefined;
  /** The positional parameters ($1 …) where the line set them (sh -c 'cmd' name args, a function call). */
  positional(): readonly Field[] | undefined;
  /** Judge what `$(…)` runs, and give its output as a field (known text, or a hole). */
  substitute(script: Script): Field;
  /** Judge what `<(…)` runs. */
  process(script: Script): void;
  /** Assign (`${X:=word}`). */
  assign(name: string, value: Field): void;
}

/** Variables that hold a path or a name, never an option, when the line did not set them. */
const SAFE = new Set([
  'HOME',
  'PWD',
  'OLDPWD',
  'TMPDIR',
  'USER',
  'LOGNAME',
  'CLAUDE_PROJECT_DIR',
  'SHELL',
  'HOSTNAME',
  '#',
  '?',
  '$',
  '!',
  '-',
  'RANDOM',
  'LINENO',
  'SECONDS',
  'UID',
  'EUID',
  'PPID',
]);
/** More words than this from one word's braces are not expanded: the guard refuses what it cannot weigh. */
const MAX_BRACE_WORDS = 256;

export class ExpansionLimit extends Error {}

/** The arguments one word expands to. */
export function expandWord(word: Word, x: Expander): Field[] {
  const fields: Field[] = [];
  for (const parts of braceExpand(word.parts)) fields.push(...expandParts(parts, x, word.raw));
  return fields.map((field) => (known(field) === undefined ? { ...field, raw: word.raw } : field));
}

/** A word's expansion as one field, unsplit (an assignment's value, a redirection's target). */
export function expandJoined(word: Word, x: Expander): Field {
  const segments: Segment[] = [];
  for (const part of word.parts) segments.push(...partSegments(part, x, true));
  return { segments: merge(segments) };
}

function expandParts(parts: readonly Part[], x: Expander, raw: string): Field[] {
  const fields: Field[] = [];
  let current: Segment[] = [];
  let started = false;
  let spread = false;
  const end = () => {
    if (started) fields.push({ segments: merge(current), ...(spread ? { spread: true } : {}) });
    current = [];
    started = false;
    spread = false;
  };
  parts.forEach((part, index) => {
    if (part.kind === 'text') {
      const value = !part.quoted && index === 0 && part.value.startsWith('~') ? tilde(part.value) : [part.value];
      current.push(...value);
      if (part.quoted || part.value !== '') started = true;
      return;
    }
    if (part.kind === 'param' && (part.name === '@' || part.name === '*') && part.op === undefined) {
      const args = x.positional();
      if (args === undefined) {
        current.push({ hole: 'any' });
        started = true;
        spread = true;
        return;
      }
      args.forEach((arg, k) => {
        if (k > 0 && (part.quoted ? part.name === '@' : true)) end();
        for (const segment of arg.segments) current.push(segment);
        started = true;
      });
      return;
    }
    const segments = partSegments(part, x, part.kind !== 'process' && part.kind !== 'arith' && part.quoted);
    const quoted = part.kind !== 'process' && part.kind !== 'arith' && part.quoted;
    if (quoted) {
      current.push(...segments);
      started = true;
      return;
    }
    for (const segment of segments) {
      if (typeof segment !== 'string') {
        current.push(segment);
        started = true;
        if (segment.hole === 'any') spread = true;
        continue;
      }
      segment.split(/[ \t\n]+/).forEach((piece, k) => {
        if (k > 0) end();
        if (piece !== '') {
          current.push(piece);
          started = true;
        }
      });
    }
  });
  end();
  if (fields.length === 0 && raw === '') return [];
  return fields;
}

function tilde(value: string): Segment[] {
  const slash = value.indexOf('/');
  return slash === -1 ? [{ hole: 'safe' }] : [{ hole: 'safe' }, value.slice(slash)];
}

/** The segments one part expands to, before splitting. */
function partSegments(part: Part, x: Expander, quoted: boolean): Segment[] {
  switch (part.kind) {
    case 'text':
      return [part.value];
    case 'command':
      return x.substitute(part.script).segments as Segment[];
    case 'process':
      x.process(part.script);
      return [{ hole: 'safe' }];
    case 'arith':
      for (const inner of part.parts) partSegments(inner, x, true);
      return [{ hole: 'safe' }];
    case 'param':
      return parameter(part, x, quoted);
  }
}

function parameter(part: Extract<Part, { kind: 'param' }>, x: Expander, quoted: boolean): Segment[] {
  const value = lookup(part.name, x);
  // the operator's word is expanded whether or not it is used: a substitution in it may run
  const alternative = part.word ? expandJoined(part.word, x) : { segments: [''] };
  const hole: Segment[] = [{ hole: SAFE.has(part.name) ? 'safe' : 'any' }];
  switch (part.op) {
    case undefined:
      return value ? [...value.segments] : hole;
    case '#length':
      return [{ hole: 'safe' }];
    case ':-':
    case '-':
    case ':=':
    case '=': {
      if (value === undefined) return hole;
      const empty = known(value) === '';
      if (empty && part.op.startsWith(':')) {
        if (part.op === ':=') x.assign(part.name, alternative);
        return [...alternative.segments];
      }
      return [...value.segments];
    }
    case ':+':
    case '+':
      if (value === undefined) return hole;
      return known(value) === '' && part.op === ':+' ? [''] : [...alternative.segments];
    case ':?':
    case '?':
      return value ? [...value.segments] : hole;
    default:
      void quoted;
      return [{ hole: 'any' }];
  }
}

function lookup(name: string, x: Expander): Field | undefined {
  if (/^[1-9]$/.test(name)) return x.positional()?.[Number(name) - 1] ?? (x.positional() ? { segments: [''] } : undefined);
  return x.variable(name);
}

/** Adjacent known text joined into one segment. */
function merge(segments: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    const last = out[out.length - 1];
    if (typeof segment === 'string' && typeof last === 'string') out[out.length - 1] = last + segment;
    else if (segment !== '' || out.length === 0) out.push(segment);
  }
  return out.length > 1 && out[0] === '' ? out.slice(1) : out;
}

/** An unquoted character or a whole other part of a word: what brace expansion works on. */
type Atom = { readonly c: string } | { readonly part: Part };

/** The word's parts for each word its unquoted braces expand to (`--no-{verify,x}`, `{a..c}`). */
function braceExpand(parts: readonly Part[]): Part[][] {
  if (!parts.some((part) => part.kind === 'text' && !part.quoted && /\{.*(,|\.\.).*\}/.test(part.value))) return [[...parts]];
  const atoms: Atom[] = [];
  for (const part of parts) {
    if (part.kind === 'text' && !part.quoted) for (const c of part.value) atoms.push({ c });
    else atoms.push({ part });
  }
  const out: Part[][] = [];
  for (const expanded of expandAtoms(atoms)) {
    const rebuilt: Part[] = [];
    let run = '';
    for (const atom of expanded) {
      if ('c' in atom) run += atom.c;
      else {
        if (run) rebuilt.push({ kind: 'text', value: run, quoted: false });
        run = '';
        rebuilt.push(atom.part);
      }
    }
    if (run) rebuilt.push({ kind: 'text', value: run, quoted: false });
    out.push(rebuilt);
    if (out.length > MAX_BRACE_WORDS) throw new ExpansionLimit(`braces expand to more than ${MAX_BRACE_WORDS} words`);
  }
  return out;
}

function expandAtoms(atoms: readonly Atom[]): Atom[][] {
  const isChar = (atom: Atom | undefined, c: string) => atom !== undefined && 'c' in atom && atom.c === c;
  for (let open = 0; open < atoms.length; open++) {
    if (!isChar(atoms[open], '{')) continue;
    let depth = 0;
    const commas: number[] = [];
    let close = -1;
    for (let k = open + 1; k < atoms.length; k++) {
      if (isChar(atoms[k], '{')) depth++;
      else if (isChar(atoms[k], '}')) {
        if (depth === 0) {
          close = k;
          break;
        }
        depth--;
      } else if (isChar(atoms[k], ',') && depth === 0) commas.push(k);
    }
    if (close === -1) return [[...atoms]];
    const before = atoms.slice(0, open);
    const after = atoms.slice(close + 1);
    let alternatives: Atom[][];
    if (commas.length > 0) {
      const bounds = [open, ...commas, close];
      alternatives = bounds.slice(0, -1).map((at, k) => atoms.slice(at + 1, bounds[k + 1]));
    } else {
      const inner = atoms.slice(open + 1, close);
      const body = inner.every((atom) => 'c' in atom) ? inner.map((atom) => (atom as { c: string }).c).join('') : '';
      const sequence = sequenceOf(body);
      if (!sequence) continue;
      alternatives = sequence.map((value) => [...value].map((c) => ({ c })));
    }
    const out: Atom[][] = [];
    for (const alternative of alternatives) {
      for (const rest of expandAtoms([...alternative, ...after])) {
        out.push([...before, ...rest]);
        if (out.length > MAX_BRACE_WORDS) throw new ExpansionLimit(`braces expand to more than ${MAX_BRACE_WORDS} words`);
      }
    }
    return out;
  }
  return [[...atoms]];
}

/** `{1..3}`, `{a..c}`, `{1..9..2}`: the words, or undefined when the braces are not a sequence. */
function sequenceOf(body: string): string[] | undefined {
  const numbers = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(body);
  if (numbers) {
    const [from, to] = [Number(numbers[1]), Number(numbers[2])];
    const step = Math.abs(Number(numbers[3] ?? 1)) || 1;
    if (Math.abs(to - from) / step > MAX_BRACE_WORDS) throw new ExpansionLimit(`{${body}} expands to more than ${MAX_BRACE_WORDS} words`);
    const out: string[] = [];
    for (let v = from; from <= to ? v <= to : v >= to; v += from <= to ? step : -step) out.push(String(v));
    return out;
  }
  const letters = /^([a-zA-Z])\.\.([a-zA-Z])$/.exec(body);
  if (letters) {
    const [from, to] = [letters[1]!.charCodeAt(0), letters[2]!.charCodeAt(0)];
    const out: string[] = [];
    for (let v = from; from <= to ? v <= to : v >= to; v += from <= to ? 1 : -1) out.push(String.fromCharCode(v));
    return out;
  }
  return undefined;
}
