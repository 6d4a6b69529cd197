/**
 * A parser for the POSIX shell language as an agent writes it on one tool call, with the bash forms
 * such lines carry: words and their quoting ('…', "…", $'…'), escapes and line continuations, `;` `&`
 * `&&` `||` `|` `|&`, subshells, groups, if/while/until/for/case, functions, `[[ ]]` and `(( ))`,
 * command and process substitution, parameter expansion, assignments (arrays too), redirections,
 * heredocs and here-strings, comments. It builds a tree and runs nothing; what it cannot read is a
 * ShellSyntaxError, never a guess.
 *
 * A word keeps its parts (text quoted or not, `$name`, `$(…)`), so the guard can tell the text a
 * command receives from the text it only looks like, and find every command a line runs, however deep.
 */

/** A piece of a word. `quoted`: inside "…" (expansions are not split, globs not matched). */
export type Part =
  | { readonly kind: 'text'; readonly value: string; readonly quoted: boolean }
  | { readonly kind: 'param'; readonly name: string; readonly quoted: boolean; readonly op?: string; readonly word?: Word }
  | { readonly kind: 'command'; readonly script: Script; readonly quoted: boolean }
  | { readonly kind: 'process'; readonly script: Script }
  | { readonly kind: 'arith'; readonly parts: readonly Part[] };

export interface Word {
  readonly parts: readonly Part[];
  /** The source text of the word. */
  readonly raw: string;
}

export interface Redirect {
  readonly op: string;
  readonly fd?: string;
  /** The file (or descriptor) a redirection names; a here-string's word. */
  readonly target?: Word;
  /** A heredoc's body: its text, and its parts when the delimiter was unquoted (then `$(…)` in it runs). */
  readonly heredoc?: { body: string; parts?: readonly Part[] };
}

export interface Assignment {
  readonly name: string;
  readonly append: boolean;
  readonly value?: Word;
  readonly array?: readonly Word[];
}

export type Command =
  | { readonly kind: 'simple'; readonly assigns: readonly Assignment[]; readonly words: readonly Word[]; readonly redirects: readonly Redirect[] }
  | { readonly kind: 'subshell' | 'group'; readonly body: Script; readonly redirects: readonly Redirect[] }
  /** if, while, until, select and the bodies of case: every part that may run, in order. */
  | { readonly kind: 'compound'; readonly bodies: readonly Script[]; readonly words: readonly Word[]; readonly redirects: readonly Redirect[] }
  | { readonly kind: 'for'; readonly name: string; readonly items?: readonly Word[]; readonly body: Script; readonly redirects: readonly Redirect[] }
  | { readonly kind: 'function'; readonly name: string; readonly body: Command }
  /** `[[ … ]]` and `(( … ))`: only their expansions run. */
  | { readonly kind: 'test'; readonly words: readonly Word[]; readonly redirects: readonly Redirect[] };

export interface Pipeline {
  readonly commands: readonly Command[];
}

export interface AndOr {
  readonly pipelines: readonly Pipeline[];
  /** `&&` or `||` before each pipeline after the first. */
  readonly ops: readonly string[];
  readonly background: boolean;
}

export interface Script {
  readonly items: readonly AndOr[];
}

export class ShellSyntaxError extends Error {}

const RESERVED = new Set(['if', 'then', 'elif', 'else', 'fi', 'do', 'done', 'case', 'esac', 'while', 'until', 'for', 'in', '{', '}', '!']);
const TERMINATORS = new Set(['then', 'elif', 'else', 'fi', 'do', 'done', 'esac', '}']);
const METACHARS = ' \t\n;&|()<>';
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Nesting deeper than this is refused: a line is not a program, and recursion must stay bounded. */
const MAX_DEPTH = 64;

/** Parse a command line into its tree, or throw a ShellSyntaxError saying what could not be read. */
export function parseShell(source: string): Script {
  const parser = new Parser(source);
  const script = parser.script(new Set());
  parser.end();
  return script;
}

interface PendingHeredoc {
  readonly delimiter: string;
  readonly strip: boolean;
  readonly expand: boolean;
  readonly into: { body: string; parts?: readonly Part[] };
}

class Parser {
  private at = 0;
  private depth = 0;
  private readonly pending: PendingHeredoc[] = [];

  constructor(private readonly src: string) {}

  end(): void {
    this.blanks();
    if (this.at < this.src.length) throw this.error(`unexpected ${JSON.stringify(this.src[this.at])}`);
    if (this.pending.length > 0) throw this.error(`heredoc ${this.pending[0]!.delimiter} has no body`);
  }

  private error(what: string): ShellSyntaxError {
    return new ShellSyntaxError(`${what} at character ${this.at + 1}`);
  }

  private nest<T>(read: () => T): T {
    if (++this.depth > MAX_DEPTH) throw this.error(`nesting deeper than ${MAX_DEPTH}`);
    try {
      return read();
    } finally {
      this.depth--;
    }
  }

  /** Skip spaces, tabs, line continuations and a comment; not newlines. */
  private blanks(): void {
    for (;;) {
      const c = this.src[this.at];
      if (c === ' ' || c === '\t') this.at++;
      else if (c === '\\' && this.src[this.at + 1] === '\n') this.at += 2;
      else if (c === '#') while (this.at < this.src.length && this.src[this.at] !== '\n') this.at++;
      else return;
    }
  }

  /** Skip blanks and newlines (reading the bodies of heredocs each newline ends). */
  private newlines(): boolean {
    let any = false;
    for (;;) {
      this.blanks();
      if (this.src[this.at] !== '\n') return any;
      this.at++;
      any = true;
      this.heredocBodies();
    }
  }

  private heredocBodies(): void {
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
      if (doc.expand) doc.into.parts = new Parser(doc.into.body).quotedText(this.depth);
    }
  }

  private startsWith(text: string): boolean {
    return this.src.startsWith(text, this.at);
  }

  /** The operator at the cursor, without consuming it. */
  private operator(): string | undefined {
    for (const op of [';;&', ';;', ';&', '&&', '||', '|&', '&>>', '&>', '|', '&', ';', '(', ')']) if (this.startsWith(op)) return op;
    return undefined;
  }

  /** A list of and-or lists up to one of `until` (a reserved word or `)`) or the end. */
  script(until: ReadonlySet<string>): Script {
    return this.nest(() => {
      const items: AndOr[] = [];
      for (;;) {
        this.newlines();
        if (this.at >= this.src.length || this.atEnd(until)) return { items };
        const andOr = this.andOr(until);
        this.blanks();
        const op = this.operator();
        if (op === '&') {
          this.at++;
          items.push({ ...andOr, background: true });
        } else {
          items.push(andOr);
          if (op === ';') this.at++;
          else if (!this.newlines() && !(this.at >= this.src.length || this.atEnd(until))) throw this.error('expected a separator');
        }
      }
    });
  }

  /** Whether the cursor stands on a word or operator in `until`. */
  private atEnd(until: ReadonlySet<string>): boolean {
    this.blanks();
    if (until.has(')') && this.src[this.at] === ')') return true;
    for (const op of [';;&', ';;', ';&']) if (until.has(op) && this.startsWith(op)) return true;
    const word = this.peekPlainWord();
    return word !== undefined && until.has(word);
  }

  /** The next word when it is plain unquoted text ending at a metacharacter, without consuming it. */
  private peekPlainWord(): string | undefined {
    const match = /^[^\s;&|()<>'"\\$`]+/.exec(this.src.slice(this.at, this.at + 64));
    if (!match) return undefined;
    const next = this.src[this.at + match[0].length];
    return next === undefined || METACHARS.includes(next) ? match[0] : undefined;
  }

  private andOr(until: ReadonlySet<string>): AndOr {
    const pipelines = [this.pipeline(until)];
    const ops: string[] = [];
    for (;;) {
      this.blanks();
      const op = this.operator();
      if (op !== '&&' && op !== '||') return { pipelines, ops, background: false };
      this.at += 2;
      this.newlines();
      ops.push(op);
      pipelines.push(this.pipeline(until));
    }
  }

  private pipeline(until: ReadonlySet<string>): Pipeline {
    this.blanks();
    if (this.peekPlainWord() === '!') this.at++;
    for (const prefix of ['time', 'coproc']) {
      if (this.peekPlainWord() === prefix) {
        this.at += prefix.length;
        this.blanks();
        while (prefix === 'time' && this.startsWith('-p') && METACHARS.includes(this.src[this.at + 2] ?? ' ')) {
          this.at += 2;
          this.blanks();
        }
      }
    }
    const commands = [this.command(until)];
    for (;;) {
      this.blanks();
      const op = this.operator();
      if (op !== '|' && op !== '|&') return { commands };
      this.at += op.length;
      this.newlines();
      commands.push(this.command(until));
    }
  }

  private command(until: ReadonlySet<string>): Command {
    this.blanks();
    if (this.startsWith('((')) {
      this.at += 2;
      const parts = this.arithmetic();
      return { kind: 'test', words: [{ parts, raw: '' }], redirects: this.redirects() };
    }
    if (this.src[this.at] === '(') {
      this.at++;
      const body = this.script(new Set([')']));
      this.expect(')');
      return { kind: 'subshell', body, redirects: this.redirects() };
    }
    const word = this.peekPlainWord();
    if (word !== undefined && until.has(word)) throw this.error(`unexpected ${word}`);
    switch (word) {
      case '{': {
        this.at++;
        const body = this.script(new Set(['}']));
        this.keyword('}');
        return { kind: 'group', body, redirects: this.redirects() };
      }
      case 'if':
        return this.ifClause();
      case 'while':
      case 'until': {
        this.at += word.length;
        const condition = this.script(new Set(['do']));
        this.keyword('do');
        const body = this.script(new Set(['done']));
        this.keyword('done');
        return { kind: 'compound', bodies: [condition, body], words: [], redirects: this.redirects() };
      }
      case 'for':
      case 'select':
        return this.forClause(word);
      case 'case':
        return this.caseClause();
      case '[[':
        return this.testClause();
      case 'function': {
        this.at += word.length;
        this.blanks();
        const name = this.peekPlainWord();
        if (name === undefined) throw this.error('a function needs a name');
        this.at += name.length;
        this.blanks();
        if (this.startsWith('()')) this.at += 2;
        this.newlines();
        return { kind: 'function', name, body: this.command(until) };
      }
    }
    if (word !== undefined && RESERVED.has(word)) throw this.error(`unexpected ${word}`);
    if (word !== undefined && NAME.test(word)) {
      const save = this.at;
      this.at += word.length;
      this.blanks();
      if (this.startsWith('()')) {
        this.at += 2;
        this.newlines();
        return { kind: 'function', name: word, body: this.command(until) };
      }
      this.at = save;
    }
    return this.simple();
  }

  private keyword(word: string): void {
    this.newlines();
    if (this.peekPlainWord() !== word) throw this.error(`expected ${word}`);
    this.at += word.length;
  }

  private expect(text: string): void {
    this.newlines();
    if (!this.startsWith(text)) throw this.error(`expected ${text}`);
    this.at += text.length;
  }

  private ifClause(): Command {
    this.at += 2;
    const bodies: Script[] = [this.script(new Set(['then']))];
    this.keyword('then');
    bodies.push(this.script(new Set(['elif', 'else', 'fi'])));
    for (;;) {
      this.newlines();
      const next = this.peekPlainWord();
      this.at += next?.length ?? 0;
      if (next === 'fi') break;
      if (next === 'elif') {
        bodies.push(this.script(new Set(['then'])));
        this.keyword('then');
        bodies.push(this.script(new Set(['elif', 'else', 'fi'])));
      } else if (next === 'else') {
        bodies.push(this.script(new Set(['fi'])));
      } else throw this.error('expected fi');
    }
    return { kind: 'compound', bodies, words: [], redirects: this.redirects() };
  }

  private forClause(keyword: string): Command {
    this.at += keyword.length;
    this.blanks();
    if (this.startsWith('((')) {
      this.at += 2;
      const parts = this.arithmetic();
      this.blanks();
      if (this.src[this.at] === ';') this.at++;
      this.keyword('do');
      const body = this.script(new Set(['done']));
      this.keyword('done');
      return { kind: 'compound', bodies: [body], words: [{ parts, raw: '' }], redirects: this.redirects() };
    }
    const name = this.peekPlainWord();
    if (name === undefined || !NAME.test(name)) throw this.error(`${keyword} needs a variable name`);
    this.at += name.length;
    this.newlines();
    let items: Word[] | undefined;
    if (this.peekPlainWord() === 'in') {
      this.at += 2;
      items = [];
      for (;;) {
        this.blanks();
        const c = this.src[this.at];
        if (c === ';' || c === '\n' || c === undefined) break;
        const item = this.word();
        if (!item) throw this.error(`unexpected ${JSON.stringify(c)} in ${keyword}`);
        items.push(item);
      }
    }
    this.blanks();
    if (this.src[this.at] === ';') this.at++;
    this.keyword('do');
    const body = this.script(new Set(['done']));
    this.keyword('done');
    return keyword === 'for'
      ? { kind: 'for', name, ...(items ? { items } : {}), body, redirects: this.redirects() }
      : { kind: 'compound', bodies: [body], words: items ?? [], redirects: this.redirects() };
  }

  private caseClause(): Command {
    this.at += 4;
    this.blanks();
    const subject = this.word();
    if (!subject) throw this.error('case needs a word');
    this.keyword('in');
    const words: Word[] = [subject];
    const bodies: Script[] = [];
    for (;;) {
      this.newlines();
      if (this.peekPlainWord() === 'esac') {
        this.at += 4;
        break;
      }
      if (this.src[this.at] === '(') this.at++;
      for (;;) {
        this.blanks();
        const pattern = this.word();
        if (!pattern) throw this.error('expected a case pattern');
        words.push(pattern);
        this.blanks();
        if (this.src[this.at] === '|') this.at++;
        else break;
      }
      this.expect(')');
      bodies.push(this.script(new Set(['esac', ';;', ';&', ';;&'])));
      this.newlines();
      const op = this.operator();
      if (op === ';;' || op === ';&' || op === ';;&') this.at += op.length;
      else if (this.peekPlainWord() !== 'esac') throw this.error('expected ;; or esac');
    }
    return { kind: 'compound', bodies, words, redirects: this.redirects() };
  }

  private testClause(): Command {
    this.at += 2;
    const words: Word[] = [];
    for (;;) {
      this.newlines();
      if (this.at >= this.src.length) throw this.error('[[ is not closed');
      if (this.startsWith(']]') && METACHARS.includes(this.src[this.at + 2] ?? ' ')) {
        this.at += 2;
        return { kind: 'test', words, redirects: this.redirects() };
      }
      const word = this.word(' \t\n;');
      if (word) words.push(word);
      else this.at++; // an operator of the test (&&, ||, <, >, parentheses): nothing runs
    }
  }

  /** `$((`…`))` or `((`…`))` after the opening parentheses: text with its expansions, to the closing pair. */
  private arithmetic(): Part[] {
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

  private simple(): Command {
    const assigns: Assignment[] = [];
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      this.blanks();
      const redirect = this.redirect();
      if (redirect) {
        redirects.push(redirect);
        continue;
      }
      const c = this.src[this.at];
      const substitution = (c === '<' || c === '>') && this.src[this.at + 1] === '(';
      if (c === undefined || (METACHARS.includes(c) && !substitution)) break;
      if (words.length === 0) {
        const assign = this.assignment();
        if (assign) {
          assigns.push(assign);
          continue;
        }
      }
      const word = this.word();
      if (!word) break;
      words.push(word);
    }
    if (assigns.length === 0 && words.length === 0 && redirects.length === 0) {
      throw this.error(this.at >= this.src.length ? 'a command is missing at the end' : `unexpected ${JSON.stringify(this.src[this.at])}`);
    }
    return { kind: 'simple', assigns, words, redirects };
  }

  private assignment(): Assignment | undefined {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=/.exec(this.src.slice(this.at, this.at + 256));
    if (!match) return undefined;
    this.at += match[0].length;
    const name = match[1]!;
    const append = match[2] === '+';
    if (this.src[this.at] === '(') {
      this.at++;
      const array: Word[] = [];
      for (;;) {
        this.newlines();
        if (this.src[this.at] === ')') {
          this.at++;
          return { name, append, array };
        }
        const word = this.word();
        if (!word) throw this.error('an array assignment is not closed');
        array.push(word);
      }
    }
    const value = this.word();
    return value ? { name, append, value } : { name, append };
  }

  private redirects(): Redirect[] {
    const out: Redirect[] = [];
    for (;;) {
      this.blanks();
      const redirect = this.redirect();
      if (!redirect) return out;
      out.push(redirect);
    }
  }

  private redirect(): Redirect | undefined {
    const match = /^(\d+|\{[A-Za-z_][A-Za-z0-9_]*\})?(<<<|<<-|<<|<>|<&|<\(|<|>>|>&|>\||>\(|>|&>>|&>)/.exec(
      this.src.slice(this.at, this.at + 40),
    );
    if (!match) return undefined;
    const fd = match[1];
    const op = match[2]!;
    // a process substitution is a word, read by word()
    if (op === '<(' || op === '>(') return undefined;
    this.at += match[0].length;
    this.blanks();
    if (op === '<<' || op === '<<-') {
      const delimiter = this.word();
      if (!delimiter) throw this.error('a heredoc needs a delimiter');
      const quoted = /['"\\]/.test(delimiter.raw);
      const into: { body: string; parts?: readonly Part[] } = { body: '' };
      this.pending.push({ delimiter: literal(delimiter), strip: op === '<<-', expand: !quoted, into });
      return { op, ...(fd !== undefined ? { fd } : {}), heredoc: into };
    }
    const target = this.word();
    if (!target) throw this.error(`${op} needs a target`);
    return { op, ...(fd !== undefined ? { fd } : {}), target };
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
  private doubleQuoted(): Part[] {
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
  private dollarOrBacktick(quoted: boolean): Part {
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
        const sub = new Parser(inner);
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
  private braced(quoted: boolean): Part {
    const head = /^([#!]?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(\[[^\]]*\])?/.exec(this.src.slice(this.at, this.at + 256));
    if (!head) throw this.error('a ${ } expansion has no name');
    this.at += head[0].length;
    const name = head[2]!;
    if (this.src[this.at] === '}') {
      this.at++;
      return head[1] === '#' ? { kind: 'param', name, quoted, op: '#length' } : { kind: 'param', name, quoted, ...(head[1] || head[3] ? { op: 'indirect' } : {}) };
    }
    const op = /^(:[-=?+]|[-=?+]|##|#|%%|%|\/\/|\/#|\/%|\/|\^\^|\^|,,|,|:|@)/.exec(this.src.slice(this.at, this.at + 3));
    if (!op) throw this.error('a ${ } expansion is not closed');
    this.at += op[0].length;
    const word = this.nest(() => this.word('}'));
    if (this.src[this.at] !== '}') throw this.error('a ${ } expansion is not closed');
    this.at++;
    return { kind: 'param', name, quoted, op: op[0], ...(word ? { word } : {}) };
  }

  /** `$'…'` after the quote: ANSI-C escapes decoded. */
  private ansiC(): string {
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

/** A word's text when it has no expansion (quotes removed); the delimiter of a heredoc. */
export function literal(word: Word): string {
  return word.parts.map((part) => (part.kind === 'text' ? part.value : part.kind === 'param' ? `$${part.name}` : '')).join('');
}

/** Terminators that end a list inside a compound command (for callers that build their own). */
export const LIST_TERMINATORS: ReadonlySet<string> = TERMINATORS;
