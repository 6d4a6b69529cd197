import { delimiter, isAbsolute, join, relative, sep } from 'node:path';
import { readPolicy, unsafePathReason } from '../engine/api/toolkit/index';
import type { DiskReader, ValidatorContext } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';
import { captureProbeModel } from '../engine/capture/probe';
import type { ProviderAdapter } from '../engine/capture/providers/adapter';
import { isProvider, loadProvider } from '../engine/capture/providers/index';
import type { SettingsFile } from '../engine/capture/providers/types';
import { repositoryValidatorSwitch } from '../engine/gate/isolation/settings';
import type { Policy } from '../engine/generated/types';
import type { Invocation } from '../engine/hooks/blocks';
import { commandLine, LOCAL_BIN, TOOL, TOOL_PLACES } from '../engine/hooks/blocks';
import { ciVariable } from '../engine/hooks/ci';
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

/** The command that writes the hooks the policy declares: the fix of a hook that is missing or bypassed. */
const HOOKS_INSTALL: readonly string[] = ['hooks', 'install'];

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
  const fail = (message: string, fix?: readonly string[]): false => {
    context.violation({ subject: entry.name ?? wiredBy, ...at, message, ...(fix ? { fix } : {}) });
    return false;
  };
  const info = (message: string): false => {
    context.info({ subject: entry.name ?? wiredBy, ...at, message });
    return false;
  };
  // a hook whose remedy is the tool's own installer carries it as the fix doctor --fix runs
  const verdict = (result: HookVerdict): boolean =>
    result.state === 'wired'
      ? true
      : fail(result.message, result.message.endsWith('(run: majordomus hooks install)') ? HOOKS_INSTALL : undefined);
  if (wiredBy === 'manual') return info(`\`${command}\` is declared manual: documented, not verified, never counted as wired`);
  const colon = wiredBy.indexOf(':');
  const kind = colon === -1 ? wiredBy : wiredBy.slice(0, colon);
  const target = colon === -1 ? '' : wiredBy.slice(colon + 1);
  switch (kind) {
    case 'git-hook': {
      const hook = checkHook(context.git, files, target, invocation);
      // a CI job's fresh clone installs no hooks, and needs none: it runs the gates itself
      const ci = hook.state !== 'wired' && hook.local ? ciVariable(context.env) : undefined;
      if (ci && hook.state !== 'wired')
        return info(
          `not installed in this clone, which under CI (${ci}) is not a failure: hooks run on developers' clones, where doctor fails on it (${hook.message})`,
        );
      if (!verdict(hook)) return false;
      // wired, as an earlier version wrote it: it still runs, and the command that writes it again is named
      if (hook.state === 'wired' && hook.stale) info(hook.stale);
      // the hook is there; whether this machine can run what it calls is this checkout's business, not a failure
      const missing = unreachable(context.disk, context.env, context.git.root, invocation.path);
      if (missing) info(`the ${target} hook cannot find ${invocation.path} from this checkout: ${missing}`);
      return true;
    }
    case 'provider-hook':
    case 'toolchain':
      if (kind === 'provider-hook') {
        // `<provider>` (the hook running the entry's own args) or `<provider>:session` (the lifecycle hooks)
        const [provider, scope, ...more] = target.split(':');
        if (isProvider(provider) && (scope === undefined || scope === 'session') && more.length === 0) {
          const adapter = await loadProvider(provider, 'wiring');
          const args = scope === 'session' ? ['capture', 'session'] : invocation.args;
          const result = await checkProviderHooks(context, files, adapter, args);
          if (result !== undefined) return verdict(result);
        }
      }
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
 * The provider's hooks that run `args` (`capture session`: the lifecycle hooks; `capture prompt`;
 * `capture guard`), as `capture install` writes them into the repository's settings file, each then run
 * as written on a synthetic payload in a dry run (engine/capture/probe.ts): wired means the command
 * reaches majordomus from this checkout, within the time the provider gives it, and writes nothing.
 * Undefined when `args` names no hook install writes (the entry is then reported as not verified).
 */
async function checkProviderHooks(
  context: ValidatorContext,
  files: HookFiles,
  adapter: ProviderAdapter,
  args: readonly string[],
): Promise<HookVerdict | undefined> {
  const { file: SETTINGS_FILE, parse: parseSettings, probeRequests, wantedHooks, wiringOf } = adapter.settings;
  const wanted = wantedHooks().filter((hook) => args.length >= 2 && hook.args[0] === args[0] && hook.args[1] === args[1]);
  if (wanted.length === 0) return undefined;
  const root = context.git.root;
  const path = join(root, SETTINGS_FILE);
  const fix = `run: majordomus capture install --provider ${adapter.name}`;
  if (files.kind(path) === 'absent')
    return {
      state: 'missing',
      message: `${SETTINGS_FILE} does not exist, so no hook of ${adapter.displayName} runs \`majordomus ${args.join(' ')}\` (${fix})`,
    };
  const text = readWired(files, path, SETTINGS_FILE);
  if (typeof text !== 'string') return { state: 'missing', message: text.problem };
  let settings: SettingsFile | undefined;
  try {
    settings = parseSettings(text);
  } catch (error) {
    return { state: 'missing', message: (error as Error).message };
  }
  const wiring = wiringOf([settings], wanted);
  const missing = wiring.filter((wired) => wired.found === undefined).map((wired) => wired.hook.event);
  if (missing.length > 0)
    return {
      state: 'missing',
      message: `${SETTINGS_FILE} does not run majordomus ${args.join(' ')} on ${missing.join(', ')} (${fix})`,
    };
  // the probe runs each hook's command as the settings file (the checkout's) writes it: the switch that
  // keeps a checkout's code from running keeps these from running too, and the hook is then not proved
  const trust = repositoryValidatorSwitch(undefined, context.env as NodeJS.ProcessEnv);
  if (!trust.enabled)
    return {
      state: 'missing',
      message: `${SETTINGS_FILE}: its hooks were not probed: ${trust.disabledBy} runs none of the checkout's commands, and the probe runs each hook's command as written (run doctor in a checkout you trust to prove them)`,
    };
  const unreached = (await context.model(captureProbeModel).probe(probeRequests(wiring, root, context.env))).filter(
    (result) => !result.reached,
  );
  if (unreached.length > 0) {
    const what = unreached.map((result) => `the ${result.hookEvent} hook ${result.detail}`).join('; ');
    return {
      state: 'missing',
      message: `${SETTINGS_FILE}: ${what} (make majordomus findable where the provider runs its hooks — npm install --save-dev majordomus — then check with: majordomus capture status)`,
    };
  }
  return { state: 'wired' };
}
