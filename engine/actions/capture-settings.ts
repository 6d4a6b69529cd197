/**
 * `capture install | uninstall | status`: the provider's hooks in its settings files. Install adds what
 * is missing to the repository's shared settings file and nothing else; uninstall takes out exactly what
 * install added; status reads every settings file the provider reads and runs each wired hook once, in a
 * dry run, to prove it reaches this tool (engine/capture/probe.ts).
 */
import { lstatSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ProviderAdapter } from '../capture/providers/adapter';
import type { SettingsFile, WantedHook, WiredHook } from '../capture/providers/types';
import type { Invocation } from '../commands/define';
import { ContractError, MissingError, RefusedError, UsageError } from '../errors';
import { DocumentError } from '../io/document-error';
import { readRegularFile } from '../io/regular-file';
import { lockFile, withWriteLock } from '../io/write/lock';
import { WritePlan } from '../io/write/plan';
import { Repository } from '../layer/repository';
import { readInside } from '../state/records/model';
import { adapterFor } from './capture';

/**
 * A settings file of the repository, as text, or undefined when there is none. Only a regular UTF-8 file
 * inside the repository is read: a folder, a FIFO or a link leading out of the repository is refused (2),
 * never opened or quoted.
 */
function readSettings(root: string, file: string): string | undefined {
  const text = readInside(root, file);
  if (text !== undefined && typeof text !== 'string')
    throw new UsageError(`capture: ${file} cannot be read: ${text.unreadable}; nothing was written`);
  return text;
}

/**
 * Install and uninstall write the settings file in place: a symbolic link there (or at its folder) is
 * refused (15) before anything is read, since writing through it would change a file elsewhere.
 */
function refuseLinked(root: string, file: string, command: string): void {
  for (const path of [dirname(file), file]) {
    let linked = false;
    try {
      linked = lstatSync(join(root, path)).isSymbolicLink();
    } catch {
      // absent: nothing to refuse
    }
    if (linked)
      throw new RefusedError(
        `${command}: ${path} is a symbolic link; nothing was written (this command writes the settings file in place and never through a link: replace the link with the file itself, then run it again)`,
      );
  }
}

/** What one hook looks like when printed or listed: its event, matcher and command. */
function shown(hook: WantedHook): { event: string; matcher?: string; command: string; timeout: number } {
  return {
    event: hook.event,
    ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
    command: hook.command,
    timeout: hook.timeout,
  };
}

export interface CaptureInstallOptions {
  readonly provider?: string;
  readonly dryRun?: boolean;
  readonly json?: boolean;
  /** `--mcp`: also add the MCP server to the provider's project MCP configuration (.mcp.json). */
  readonly mcp?: boolean;
}

/**
 * `capture install --provider <p> [--dry-run] [--json]`: add each hook not yet wired to the provider's
 * shared settings file, through the one writer, printing each one added; `--dry-run` prints the file as it
 * would be and writes nothing. Run again, it adds nothing; a hook already there under another spelling
 * (`npx majordomus …`, an absolute path) counts as there.
 */
export async function runCaptureInstall(options: CaptureInstallOptions, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const adapter = await adapterFor('capture install', options.provider);
  const { file: SETTINGS_FILE, installText, parse: parseSettings, wantedHooks } = adapter.settings;
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const { git } = repository;
  const command = 'capture install';
  // --mcp: the MCP server merged into the provider's MCP configuration in the same plan, under the same lock
  const mcpFile = options.mcp ? mcpOf(adapter) : undefined;
  const result = await withWriteLock(lockFile(git.commonDir), command, () => {
    refuseLinked(git.root, SETTINGS_FILE, command);
    const before = readSettings(git.root, SETTINGS_FILE);
    const { text, added } = installText(parseSettings(before), wantedHooks());
    const mcp = mcpFile?.(git.root);
    if (!options.dryRun && (added.length > 0 || mcp?.added)) {
      const plan = new WritePlan({ command, base: git.root, scopes: [{ dir: git.root, name: 'the repository' }] });
      if (added.length > 0) {
        plan.mkdir(dirname(SETTINGS_FILE));
        if (before === undefined) plan.create(SETTINGS_FILE, text);
        else plan.replace(SETTINGS_FILE, text);
      }
      mcp?.plan(plan);
      plan.commit();
    }
    return { added, text, mcp };
  });
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ provider: adapter.name, file: SETTINGS_FILE, dry_run: options.dryRun === true, added: result.added.map(shown), ...(options.dryRun ? { merged: JSON.parse(result.text || '{}') as unknown } : {}), ...(result.mcp ? { mcp: { file: result.mcp.file, added: result.mcp.added, ...(options.dryRun ? { merged: JSON.parse(result.mcp.text) as unknown } : {}) } } : {}) })}\n`,
    );
    return;
  }
  if (options.dryRun) {
    process.stdout.write(result.mcp ? `${result.text}${result.mcp.text}` : result.text);
    return;
  }
  const lines = result.added.map(
    (hook) => `capture install: added ${hook.event}${hook.matcher ? ` (${hook.matcher})` : ''}: ${hook.args.join(' ')}`,
  );
  lines.push(
    result.added.length === 0
      ? `capture install: ${SETTINGS_FILE} already runs every hook${result.mcp?.added ? '' : '; nothing changed'}`
      : `capture install: wrote ${SETTINGS_FILE}; next: majordomus capture status`,
  );
  if (result.mcp)
    lines.push(
      result.mcp.added
        ? `capture install: added the majordomus MCP server to ${result.mcp.file}`
        : `capture install: ${result.mcp.file} already names a majordomus server; left as it is`,
    );
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * `capture uninstall --provider <p> [--json]`: take out of the shared settings file exactly what install
 * added — its matcher groups, and an event or `hooks` left empty by that — leaving every other byte as it
 * was; a file that held nothing else is removed. Hooks a person wrote, however they spell the program,
 * are theirs and stay.
 */
export async function runCaptureUninstall(options: { provider?: string; json?: boolean }, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const adapter = await adapterFor('capture uninstall', options.provider);
  const { file: SETTINGS_FILE, parse: parseSettings, uninstallText, wantedHooks } = adapter.settings;
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const { git } = repository;
  const command = 'capture uninstall';
  const removed = await withWriteLock(lockFile(git.commonDir), command, () => {
    refuseLinked(git.root, SETTINGS_FILE, command);
    const settings = parseSettings(readSettings(git.root, SETTINGS_FILE));
    if (settings === undefined) return [];
    const result = uninstallText(settings, wantedHooks());
    if (result.removed.length === 0) return [];
    const plan = new WritePlan({ command, base: git.root, scopes: [{ dir: git.root, name: 'the repository' }] });
    if (result.text === undefined) plan.remove(SETTINGS_FILE);
    else plan.replace(SETTINGS_FILE, result.text);
    plan.commit();
    return result.removed;
  });
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ provider: adapter.name, file: SETTINGS_FILE, removed: removed.map(shown) })}\n`);
    return;
  }
  const lines = removed.map((hook) => `capture uninstall: removed ${hook.event}: ${hook.args.join(' ')}`);
  lines.push(
    removed.length === 0
      ? `capture uninstall: ${SETTINGS_FILE} runs no hook capture install wrote; nothing changed`
      : `capture uninstall: wrote ${SETTINGS_FILE}`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** One settings file the provider reads, as status found it. */
interface SourceRead {
  readonly label: 'project' | 'local' | 'user' | 'managed';
  readonly file: string;
  readonly settings?: SettingsFile;
  /** Why it could not be used (only the project file's problem stops status). */
  readonly problem?: string;
}

/** A settings file outside the repository (the user's, the administrator's): its text, or a problem. */
function readOutside(path: string): string | undefined | { problem: string } {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(readRegularFile(path, path, 4 * 1024 * 1024));
  } catch (error) {
    if (error instanceof DocumentError && /no such file|ENOENT/i.test(error.message)) return undefined;
    return { problem: error instanceof Error ? error.message : 'unreadable' };
  }
}

/**
 * `capture status --provider <p> [--json]`: every hook install wires, wired or not in any settings file
 * the provider reads (the repository's, the clone's own beside it, the user's, the administrator's), each
 * wired one probed, and whether those files turn hooks off. 12 when a hook is not wired (install is the
 * fix), else 10 when hooks are off or a wired hook does not reach this tool, else 0.
 */
export async function runCaptureStatus(options: { provider?: string; json?: boolean }, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const adapter = await adapterFor('capture status', options.provider);
  const module = adapter.settings;
  const { probeHooks } = await import('../capture/probe');
  const repository = Repository.open(cwd, { env, tree: 'working' });
  const root = repository.root;
  const sources: SourceRead[] = [];
  const inRepo = (label: 'project' | 'local', file: string): void => {
    sources.push({ label, file, ...optional(module.parse(readSettings(root, file), file)) });
  };
  inRepo('project', module.file);
  try {
    inRepo('local', module.localFile);
  } catch (error) {
    sources.push({ label: 'local', file: module.localFile, problem: (error as Error).message });
  }
  const outside = (label: 'user' | 'managed', path: string | undefined): void => {
    if (path === undefined) return;
    const text = readOutside(path);
    if (text !== undefined && typeof text !== 'string') {
      sources.push({ label, file: path, problem: text.problem });
      return;
    }
    try {
      sources.push({ label, file: path, ...optional(module.parse(text, path)) });
    } catch (error) {
      sources.push({ label, file: path, problem: (error as Error).message });
    }
  };
  if (env.HOME) outside('user', join(env.HOME, module.userFile));
  outside('managed', module.managedFile(process.platform));
  const managed = sources.find((source) => source.label === 'managed')?.settings;
  const off = module.hooksOff({
    ...(managed ? { managed } : {}),
    others: sources.filter((source) => source.label !== 'managed').map((source) => source.settings),
  });
  const wiring = module.wiringOf(
    sources.map((source) => source.settings),
    module.wantedHooks(),
  );
  // hooks the provider will not run are not run here either: there is nothing they could prove
  const probes = off ? [] : await probeHooks(root, module.probeRequests(wiring, root, env), env);
  const rows = wiring.map((wired) => ({ wired, probe: probes.find((result) => result.hookEvent === wired.hook.event) }));
  if (options.json) {
    const hooks = rows.map(({ wired, probe }) => ({
      event: wired.hook.event,
      args: wired.hook.args,
      installed: wired.found !== undefined,
      ...(wired.found
        ? {
            file: wired.found.file,
            command: wired.found.command,
            ...(wired.found.timeout !== undefined ? { timeout: wired.found.timeout } : {}),
          }
        : {}),
      ...(wired.also.length > 0 ? { also: wired.also.map((found) => found.file) } : {}),
      ...(wired.stale.length > 0
        ? { stale: wired.stale.map((found) => ({ file: found.file, command: found.command, skips: found.skips })) }
        : {}),
      ...(probe ? { reached: probe.reached, probe } : {}),
    }));
    process.stdout.write(
      `${JSON.stringify({
        provider: adapter.name,
        file: module.file,
        files: sources.map((source) => ({
          label: source.label,
          file: source.file,
          present: source.settings !== undefined,
          ...(source.problem ? { problem: source.problem } : {}),
        })),
        ...(off ? { hooks_off: off } : {}),
        hooks,
      })}\n`,
    );
  } else {
    const lines = rows.map(({ wired, probe }) => statusLine(wired, probe));
    for (const source of sources) if (source.problem) lines.push(`unread     ${source.file}: ${source.problem}`);
    if (off) lines.push(`off        ${off}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  const missing = wiring.filter((wired) => wired.found === undefined);
  if (missing.length > 0)
    throw new MissingError(
      `capture status: ${missing.map((wired) => wired.hook.event).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not wired in any settings file ${adapter.displayName} reads (run: majordomus capture install --provider ${adapter.name})`,
    );
  if (off) throw new ContractError(`capture status: ${off} (set it to false, or remove it, for the hooks to run)`);
  const unreached = probes.filter((result) => !result.reached);
  if (unreached.length > 0) {
    throw new ContractError(
      `capture status: ${unreached.map((result) => `${result.hookEvent} runs \`${result.command.slice(0, 200)}\`, which ${result.detail}`).join('; ')} (make the command findable where the provider runs it — npm install --save-dev majordomus in the project — then run capture status again)`,
    );
  }
}

function optional(settings: SettingsFile | undefined): { settings?: SettingsFile } {
  return settings ? { settings } : {};
}

/** One line of status: what the hook is, where, and what its probe found. */
function statusLine(wired: WiredHook, probe: { reached: boolean; detail: string } | undefined): string {
  const { hook, found } = wired;
  const label = found === undefined ? 'missing  ' : probe === undefined ? 'wired    ' : probe.reached ? 'reached  ' : 'unreached';
  const where = found ? `  in ${found.file}` : wired.stale.length > 0 ? `  (${staleWhy(wired)})` : '';
  const twice = wired.also.length > 0 ? `  (also in ${wired.also.map((one) => one.file).join(', ')}: it runs more than once)` : '';
  return `${label}  ${hook.event}  ${hook.args.join(' ')}${where}${twice}${probe ? `  (${probe.detail})` : ''}`;
}

function staleWhy(wired: WiredHook): string {
  const [first] = wired.stale;
  if (!first) return '';
  return first.skips.length > 0
    ? `in ${first.file}, but its matcher skips ${first.skips.join(', ')}`
    : `in ${first.file}, as an earlier install wrote it: run capture install to replace it`;
}

/** The adapter's MCP merge; 2 for a provider without a project MCP configuration this tool writes. */
function mcpOf(adapter: ProviderAdapter): NonNullable<ProviderAdapter['mcp']> {
  if (adapter.mcp === undefined)
    throw new UsageError(
      `capture install: --mcp: ${adapter.displayName} has no project MCP configuration this version writes; nothing was written`,
    );
  return adapter.mcp;
}
