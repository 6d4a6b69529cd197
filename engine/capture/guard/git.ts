/**
 * What one git invocation does to this repository's gates, read as git reads its arguments: the
 * global options (`-c`, `--config-env`, `-C`, `--git-dir`, …) and the configuration the environment
 * hands git (GIT_CONFIG_COUNT/KEY_n/VALUE_n, GIT_CONFIG_PARAMETERS), aliases (defined on the line, set
 * earlier on it, or in the repository's configuration), then the command's own options as git's
 * option parser takes them: unambiguous prefixes of long options (`--no-verif`), negations, clusters
 * of short options (`-nm x` is `-n -m x`; `-uno` is `-u no`), values that are not options (`-m -n`),
 * and `--`.
 */
import { editDistance } from '../../io/nearest-name';
import type { Field } from './fields';
import { known, mayBeOption, shown, shownAll, text } from './fields';
import type { ConfigEntry, GitContext } from './git-config';
import { configFromEnvironment, entryOf, judgeConfig, judgeConfigEntry, normalKey } from './git-config';
import type { Spec } from './git-options';
import { readOptions, skipsHooks, spec, splitCommandLine } from './git-options';

export type { GitContext } from './git-config';

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
  'cherry-pick': spec(
    'nesx:mX:S',
    'quit continue abort skip cleanup= no-commit edit signoff mainline= rerere-autoupdate strategy= strategy-option= gpg-sign?= ff allow-empty allow-empty-message keep-redundant-commits',
  ),
  revert: spec(
    'nes:mX:S',
    'quit continue abort skip cleanup= no-commit edit signoff mainline= rerere-autoupdate strategy= strategy-option= gpg-sign?= reference',
  ),
};

/** Git's own commands, which an alias cannot shadow; any other word may be an alias. */
const BUILTINS = new Set(
  `add am annotate apply archive bisect blame branch bundle cat-file check-attr check-ignore check-mailmap check-ref-format checkout checkout-index cherry cherry-pick clean clone column commit commit-graph commit-tree config count-objects credential describe diff diff-files diff-index diff-tree difftool fast-export fast-import fetch fetch-pack filter-branch for-each-ref for-each-repo format-patch fsck gc grep hash-object help hook index-pack init interpret-trailers log ls-files ls-remote ls-tree mailinfo mailsplit maintenance merge merge-base merge-file merge-index merge-tree mktag mktree multi-pack-index mv name-rev notes pack-objects pack-refs prune prune-packed pull push range-diff read-tree rebase receive-pack reflog remote repack replace request-pull rerere reset restore rev-list rev-parse revert rm send-pack shortlog show show-branch show-ref sparse-checkout stash status stripspace submodule switch symbolic-ref tag update-index update-ref update-server-info upload-pack var verify-commit verify-pack verify-tag version whatchanged worktree write-tree send-email http-push instaweb gitk gui citool lfs`.split(
    ' ',
  ),
);

/** Judge `git <args>`, recording each finding and unknown in the context's judgement. */
export function judgeGit(args: readonly Field[], context: GitContext, depth = 0): void {
  const config: ConfigEntry[] = configFromEnvironment(context);
  let i = 0;
  const globalsWithValue = new Set([
    '-C',
    '-c',
    '--git-dir',
    '--work-tree',
    '--namespace',
    '--config-env',
    '--super-prefix',
    '--attr-source',
  ]);
  for (; i < args.length; i++) {
    const arg = args[i]!;
    const word = known(arg);
    if (word === undefined) {
      if (!mayBeOption(arg)) break;
      context.judgement.unknowns.push(`what \`${shown(arg)}\` hands git`);
      return;
    }
    if (!word.startsWith('-')) break;
    const [name, inline] =
      word.startsWith('--') && word.includes('=')
        ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
        : [word, undefined];
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
      config.push({ key: key === undefined ? '' : normalKey(key), value: undefined, from: `git --config-env=${shown(value)}` });
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
    const alias = fromLine
      ? fromLine.value
        ? known(fromLine.value)
        : undefined
      : (context.lineAliases.get(name.toLowerCase()) ?? context.configAlias(name));
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
    // git's help.autocorrect runs the command a mistyped word is closest to (`git comit -n`)
    const meant = Object.keys(SPECS).find((command) => editDistance(name, command) <= 2 && name.length >= 2);
    if (meant !== undefined && depth <= 16) {
      judgeGit([...args.slice(0, i), text(meant), ...rest], context, depth + 1);
      return;
    }
  }
  if (name in SPECS) for (const entry of config) judgeConfigEntry(entry, context, depth);
  judgeCommand(name, rest, context, depth);
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
      for (const option of read.options)
        if ((option.name === 'x' || option.name === 'exec') && option.value) context.shell(option.value, [], 'git rebase --exec');
    }
    return;
  }
  const plumbing = (what: string, gates: readonly string[], pass: string) =>
    findings.push({ found: `git ${name} ${shownAll(rest)}`.trim(), gates, pass: `${pass} (git ${name} ${what})` });
  switch (name) {
    case 'config':
      judgeConfig(rest, context, (alias, value) => {
        const probe = { ...context, judgement: { findings: [], unknowns: [] }, lineAliases: new Map([[alias, value]]) };
        judgeGit([text(alias)], probe, depth + 1);
        return probe.judgement.findings;
      });
      return;
    case 'commit-tree':
      plumbing('makes a commit without running any hook', COMMIT_GATES, 'commit with git commit, which runs the hooks');
      return;
    case 'fast-import':
    case 'filter-branch':
    case 'filter-repo':
      plumbing(
        'writes commits and moves refs without running any hook',
        COMMIT_GATES,
        'make each commit with git commit, which runs the hooks',
      );
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
      if (
        read.unknown ||
        read.options.some((option) => option.name === 'stdin') ||
        refName === undefined ||
        refName === 'HEAD' ||
        refName.startsWith('refs/heads/') ||
        !refName.startsWith('refs/')
      )
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
      const read = readOptions(
        rest,
        spec('fnrqk:', 'cached dry-run force quiet ignore-unmatch sparse pathspec-from-file= pathspec-file-nul verbose'),
      );
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
      if (force && ignored)
        context.removes(text(read.positionals.length > 0 ? `${known(read.positionals[0]!) ?? '.'}/` : './'), 'git clean -x');
      return;
    }
  }
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
