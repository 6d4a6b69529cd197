/**
 * Git's configuration as a line hands it to a command: `-c key=value`, `--config-env`, the environment
 * (GIT_CONFIG_COUNT/KEY_n/VALUE_n, GIT_CONFIG_PARAMETERS, and the variables that point git at other
 * configuration files or programs), and what `git config` writes — judged for what moves or removes
 * the hooks (`core.hooksPath`, an `include.path`) and for aliases that skip them.
 */
import type { Field, Finding, Judgement } from './fields';
import { EVERY_HOOK, known, knownPrefix, shown, shownAll, text } from './fields';
import { readOptions, spec, splitCommandLine } from './git-options';

/** What git.ts needs from the walk of the line. */
export interface GitContext {
  readonly judgement: Judgement;
  /** A variable the git process receives, set on this line; undefined when the line does not set it. */
  env(name: string): Field | undefined;
  /** Run `source` as the shell would, with `args` as its arguments (an alias starting with `!`, `rebase --exec`). */
  shell(source: Field, args: readonly Field[], where: string): void;
  /** Run a command's words (`git bisect run <cmd>`). */
  run(argv: readonly Field[]): void;
  /** An alias in the repository's configuration, asked of git only when a word is not one of git's commands. */
  configAlias(name: string): string | undefined;
  /** Aliases set earlier on this line (`git config alias.ci …; git ci`). */
  readonly lineAliases: Map<string, string>;
  /** A file git removes, moves or replaces in the working tree (`git rm`, `git clean -x`). */
  removes(path: Field, how: string): void;
}

export interface ConfigEntry {
  readonly key: string;
  readonly value: Field | undefined;
  readonly from: string;
}

/** `key=value` of `-c`: the key in git's case rules (section and name folded, a subsection kept). */
export function entryOf(value: Field, from: string): ConfigEntry {
  const setting = known(value);
  if (setting === undefined) {
    const prefix = knownPrefix(value);
    return { key: prefix.includes('=') ? normalKey(prefix.slice(0, prefix.indexOf('='))) : '', value: undefined, from };
  }
  const equals = setting.indexOf('=');
  const key = equals === -1 ? setting : setting.slice(0, equals);
  return { key: normalKey(key), value: text(equals === -1 ? 'true' : setting.slice(equals + 1)), from };
}

/** A configuration key with its section and name lowercased, as git compares them. */
export function normalKey(key: string): string {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first === -1) return key.toLowerCase();
  return `${key.slice(0, first).toLowerCase()}${key.slice(first, last)}${key.slice(last).toLowerCase()}`;
}

/** The configuration git takes from its environment on this line. */
export function configFromEnvironment(context: GitContext): ConfigEntry[] {
  const entries: ConfigEntry[] = [];
  const count = context.env('GIT_CONFIG_COUNT');
  if (count !== undefined) {
    const n = Number(known(count) ?? Number.NaN);
    if (!Number.isInteger(n) || n < 0) entries.push({ key: '', value: undefined, from: `GIT_CONFIG_COUNT=${shown(count)}` });
    for (let k = 0; k < (Number.isInteger(n) ? Math.min(n, 1000) : 0); k++) {
      const key = context.env(`GIT_CONFIG_KEY_${k}`);
      const value = context.env(`GIT_CONFIG_VALUE_${k}`);
      const keyText = key === undefined ? undefined : known(key);
      entries.push({ key: keyText === undefined ? '' : normalKey(keyText), value, from: `GIT_CONFIG_KEY_${k}=${key ? shown(key) : '…'}` });
    }
  }
  const parameters = context.env('GIT_CONFIG_PARAMETERS');
  if (parameters !== undefined) {
    const value = known(parameters);
    const pairs = value === undefined ? undefined : splitCommandLine(value);
    if (pairs === undefined) entries.push({ key: '', value: undefined, from: 'GIT_CONFIG_PARAMETERS' });
    else for (const pair of pairs) entries.push(entryOf(text(pair), `GIT_CONFIG_PARAMETERS=${value}`));
  }
  for (const name of ['GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_CONFIG', 'HOME', 'XDG_CONFIG_HOME', 'GIT_EXEC_PATH']) {
    const value = context.env(name);
    if (value === undefined || known(value) === '/dev/null') continue;
    entries.push({ key: `env:${name}`, value, from: `${name}=${shown(value)}` });
  }
  return entries;
}

/** One configuration entry a hook-running git command is given. */
export function judgeConfigEntry(entry: ConfigEntry, context: GitContext, depth: number): void {
  const { key } = entry;
  if (key === 'core.hookspath') {
    context.judgement.findings.push({
      found: entry.from,
      gates: [EVERY_HOOK],
      pass: 'run the git command without moving core.hooksPath, and fix what the hooks report',
    });
  } else if (isInclude(key)) {
    context.judgement.findings.push({
      found: entry.from,
      gates: [EVERY_HOOK],
      pass: 'run the git command without including other configuration',
    });
  } else if (key === '') {
    context.judgement.unknowns.push(`which configuration ${entry.from} hands git`);
  } else if (key.startsWith('env:')) {
    context.judgement.unknowns.push(`what the configuration or programs named by ${entry.from} say about hooks`);
  } else if (key.startsWith('alias.') && depth === 0 && entry.value === undefined) {
    context.judgement.unknowns.push(`what ${entry.from} defines`);
  }
}

export function isInclude(key: string): boolean {
  return key === 'include.path' || (key.startsWith('includeif.') && key.endsWith('.path'));
}

/** `git config …`: a write that moves the hooks, includes other configuration, or defines an alias that skips them. */
export function judgeConfig(
  rest: readonly Field[],
  context: GitContext,
  aliasFindings: (alias: string, value: string) => readonly Finding[],
): void {
  const table = spec(
    'lezf:f:',
    'global system local worktree file= blob= get get-all get-regexp get-urlmatch replace-all add unset unset-all rename-section remove-section list edit get-color get-colorbool type= bool int bool-or-int path expiry-date null name-only includes show-origin show-scope default= fixed-value value= all comment= regexp',
  );
  const read = readOptions(rest, table);
  const { findings, unknowns } = context.judgement;
  const names = new Set(read.options.map((option) => option.name));
  const positionals = read.positionals.map(known);
  let action = [...names].find((option) =>
    [
      'get',
      'get-all',
      'get-regexp',
      'get-urlmatch',
      'list',
      'l',
      'get-color',
      'get-colorbool',
      'unset',
      'unset-all',
      'rename-section',
      'remove-section',
      'edit',
      'e',
      'replace-all',
      'add',
    ].includes(option),
  );
  let args = positionals;
  if (action === undefined && ['set', 'unset', 'rename-section', 'remove-section', 'edit', 'get', 'list'].includes(positionals[0] ?? '')) {
    action = positionals[0]!;
    args = positionals.slice(1);
  }
  if (read.unknown || args.some((arg) => arg === undefined)) {
    unknowns.push('what git config is asked to change');
    return;
  }
  const file = read.options.find((option) => option.name === 'f' || option.name === 'file')?.value;
  const fileName = file === undefined ? undefined : known(file);
  if (fileName !== undefined && !/(^|\/)(config|config\.worktree|\.gitconfig|gitconfig)$/.test(fileName)) return;
  const found = `git config ${shownAll(rest)}`;
  const moves = (why: string): void => {
    findings.push({ found, gates: [EVERY_HOOK], pass: `leave git's configuration as it is (${why}) and fix what the hooks report` });
  };
  if (action === 'edit' || action === 'e') {
    moves('an edit may move core.hooksPath');
    return;
  }
  if (action === 'rename-section' || action === 'remove-section') {
    if (['core', 'include'].includes((args[0] ?? '').toLowerCase()) || (args[0] ?? '').toLowerCase().startsWith('includeif'))
      moves(`the ${args[0]} section holds where the hooks are`);
    return;
  }
  const key = normalKey(args[0] ?? '');
  const writes =
    action === 'set' ||
    action === 'unset' ||
    action === 'unset-all' ||
    action === 'replace-all' ||
    action === 'add' ||
    (action === undefined && args.length >= 2);
  if (!writes) return;
  if (key === 'core.hookspath') moves('core.hooksPath is where git finds the hooks');
  else if (isInclude(key)) moves('an included file may move core.hooksPath');
  else if (key.startsWith('alias.') && args[1] !== undefined && action !== 'unset' && action !== 'unset-all') {
    const alias = key.slice('alias.'.length);
    context.lineAliases.set(alias, args[1]);
    for (const finding of aliasFindings(alias, args[1])) findings.push({ ...finding, found: `${found} (the alias runs ${finding.found})` });
  }
}
