/**
 * The shell's words, read at a cursor: quoting ('…', "…", $'…' with its escapes), backslashes and line
 * continuations, parameter expansion (`$x`, `${x:-word}`), command substitution (`$(…)`, backticks),
 * process substitution, arithmetic, comments, and the bodies of heredocs once their line ends. The
 * grammar of commands above the words is shell.ts, which extends this class and hands back the
 * scripts inside substitutions.
 */
import type { Part, Script, Word } from './syntax';
import { ShellSyntaxError } from './syntax';

export const METACHARS = ' \t\n;&|()<>';
/** Nesting deeper than this is refused: a line is not a program, and recursion must stay bounded. */
const MAX_DEPTH = 64;

export interface PendingHeredoc {
  readonly delimiter: string;
  readonly strip: boolean;
  readonly expand: boolean;
  readonly into: { body: string; parts?: readonly Part[] };
}

export abstract class Lexer {
  protected at = 0;
  protected depth = 0;
  protected readonly pending: PendingHeredoc[] = [];

  constructor(protected readonly src: string) {}

  /** A list of commands up to one of `until` (a reserved word or `)`) or the end. */
  abstract script(until: ReadonlySet<string>): Script;

  /** A parser of other text (the inside of backticks, a heredoc's body), at this depth. */
  protected abstract sub(source: string): Lexer;

  /** The cursor is at the end of the text, with nothing left pending. */
  abstract end(): void;

  protected error(what: string): ShellSyntaxError {
    return new ShellSyntaxError(`${what} at character ${this.at + 1}`);
  }

  protected nest<T>(read: () => T): T {
    if (++this.depth > MAX_DEPTH) throw this.error(`nesting deeper than ${MAX_DEPTH}`);
    try {
      return read();
    } finally {
      this.depth--;
    }
  }

  /** Skip spaces, tabs, line continuations and a comment; not newlines. */
  protected blanks(): void {
    for (;;) {
      const c = this.src[this.at];
      if (c === ' ' || c === '\t') this.at++;
      else if (c === '\\' && this.src[this.at + 1] === '\n') this.at += 2;
      else if (c === '#') while (this.at < this.src.length && this.src[this.at] !== '\n') this.at++;
      else return;
    }
  }

  /** Skip blanks and newlines (reading the bodies of heredocs each newline ends). */
  protected newlines(): boolean {
    let any = false;
    for (;;) {
      this.blanks();
      if (this.src[this.at] !== '\n') return any;
      this.at++;
      any = true;
      this.heredocBodies();
    }
  }

  protected heredocBodies(): void {
    while (this.pending.length > 0) {
      const doc = this.pending.shift()!;
      const lines: string[] = [];
      for (;;) {
        if (this.at >= this.src.length) throw this.error(`heredoc ${doc.delimiter} is not closed`);
        const newline = this.src.indexOf('\n', this.at);
        const end = newline === -1 ? this.src.length : newline;
        let line = this.src.slice(this.at, end);
        this.at = newline === -1 ? end : end + 1;
        if (doc.strip) line = line.replace(/^\t+/, '');
        if (line === doc.delimiter) break;
        lines.push(line);
      }
      doc.into.body = lines.length > 0 ? `${lines.join('\n')}\n` : '';
      if (doc.expand) doc.into.parts = this.sub(doc.into.body).quotedText(this.depth);
    }
  }

  protected startsWith(text: string): boolean {
    return this.src.startsWith(text, this.at);
  }

  /** The next word when it is plain unquoted text ending at a metacharacter, without consuming it. */
  protected peekPlainWord(): string | undefined {
    const match = /^[^\s;&|()<>'"\\$`]+/.exec(this.src.slice(this.at, this.at + 64));
    if (!match) return undefined;
    const next = this.src[this.at + match[0].length];
    return next === undefined || METACHARS.includes(next) ? match[0] : undefined;
  }

  protected expect(text: string): void {
    this.newlines();
    if (!this.startsWith(text)) throw this.error(`expected ${text}`);
    this.at += text.length;
  }

  /** `$((`…`))` or `((`…`))` after the opening parentheses: text with its expansions, to the closing pair. */
  protected arithmetic(): Part[] {
    let level = 0;
    const start = this.at;
    const parts: Part[] = [];
    let text = '';
    while (this.at < this.src.length) {
      const c = this.src[this.at]!;
      if (c === '(') level++;
      else if (c === ')') {
        if (level === 0) {
          if (this.src[this.at + 1] !== ')') throw this.error('arithmetic is not closed with ))');
          this.at += 2;
          if (text) parts.push({ kind: 'text', value: text, quoted: true });
          return parts;
        }
        level--;
      } else if (c === '$' || c === '`') {
        if (text) parts.push({ kind: 'text', value: text, quoted: true });
        text = '';
        parts.push(this.dollarOrBacktick(true));
        continue;
      }
      text += c;
      this.at++;
    }
    this.at = start;
    throw this.error('arithmetic is not closed');
  }

  /** One word at the cursor, or undefined when a metacharacter (or `stop`) is there. */
  word(stop = METACHARS): Word | undefined {
    const start = this.at;
    const parts: Part[] = [];
    let text = '';
    const flush = () => {
      if (text) parts.push({ kind: 'text', value: text, quoted: false });
      text = '';
    };
    while (this.at < this.src.length) {
      const c = this.src[this.at]!;
      if ((c === '<' || c === '>') && this.src[this.at + 1] === '(') {
        flush();
        this.at += 2;
        const script = this.script(new Set([')']));
        this.expect(')');
        parts.push({ kind: 'process', script });
        continue;
      }
      if (stop.includes(c)) break;
      if (c === '\\') {
        if (this.src[this.at + 1] === '\n') this.at += 2;
        else {
          flush();
          if (this.at + 1 >= this.src.length) throw this.error('a backslash ends the line');
          parts.push({ kind: 'text', value: this.src[this.at + 1]!, quoted: true });
          this.at += 2;
        }
      } else if (c === "'") {
        flush();
        const end = this.src.indexOf("'", this.at + 1);
        if (end === -1) throw this.error("a ' is not closed");
        parts.push({ kind: 'text', value: this.src.slice(this.at + 1, end), quoted: true });
        this.at = end + 1;
      } else if (c === '"') {
        flush();
        this.at++;
        parts.push(...this.doubleQuoted());
      } else if (c === '$' && this.src[this.at + 1] === "'") {
        flush();
        this.at += 2;
        parts.push({ kind: 'text', value: this.ansiC(), quoted: true });
      } else if (c === '$' && this.src[this.at + 1] === '"') {
        flush();
        this.at += 2;
        parts.push(...this.doubleQuoted());
      } else if (c === '$' || c === '`') {
        flush();
        parts.push(this.dollarOrBacktick(false));
      } else {
        text += c;
        this.at++;
      }
    }
    flush();
    if (this.at === start) return undefined;
    return { parts, raw: this.src.slice(start, this.at) };
  }

  /** The inside of "…" after the opening quote, through the closing one. */
  protected doubleQuoted(): Part[] {
    const parts: Part[] = [];
    let text = '';
    for (;;) {
      if (this.at >= this.src.length) throw this.error('a " is not closed');
      const c = this.src[this.at]!;
      if (c === '"') {
        this.at++;
        break;
      }
      if (c === '\\' && '$`"\\\n'.includes(this.src[this.at + 1] ?? '')) {
        if (this.src[this.at + 1] !== '\n') text += this.src[this.at + 1];
        this.at += 2;
      } else if ((c === '$' && /[A-Za-z_{(0-9@*#?$!-]/.test(this.src[this.at + 1] ?? '')) || c === '`') {
        if (text) parts.push({ kind: 'text', value: text, quoted: true });
        text = '';
        parts.push(this.dollarOrBacktick(true));
      } else {
        text += c;
        this.at++;
      }
    }
    if (text || parts.length === 0) parts.push({ kind: 'text', value: text, quoted: true });
    return parts;
  }

  /** A heredoc body (or any text) read as the inside of "…" whose quotes are plain characters. */
  quotedText(depth: number): Part[] {
    this.depth = depth;
    const parts: Part[] = [];
    let text = '';
    while (this.at < this.src.length) {
      const c = this.src[this.at]!;
      if (c === '\\' && '$`\\\n'.includes(this.src[this.at + 1] ?? '')) {
        if (this.src[this.at + 1] !== '\n') text += this.src[this.at + 1];
        this.at += 2;
      } else if ((c === '$' && /[A-Za-z_{(0-9@*#?$!-]/.test(this.src[this.at + 1] ?? '')) || c === '`') {
        if (text) parts.push({ kind: 'text', value: text, quoted: true });
        text = '';
        parts.push(this.dollarOrBacktick(true));
      } else {
        text += c;
        this.at++;
      }
    }
    if (text) parts.push({ kind: 'text', value: text, quoted: true });
    return parts;
  }

  /** `$name`, `${…}`, `$(…)`, `$((…))` or `` `…` `` at the cursor. A `$` before anything else is text. */
  protected dollarOrBacktick(quoted: boolean): Part {
    if (this.src[this.at] === '`') {
      this.at++;
      let inner = '';
      for (;;) {
        if (this.at >= this.src.length) throw this.error('a ` is not closed');
        const c = this.src[this.at]!;
        if (c === '`') break;
        if (c === '\\' && '$`\\'.includes(this.src[this.at + 1] ?? '')) {
          inner += this.src[this.at + 1];
          this.at += 2;
        } else {
          inner += c;
          this.at++;
        }
      }
      this.at++;
      const script = this.nest(() => {
        const sub = this.sub(inner);
        sub.depth = this.depth;
        const parsed = sub.script(new Set());
        sub.end();
        return parsed;
      });
      return { kind: 'command', script, quoted };
    }
    this.at++; // the $
    if (this.startsWith('((')) {
      this.at += 2;
      return { kind: 'arith', parts: this.arithmetic() };
    }
    if (this.src[this.at] === '(') {
      this.at++;
      const script = this.script(new Set([')']));
      this.expect(')');
      return { kind: 'command', script, quoted };
    }
    if (this.src[this.at] === '{') {
      this.at++;
      return this.braced(quoted);
    }
    const name = /^([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(this.src.slice(this.at, this.at + 256));
    if (!name) return { kind: 'text', value: '$', quoted };
    this.at += name[0].length;
    return { kind: 'param', name: name[0], quoted };
  }

  /** `${…}` after the brace: the name, an operator and its word (which may hold `$(…)`). */
  protected braced(quoted: boolean): Part {
    const head = /^([#!]?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(\[[^\]]*\])?/.exec(this.src.slice(this.at, this.at + 256));
    if (!head) throw this.error('a parameter expansion in braces has no name');
    this.at += head[0].length;
    const name = head[2]!;
    if (this.src[this.at] === '}') {
      this.at++;
      return head[1] === '#'
        ? { kind: 'param', name, quoted, op: '#length' }
        : { kind: 'param', name, quoted, ...(head[1] || head[3] ? { op: 'indirect' } : {}) };
    }
    const op = /^(:[-=?+]|[-=?+]|##|#|%%|%|\/\/|\/#|\/%|\/|\^\^|\^|,,|,|:|@)/.exec(this.src.slice(this.at, this.at + 3));
    if (!op) throw this.error('a parameter expansion in braces is not closed');
    this.at += op[0].length;
    const word = this.nest(() => this.word('}'));
    if (this.src[this.at] !== '}') throw this.error('a parameter expansion in braces is not closed');
    this.at++;
    return { kind: 'param', name, quoted, op: op[0], ...(word ? { word } : {}) };
  }

  /** `$'…'` after the quote: ANSI-C escapes decoded. */
  protected ansiC(): string {
    let out = '';
    for (;;) {
      if (this.at >= this.src.length) throw this.error("a $' is not closed");
      const c = this.src[this.at++]!;
      if (c === "'") return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.src[this.at++] ?? '';
      const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', e: '\x1b', E: '\x1b' };
      if (e in simple) out += simple[e];
      else if (e === 'x' || e === 'u' || e === 'U') {
        const digits = /^[0-9a-fA-F]+/.exec(this.src.slice(this.at, this.at + (e === 'x' ? 2 : e === 'u' ? 4 : 8)))?.[0] ?? '';
        this.at += digits.length;
        out += digits ? String.fromCodePoint(Number.parseInt(digits, 16)) : `\\${e}`;
      } else if (/[0-7]/.test(e)) {
        const digits = e + (/^[0-7]{0,2}/.exec(this.src.slice(this.at, this.at + 2))?.[0] ?? '');
        this.at += digits.length - 1;
        out += String.fromCharCode(Number.parseInt(digits, 8) & 0xff);
      } else if (e === 'c') out += String.fromCharCode((this.src.charCodeAt(this.at++) || 0) & 0x1f);
      else out += e;
    }
  }
}
