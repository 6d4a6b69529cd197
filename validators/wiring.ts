import { delimiter, isAbsolute, join, relative, sep } from 'node:path';
import { readPolicy, unsafePathReason } from '../engine/api/toolkit/index';
import type { DiskReader, ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import { captureProbeModel } from '../engine/capture/probe';
import { hookStates, parseSettings, SETTINGS_FILE, sessionProbes, wantedHooks } from '../engine/capture/providers/claude-code';
import { repositoryValidatorSwitch } from '../engine/gate/isolation/settings';
import type { Policy } from '../engine/generated/types';
import type { Invocation } from '../engine/hooks/blocks';
import { commandLine, LOCAL_BIN, TOOL, TOOL_PLACES } from '../engine/hooks/blocks';
import type { HookFiles } from '../engine/hooks/managers/detect';
import { LEFTHOOK_CONFIGS, lefthookLocalConfig } from '../engine/hooks/managers/lefthook';
import type { HookVerdict } from '../engine/hooks/managers/status';
import { checkHook, checkText, readWired } from '../engine/hooks/managers/status';

type Entry = NonNullable<Policy['enforcement']>[number];

/** Files of the working tree that belong to the clone, never to a commit: lefthook's personal overrides. */
const CLONE_FILES: ReadonlySet<string> = new Set(LEFTHOOK_CONFIGS.map(lefthookLocalConfig));

export default defineValidator({
  name: 'wiring',
  description: 'Every enforcement the policy declares is invoked by the artifact it names, without a swallowed exit code.',
  gates: ['doctor'],
  async run(context) {
    const read = readPolicy(context);
    if (!read) return;
    const { file: policyFile, policy, lines } = read;
    const files = hookFiles(context);
    const entries = Array.isArray(policy.enforcement) ? policy.enforcement : [];
    let wired = 0;
    for (const [index, entry] of entries.entries()) {
      if (!entry || typeof entry.wired_by !== 'string' || typeof entry.path !== 'string') continue; // schema problems are the policy rule's
      const at = { file: policyFile, line: lines.get(`enforcement.${index}.wired_by`) ?? lines.get(`enforcement.${index}`) };
      if (await checkEntry(context, files, entry, at)) wired++;
    }
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
async function checkEntry(
  context: ValidatorContext,
  files: HookFiles,
  entry: Entry,
  at: { file: string; line: number | undefined },
): Promise<boolean> {
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
  const verdict = (result: HookVerdict): boolean => (result.state === 'wired' ? true : fail(result.message));
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
    case 'provider-hook':
    case 'toolchain':
      if (kind === 'provider-hook' && target === 'claude-code:session') return verdict(await checkClaudeSession(context, files));
      // another provider's hooks, and a toolchain: the schema allows these; what they promise lives outside
      // git, so this version says so and moves on
      return info(`\`${command}\` is wired by ${wiredBy}, which is not verified by this version (never counted as wired)`);
    case 'ci': {
      const unsafe = unsafePathReason(target);
      if (unsafe) return fail(`wired_by names the CI file ${JSON.stringify(target)}, which ${unsafe}`);
      const path = join(context.git.root, target);
      if (files.kind(path) === 'absent') return fail(`wired by ${target}, which does not exist (create it so it runs \`${command}\`)`);
      const text = readWired(files, path, target);
      return typeof text === 'string' ? verdict(checkText(text, target, invocation)) : fail(text.problem);
    }
    case 'git-config': {
      const value = context.git.config(target);
      if (value === undefined)
        return fail(`the git configuration does not set \`${target}\` (run: git config ${target} '<command naming ${entry.path}>')`);
      if (!value.includes(entry.path))
        return fail(`the git configuration sets \`${target}\` to ${JSON.stringify(value)}, which does not name ${entry.path}`);
      return true;
    }
    default:
      return fail(
        `wired_by \`${wiredBy}\` is not a wiring this version verifies (use git-hook:<name>, ci:<path>, git-config:<key> or manual)`,
      );
  }
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

/**
 * Claude Code's session hooks, as `capture install` writes them into its settings file, each then run
 * as written on a synthetic payload in a dry run (engine/capture/probe.ts): wired means the command
 * reaches majordomus from this checkout, within the provider's time limit, and writes nothing.
 */
async function checkClaudeSession(context: ValidatorContext, files: HookFiles): Promise<HookVerdict> {
  const root = context.git.root;
  const path = join(root, SETTINGS_FILE);
  if (files.kind(path) === 'absent')
    return {
      state: 'missing',
      message: `${SETTINGS_FILE} does not exist, so no session hook runs (run: majordomus capture install --provider claude-code)`,
    };
  const text = readWired(files, path, SETTINGS_FILE);
  if (typeof text !== 'string') return { state: 'missing', message: text.problem };
  let settings: Record<string, unknown>;
  let missing: string[];
  try {
    settings = parseSettings(text);
    missing = hookStates(
      settings,
      wantedHooks().filter((hook) => hook.command.includes('capture session')),
    )
      .filter((state) => !state.installed)
      .map((state) => state.hook.event);
  } catch (error) {
    return { state: 'missing', message: (error as Error).message };
  }
  if (missing.length > 0)
    return {
      state: 'missing',
      message: `${SETTINGS_FILE} does not run majordomus capture session on ${missing.join(', ')} (run: majordomus capture install --provider claude-code)`,
    };
  // the probe runs each hook's command as the settings file (the checkout's) writes it: the switch that
  // keeps a checkout's code from running keeps these from running too, and the hook is then not proved
  const trust = repositoryValidatorSwitch(undefined, context.env as NodeJS.ProcessEnv);
  if (!trust.enabled)
    return {
      state: 'missing',
      message: `${SETTINGS_FILE}: its session hooks were not probed: ${trust.disabledBy} runs none of the checkout's commands, and the probe runs each hook's command as written (run doctor in a checkout you trust to prove them)`,
    };
  const unreached = (await context.model(captureProbeModel).probe(sessionProbes(settings, root))).filter((result) => !result.reached);
  if (unreached.length > 0) {
    const what = unreached.map((result) => `the ${result.hookEvent} hook \`${result.command}\` ${result.detail}`).join('; ');
    return {
      state: 'missing',
      message: `${SETTINGS_FILE}: ${what} (make majordomus findable where the provider runs its hooks, then check with: majordomus capture status)`,
    };
  }
  return { state: 'wired' };
}
