/**
 * Whether what git runs for one hook runs one invocation, and if not, in which of the ways a user can
 * act on: the hook (or the manager's entry) is missing, git skips it as not executable, it runs the
 * command but swallows its exit code, or git is made to run something else (`core.hooksPath`, a manager
 * set up in the repository but not installed in this clone). The wiring rule (validators/wiring.ts)
 * reports the message of a verdict; `hooks status` reports its state as well. Both read through a
 * `HookFiles`: the rule through its context (the staged content inside a pre-commit hook), the command
 * from the disk.
 */
import { join, relative, sep } from 'node:path';
import { UNREADABLE } from '../../io/document-error';
import { unsafePathReason } from '../../io/paths';
import type { Invocation } from '../blocks';
import { commandLine, findInvocation, staleBlockLine } from '../blocks';
import type { KeyPath } from './config-search';
import type { HookFiles } from './detect';
import { declaredManagers, preCommitLegacy, routeOf } from './detect';
import { parseForeignYaml } from './foreign-yaml';
import { isHuskyStub } from './husky';
import { LEFTHOOK_CONFIGS, lefthookLocalConfig, localOverride, searchLefthook } from './lefthook';
import { installCommand, searchPreCommit } from './pre-commit';

/** What a hook check needs of the repository: where the hooks are, and this clone's configuration. */
export interface HookGit {
  readonly root: string;
  readonly commonDir: string;
  /** The hooks directory git runs, `core.hooksPath` honoured. */
  readonly hooksDir: string;
  /** True when `core.hooksPath` is the empty string: git then runs no hook at all. */
  readonly hooksPathEmpty: boolean;
  config(key: string): string | undefined;
}

/**
 * How one invocation stands at one hook. `missing` covers every way the invocation is not what git
 * runs there for a reason in the files themselves (no hook, no line, a line that runs something else,
 * a configuration that cannot be read or runs it only sometimes).
 */
export type HookState = 'wired' | 'missing' | 'not-executable' | 'swallowed' | 'bypassed';

export type HookVerdict =
  | {
      readonly state: 'wired';
      /**
       * Wired as an earlier version wrote it, and weaker for it: what changed and the command that
       * writes it again (a pre-push `finish --check` without `--pre-push`, judging the working tree).
       */
      readonly stale?: string;
    }
  | {
      readonly state: Exclude<HookState, 'wired'>;
      /** What was found and what to do. */
      readonly message: string;
      /**
       * True when all that is wrong is this clone's own installation — a hook file git runs from the
       * git directory, a manager not installed here, `core.hooksPath` — while what the repository
       * commits is right: what a fresh clone, and every CI job, starts with.
       */
      readonly local?: boolean;
    };

const WIRED: HookVerdict = Object.freeze({ state: 'wired' });
const missing = (message: string): HookVerdict => ({ state: 'missing', message });
/** The same verdict, marked as this clone's installation alone. */
const local = (verdict: HookVerdict): HookVerdict => (verdict.state === 'wired' ? verdict : { ...verdict, local: true });

/** What git runs for `hook` runs the invocation: a plain hook, or husky, lefthook or pre-commit doing it. */
export function checkHook(git: HookGit, files: HookFiles, hook: string, invocation: Invocation): HookVerdict {
  if (!/^[a-z-]+$/.test(hook)) return missing(`wired_by names the hook ${JSON.stringify(hook)}, which is not a git hook name`);
  if (git.hooksPathEmpty) {
    return {
      state: 'bypassed',
      message: `core.hooksPath is set to the empty string, so git runs no hook at all, ${hook} included (run: git config --unset core.hooksPath)`,
      local: true,
    };
  }
  const route = routeOf(git, files, hook);
  if (route.kind === 'husky') {
    if (!route.runner) {
      return {
        state: 'bypassed',
        message: `core.hooksPath is ${shownPath(git, git.hooksDir)}, husky's folder, which does not exist, so git runs no hook at all, ${hook} included (run: npx husky, or npm install, whose prepare script runs it)`,
        local: true,
      };
    }
    return checkHusky(git, files, route.userDir, hook, invocation);
  }
  if (route.kind === 'lefthook') return checkLefthook(git, files, hook, invocation);
  if (route.kind === 'pre-commit') return checkPreCommit(git, files, route.config, hook, invocation);
  const plain = checkPlainHook(git, files, hook, invocation);
  if (plain.state === 'wired') return plain;
  const elsewhere = bypassed(git, files, hook, invocation);
  if (elsewhere) return local(elsewhere);
  // a hooks directory in the working tree is committed; git's own is the clone's, unless the
  // repository declares a manager whose committed configuration lacks the line
  const cloneOnly = !committedHooksDir(git) && declaredNothing(git, files);
  return cloneOnly ? local(plain) : plain;
}

/** True when git runs the hooks from a folder of the working tree (core.hooksPath=.githooks): files a commit carries. */
function committedHooksDir(git: HookGit): boolean {
  const inside = (dir: string): boolean => git.hooksDir === dir || git.hooksDir.startsWith(`${dir}${sep}`);
  return inside(git.root) && !inside(git.commonDir) && !inside(join(git.root, '.git'));
}

/** True when the repository declares no hook manager (husky, lefthook, pre-commit) in its files. */
function declaredNothing(git: HookGit, files: HookFiles): boolean {
  const declared = declaredManagers(git, files);
  return declared.husky === undefined && declared.lefthook === undefined && declared.preCommit === undefined;
}

function checkPlainHook(git: HookGit, files: HookFiles, hook: string, invocation: Invocation): HookVerdict {
  const path = join(git.hooksDir, hook);
  const shown = shownPath(git, path);
  if (files.kind(path) === 'absent') {
    // hooks live in the common git directory: a linked worktree's own git directory has none
    const defaultPath = join(git.commonDir, 'hooks', hook);
    if (defaultPath !== path && files.kind(defaultPath) !== 'absent') {
      return {
        state: 'bypassed',
        message: `installed but bypassed: ${shownPath(git, defaultPath)} exists, but core.hooksPath makes git run ${shown}, which does not (run: majordomus hooks install)`,
      };
    }
    return missing(`the ${hook} hook ${shown} does not exist (run: majordomus hooks install)`);
  }
  if (!files.executable(path))
    return { state: 'not-executable', message: `the ${hook} hook ${shown} is not executable, so git skips it (run: chmod +x ${shown})` };
  const text = readWired(files, path, shown);
  return typeof text === 'string' ? staleOr(checkText(text, shown, invocation), text, shown, hook, invocation) : missing(text.problem);
}

/** A wired verdict marked stale when our block there is an earlier version's (see upgradedBlocks). */
function staleOr(verdict: HookVerdict, text: string, shown: string, hook: string, invocation: Invocation): HookVerdict {
  if (verdict.state !== 'wired') return verdict;
  const line = staleBlockLine(text, hook, invocation);
  if (line === undefined) return verdict;
  return {
    state: 'wired',
    stale: `${shown}:${line} runs \`${commandLine(invocation)}\` without --pre-push, as an earlier version wrote it: it judges the working tree, not the commits being pushed (run: majordomus hooks install, which writes the block again)`,
  };
}

/**
 * husky runs the user's `<dir>/<hook>` from its stub `<dir>/_/<hook>`: the stub must be there and
 * husky's, and the user file must run the invocation. A line an earlier init put into the stub is named:
 * it never runs (husky's runner exits first) and husky rewrites that folder at every install.
 */
function checkHusky(git: HookGit, files: HookFiles, userDir: string, hook: string, invocation: Invocation): HookVerdict {
  const stub = join(git.hooksDir, hook);
  const stubShown = shownPath(git, stub);
  const userFile = join(userDir, hook);
  const userShown = shownPath(git, userFile);
  if (files.kind(stub) === 'absent')
    return local(
      missing(
        `git runs husky's ${stubShown}, which does not exist, so nothing runs at ${hook} (run: npx husky, which writes husky's hooks again)`,
      ),
    );
  if (!files.executable(stub))
    return { state: 'not-executable', message: `husky's ${stubShown} is not executable, so git skips it (run: npx husky)`, local: true };
  const stubText = readWired(files, stub, stubShown);
  if (typeof stubText !== 'string') return local(missing(stubText.problem));
  if (!isHuskyStub(stubText)) {
    return local(
      missing(
        `${stubShown} is in husky's folder but does not run husky's runner, and husky writes it again at its next install (run: npx husky, then majordomus hooks install, which writes the line into ${userShown})`,
      ),
    );
  }
  const inStub =
    findInvocation(stubText, invocation).line !== undefined
      ? `; the line in ${stubShown} never runs (husky's runner exits before it, and husky rewrites that folder)`
      : '';
  if (files.kind(userFile) === 'absent')
    return missing(`${userShown} does not exist, so husky runs nothing at ${hook} (run: majordomus hooks install)${inStub}`);
  const text = readWired(files, userFile, userShown);
  if (typeof text !== 'string') return missing(text.problem);
  const verdict = checkText(text, userShown, invocation);
  return verdict.state === 'wired'
    ? staleOr(verdict, text, userShown, hook, invocation)
    : { state: verdict.state, message: `${verdict.message}${inStub}` };
}

/** lefthook runs the `<hook>` section of its configuration, with what `lefthook-local.yml` changes. */
function checkLefthook(git: HookGit, files: HookFiles, hook: string, invocation: Invocation): HookVerdict {
  const shown = shownPath(git, join(git.hooksDir, hook));
  const config = LEFTHOOK_CONFIGS.find((name) => files.kind(join(git.root, name)) === 'file');
  if (config === undefined) {
    return missing(
      `git runs lefthook's ${shown}, but there is no lefthook configuration (${LEFTHOOK_CONFIGS.join(', ')}) to say what runs at ${hook} (create one running \`${commandLine(invocation)}\`; majordomus hooks install adds it)`,
    );
  }
  const parsed = readConfig(files, git.root, config);
  if (typeof parsed === 'string') return missing(parsed);
  const found = searchLefthook(parsed.value, hook, invocation);
  if (!found.wired)
    return { state: swallows(found.problem) ? 'swallowed' : 'missing', message: `${at(config, parsed, found.path)} ${found.problem}` };
  const localConfig = lefthookLocalConfig(config);
  if (files.kind(join(git.root, localConfig)) !== 'file') return WIRED;
  const localParsed = readConfig(files, git.root, localConfig);
  if (typeof localParsed === 'string') return missing(localParsed);
  const override = localOverride(localParsed.value, found.path, invocation);
  return override
    ? {
        state: 'missing',
        message: `${localConfig} ${override}, so lefthook does not run \`${commandLine(invocation)}\` at ${hook} in this clone (remove that from ${localConfig})`,
        local: true,
      }
    : WIRED;
}

/** pre-commit runs the hooks of stage `<hook>` of its configuration. */
function checkPreCommit(git: HookGit, files: HookFiles, config: string, hook: string, invocation: Invocation): HookVerdict {
  const shown = shownPath(git, join(git.hooksDir, hook));
  const unsafe = unsafePathReason(config);
  if (unsafe)
    return missing(
      `git runs pre-commit's ${shown}, which reads the configuration ${JSON.stringify(config)}, which ${unsafe} (run: ${installCommand([hook])})`,
    );
  if (files.kind(join(git.root, config)) === 'absent') {
    return missing(
      `git runs pre-commit's ${shown}, but its configuration ${config} does not exist (create it with the majordomus hooks; see majordomus hooks install)`,
    );
  }
  const parsed = readConfig(files, git.root, config);
  if (typeof parsed === 'string') return missing(parsed);
  const found = searchPreCommit(parsed.value, hook, invocation);
  if (found.wired) return WIRED;
  // installed over an existing hook, pre-commit runs that one first: a hook adopted before still counts
  const legacy = preCommitLegacy(git, hook);
  if (files.kind(legacy) === 'file' && files.executable(legacy)) {
    const text = readWired(files, legacy, shownPath(git, legacy));
    if (typeof text === 'string' && checkText(text, shownPath(git, legacy), invocation).state === 'wired') return WIRED;
  }
  return missing(`${at(config, parsed, found.path)} ${found.problem}`);
}

/**
 * When the hook git runs does not run the invocation, a manager's configuration that does is named:
 * it is set up in the repository but not installed in this clone.
 */
function bypassed(git: HookGit, files: HookFiles, hook: string, invocation: Invocation): HookVerdict | undefined {
  const declared = declaredManagers(git, files);
  const shown = shownPath(git, join(git.hooksDir, hook));
  const command = commandLine(invocation);
  const verdict = (message: string): HookVerdict => ({ state: 'bypassed', message: `installed but bypassed: ${message}` });
  if (declared.husky !== undefined) {
    const userFile = join(declared.husky, hook);
    const text = files.kind(userFile) === 'file' ? readWired(files, userFile, shownPath(git, userFile)) : undefined;
    if (typeof text === 'string' && findInvocation(text, invocation).line !== undefined) {
      const hooksPath = git.config('core.hooksPath');
      const setting = hooksPath === undefined ? 'not set' : `${JSON.stringify(hooksPath)}`;
      return verdict(
        `${shownPath(git, userFile)} runs \`${command}\`, but core.hooksPath is ${setting}, not ${shownPath(git, declared.husky)}/_, so git runs ${shown} (run: npx husky — or npm install, whose prepare script runs it)`,
      );
    }
  }
  if (declared.lefthook !== undefined) {
    const parsed = readConfig(files, git.root, declared.lefthook);
    if (typeof parsed !== 'string' && searchLefthook(parsed.value, hook, invocation).wired) {
      return verdict(
        `${declared.lefthook} runs \`${command}\` at ${hook}, but git runs ${shown}, which lefthook did not write (run: npx lefthook install)`,
      );
    }
  }
  if (declared.preCommit !== undefined) {
    const parsed = readConfig(files, git.root, declared.preCommit);
    if (typeof parsed !== 'string' && searchPreCommit(parsed.value, hook, invocation).wired) {
      return verdict(
        `${declared.preCommit} runs \`${command}\` at stage ${hook}, but git runs ${shown}, which pre-commit did not write (run: ${installCommand([hook])})`,
      );
    }
  }
  // the hook git runs lacks the line, but the hooks directory git would run without core.hooksPath has it
  const defaultPath = join(git.commonDir, 'hooks', hook);
  if (defaultPath !== join(git.hooksDir, hook) && files.kind(defaultPath) === 'file') {
    const text = readWired(files, defaultPath, shownPath(git, defaultPath));
    if (typeof text === 'string' && findInvocation(text, invocation).line !== undefined) {
      return verdict(
        `${shownPath(git, defaultPath)} runs \`${command}\`, but core.hooksPath makes git run ${shown}, which does not (run: majordomus hooks install)`,
      );
    }
  }
  return undefined;
}

/** Whether a hook's or CI file's text runs the invocation, whole and with its exit code kept. */
export function checkText(text: string, shown: string, invocation: Invocation): HookVerdict {
  const command = commandLine(invocation);
  const found = findInvocation(text, invocation);
  if (found.exposed) {
    const { line, word } = found.exposed;
    return missing(
      `${shown}:${line} writes ${JSON.stringify(word)} unquoted, so the shell expands or splits it and runs something the policy does not say (delete that line; the invocation is \`${command}\`, which majordomus hooks install writes when it is missing)`,
    );
  }
  if (found.line === undefined) return missing(`${shown} does not run \`${command}\` (add it on a line of its own)`);
  if (found.swallowed) {
    return {
      state: 'swallowed',
      message: `${shown}:${found.line} runs \`${command}\` but swallows its exit code with \`${found.swallowed}\` (remove it, so a failure stops the action)`,
    };
  }
  return WIRED;
}

/** lefthook's search names a swallowed exit code in its problem; the one wording both sides share. */
function swallows(problem: string): boolean {
  return problem.includes('swallows its exit code');
}

/** The text of a wiring file, or the problem naming it when it is not a regular file it can read. */
export function readWired(files: HookFiles, path: string, shown: string): string | { problem: string } {
  try {
    return files.text(path, shown);
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    return { problem: `${shown} ${error.reason} (${error.fix})` };
  }
}

function isUnreadable(error: unknown): error is { reason: string; fix: string } {
  return typeof error === 'object' && error !== null && (error as { [UNREADABLE]?: unknown })[UNREADABLE] === true;
}

/** A hook manager's configuration, parsed, or the problem naming it. */
function readConfig(
  files: HookFiles,
  root: string,
  config: string,
): { value: unknown; lineOf(path: KeyPath): number | undefined } | string {
  const text = readWired(files, join(root, config), config);
  if (typeof text !== 'string') return text.problem;
  const parsed = parseForeignYaml(text);
  if (!parsed.ok)
    return `${config}${parsed.line === undefined ? '' : `:${parsed.line}`} is not valid YAML: ${parsed.reason} (fix it; its tool cannot read it either)`;
  return parsed;
}

/** `file:line` of a key path of a parsed configuration, or `file` alone. */
function at(file: string, parsed: { lineOf(path: KeyPath): number | undefined }, path: KeyPath | undefined): string {
  const line = path === undefined ? undefined : parsed.lineOf(path);
  return line === undefined ? file : `${file}:${line}`;
}

/** A path as messages show it: repository-relative when inside the working tree. */
export function shownPath(git: Pick<HookGit, 'root'>, path: string): string {
  return relative(git.root, path) || path;
}
