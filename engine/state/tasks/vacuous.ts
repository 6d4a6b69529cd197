/**
 * Whether a verify command can fail: a best-effort reading of the shell command line, enough to refuse
 * the commands that prove nothing however they are dressed — `true`, `:`, `exit 0`, `echo ok`, and the
 * same quoted (`'true'`), commented (`true # really`), grouped (`(true)`, `{ true; }`), negated
 * (`! false`), backgrounded (`true &`), prefixed (`command true`, `env true`, `exec true`, `VAR=1 true`),
 * nested (`sh -c true`, `eval true`), or swallowing a real command's failure (`npm test || true`,
 * `npm test; true`, `npm test | cat`).
 *
 * It is a reading, not a shell: what it cannot read is taken to be able to fail. The policy's
 * `verification.commands` is the way to pin exactly what runs (engine/state/tasks/verify.ts).
 */

/** What a command's exit status can be, as far as the reading goes. */
type Outcome = 'succeeds' | 'fails' | 'depends';

/** Commands whose status says nothing about the work: they succeed (given sane arguments) whatever it is. */
const NO_TEST = new Set([
  'true',
  ':',
  'echo',
  'printf',
  'sleep',
  'cd',
  'pwd',
  'wait',
  'set',
  'export',
  'unset',
  'shift',
  'type',
  'hash',
  'umask',
  'alias',
  'readonly',
  'local',
  'times',
  'trap',
]);
/** Commands that always fail. */
const ALWAYS_FAILS = new Set(['false']);
/** Words before a command that run it as it is. */
const PREFIXES = new Set(['command', 'builtin', 'exec', 'time', 'nice', 'nohup', 'then', 'do', 'else']);
/** Shells whose `-c` argument is a command line of its own. */
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'ash', 'busybox']);
/** At the end of a pipeline, commands that succeed whatever flowed into them. */
const PIPE_SINKS = new Set(['cat', 'tee', 'head', 'tail', 'wc', 'true', ':', 'sort', 'uniq']);

/** Why `command` proves nothing, or undefined when it can fail. */
export function vacuousReason(command: string): string | undefined {
  const words = tokenize(command);
  if (words === undefined) return undefined;
  const outcome = list(words, 0).outcome;
  if (outcome === 'succeeds') return 'it succeeds whatever the work is, so it proves nothing';
  return undefined;
}

/** A shell token: a word (unquoted) or an operator. */
type Token = { readonly word: string; readonly quoted: boolean } | { readonly op: string };

const OPERATORS = ['&&', '||', ';;', ';', '&', '|', '(', ')', '\n'];

/** Split a command line into words and operators; undefined where the reading gives up (an open quote). */
function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let word = '';
  let inWord = false;
  let quoted = false;
  const flush = () => {
    if (inWord) tokens.push({ word, quoted });
    word = '';
    inWord = false;
    quoted = false;
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === '\\') {
      const next = text[at + 1];
      at++;
      if (next === '\n' || next === undefined) continue;
      word += next;
      inWord = true;
      continue;
    }
    if (char === "'") {
      const end = text.indexOf("'", at + 1);
      if (end === -1) return undefined;
      word += text.slice(at + 1, end);
      inWord = true;
      quoted = true;
      at = end;
      continue;
    }
    if (char === '"') {
      let end = at + 1;
      let value = '';
      for (; end < text.length && text[end] !== '"'; end++) {
        if (text[end] === '\\' && /["\\$`\n]/.test(text[end + 1] ?? '')) end++;
        value += text[end];
      }
      if (end >= text.length) return undefined;
      word += value;
      inWord = true;
      quoted = true;
      at = end;
      continue;
    }
    if (char === '#' && !inWord) {
      const end = text.indexOf('\n', at);
      if (end === -1) break;
      at = end - 1;
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\r') {
      flush();
      continue;
    }
    // `2>&1`, `>&2`, `&>file`, `>|file`: redirections, not a background or a pipe
    if ((char === '&' && (/[<>]$/.test(word) || text[at + 1] === '>')) || (char === '|' && word.endsWith('>'))) {
      word += char;
      inWord = true;
      continue;
    }
    if (text.startsWith('|&', at)) {
      flush();
      tokens.push({ op: '|' });
      at++;
      continue;
    }
    const op = OPERATORS.find((candidate) => text.startsWith(candidate, at));
    if (op) {
      flush();
      tokens.push({ op });
      at += op.length - 1;
      continue;
    }
    word += char;
    inWord = true;
  }
  flush();
  return tokens;
}

/** A list: pipelines joined by `;`, `&`, newlines, `&&` and `||`, up to a closing `)` or `}`. */
function list(tokens: readonly Token[], start: number, closer?: string): { outcome: Outcome; next: number; exited?: boolean } {
  let outcome: Outcome = 'succeeds';
  let at = start;
  let pending: string | undefined;
  let pipefail = false;
  for (;;) {
    while (at < tokens.length && isOp(tokens[at], ';', '\n', '&')) at++;
    if (at >= tokens.length || isOp(tokens[at], ')') || isWord(tokens[at], '}')) break;
    const part = pipeline(tokens, at, pipefail);
    if (part.pipefail) pipefail = true;
    at = part.next;
    let result = part.outcome;
    if (isOp(tokens[at], '&')) {
      // a command sent to the background: the list carries on, its own status is 0
      result = 'succeeds';
      at++;
    }
    outcome = pending === '&&' ? and(outcome, result) : pending === '||' ? or(outcome, result) : result;
    // `exit` ends the run where it stands: its status is the run's
    if (part.exited && pending === undefined) return { outcome: result, next: skipTo(tokens, at, closer), exited: true };
    pending = undefined;
    if (isOp(tokens[at], '&&') || isOp(tokens[at], '||')) {
      pending = (tokens[at] as { op: string }).op;
      at++;
      continue;
    }
    if (isOp(tokens[at], ';', '\n')) {
      at++;
      // whatever came before, the next pipeline's status is the list's
      continue;
    }
    if (at < tokens.length && !isOp(tokens[at], ')') && !isWord(tokens[at], '}')) return { outcome: 'depends', next: tokens.length };
  }
  return { outcome, next: at };
}

function skipTo(tokens: readonly Token[], at: number, closer: string | undefined): number {
  if (!closer) return tokens.length;
  let depth = 0;
  for (let index = at; index < tokens.length; index++) {
    const token = tokens[index];
    if (isOp(token, '(') || isWord(token, '{')) depth++;
    if (isOp(token, ')') || isWord(token, '}')) {
      if (depth === 0) return index;
      depth--;
    }
  }
  return tokens.length;
}

/** Commands joined by `|`; its status is the last one's (every one's under `set -o pipefail`). */
function pipeline(
  tokens: readonly Token[],
  start: number,
  pipefail: boolean,
): { outcome: Outcome; next: number; exited?: boolean; pipefail?: boolean } {
  const parts: Outcome[] = [];
  const names: string[] = [];
  let at = start;
  let exited = false;
  let setsPipefail = false;
  for (;;) {
    const part = command(tokens, at);
    parts.push(part.outcome);
    names.push(part.name ?? '');
    exited = part.exited ?? false;
    setsPipefail ||= part.pipefail ?? false;
    at = part.next;
    if (!isOp(tokens[at], '|')) break;
    at++;
  }
  if (parts.length === 1) return { outcome: parts[0]!, next: at, exited, pipefail: setsPipefail };
  const last = PIPE_SINKS.has(names.at(-1) ?? '') ? 'succeeds' : parts.at(-1)!;
  if (!pipefail) return { outcome: last, next: at };
  return { outcome: parts.slice(0, -1).reduce(and, last), next: at };
}

/** One command: a group, a negation, or words after prefixes and assignments. */
function command(
  tokens: readonly Token[],
  start: number,
): { outcome: Outcome; next: number; name?: string; exited?: boolean; pipefail?: boolean } {
  let at = start;
  if (isWord(tokens[at], '!')) {
    const inner = command(tokens, at + 1);
    return { outcome: inner.outcome === 'succeeds' ? 'fails' : inner.outcome === 'fails' ? 'succeeds' : 'depends', next: inner.next };
  }
  if (isOp(tokens[at], '(')) {
    const inner = list(tokens, at + 1, ')');
    return { outcome: inner.outcome, next: isOp(tokens[inner.next], ')') ? inner.next + 1 : inner.next };
  }
  if (isWord(tokens[at], '{')) {
    const inner = list(tokens, at + 1, '}');
    return { outcome: inner.outcome, next: isWord(tokens[inner.next], '}') ? inner.next + 1 : inner.next, exited: inner.exited };
  }
  const words: { word: string; quoted: boolean }[] = [];
  while (at < tokens.length && 'word' in tokens[at]!) {
    const token = tokens[at] as { word: string; quoted: boolean };
    // a closing brace ends the group it stands in
    if (token.word === '}' && !token.quoted && words.length === 0) break;
    words.push(token);
    at++;
  }
  return { ...simple(words.map((word) => word.word)), next: at };
}

/** A simple command's words, unquoted: its outcome as far as the reading goes. */
function simple(words: readonly string[]): { outcome: Outcome; name?: string; exited?: boolean; pipefail?: boolean } {
  let at = 0;
  for (;;) {
    const word = words[at];
    if (word === undefined) return { outcome: 'succeeds' };
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word) || PREFIXES.has(word)) {
      at++;
      continue;
    }
    if (basename(word) === 'env') {
      at++;
      while (words[at] !== undefined && (/^-/.test(words[at]!) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[at]!)))
        at += words[at] === '-u' ? 2 : 1;
      continue;
    }
    break;
  }
  if (/[$`]/.test(words.slice(at).join(' '))) return { outcome: 'depends' };
  const name = basename(words[at]!);
  const args = words.slice(at + 1);
  if (name === 'exit' || name === 'return') {
    const status = args[0] === undefined ? 0 : /^\d+$/.test(args[0]) ? Number(args[0]) % 256 : undefined;
    if (status === undefined) return { outcome: 'depends', name };
    return { outcome: status === 0 ? 'succeeds' : 'fails', name, exited: name === 'exit' };
  }
  if (name === 'set' && args.some((arg, index) => arg === 'pipefail' && args[index - 1] === '-o'))
    return { outcome: 'succeeds', name, pipefail: true };
  if (NO_TEST.has(name)) return { outcome: 'succeeds', name };
  if (ALWAYS_FAILS.has(name)) return { outcome: 'fails', name };
  if (name === 'test' || name === '[') {
    const operands = name === '[' && args.at(-1) === ']' ? args.slice(0, -1) : args;
    // one operand is a test of a non-empty string: written in the command, it is there
    if (operands.length === 1) return { outcome: operands[0] === '' ? 'fails' : 'succeeds', name };
    if (operands.length === 0) return { outcome: 'fails', name };
    return { outcome: 'depends', name };
  }
  if (SHELLS.has(name)) {
    const flag = args.findIndex((arg) => /^-[a-z]*c[a-z]*$/.test(arg));
    const script = flag === -1 ? undefined : args[flag + 1];
    if (script === undefined) return { outcome: 'depends', name };
    const inner = tokenize(script);
    return { outcome: inner ? list(inner, 0).outcome : 'depends', name };
  }
  if (name === 'eval') {
    const inner = tokenize(args.join(' '));
    return { outcome: inner ? list(inner, 0).outcome : 'depends', name };
  }
  return { outcome: 'depends', name };
}

function and(a: Outcome, b: Outcome): Outcome {
  if (a === 'fails' || b === 'fails') return 'fails';
  if (a === 'succeeds') return b;
  return 'depends';
}

function or(a: Outcome, b: Outcome): Outcome {
  if (a === 'succeeds' || b === 'succeeds') return 'succeeds';
  if (a === 'fails') return b;
  return 'depends';
}

function basename(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

function isOp(token: Token | undefined, ...ops: string[]): boolean {
  return token !== undefined && 'op' in token && ops.includes(token.op);
}

function isWord(token: Token | undefined, word: string): boolean {
  return token !== undefined && 'word' in token && !token.quoted && token.word === word;
}
