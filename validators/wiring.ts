import { delimiter, isAbsolute, join, relative, sep } from 'node:path';
import type { Policy } from '../engine/generated/types';
import { commandLine, findInvocation, LOCAL_BIN, TOOL, TOOL_PLACES } from '../engine/layer/hooks';
import type { Invocation } from '../engine/layer/hooks';
import type { KeyPath } from '../engine/layer/hook-managers/config-search';
import { declaredManagers, preCommitLegacy, routeOf } from '../engine/layer/hook-managers/detect';
import type { HookFiles } from '../engine/layer/hook-managers/detect';
import { parseForeignYaml } from '../engine/layer/hook-managers/foreign-yaml';
import { isHuskyStub } from '../engine/layer/hook-managers/husky';
import { LEFTHOOK_CONFIGS, lefthookLocalConfig, localOverride, searchLefthook } from '../engine/layer/hook-managers/lefthook';
import { installCommand, searchPreCommit } from '../engine/layer/hook-managers/pre-commit';
import { isUnreadable, readPolicy, unsafePathReason } from '../engine/toolkit/index';
import { defineValidator } from '../engine/validator';
import type { DiskReader, GitReader, ValidatorContext } from '../engine/validator';

type Entry = NonNullable<Policy['enforcement']>[number];

/** Wired, or the failure message saying what was found and what to do. */
type Verdict = true | string;

/** Files of the working tree that belong to the clone, never to a commit: lefthook's personal overrides. */
const CLONE_FILES: ReadonlySet<string> = new Set(LEFTHOOK_CONFIGS.map(lefthookLocalConfig));

export default defineValidator({
  name: 'wiring',
  description: "Every enforcement the policy declares is invoked by the artifact it names, without a swallowed exit code.",
  gates: ['doctor'],
  run(context) {
    const read = readPolicy(context);
    if (!read) return;
    const { file: policyFile, policy, lines } = read;
    const files = hookFiles(context);
    const entries = Array.isArray(policy.enforcement) ? policy.enforcement : [];
    let wired = 0;
    entries.forEach((entry, index) => {
      if (!entry || typeof entry.wired_by !== 'string' || typeof entry.path !== 'string') return; // schema problems are the policy rule's
      const at = { file: policyFile, line: lines.get(`enforcement.${index}.wired_by`) ?? lines.get(`enforcement.${index}`) };
      if (checkEntry(context, files, entry, at)) wired++;
    });
    context.ok({ subject: policyFile, message: `${wired} of ${entries.length} enforcement(s) wired` });
  },
});

/**
 * Every read this rule makes, in two halves. What a commit carries — a CI file, a hook manager's
 * configuration, husky's user hook files — is read from the tree the gate judges, so inside a
 * pre-commit hook a staged change is judged as staged. What belongs to this clone — the hooks directory
 * git runs, anything in the git directory, lefthook's personal overrides, files outside the working
 * tree — is read from the disk, as git and the managers will find it.
 */
function hookFiles(context: ValidatorContext): HookFiles {
  const { git, disk } = context;
  const inside = (path: string, dir: string): boolean => path === dir || path.startsWith(`${dir}${sep}`);
  const committed = (abs: string): string | undefined => {
    if (!inside(abs, git.root) || inside(abs, git.hooksDir) || inside(abs, git.gitDir) || inside(abs, git.commonDir)) return undefined;
    const path = relative(git.root, abs).split(sep).join('/');
    return CLONE_FILES.has(path) ? undefined : path;
  };
  return {
    kind(abs) {
      const path = committed(abs);
      return path === undefined ? disk.kind(abs) : context.kind(path);
    },
    // only what git or a manager runs is asked whether it may run, and that is the clone's
    executable: (abs) => disk.executable(abs),
    text(abs) {
      const path = committed(abs);
      return path === undefined ? disk.read(abs) : context.read(path);
    },
  };
}

/** Check one entry; true when it is verifiably wired. */
function checkEntry(context: ValidatorContext, files: HookFiles, entry: Entry, at: { file: string; line: number | undefined }): boolean {
  const invocation: Invocation = { path: entry.path, args: Array.isArray(entry.args) ? entry.args.map(String) : [] };
  const command = commandLine(invocation);
  const wiredBy = entry.wired_by;
  const fail = (message: string): false => {
    context.violation({ subject: entry.name ?? wiredBy, ...at, message });
    return false;
  };
  const info = (message: string): false => {
    context.info({ subject: entry.name ?? wiredBy, ...at, message });
    return false;
  };
  const verdict = (result: Verdict): boolean => (result === true ? true : fail(result));
  if (wiredBy === 'manual') return info(`\`${command}\` is declared manual: documented, not verified, never counted as wired`);
  const colon = wiredBy.indexOf(':');
  const kind = colon === -1 ? wiredBy : wiredBy.slice(0, colon);
  const target = colon === -1 ? '' : wiredBy.slice(colon + 1);
  switch (kind) {
    case 'git-hook': {
      if (!verdict(checkHook(context.git, files, target, invocation))) return false;
      // the hook is there; whether this machine can run what it calls is this checkout's business, not a failure
      const missing = unreachable(context.disk, context.env, context.git.root, invocation.path);
      if (missing) info(`the ${target} hook cannot find ${invocation.path} from this checkout: ${missing}`);
      return true;
    }
    case 'toolchain':
    case 'provider-hook':
      // the schema allows these; what they promise lives outside git, so this version says so and moves on
      return info(`\`${command}\` is wired by ${wiredBy}, which is not verified by this version (never counted as wired)`);
    case 'ci': {
      const unsafe = unsafePathReason(target);
      if (unsafe) return fail(`wired_by names the CI file ${JSON.stringify(target)}, which ${unsafe}`);
      const path = join(context.git.root, target);
      if (files.kind(path) === 'absent') return fail(`wired by ${target}, which does not exist (create it so it runs \`${command}\`)`);
      const text = readWired(files, path, target);
      return verdict(typeof text === 'string' ? checkText(text, target, invocation) : text.problem);
    }
    case 'git-config': {
      const value = context.git.config(target);
      if (value === undefined) return fail(`the git configuration does not set \`${target}\` (run: git config ${target} '<command naming ${entry.path}>')`);
      if (!value.includes(entry.path)) return fail(`the git configuration sets \`${target}\` to ${JSON.stringify(value)}, which does not name ${entry.path}`);
      return true;
    }
    default:
      return fail(`wired_by \`${wiredBy}\` is not a wiring this version verifies (use git-hook:<name>, ci:<path>, git-config:<key> or manual)`);
  }
}

/** What git runs for `hook` runs the invocation: a plain hook, or husky, lefthook or pre-commit doing it. */
function checkHook(git: GitReader, files: HookFiles, hook: string, invocation: Invocation): Verdict {
  if (!/^[a-z-]+$/.test(hook)) return `wired_by names the hook ${JSON.stringify(hook)}, which is not a git hook name`;
  if (git.hooksPathEmpty) {
    return `core.hooksPath is set to the empty string, so git runs no hook at all, ${hook} included (run: git config --unset core.hooksPath)`;
  }
  const route = routeOf(git, files, hook);
  if (route.kind === 'husky') {
    if (!route.runner) {
      return `core.hooksPath is ${shownPath(git, git.hooksDir)}, husky's folder, which does not exist, so git runs no hook at all, ${hook} included (run: npx husky, or npm install, whose prepare script runs it)`;
    }
    return checkHusky(git, files, route.userDir, hook, invocation);
  }
  if (route.kind === 'lefthook') return checkLefthook(git, files, hook, invocation);
  if (route.kind === 'pre-commit') return checkPreCommit(git, files, route.config, hook, invocation);
  const plain = checkPlainHook(git, files, hook, invocation);
  return plain === true ? true : (bypassed(git, files, hook, invocation) ?? plain);
}

function checkPlainHook(git: GitReader, files: HookFiles, hook: string, invocation: Invocation): Verdict {
  const path = join(git.hooksDir, hook);
  const shown = shownPath(git, path);
  if (files.kind(path) === 'absent') {
    // hooks live in the common git directory: a linked worktree's own git directory has none
    const defaultPath = join(git.commonDir, 'hooks', hook);
    if (defaultPath !== path && files.kind(defaultPath) !== 'absent') {
      return `installed but bypassed: ${shownPath(git, defaultPath)} exists, but core.hooksPath makes git run ${shown}, which does not (run: majordomus init --extend)`;
    }
    return `the ${hook} hook ${shown} does not exist (run: majordomus init --extend)`;
  }
  if (!files.executable(path)) return `the ${hook} hook ${shown} is not executable, so git skips it (run: chmod +x ${shown})`;
  const text = readWired(files, path, shown);
  return typeof text === 'string' ? checkText(text, shown, invocation) : text.problem;
}

/**
 * husky runs the user's `<dir>/<hook>` from its stub `<dir>/_/<hook>`: the stub must be there and
 * husky's, and the user file must run the invocation. A line an earlier init put into the stub is named:
 * it never runs (husky's runner exits first) and husky rewrites that folder at every install.
 */
function checkHusky(git: GitReader, files: HookFiles, userDir: string, hook: string, invocation: Invocation): Verdict {
  const stub = join(git.hooksDir, hook);
  const stubShown = shownPath(git, stub);
  const userFile = join(userDir, hook);
  const userShown = shownPath(git, userFile);
  if (files.kind(stub) === 'absent') return `git runs husky's ${stubShown}, which does not exist, so nothing runs at ${hook} (run: npx husky, which writes husky's hooks again)`;
  if (!files.executable(stub)) return `husky's ${stubShown} is not executable, so git skips it (run: npx husky)`;
  const stubText = readWired(files, stub, stubShown);
  if (typeof stubText !== 'string') return stubText.problem;
  if (!isHuskyStub(stubText)) {
    return `${stubShown} is in husky's folder but does not run husky's runner, and husky writes it again at its next install (run: npx husky, then majordomus init --extend, which writes the line into ${userShown})`;
  }
  const inStub = findInvocation(stubText, invocation).line !== undefined
    ? `; the line in ${stubShown} never runs (husky's runner exits before it, and husky rewrites that folder)`
    : '';
  if (files.kind(userFile) === 'absent') return `${userShown} does not exist, so husky runs nothing at ${hook} (run: majordomus init --extend)${inStub}`;
  const text = readWired(files, userFile, userShown);
  if (typeof text !== 'string') return text.problem;
  const verdict = checkText(text, userShown, invocation);
  return verdict === true ? true : `${verdict}${inStub}`;
}

/** lefthook runs the `<hook>` section of its configuration, with what `lefthook-local.yml` changes. */
function checkLefthook(git: GitReader, files: HookFiles, hook: string, invocation: Invocation): Verdict {
  const shown = shownPath(git, join(git.hooksDir, hook));
  const config = LEFTHOOK_CONFIGS.find((name) => files.kind(join(git.root, name)) === 'file');
  if (config === undefined) {
    return `git runs lefthook's ${shown}, but there is no lefthook configuration (${LEFTHOOK_CONFIGS.join(', ')}) to say what runs at ${hook} (create one running \`${commandLine(invocation)}\`; majordomus init --extend adds it)`;
  }
  const parsed = readConfig(files, git.root, config);
  if (typeof parsed === 'string') return parsed;
  const found = searchLefthook(parsed.value, hook, invocation);
  if (!found.wired) return `${at(config, parsed, found.path)} ${found.problem}`;
  const local = lefthookLocalConfig(config);
  if (files.kind(join(git.root, local)) !== 'file') return true;
  const localParsed = readConfig(files, git.root, local);
  if (typeof localParsed === 'string') return localParsed;
  const override = localOverride(localParsed.value, found.path, invocation);
  return override ? `${local} ${override}, so lefthook does not run \`${commandLine(invocation)}\` at ${hook} in this clone (remove that from ${local})` : true;
}

/** pre-commit runs the hooks of stage `<hook>` of its configuration. */
function checkPreCommit(git: GitReader, files: HookFiles, config: string, hook: string, invocation: Invocation): Verdict {
  const shown = shownPath(git, join(git.hooksDir, hook));
  const unsafe = unsafePathReason(config);
  if (unsafe) return `git runs pre-commit's ${shown}, which reads the configuration ${JSON.stringify(config)}, which ${unsafe} (run: ${installCommand([hook])})`;
  if (files.kind(join(git.root, config)) === 'absent') {
    return `git runs pre-commit's ${shown}, but its configuration ${config} does not exist (create it with the majordomus hooks; see majordomus init)`;
  }
  const parsed = readConfig(files, git.root, config);
  if (typeof parsed === 'string') return parsed;
  const found = searchPreCommit(parsed.value, hook, invocation);
  if (found.wired) return true;
  // installed over an existing hook, pre-commit runs that one first: a hook adopted before still counts
  const legacy = preCommitLegacy(git, hook);
  if (files.kind(legacy) === 'file' && files.executable(legacy)) {
    const text = readWired(files, legacy, shownPath(git, legacy));
    if (typeof text === 'string' && checkText(text, shownPath(git, legacy), invocation) === true) return true;
  }
  return `${at(config, parsed, found.path)} ${found.problem}`;
}

/**
 * When the hook git runs does not run the invocation, a manager's configuration that does is named:
 * it is set up in the repository but not installed in this clone.
 */
function bypassed(git: GitReader, files: HookFiles, hook: string, invocation: Invocation): string | undefined {
  const declared = declaredManagers(git, files);
  const shown = shownPath(git, join(git.hooksDir, hook));
  const command = commandLine(invocation);
  if (declared.husky !== undefined) {
    const userFile = join(declared.husky, hook);
    const text = files.kind(userFile) === 'file' ? readWired(files, userFile, shownPath(git, userFile)) : undefined;
    if (typeof text === 'string' && findInvocation(text, invocation).line !== undefined) {
      const hooksPath = git.config('core.hooksPath');
      const setting = hooksPath === undefined ? 'not set' : `${JSON.stringify(hooksPath)}`;
      return `installed but bypassed: ${shownPath(git, userFile)} runs \`${command}\`, but core.hooksPath is ${setting}, not ${shownPath(git, declared.husky)}/_, so git runs ${shown} (run: npx husky — or npm install, whose prepare script runs it)`;
    }
  }
  if (declared.lefthook !== undefined) {
    const parsed = readConfig(files, git.root, declared.lefthook);
    if (typeof parsed !== 'string' && searchLefthook(parsed.value, hook, invocation).wired) {
      return `installed but bypassed: ${declared.lefthook} runs \`${command}\` at ${hook}, but git runs ${shown}, which lefthook did not write (run: npx lefthook install)`;
    }
  }
  if (declared.preCommit !== undefined) {
    const parsed = readConfig(files, git.root, declared.preCommit);
    if (typeof parsed !== 'string' && searchPreCommit(parsed.value, hook, invocation).wired) {
      return `installed but bypassed: ${declared.preCommit} runs \`${command}\` at stage ${hook}, but git runs ${shown}, which pre-commit did not write (run: ${installCommand([hook])})`;
    }
  }
  return undefined;
}

function checkText(text: string, shown: string, invocation: Invocation): Verdict {
  const command = commandLine(invocation);
  const found = findInvocation(text, invocation);
  if (found.exposed) {
    const { line, word } = found.exposed;
    return `${shown}:${line} writes ${JSON.stringify(word)} unquoted, so the shell expands or splits it and runs something the policy does not say (delete that line; the invocation is \`${command}\`, which majordomus init --extend writes when it is missing)`;
  }
  if (found.line === undefined) return `${shown} does not run \`${command}\` (add it on a line of its own)`;
  if (found.swallowed) return `${shown}:${found.line} runs \`${command}\` but swallows its exit code with \`${found.swallowed}\` (remove it, so a failure stops the action)`;
  return true;
}

/**
 * Why a hook on this machine cannot find the command it runs, or undefined when it can. The bare tool
 * is looked up where a generated hook looks (the checkout's node_modules/.bin, then PATH); npx is not
 * asked, since it may go to the network, and it finds nothing the first two miss but npm's own cache.
 */
function unreachable(disk: DiskReader, env: ValidatorContext['env'], root: string, path: string): string | undefined {
  const runnable = (file: string): boolean => disk.kind(file) === 'file' && disk.executable(file);
  // the PATH of the environment the gate runs in: a hook's, when git runs it
  const onPath = (name: string): boolean => (env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && runnable(join(dir, name)));
  if (path === TOOL) {
    if (runnable(join(root, LOCAL_BIN)) || onPath(TOOL)) return undefined;
    return `not in ${TOOL_PLACES[0]} and not on ${TOOL_PLACES[1]}, so the hook refuses unless ${TOOL_PLACES[2]} finds it in npm's cache (install it in this project: npm install --save-dev ${TOOL})`;
  }
  if (!path.includes('/')) return onPath(path) ? undefined : `${path} is not on PATH, so the hook refuses`;
  // git runs these hooks at the top level of the working tree, so a relative path is relative to it
  return runnable(isAbsolute(path) ? path : join(root, path)) ? undefined : `${path} is not an executable file here, so the hook refuses`;
}

/** The text of a wiring file, or the failure naming it when it is not a regular file it can read. */
function readWired(files: HookFiles, path: string, shown: string): string | { problem: string } {
  try {
    return files.text(path, shown);
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    return { problem: `${shown} ${error.reason} (${error.fix})` };
  }
}

/** A hook manager's configuration, parsed, or the failure naming it. */
function readConfig(files: HookFiles, root: string, config: string): { value: unknown; lineOf(path: KeyPath): number | undefined } | string {
  const text = readWired(files, join(root, config), config);
  if (typeof text !== 'string') return text.problem;
  const parsed = parseForeignYaml(text);
  if (!parsed.ok) return `${config}${parsed.line === undefined ? '' : `:${parsed.line}`} is not valid YAML: ${parsed.reason} (fix it; its tool cannot read it either)`;
  return parsed;
}

/** `file:line` of a key path of a parsed configuration, or `file` alone. */
function at(file: string, parsed: { lineOf(path: KeyPath): number | undefined }, path: KeyPath | undefined): string {
  const line = path === undefined ? undefined : parsed.lineOf(path);
  return line === undefined ? file : `${file}:${line}`;
}

function shownPath(git: GitReader, path: string): string {
  return relative(git.root, path) || path;
}
