/**
 * A parser for the POSIX shell language as an agent writes it on one tool call, with the bash forms
 * such lines carry: `;` `&` `&&` `||` `|` `|&`, subshells, groups, if/while/until/for/select/case,
 * functions, `[[ ]]` and `(( ))`, assignments (arrays too), redirections, heredocs and here-strings.
 * The words themselves are read by lexer.ts. It builds a tree (syntax.ts) and runs nothing; what it
 * cannot read is a ShellSyntaxError, never a guess.
 */
import { Lexer, METACHARS } from './lexer';
import type { AndOr, Assignment, Command, Part, Pipeline, Redirect, Script, Word } from './syntax';
import { literal } from './syntax';

export type { Command, Part, Redirect, Script, Word } from './syntax';
export { ShellSyntaxError } from './syntax';

const RESERVED = new Set(['if', 'then', 'elif', 'else', 'fi', 'do', 'done', 'case', 'esac', 'while', 'until', 'for', 'in', '{', '}', '!']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Parse a command line into its tree, or throw a ShellSyntaxError saying what could not be read. */
export function parseShell(source: string): Script {
  const parser = new Parser(source);
  const script = parser.script(new Set());
  parser.end();
  return script;
}

class Parser extends Lexer {
  protected sub(source: string): Lexer {
    const parser = new Parser(source);
    parser.depth = this.depth;
    return parser;
  }

  end(): void {
    this.blanks();
    if (this.at < this.src.length) throw this.error(`unexpected ${JSON.stringify(this.src[this.at])}`);
    if (this.pending.length > 0) throw this.error(`heredoc ${this.pending[0]!.delimiter} has no body`);
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
}
