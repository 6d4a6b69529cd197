/**
 * The programs a line runs, by name: the wrappers that run another command (`env`, `command`, `exec`,
 * `nohup`, `timeout`, `nice`, `sudo`, `xargs`, `find -exec`, `npx`, …) are looked through; the shells
 * (`sh|bash|zsh|dash -c`, a script read from stdin or written on the line, `eval`, `source`) are walked;
 * git is judged by git.ts, the file commands by places.ts. What `echo`, `printf` and `cat` print is
 * worked out, so `git commit $(echo --no-verify)` is seen for what it is.
 */
import type { Call, Output, Walk } from './calls';
import { EMPTY, NOTHING } from './calls';
import type { Field } from './fields';
import { known, shown, text, unknownField } from './fields';
import { gitRunsHooks, judgeGit } from './git';
import { splitCommandLine } from './git-options';
import { changedPaths, SWITCHES, switchFinding, touch } from './places';
import { cat, changeDirectory, echo, gitOutput, printf } from './printing';

/** Programs whose output is a path, a name or a number, never an option. */
const SAFE_OUTPUT = new Set([
  'pwd',
  'date',
  'whoami',
  'id',
  'hostname',
  'uname',
  'basename',
  'dirname',
  'wc',
  'mktemp',
  'realpath',
  'readlink',
  'nproc',
  'seq',
  'expr',
  'tty',
  'logname',
]);
/** Wrappers: the short options that take a value, the long ones, and the operands before the command. */
const WRAPPERS: Readonly<
  Record<string, { short: string; long: readonly string[]; operands?: number; assignments?: boolean; stopAtOperand?: boolean }>
> = {
  command: { short: '', long: [] },
  builtin: { short: '', long: [] },
  exec: { short: 'a', long: [] },
  nohup: { short: '', long: [] },
  nice: { short: 'n', long: ['adjustment'] },
  timeout: { short: 'sk', long: ['signal', 'kill-after'], operands: 1 },
  env: { short: 'uCS', long: ['unset', 'chdir', 'split-string'], assignments: true },
  sudo: {
    short: 'ugCDhpRrTUc',
    long: ['user', 'group', 'close-from', 'chdir', 'host', 'prompt', 'role', 'type', 'other-user', 'command-timeout'],
    assignments: true,
  },
  doas: { short: 'uC', long: [] },
  time: { short: 'fo', long: ['format', 'output'] },
  stdbuf: { short: 'ioe', long: ['input', 'output', 'error'] },
  unbuffer: { short: '', long: [] },
  setsid: { short: '', long: [] },
  ionice: { short: 'cnpPu', long: ['class', 'classdata', 'pid', 'pgid', 'uid'] },
  chrt: { short: 'T', long: ['sched-runtime', 'sched-deadline', 'sched-period'], operands: 1 },
  taskset: { short: '', long: [], operands: 1 },
  chroot: { short: '', long: ['userspec', 'groups'], operands: 1 },
  flock: { short: 'wEc', long: ['timeout', 'conflict-exit-code', 'command'], operands: 1 },
  caffeinate: { short: 'tw', long: [] },
  npx: { short: 'pc', long: ['package', 'call'] },
  bunx: { short: 'p', long: ['package'] },
  watch: { short: 'ndq', long: ['interval', 'differences'] },
};
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'posh', 'yash', 'rbash', 'fish']);
const INTERPRETERS = new Set([
  'python',
  'python3',
  'python2',
  'node',
  'nodejs',
  'perl',
  'ruby',
  'php',
  'deno',
  'bun',
  'osascript',
  'lua',
  'Rscript',
]);
/** Commands that let the named hook manager (or this tool) take the hooks out. */
const UNINSTALLS: Readonly<Record<string, readonly string[]>> = {
  husky: ['uninstall'],
  lefthook: ['uninstall'],
  'pre-commit': ['uninstall', 'clean'],
  majordomus: ['hooks uninstall'],
};
/** Package-manager commands that install and run no git hook: a hook manager's switch on them is harmless. */
const INSTALLS = /^(npm|pnpm|yarn|bun) (install|i|ci|add|remove|rm|uninstall|update|up)\b/;

/** Run one program, judging what it does; what it prints, as far as that is known. */
export function runProgram(walk: Walk, call: Call): Output {
  const { argv, env, stdin } = call;
  const first = argv[0];
  if (first === undefined) return EMPTY;
  const command = known(first);
  if (command === undefined) {
    // a command whose name is not known: it may be git, or a shell
    judgeGit(argv.slice(1), gitContext(walk, env));
    if (argv.length > 1) walk.judgement.unknowns.push(`which program \`${shown(first)}\` names`);
    return NOTHING;
  }
  const name = command.includes('/') ? command.slice(command.lastIndexOf('/') + 1) : command;
  const args = argv.slice(1);
  const words = args.map(known);
  if (name in WRAPPERS && !(name === 'command' && words.some((w) => w === '-v' || w === '-V'))) return wrapper(walk, name, call);
  if (SHELLS.has(name) || (name === 'busybox' && SHELLS.has(words[0] ?? '')))
    return shell(walk, name === 'busybox' ? { ...call, argv: args } : call);
  switch (name) {
    case 'git':
      switches(walk, env, () => gitRunsHooks(args));
      judgeGit(args, gitContext(walk, env));
      return gitOutput(args);
    case 'eval':
      return words.every((w) => w !== undefined)
        ? walk.shell(words.join(' '), { env, stdin, where: 'eval', same: true })
        : unknown(walk, `what eval runs (${args.map(shown).join(' ')})`);
    case '.':
    case 'source': {
      const body = args[0] === undefined ? undefined : walk.file(args[0]);
      return body === undefined ? NOTHING : walk.shell(body, { env, stdin, where: `source ${shown(args[0]!)}`, same: true });
    }
    case 'echo':
      return echo(args);
    case 'printf':
      return printf(args);
    case 'cat':
      return cat(walk, args, stdin);
    case 'cd':
    case 'pushd':
      walk.cwd = changeDirectory(walk, args);
      return EMPTY;
    case 'export':
    case 'declare':
    case 'typeset':
    case 'local':
    case 'readonly':
      for (const field of args) {
        const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(shown(field));
        const bare = known(field);
        if (!assignment && bare !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(bare) && (name === 'export' || words.includes('-x'))) {
          walk.exportVariable(bare);
          const value = walk.variable(bare);
          if (value) switches(walk, new Map([[bare, value]]), () => true);
        }
        if (!assignment) continue;
        const value = { segments: [String(field.segments[0]).slice(assignment[0].length), ...field.segments.slice(1)] };
        walk.assign(assignment[1]!, value, name === 'export' || words.includes('-x'));
        if (name === 'export' || words.includes('-x')) switches(walk, new Map([[assignment[1]!, value]]), () => true);
      }
      return EMPTY;
    case 'set': {
      const at = words.indexOf('--');
      if (at !== -1) walk.setPositional(args.slice(at + 1));
      else if (words[0] !== undefined && !/^[-+]/.test(words[0])) walk.setPositional(args);
      return EMPTY;
    }
    case 'unset':
      for (const w of words) if (w !== undefined && !w.startsWith('-')) walk.assign(w, undefined, false);
      return EMPTY;
    case 'alias':
      for (const w of words) {
        const equals = w?.indexOf('=') ?? -1;
        if (w !== undefined && equals > 0) walk.defineAlias(w.slice(0, equals), w.slice(equals + 1));
      }
      return EMPTY;
    case 'trap':
      if (words[0] !== undefined && !words[0].startsWith('-'))
        walk.shell(words[0], { env, stdin: { kind: 'none' }, where: 'trap', same: true });
      return EMPTY;
    case 'xargs':
      return xargs(walk, call);
    case 'find':
      return find(walk, call);
    case 'su':
    case 'runuser':
    case 'script': {
      const at = words.findIndex((w) => w === '-c' || w === '--command');
      if (at !== -1 && args[at + 1]) runString(walk, args[at + 1]!, env, name);
      return NOTHING;
    }
  }
  if (INTERPRETERS.has(name)) {
    const at = words.findIndex((w) => w !== undefined && /^(-[a-zA-Z]*[ce]|--eval|--exec|-p|--print|-r|--run)$/.test(w));
    const code = at === -1 ? undefined : words[at + 1];
    // a program the guard cannot parse: refused when it may run git's gates or touch the hooks
    const gitWrites =
      /\bgit\b[\s\S]*\b(commit|push|merge|rebase|am|pull|config|update-ref|commit-tree|replace|fast-import|send-pack|filter-branch)\b/;
    if (code !== undefined && (gitWrites.test(code) || /hooks|HUSKY|LEFTHOOK|hookspath|GIT_CONFIG/i.test(code)))
      walk.judgement.unknowns.push(`what the inline ${name} program does with git`);
  }
  const uninstall = UNINSTALLS[name]?.find((verb) => words.slice(0, verb.split(' ').length).join(' ') === verb);
  if (uninstall !== undefined)
    walk.judgement.findings.push({
      found: `${name} ${uninstall}`,
      gates: ['every git hook'],
      pass: `leave the hooks installed and fix what they report (${name} ${uninstall} is for a person to run)`,
    });
  const changed = changedPaths(name, args);
  if (changed) for (const path of changed.paths) touch(walk.judgement, path, changed.how, walk.cwd, walk.start, changed.recursive);
  const written = walk.file(first);
  if (written !== undefined) return walk.shell(written, { positional: args, env, stdin, where: command, same: false });
  if (
    !INSTALLS.test(words.length > 0 ? `${name} ${words[0]}` : name) &&
    !['echo', 'printf', 'grep', 'rg', 'cat', 'ls', 'test', '[', 'true', 'false', ':'].includes(name)
  )
    switches(walk, env, () => true);
  if (SAFE_OUTPUT.has(name)) return { stdout: unknownField(true) };
  if (name === 'ls' || name === 'fd' || name === 'tree')
    return { stdout: unknownField(), item: args.find((f) => !(known(f) ?? '').startsWith('-')) };
  return NOTHING;
}

function unknown(walk: Walk, what: string): Output {
  walk.judgement.unknowns.push(what);
  return NOTHING;
}

/** The hook managers' (and this tool's) switches among the variables a command that may run hooks receives. */
function switches(walk: Walk, env: ReadonlyMap<string, Field>, runsHooks: () => boolean): void {
  const present = SWITCHES.filter((name) => env.has(name));
  if (present.length === 0 || !runsHooks()) return;
  for (const name of present) {
    const finding = switchFinding(name, env.get(name)!, () => walk.exists('.pre-commit-config.yaml'));
    if (finding === 'unknown') walk.judgement.unknowns.push(`what ${name}=${shown(env.get(name)!)} turns off`);
    else if (finding) walk.judgement.findings.push(finding);
  }
}

function gitContext(walk: Walk, env: ReadonlyMap<string, Field>) {
  return {
    judgement: walk.judgement,
    env: (name: string) => env.get(name),
    shell: (source: Field, args: readonly Field[], where: string) => {
      const value = known(source);
      if (value === undefined) walk.judgement.unknowns.push(`what ${where} runs`);
      else walk.shell(value, { positional: args, env, stdin: { kind: 'none' }, where, same: false });
    },
    run: (argv: readonly Field[]) => void walk.run({ argv, env, stdin: { kind: 'none' } }),
    configAlias: (name: string) => walk.configAlias(name),
    lineAliases: walk.gitAliases,
    removes: (path: Field, how: string) => {
      if (how === 'git clean -x') {
        if (walk.exists('.husky/_')) touch(walk.judgement, text('.husky/_'), how, walk.cwd, walk.start, true);
        return;
      }
      touch(walk.judgement, path, how, walk.cwd, walk.start, true);
    },
  };
}

function runString(walk: Walk, source: Field, env: ReadonlyMap<string, Field>, where: string, positional?: readonly Field[]): Output {
  const value = known(source);
  if (value === undefined) return unknown(walk, `what ${where} runs (${shown(source)})`);
  return walk.shell(value, { ...(positional ? { positional } : {}), env, stdin: { kind: 'none' }, where, same: false });
}

/** A wrapper's own options and operands read, then the command it runs. */
function wrapper(walk: Walk, name: string, call: Call): Output {
  const table = WRAPPERS[name]!;
  const args = call.argv.slice(1);
  const env = new Map(call.env);
  let i = 0;
  let split: Field | undefined;
  let inline: Field | undefined;
  for (; i < args.length; i++) {
    const word = known(args[i]!);
    if (word === undefined) {
      if (
        args[i]!.segments[0] !== undefined &&
        typeof args[i]!.segments[0] === 'string' &&
        !(args[i]!.segments[0] as string).startsWith('-')
      )
        break;
      return unknown(walk, `what ${name} runs (${shown(args[i]!)})`);
    }
    if (word === '--') {
      i++;
      break;
    }
    if (table.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      env.set(word.slice(0, word.indexOf('=')), text(word.slice(word.indexOf('=') + 1)));
      continue;
    }
    if (word === '-' && name === 'env') continue;
    if (!word.startsWith('-') || word === '-') break;
    if (word.startsWith('--')) {
      const [option, value] = word.includes('=')
        ? [word.slice(2, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
        : [word.slice(2), undefined];
      const takes = table.long.includes(option);
      const given = value !== undefined ? text(value) : takes ? args[++i] : undefined;
      if (option === 'split-string' && given) split = given;
      if ((option === 'call' || option === 'command') && given) inline = given;
      if (option === 'unset' && given) env.delete(known(given) ?? '');
      continue;
    }
    for (let c = 1; c < word.length; c++) {
      if (!table.short.includes(word[c]!)) continue;
      const given = c + 1 < word.length ? text(word.slice(c + 1)) : args[++i];
      if (word[c] === 'S' && name === 'env' && given) split = given;
      if (word[c] === 'c' && (name === 'npx' || name === 'flock' || name === 'sudo') && given) inline = given;
      if (word[c] === 'u' && name === 'env' && given) env.delete(known(given) ?? '');
      break;
    }
  }
  if (inline && name !== 'sudo') return runString(walk, inline, env, `${name} -c`);
  i += table.operands ?? 0;
  let rest = args.slice(i);
  // flock takes its -c after the lock file
  if (name === 'flock' && /^(-c|--command)$/.test(known(rest[0] ?? text('')) ?? '') && rest[1])
    return runString(walk, rest[1], env, 'flock -c');
  if (split) {
    const value = known(split);
    if (value === undefined) return unknown(walk, `what env -S runs (${shown(split)})`);
    rest = [...splitCommandLine(value).map(text), ...rest];
  }
  if (name === 'watch' && rest.length === 1) return runString(walk, rest[0]!, env, 'watch');
  if (name === 'env') {
    while (rest.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(known(rest[0]!) ?? '')) {
      const word = known(rest.shift()!)!;
      env.set(word.slice(0, word.indexOf('=')), text(word.slice(word.indexOf('=') + 1)));
    }
  }
  if (name === 'npx' || name === 'bunx') {
    const pkg = known(rest[0] ?? text(''));
    if (pkg !== undefined) rest = [text(pkg.replace(/@[^/]*$/, '') || pkg), ...rest.slice(1)];
  }
  return rest.length === 0 ? EMPTY : walk.run({ argv: rest, env, stdin: call.stdin });
}

/** `sh -c 'cmd' [name [args…]]`, `sh script`, `sh` reading its script from stdin. */
function shell(walk: Walk, call: Call): Output {
  const args = call.argv.slice(1);
  let command = false;
  let fromStdin = false;
  let i = 0;
  for (; i < args.length; i++) {
    const word = known(args[i]!);
    if (word === undefined) return unknown(walk, `what the shell is asked to run (${shown(args[i]!)})`);
    if (word === '--' || word === '-') {
      i++;
      break;
    }
    if (!/^[-+]/.test(word)) break;
    if (word.startsWith('--')) {
      if (['--rcfile', '--init-file'].includes(word)) i++;
      continue;
    }
    if (/^[-+][a-zA-Z]*[oO]$/.test(word)) i++;
    if (word.startsWith('-') && word.includes('c')) command = true;
    if (word.startsWith('-') && word.includes('s')) fromStdin = true;
  }
  const operands = args.slice(i);
  if (command) {
    if (operands[0] === undefined) return unknown(walk, 'what sh -c runs (no command)');
    return runString(walk, operands[0], call.env, 'sh -c', operands.slice(2));
  }
  if (operands.length > 0 && !fromStdin) {
    const body = walk.file(operands[0]!);
    return body === undefined
      ? NOTHING
      : walk.shell(body, { positional: operands.slice(1), env: call.env, stdin: call.stdin, where: shown(operands[0]!), same: false });
  }
  if (call.stdin.kind === 'text')
    return walk.shell(call.stdin.text, {
      positional: operands,
      env: call.env,
      stdin: { kind: 'none' },
      where: 'the script on its input',
      same: false,
    });
  if (call.stdin.kind === 'unknown') return unknown(walk, 'what the shell reads from its input');
  return EMPTY;
}

/** `… | xargs [options] command`: the command, with what it reads appended (or put where -I says). */
function xargs(walk: Walk, call: Call): Output {
  const args = call.argv.slice(1);
  let i = 0;
  let replace: string | undefined;
  for (; i < args.length; i++) {
    const word = known(args[i]!);
    if (word === undefined) return unknown(walk, `what xargs runs (${shown(args[i]!)})`);
    if (word === '--') {
      i++;
      break;
    }
    if (!word.startsWith('-')) break;
    if (word === '-I') replace = known(args[++i] ?? text('')) ?? '{}';
    else if (/^-i/.test(word) || word.startsWith('--replace'))
      replace = word.includes('=') ? word.slice(word.indexOf('=') + 1) : word.slice(2) || '{}';
    else if (/^-[dEeLlnPsa]$/.test(word)) i++;
  }
  const base = args.slice(i).length > 0 ? args.slice(i) : [text('echo')];
  const items: Field[] =
    call.stdin.kind === 'text'
      ? call.stdin.text
          .split(replace === undefined ? /\s+/ : /\n/)
          .filter(Boolean)
          .map(text)
      : call.stdin.kind === 'unknown'
        ? [call.stdin.item ?? unknownField(false, true)]
        : [];
  if (replace === undefined) return walk.run({ argv: [...base, ...items], env: call.env, stdin: { kind: 'none' } });
  for (const item of items.slice(0, 16))
    walk.run({
      argv: base.map((field) =>
        known(field)?.includes(replace!)
          ? {
              segments: known(field)!
                .split(replace!)
                .flatMap((piece, k) => (k === 0 ? [piece] : [...item.segments, piece])),
            }
          : field,
      ),
      env: call.env,
      stdin: { kind: 'none' },
    });
  return NOTHING;
}

/** `find roots … -delete | -exec cmd {} ;`: the roots removed, or the command run on what is found. */
function find(walk: Walk, call: Call): Output {
  const args = call.argv.slice(1);
  const words = args.map(known);
  let at = 0;
  while (at < args.length && /^-[HLPO]/.test(words[at] ?? '')) at++;
  const roots: Field[] = [];
  for (; at < args.length && !/^[-(!]/.test(words[at] ?? '-'); at++) roots.push(args[at]!);
  if (roots.length === 0) roots.push(text('.'));
  const item = { segments: [`${known(roots[0]!) ?? '.'}/`, { hole: 'safe' as const }] };
  for (let k = at; k < args.length; k++) {
    if (words[k] === '-delete') {
      // what is deleted: the files the name or path tests pick under each root, or everything there
      const tests = args.filter((_, j) => ['-name', '-iname', '-path', '-ipath', '-wholename'].includes(words[j - 1] ?? ''));
      for (const root of roots) {
        if (tests.length === 0) touch(walk.judgement, root, 'find -delete', walk.cwd, walk.start, true);
        for (const test of tests)
          touch(walk.judgement, { segments: [`${known(root) ?? '.'}/`, ...test.segments] }, 'find -delete', walk.cwd, walk.start);
      }
    }
    if (['-exec', '-execdir', '-ok', '-okdir'].includes(words[k] ?? '')) {
      const end = words.findIndex((w, j) => j > k && (w === ';' || w === '+'));
      const argv = args.slice(k + 1, end === -1 ? undefined : end).map((field) => (known(field) === '{}' ? item : field));
      walk.run({ argv, env: call.env, stdin: { kind: 'none' } });
      if (end !== -1) k = end;
    }
  }
  return { stdout: unknownField(), item };
}
