/**
 * What one git invocation does to this repository's gates, read as git reads its arguments: the
 * global options (`-c`, `--config-env`, `-C`, `--git-dir`, …) and the configuration the environment
 * hands git (GIT_CONFIG_COUNT/KEY_n/VALUE_n, GIT_CONFIG_PARAMETERS), aliases (defined on the line, set
 * earlier on it, or in the repository's configuration), then the command's own options as git's
 * option parser takes them: unambiguous prefixes of long options (`--no-verif`), negations, clusters
 * of short options (`-nm x` is `-n -m x`; `-uno` is `-u no`), values that are not options (`-m -n`),
 * and `--`.
 */
import type { Field, Judgement } from './fields';
import { EVERY_HOOK, known, knownPrefix, mayBeOption, shown, shownAll, text } from './fields';

type Arity = 'flag' | 'value' | 'optional';

/** A command's options as git's option parser declares them. */
interface Spec {
  readonly short: Readonly<Record<string, Arity>>;
  readonly long: Readonly<Record<string, Arity>>;
  /** The option that skips the hooks (its long name; the short letter when it has one) and the hooks it skips. */
  readonly skip?: { readonly long: string; readonly short?: string; readonly gates: readonly string[] };
}

/** `a:b` in the short table: letters before the first `:` are flags, then values, then optional values. */
function spec(short: string, long: string, skip?: Spec['skip']): Spec {
  const [flags = '', values = '', optional = ''] = short.split(':');
  const shortTable: Record<string, Arity> = {};
  for (const c of flags) shortTable[c] = 'flag';
  for (const c of values) shortTable[c] = 'value';
  for (const c of optional) shortTable[c] = 'optional';
  const longTable: Record<string, Arity> = {};
  for (const entry of long.split(' ').filter(Boolean)) {
    if (entry.endsWith('?=')) longTable[entry.slice(0, -2)] = 'optional';
    else if (entry.endsWith('=')) longTable[entry.slice(0, -1)] = 'value';
    else longTable[entry] = 'flag';
  }
  return { short: shortTable, long: longTable, ...(skip ? { skip } : {}) };
}

const COMMIT_GATES = ['pre-commit', 'commit-msg'];
const MERGE_GATES = ['pre-merge-commit', 'commit-msg'];

/** The commands that run a gate, and how their options are read (git 2.39, with options newer gits add). */
const SPECS: Readonly<Record<string, Spec>> = {
  commit: spec(
    'qvsaeipozn:FmcCt:uS',
    'quiet verbose file= author= date= message= reedit-message= reuse-message= fixup= squash= reset-author trailer= signoff template= edit cleanup= status gpg-sign?= all include interactive patch only no-verify dry-run short branch ahead-behind porcelain long null amend no-post-rewrite untracked-files?= pathspec-from-file= pathspec-file-nul allow-empty allow-empty-message',
    { long: 'no-verify', short: 'n', gates: COMMIT_GATES },
  ),
  merge: spec(
    'nevq:sXmF:S',
    'stat summary log?= squash commit edit cleanup= ff ff-only rerere-autoupdate verify-signatures strategy= strategy-option= message= file= into-name= verbose quiet abort quit continue allow-unrelated-histories progress gpg-sign?= autostash overwrite-ignore signoff verify',
    { long: 'no-verify', gates: MERGE_GATES },
  ),
  pull: spec(
    'vqnafptk46:sXo:rSj',
    'verbose quiet progress recurse-submodules?= rebase?= stat log?= signoff?= squash commit edit cleanup= ff ff-only verify verify-signatures autostash strategy= strategy-option= gpg-sign?= allow-unrelated-histories all append upload-pack= force tags prune jobs?= dry-run keep depth= shallow-since= shallow-exclude= deepen= unshallow update-shallow refmap= server-option= ipv4 ipv6 negotiation-tip= show-forced-updates set-upstream',
    { long: 'no-verify', gates: MERGE_GATES },
  ),
  rebase: spec(
    'qvnfmir:CsXx:S',
    'onto= keep-base verify quiet verbose no-stat signoff committer-date-is-author-date reset-author-date ignore-whitespace whitespace= force-rebase no-ff continue skip abort quit edit-todo show-current-patch apply merge interactive rerere-autoupdate empty= autosquash update-refs gpg-sign?= autostash exec= rebase-merges?= fork-point strategy= strategy-option= root reschedule-failed-exec reapply-cherry-picks',
    { long: 'no-verify', gates: ['pre-rebase'] },
  ),
  am: spec(
    'i3qsukmcrn:Cp:S',
    'interactive 3way quiet signoff utf8 keep keep-non-patch message-id keep-cr scissors quoted-cr= whitespace= ignore-space-change ignore-whitespace directory= exclude= include= patch-format= reject resolvemsg= continue resolved skip abort quit show-current-patch?= allow-empty committer-date-is-author-date ignore-date rerere-autoupdate gpg-sign?= empty= verify',
    { long: 'no-verify', short: 'n', gates: ['applypatch-msg', 'pre-applypatch'] },
  ),
  push: spec(
    'vqdnfu46:o:',
    'verbose quiet repo= all mirror delete tags dry-run porcelain force force-with-lease?= force-if-includes recurse-submodules= thin receive-pack= exec= set-upstream progress prune verify follow-tags signed?= atomic push-option= ipv4 ipv6',
    { long: 'no-verify', gates: ['pre-push'] },
  ),
  'cherry-pick': spec('nesx:mX:S', 'quit continue abort skip cleanup= no-commit edit signoff mainline= rerere-autoupdate strategy= strategy-option= gpg-sign?= ff allow-empty allow-empty-message keep-redundant-commits'),
  revert: spec('nes:mX:S', 'quit continue abort skip cleanup= no-commit edit signoff mainline= rerere-autoupdate strategy= strategy-option= gpg-sign?= reference'),
};

/** Git's own commands, which an alias cannot shadow; any other word may be an alias. */
const BUILTINS = new Set(
  `add am annotate apply archive bisect blame branch bundle cat-file check-attr check-ignore check-mailmap check-ref-format checkout checkout-index cherry cherry-pick clean clone column commit commit-graph commit-tree config count-objects credential describe diff diff-files diff-index diff-tree difftool fast-export fast-import fetch fetch-pack filter-branch for-each-ref for-each-repo format-patch fsck gc grep hash-object help hook index-pack init interpret-trailers log ls-files ls-remote ls-tree mailinfo mailsplit maintenance merge merge-base merge-file merge-index merge-tree mktag mktree multi-pack-index mv name-rev notes pack-objects pack-refs prune prune-packed pull push range-diff read-tree rebase receive-pack reflog remote repack replace request-pull rerere reset restore rev-list rev-parse revert rm send-pack shortlog show show-branch show-ref sparse-checkout stash status stripspace submodule switch symbolic-ref tag update-index update-ref update-server-info upload-pack var verify-commit verify-pack verify-tag version whatchanged worktree write-tree send-email http-push instaweb gitk gui citool lfs`.split(
    ' ',
  ),
);

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

interface ConfigEntry {
  readonly key: string;
  readonly value: Field | undefined;
  readonly from: string;
}

/** Judge `git <args>`, recording each finding and unknown in the context's judgement. */
export function judgeGit(args: readonly Field[], context: GitContext, depth = 0): void {
  const config: ConfigEntry[] = configFromEnvironment(context);
  let i = 0;
  const globalsWithValue = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix', '--attr-source']);
  for (; i < args.length; i++) {
    const arg = args[i]!;
    const word = known(arg);
    if (word === undefined) {
      if (!mayBeOption(arg)) break;
      context.judgement.unknowns.push(`what \`${shown(arg)}\` hands git`);
      return;
    }
    if (!word.startsWith('-')) break;
    const [name, inline] = word.startsWith('--') && word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)] : [word, undefined];
    if (name === '--exec-path' && inline !== undefined) {
      context.judgement.unknowns.push(`which programs git runs from --exec-path=${inline}`);
      continue;
    }
    if (!globalsWithValue.has(name)) continue;
    const value = inline !== undefined ? text(inline) : args[++i];
    if (value === undefined) return;
    if (name === '-c') config.push(entryOf(value, `git -c ${shown(value)}`));
    if (name === '--config-env') {
      const setting = known(value);
      const key = setting?.slice(0, setting.lastIndexOf('='));
      config.push({ key: key ?? '', value: undefined, from: `git --config-env=${shown(value)}` });
    }
  }
  const sub = args[i];
  if (sub === undefined) return;
  const rest = args.slice(i + 1);
  const name = known(sub);
  if (name === undefined) {
    context.judgement.unknowns.push(`which git command \`${shown(sub)}\` names`);
    return;
  }
  // an alias: from -c on this line, an earlier `git config alias.*` on it, or the repository's configuration
  if (!BUILTINS.has(name)) {
    const fromLine = [...config].reverse().find((entry) => entry.key === `alias.${name.toLowerCase()}`);
    const alias = fromLine ? (fromLine.value ? known(fromLine.value) : undefined) : (context.lineAliases.get(name.toLowerCase()) ?? context.configAlias(name));
    if (fromLine && alias === undefined) {
      context.judgement.unknowns.push(`what the alias ${name} runs`);
      return;
    }
    if (alias !== undefined) {
      if (depth > 16) {
        context.judgement.unknowns.push(`the alias ${name} (aliases nested too deep)`);
        return;
      }
      if (alias.startsWith('!')) {
        context.shell(text(alias.slice(1)), rest, `the alias ${name}`);
        return;
      }
      const globals = args.slice(0, i);
      judgeGit([...globals, ...splitCommandLine(alias).map(text), ...rest], context, depth + 1);
      return;
    }
  }
  if (name in SPECS) for (const entry of config) judgeConfigEntry(entry, context, depth);
  judgeCommand(name, rest, context, depth);
}

/** `key=value` of `-c`: the key in git's case rules (section and name folded, a subsection kept). */
function entryOf(value: Field, from: string): ConfigEntry {
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
function configFromEnvironment(context: GitContext): ConfigEntry[] {
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
function judgeConfigEntry(entry: ConfigEntry, context: GitContext, depth: number): void {
  const { key } = entry;
  if (key === 'core.hookspath') {
    context.judgement.findings.push({
      found: entry.from,
      gates: [EVERY_HOOK],
      pass: 'run the git command without moving core.hooksPath, and fix what the hooks report',
    });
  } else if (isInclude(key)) {
    context.judgement.findings.push({ found: entry.from, gates: [EVERY_HOOK], pass: 'run the git command without including other configuration' });
  } else if (key === '') {
    context.judgement.unknowns.push(`which configuration ${entry.from} hands git`);
  } else if (key.startsWith('env:')) {
    context.judgement.unknowns.push(`what the configuration or programs named by ${entry.from} say about hooks`);
  } else if (key.startsWith('alias.') && depth === 0 && entry.value === undefined) {
    context.judgement.unknowns.push(`what ${entry.from} defines`);
  }
}

function isInclude(key: string): boolean {
  return key === 'include.path' || (key.startsWith('includeif.') && key.endsWith('.path'));
}

/** The options of one command, as git's option parser reads them, stopping at `--`. */
interface ReadOptions {
  /** Each option with its value, in order (long names without dashes; short as one letter). */
  readonly options: Array<{ readonly name: string; readonly value?: Field; readonly negated?: boolean; readonly raw: string }>;
  readonly positionals: Field[];
  /** An argument that may be an option but is not known. */
  readonly unknown?: Field;
}

function readOptions(args: readonly Field[], table: Spec): ReadOptions {
  const out: ReadOptions = { options: [], positionals: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const word = known(arg);
    if (word === undefined) {
      // an argument that may be an option is read as a flag, and named: the rest is still read
      if ((mayBeOption(arg) || arg.spread) && out.unknown === undefined) Object.assign(out, { unknown: arg });
      else if (!mayBeOption(arg)) out.positionals.push(arg);
      continue;
    }
    if (word === '--') {
      out.positionals.push(...args.slice(i + 1));
      return out;
    }
    if (word.startsWith('--')) {
      const equals = word.indexOf('=');
      const given = word.slice(2, equals === -1 ? undefined : equals);
      const resolved = resolveLong(given, table);
      const arity = resolved ? table.long[resolved.name] : undefined;
      let value: Field | undefined = equals === -1 ? undefined : text(word.slice(equals + 1));
      if (value === undefined && arity === 'value' && !resolved?.negated) value = args[++i];
      out.options.push({ name: resolved?.name ?? given, ...(value ? { value } : {}), ...(resolved?.negated ? { negated: true } : {}), raw: word });
    } else if (word.startsWith('-') && word.length > 1) {
      for (let c = 1; c < word.length; c++) {
        const letter = word[c]!;
        const arity = table.short[letter] ?? 'flag';
        if (arity === 'flag') {
          out.options.push({ name: letter, raw: word });
          continue;
        }
        const attached = word.slice(c + 1);
        const value = attached !== '' ? text(attached) : arity === 'value' ? args[++i] : undefined;
        out.options.push({ name: letter, ...(value ? { value } : {}), raw: word });
        break;
      }
    } else out.positionals.push(arg);
  }
  return out;
}

/**
 * A long option as git resolves it: the exact name, the negation of one (`--no-x`, `--x` for `no-x`),
 * or a prefix of exactly one. A prefix of the option that skips the hooks counts as that option even
 * where another of git's options shares it: a guard that reads `--no-ver` as `--no-verify` costs one
 * retyped word, one that reads it otherwise costs a gate.
 */
function resolveLong(given: string, table: Spec): { name: string; negated?: boolean } | undefined {
  const names = Object.keys(table.long);
  if (names.includes(given)) return { name: given };
  if (given.startsWith('no-') && names.includes(given.slice(3))) return { name: given.slice(3), negated: true };
  if (names.includes(`no-${given}`)) return { name: `no-${given}`, negated: true };
  const skip = table.skip?.long;
  if (skip && given.length >= 4 && skip.startsWith(given)) return { name: skip };
  const candidates = new Map<string, { name: string; negated?: boolean }>();
  for (const name of names) {
    if (name.startsWith(given)) candidates.set(name, { name });
    if (given.startsWith('no-') && name.startsWith(given.slice(3))) candidates.set(`no-${name}`, { name, negated: true });
  }
  return candidates.size === 1 ? [...candidates.values()][0] : undefined;
}

/** Whether the options leave the hooks skipped: the skipping option given, and not negated after. */
function skipsHooks(read: ReadOptions, table: Spec): boolean {
  if (!table.skip) return false;
  const { long, short } = table.skip;
  const positive = long.replace(/^no-/, '');
  let skipped = false;
  for (const option of read.options) {
    if ((option.name === long && !option.negated) || (short !== undefined && option.name === short)) skipped = true;
    else if ((option.name === positive && !option.negated) || (option.name === long && option.negated)) skipped = false;
    else if (option.name === positive && option.negated) skipped = true;
  }
  return skipped;
}

function judgeCommand(name: string, rest: readonly Field[], context: GitContext, depth: number): void {
  const { findings, unknowns } = context.judgement;
  const table = SPECS[name];
  if (table) {
    const read = readOptions(rest, table);
    if (skipsHooks(read, table)) {
      findings.push({
        found: `git ${name} ${shownAll(rest)}`.trim(),
        gates: table.skip!.gates,
        pass: `run git ${name} without ${table.skip!.short ? `-${table.skip!.short}/` : ''}--${table.skip!.long} and fix what the ${table.skip!.gates.join(' and ')} hook${table.skip!.gates.length > 1 ? 's' : ''} report${table.skip!.gates.length > 1 ? '' : 's'}`,
      });
    } else if (read.unknown && table.skip) unknowns.push(`whether \`${shown(read.unknown)}\` is an option of git ${name}`);
    if (name === 'rebase') {
      for (const option of read.options) if ((option.name === 'x' || option.name === 'exec') && option.value) context.shell(option.value, [], 'git rebase --exec');
    }
    return;
  }
  const plumbing = (what: string, gates: readonly string[], pass: string) =>
    findings.push({ found: `git ${name} ${shownAll(rest)}`.trim(), gates, pass: `${pass} (git ${name} ${what})` });
  switch (name) {
    case 'config':
      judgeConfig(rest, context, depth);
      return;
    case 'commit-tree':
      plumbing('makes a commit without running any hook', COMMIT_GATES, 'commit with git commit, which runs the hooks');
      return;
    case 'fast-import':
    case 'filter-branch':
    case 'filter-repo':
      plumbing('writes commits and moves refs without running any hook', COMMIT_GATES, 'make each commit with git commit, which runs the hooks');
      return;
    case 'send-pack':
    case 'http-push':
      plumbing('pushes without the pre-push hook', ['pre-push'], 'push with git push, which runs the hook');
      return;
    case 'replace': {
      const words = rest.map(known);
      if (rest.length === 0 || words.some((w) => w !== undefined && /^(-d|--delete|-l|--list|--format(=.*)?)$/.test(w))) return;
      plumbing('makes other commits stand in for the ones the hooks passed', COMMIT_GATES, 'commit with git commit, which runs the hooks');
      return;
    }
    case 'update-ref': {
      const read = readOptions(rest, spec('dz:m:', 'no-deref stdin create-reflog'));
      if (read.options.some((option) => option.name === 'd')) return;
      const ref = read.positionals[0];
      const refName = ref === undefined ? undefined : known(ref);
      if (read.unknown || read.options.some((option) => option.name === 'stdin') || refName === undefined || refName === 'HEAD' || refName.startsWith('refs/heads/') || !refName.startsWith('refs/'))
        plumbing('moves a branch to a commit no hook has seen', COMMIT_GATES, 'commit with git commit, which runs the hooks');
      return;
    }
    case 'bisect':
      if (known(rest[0] ?? text('')) === 'run' && rest.length > 1) context.run(rest.slice(1));
      return;
    case 'submodule': {
      const at = rest.findIndex((field) => known(field) === 'foreach');
      const command = at === -1 ? undefined : rest.slice(at + 1).find((field) => !/^--(recursive|quiet)$/.test(known(field) ?? ''));
      if (command) context.shell(command, [], 'git submodule foreach');
      return;
    }
    case 'rm':
    case 'mv': {
      const read = readOptions(rest, spec('fnrqk:', 'cached dry-run force quiet ignore-unmatch sparse pathspec-from-file= pathspec-file-nul verbose'));
      if (read.options.some((option) => option.name === 'cached' || option.name === 'n' || option.name === 'dry-run')) return;
      const paths = name === 'mv' ? read.positionals.slice(0, -1) : read.positionals;
      for (const path of paths) context.removes(path, `git ${name}`);
      if (name === 'mv' && read.positionals.length > 1) context.removes(read.positionals.at(-1)!, `git ${name} onto`);
      return;
    }
    case 'clean': {
      const read = readOptions(rest, spec('dfinqxX:e:', 'force interactive dry-run quiet exclude='));
      const force = read.options.some((option) => option.name === 'f' || option.name === 'force');
      const ignored = read.options.some((option) => option.name === 'x' || option.name === 'X');
      if (force && ignored) context.removes(text(read.positionals.length > 0 ? `${known(read.positionals[0]!) ?? '.'}/` : './'), 'git clean -x');
      return;
    }
  }
}

/** `git config …`: a write that moves the hooks, includes other configuration, or defines an alias that skips them. */
function judgeConfig(rest: readonly Field[], context: GitContext, depth: number): void {
  const table = spec(
    'lezf:f:',
    'global system local worktree file= blob= get get-all get-regexp get-urlmatch replace-all add unset unset-all rename-section remove-section list edit get-color get-colorbool type= bool int bool-or-int path expiry-date null name-only includes show-origin show-scope default= fixed-value value= all comment= regexp',
  );
  const read = readOptions(rest, table);
  const { findings, unknowns } = context.judgement;
  const names = new Set(read.options.map((option) => option.name));
  const positionals = read.positionals.map(known);
  let action = [...names].find((option) =>
    ['get', 'get-all', 'get-regexp', 'get-urlmatch', 'list', 'l', 'get-color', 'get-colorbool', 'unset', 'unset-all', 'rename-section', 'remove-section', 'edit', 'e', 'replace-all', 'add'].includes(option),
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
  if (action === 'edit' || action === 'e') return moves('an edit may move core.hooksPath');
  if (action === 'rename-section' || action === 'remove-section') {
    if (['core', 'include'].includes((args[0] ?? '').toLowerCase()) || (args[0] ?? '').toLowerCase().startsWith('includeif')) moves(`the ${args[0]} section holds where the hooks are`);
    return;
  }
  const key = normalKey(args[0] ?? '');
  const writes = action === 'set' || action === 'unset' || action === 'unset-all' || action === 'replace-all' || action === 'add' || (action === undefined && args.length >= 2);
  if (!writes) return;
  if (key === 'core.hookspath') return moves('core.hooksPath is where git finds the hooks');
  if (isInclude(key)) return moves('an included file may move core.hooksPath');
  if (key.startsWith('alias.') && args[1] !== undefined && action !== 'unset' && action !== 'unset-all') {
    const alias = key.slice('alias.'.length);
    context.lineAliases.set(alias, args[1]);
    const probe = { ...context, judgement: { findings: [], unknowns: [] } as typeof context.judgement };
    judgeGit([text(alias)], { ...probe, lineAliases: new Map([[alias, args[1]]]) }, depth + 1);
    for (const finding of probe.judgement.findings) findings.push({ ...finding, found: `${found} (the alias runs ${finding.found})` });
  }
}

/** Words of a command line as git splits an alias (quotes and backslashes, no expansion). */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** Whether `git <args>` may run a gate: a command that runs one, an alias, or a name the guard cannot read. */
export function gitRunsHooks(args: readonly Field[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const word = known(args[i]!);
    if (word === undefined) return true;
    if (['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix', '--attr-source'].includes(word)) {
      i++;
      continue;
    }
    if (word.startsWith('-')) continue;
    if (word in SPECS) return true;
    return !BUILTINS.has(word);
  }
  return false;
}
