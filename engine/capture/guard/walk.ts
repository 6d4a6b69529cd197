/**
 * The walk of a parsed line: every command it may run, in every branch (`a && b || c`, both arms of an
 * `if`), with the variables, functions, aliases, directory and files the line itself sets up to that
 * point, each command's words expanded (expand.ts) and handed to the program it names (programs.ts).
 * A subshell, a pipeline stage and a command substitution get a copy of the state, as the shell gives
 * them; `sh -c` gets only what is exported.
 */

import type { Call, Output, Stdin, Walk } from './calls';
import { ExpansionLimit, expandJoined, expandWord } from './expand';
import type { Field, Judgement } from './fields';
import { known, text, unknownField } from './fields';
import { normalParts, touch } from './places';
import { runProgram } from './programs';
import type { Command, Redirect, Script } from './shell';
import { parseShell, ShellSyntaxError } from './shell';

/** What the walk asks of the world outside the line: the repository's aliases, what exists on disk. */
export interface Surroundings {
  /** The absolute directory the line runs in. */
  readonly cwd: string;
  /** An alias of the repository's git configuration, undefined when there is none. */
  configAlias(name: string): string | undefined;
  /** Whether a path (relative to `cwd`) exists. */
  exists(path: string): boolean;
}

/** More commands than this in one line (loops unrolled, aliases and functions followed) are not judged. */
const MAX_STEPS = 20000;
/** Shells within shells (`sh -c "eval …"`) deeper than this are not judged. */
const MAX_NESTING = 24;

class LimitReached extends Error {}

interface State {
  vars: Map<string, Field | undefined>;
  exported: Set<string>;
  functions: Map<string, Command>;
  aliases: Map<string, string>;
  files: Map<string, string | undefined>;
  positional: readonly Field[] | undefined;
  cwd: string[] | undefined;
}

function copy(state: State): State {
  return {
    vars: new Map(state.vars),
    exported: new Set(state.exported),
    functions: new Map(state.functions),
    aliases: new Map(state.aliases),
    files: new Map(state.files),
    positional: state.positional,
    cwd: state.cwd,
  };
}

/**
 * Judge one command line: each way it skips a gate and each place the guard cannot tell; `unparsed`
 * when the line (or a shell string inside it that runs) is not shell the parser reads.
 */
export function judgeLine(line: string, surroundings: Surroundings): Judgement & { unparsed?: string } {
  const walker = new Walker(surroundings);
  try {
    walker.script(parseShell(line));
  } catch (error) {
    if (error instanceof ShellSyntaxError) return { ...walker.judgement, unparsed: error.message };
    if (error instanceof LimitReached || error instanceof ExpansionLimit) return { ...walker.judgement, unparsed: error.message };
    throw error;
  }
  return walker.judgement;
}

class Walker implements Walk {
  readonly judgement: Judgement = { findings: [], unknowns: [] };
  readonly start: string;
  readonly gitAliases = new Map<string, string>();
  private state: State = {
    vars: new Map(),
    exported: new Set(),
    functions: new Map(),
    aliases: new Map(),
    files: new Map(),
    positional: undefined,
    cwd: [],
  };
  private steps = 0;
  private nesting = 0;
  private readonly activeFunctions = new Set<string>();

  constructor(private readonly surroundings: Surroundings) {
    this.start = surroundings.cwd;
  }

  get cwd(): string[] | undefined {
    return this.state.cwd;
  }

  set cwd(value: string[] | undefined) {
    this.state.cwd = value;
  }

  exists(path: string): boolean {
    return this.surroundings.exists(path);
  }

  configAlias(name: string): string | undefined {
    return this.surroundings.configAlias(name);
  }

  assign(name: string, value: Field | undefined, exported: boolean): void {
    if (value === undefined) {
      this.state.vars.set(name, text(''));
      this.state.exported.delete(name);
      return;
    }
    this.state.vars.set(name, value);
    if (exported) this.state.exported.add(name);
  }

  variable(name: string): Field | undefined {
    return this.state.vars.get(name);
  }

  exportVariable(name: string): void {
    this.state.exported.add(name);
  }

  setPositional(values: readonly Field[]): void {
    this.state.positional = values;
  }

  defineAlias(name: string, value: string): void {
    this.state.aliases.set(name, value);
  }

  file(path: Field): string | undefined {
    const key = this.fileKey(path);
    return key === undefined ? undefined : this.state.files.get(key);
  }

  private fileKey(path: Field): string | undefined {
    const value = known(path);
    if (value === undefined) return undefined;
    if (value.startsWith('/')) return `/${normalParts(value).join('/')}`;
    if (this.state.cwd === undefined) return undefined;
    return normalParts([...this.state.cwd, value].join('/')).join('/');
  }

  /** Run `within` on a copy of the state (a subshell), the walk's own state restored after. */
  private isolated<T>(within: () => T, state = copy(this.state)): T {
    const saved = this.state;
    this.state = state;
    try {
      return within();
    } finally {
      this.state = saved;
    }
  }

  private step(): void {
    if (++this.steps > MAX_STEPS) throw new LimitReached(`the line runs more than ${MAX_STEPS} commands as the guard follows it`);
  }

  script(script: Script): Output {
    let last: Output = { stdout: text('') };
    for (const item of script.items) {
      for (const pipeline of item.pipelines) {
        let stdin: Stdin = { kind: 'none' };
        if (pipeline.commands.length === 1) {
          last = this.command(pipeline.commands[0]!, stdin);
          continue;
        }
        for (const command of pipeline.commands) {
          const output = this.isolated(() => this.command(command, stdin));
          const value = known(output.stdout);
          stdin = value !== undefined ? { kind: 'text', text: value } : { kind: 'unknown', ...(output.item ? { item: output.item } : {}) };
          last = output;
        }
      }
    }
    return last;
  }

  private command(command: Command, stdin: Stdin): Output {
    this.step();
    switch (command.kind) {
      case 'simple':
        return this.simple(command, stdin);
      case 'subshell':
        return this.isolated(() => {
          const input = this.redirects(command.redirects) ?? (stdin.kind === 'none' ? this.pendingInput : stdin);
          return this.withInput(input, () => this.script(command.body));
        });
      case 'group': {
        const input = this.redirects(command.redirects) ?? (stdin.kind === 'none' ? this.pendingInput : stdin);
        return this.withInput(input, () => this.script(command.body));
      }
      case 'compound':
        for (const word of command.words) expandWord(word, this.expander());
        this.redirects(command.redirects);
        for (const body of command.bodies) this.script(body);
        return { stdout: unknownField() };
      case 'for': {
        const items = command.items ? command.items.flatMap((word) => expandWord(word, this.expander())) : [unknownField(false, true)];
        this.redirects(command.redirects);
        const values =
          items.every((item) => known(item) !== undefined) && items.length <= 16
            ? items
            : [
                unknownField(
                  items.every((item) => !item.spread),
                  true,
                ),
              ];
        for (const value of values) {
          this.state.vars.set(command.name, value);
          this.script(command.body);
        }
        return { stdout: unknownField() };
      }
      case 'function':
        this.state.functions.set(command.name, command.body);
        return { stdout: text('') };
      case 'test':
        for (const word of command.words) expandWord(word, this.expander());
        this.redirects(command.redirects);
        return { stdout: text('') };
    }
  }

  /** The input a compound command's redirections give the commands inside it. */
  private pendingInput: Stdin | undefined;

  private withInput(stdin: Stdin | undefined, within: () => Output): Output {
    const saved = this.pendingInput;
    this.pendingInput = stdin;
    try {
      return within();
    } finally {
      this.pendingInput = saved;
    }
  }

  private simple(command: Extract<Command, { kind: 'simple' }>, stdinGiven: Stdin): Output {
    const x = this.expander();
    const prefix = new Map<string, Field>();
    for (const assign of command.assigns) {
      const value = assign.array
        ? { segments: assign.array.flatMap((word, k) => [...(k > 0 ? [' '] : []), ...expandJoined(word, x).segments]) }
        : assign.value
          ? expandJoined(assign.value, x)
          : text('');
      const previous = assign.append ? this.state.vars.get(assign.name) : undefined;
      prefix.set(assign.name, previous ? { segments: [...previous.segments, ...value.segments] } : value);
    }
    const fields = command.words.flatMap((word) => expandWord(word, x));
    const first = command.words[0];
    const aliasName =
      first && first.parts.length === 1 && first.parts[0]!.kind === 'text' && !first.parts[0]!.quoted
        ? known(fields[0] ?? text(''))
        : undefined;
    const alias = aliasName !== undefined ? this.state.aliases.get(aliasName) : undefined;
    if (alias !== undefined && this.nesting < MAX_NESTING) {
      const rest = command.words
        .slice(1)
        .map((word) => word.raw)
        .join(' ');
      this.state.aliases.delete(aliasName!);
      try {
        return this.shell(`${alias} ${rest}`, { env: new Map(), stdin: stdinGiven, where: `the alias ${aliasName}`, same: true });
      } finally {
        this.state.aliases.set(aliasName!, alias);
      }
    }
    const stdin = this.redirects(command.redirects) ?? this.pendingInput ?? stdinGiven;
    if (fields.length === 0) {
      // assignments alone set this shell's variables; a hook manager's switch set here reaches later commands
      for (const [name, value] of prefix) {
        this.state.vars.set(name, value);
        if (/^(HUSKY|LEFTHOOK|SKIP|GIT_CONFIG|MAJORDOMUS_)/.test(name)) this.state.exported.add(name);
      }
      return { stdout: text('') };
    }
    const env = new Map<string, Field>();
    for (const name of this.state.exported) {
      const value = this.state.vars.get(name);
      if (value) env.set(name, value);
    }
    for (const [name, value] of prefix) env.set(name, value);
    const output = this.run({ argv: fields, env, stdin });
    // what the command printed is what the file it is redirected to holds (`cat > x.sh <<EOF`)
    let redirected = false;
    for (const redirect of command.redirects) {
      if (!/^(>|>>|>\||&>|&>>)$/.test(redirect.op) || (redirect.fd !== undefined && redirect.fd !== '1') || !redirect.target) continue;
      redirected = true;
      const key = this.fileKey(expandJoined(redirect.target, x));
      if (key === undefined) continue;
      const printed = known(output.stdout);
      const before = redirect.op.endsWith('>>') ? this.state.files.get(key) : '';
      this.state.files.set(key, printed !== undefined && before !== undefined ? before + printed : undefined);
    }
    return redirected ? { stdout: text('') } : output;
  }

  /**
   * Judge a command's redirections: a write onto a gate's place is a finding, and the file is
   * remembered with what was written when that is known. Returns the input a redirection gives.
   */
  private redirects(redirects: readonly Redirect[]): Stdin | undefined {
    let input: Stdin | undefined;
    for (const redirect of redirects) {
      if (redirect.heredoc) {
        const parts = redirect.heredoc.parts;
        if (parts === undefined) input = { kind: 'text', text: redirect.heredoc.body };
        else {
          const value = known(expandJoined({ parts, raw: '' }, this.expander()));
          input = value === undefined ? { kind: 'unknown' } : { kind: 'text', text: value };
        }
        continue;
      }
      if (!redirect.target) continue;
      const target = expandJoined(redirect.target, this.expander());
      if (redirect.op === '<<<') {
        const value = known(target);
        input = value === undefined ? { kind: 'unknown' } : { kind: 'text', text: `${value}\n` };
      } else if (redirect.op === '<') {
        const body = this.file(target);
        input = body === undefined ? { kind: 'unknown' } : { kind: 'text', text: body };
      } else if (/^(>|>>|>\||&>|&>>|<>)$/.test(redirect.op) || (redirect.op === '>&' && !/^(\d+|-)$/.test(known(target) ?? ''))) {
        touch(this.judgement, target, redirect.op, this.state.cwd, this.start);
      }
    }
    return input;
  }

  run(call: Call): Output {
    this.step();
    const name = call.argv[0] === undefined ? undefined : known(call.argv[0]);
    const body = name === undefined ? undefined : this.state.functions.get(name);
    if (body !== undefined && !this.activeFunctions.has(name!)) {
      this.activeFunctions.add(name!);
      const saved = this.state.positional;
      this.state.positional = call.argv.slice(1);
      try {
        return this.command(body, call.stdin);
      } finally {
        this.state.positional = saved;
        this.activeFunctions.delete(name!);
      }
    }
    const output = runProgram(this, call);
    this.rememberWrites(call);
    return output;
  }

  /** `tee file`: what a later `sh file` would run. */
  private rememberWrites(call: Call): void {
    const name = call.argv[0] === undefined ? undefined : known(call.argv[0]);
    if (name === 'tee' && call.stdin.kind === 'text')
      for (const path of call.argv.slice(1)) {
        const key = this.fileKey(path);
        if (key !== undefined && !known(path)?.startsWith('-')) this.state.files.set(key, call.stdin.text);
      }
  }

  /** Walk `source` as a script: in this shell (`same`: eval, source, an alias) or a new one. */
  shell(
    source: string,
    options: { positional?: readonly Field[]; env: ReadonlyMap<string, Field>; stdin: Stdin; where: string; same: boolean },
  ): Output {
    if (this.nesting >= MAX_NESTING) {
      this.judgement.unknowns.push(`${options.where} (shells nested deeper than ${MAX_NESTING})`);
      return { stdout: unknownField() };
    }
    let script: Script;
    try {
      script = parseShell(source);
    } catch (error) {
      if (!(error instanceof ShellSyntaxError)) throw error;
      this.judgement.unknowns.push(`what ${options.where} runs (${error.message})`);
      return { stdout: unknownField() };
    }
    this.nesting++;
    try {
      if (options.same) return this.withInput(options.stdin.kind === 'none' ? undefined : options.stdin, () => this.script(script));
      // a new shell: only the exported variables, and the ones set for it
      const state = copy(this.state);
      state.vars = new Map([...this.state.exported].map((name) => [name, this.state.vars.get(name)]));
      state.exported = new Set(this.state.exported);
      for (const [name, value] of options.env) {
        state.vars.set(name, value);
        state.exported.add(name);
      }
      state.functions = new Map();
      state.aliases = new Map();
      state.positional = options.positional ?? [];
      return this.isolated(
        () => this.withInput(options.stdin.kind === 'none' ? undefined : options.stdin, () => this.script(script)),
        state,
      );
    } finally {
      this.nesting--;
    }
  }

  private expander() {
    return {
      variable: (name: string) => this.state.vars.get(name),
      positional: () => this.state.positional,
      substitute: (script: Script): Field => {
        const output = this.isolated(() => this.script(script));
        const value = known(output.stdout);
        return value !== undefined ? text(value.replace(/\n+$/, '')) : output.stdout;
      },
      process: (script: Script) => void this.isolated(() => this.script(script)),
      assign: (name: string, value: Field) => void this.state.vars.set(name, value),
    };
  }
}
