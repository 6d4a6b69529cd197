/**
 * Claude Code's settings files, as far as `capture install | uninstall | status` are concerned: which
 * files it reads hooks from, the hooks this repository wants there, how a hook already written is
 * recognised as this program whatever its spelling, and the text edits that add or remove ours while
 * every other byte of the file stays as the user wrote it (engine/capture/json-text.ts).
 *
 * Every installed hook finds the tool as the git hooks do (engine/hooks/blocks.ts): the project's
 * `node_modules/.bin`, then PATH, then `npx --no-install`, offline. Claude Code runs a hook's command
 * through the shell with `$CLAUDE_PROJECT_DIR` set to the folder the session started in, which stays
 * put when the session moves into a worktree, so the lookup starts there.
 */
import { UsageError } from '../../errors';
import { LOCAL_BIN, TOOL, TOOL_PLACES } from '../../hooks/blocks';
import { shellWord } from '../../io/shell';
import type { JsonNode } from '../json-text';
import { applyEdit, duplicateKey, insertion, JsonTextError, lineOf, memberOf, parseJsonText, plainValue, removal } from '../json-text';
import type { ProbeRequest } from '../probe';
import { PROBE_CAP_MS } from '../probe';
import { PROJECT_DIR_VARIABLE, probePayload } from './claude-code-hooks';
import type { FoundHook, ProbeEvent, SettingsFile, WantedHook, WiredHook } from './types';

/** Where Claude Code reads a repository's shared settings, repository-relative: the file install writes. */
export const SETTINGS_FILE = '.claude/settings.json';

/** The clone's own settings beside it (not committed); Claude Code merges its hooks too. */
export const LOCAL_SETTINGS_FILE = '.claude/settings.local.json';

/** The user's settings, under the home folder; Claude Code merges its hooks into every project's. */
export const USER_SETTINGS = '.claude/settings.json';

/** The administrator's settings: they can turn every other file's hooks off. */
export function managedSettingsFile(platform: string): string | undefined {
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode/managed-settings.json';
  if (platform === 'linux') return '/etc/claude-code/managed-settings.json';
  return undefined;
}

/**
 * The command line of a hook: a shell function named like the tool that finds it where a Node project
 * installs it, then the invocation itself, so the line ends reading as the command it runs.
 */
export function toolCommand(args: readonly string[]): string {
  const [, path, npx] = TOOL_PLACES;
  const offline = `npm_config_offline=true ${npx}`;
  const refusal = `${TOOL} not found: not in $CLAUDE_PROJECT_DIR/${LOCAL_BIN}, not on ${path}, not through ${npx} (install it in the project: npm install --save-dev ${TOOL})`;
  return [
    `${TOOL}() { l="\${CLAUDE_PROJECT_DIR:-$(git rev-parse --show-toplevel 2>/dev/null || pwd)}/${LOCAL_BIN}";`,
    `if [ -x "$l" ]; then "$l" "$@";`,
    `elif (unset -f ${TOOL}; command -v ${TOOL}) >/dev/null 2>&1; then command ${TOOL} "$@";`,
    `elif command -v npx >/dev/null 2>&1 && ${offline} --version >/dev/null 2>&1; then ${offline} "$@";`,
    `else printf '%s\\n' ${shellWord(refusal)} >&2; return 127; fi; };`,
    `${TOOL} ${args.map(shellWord).join(' ')}`,
  ].join(' ');
}

/** The hooks `capture install` wires. */
export function wantedHooks(): WantedHook[] {
  const hook = (event: string, args: string[], timeout: number, probe: ProbeEvent, matcher?: string): WantedHook => ({
    event,
    ...(matcher !== undefined ? { matcher } : {}),
    command: toolCommand(args),
    args,
    timeout,
    purpose: probe === 'prompt' || probe === 'guard' ? probe : 'session',
    probe,
  });
  return [
    hook('SessionStart', ['capture', 'session', '--event', 'start'], 30, 'start'),
    hook('PreCompact', ['capture', 'session', '--event', 'compact'], 30, 'compact'),
    // Claude Code gives every SessionEnd hook together 1.5 s unless one asks for more; a close needs far
    // less, and the room keeps a loaded machine from cutting it off
    hook('SessionEnd', ['capture', 'session', '--event', 'end'], 10, 'end'),
    hook('UserPromptSubmit', ['capture', 'prompt'], 10, 'prompt'),
    hook('PreToolUse', ['capture', 'guard'], 10, 'guard', 'Bash'),
  ];
}

/** The command lines earlier versions of `capture install` wrote: recognised as ours, and replaced. */
function legacyCommand(hook: WantedHook): string {
  return `${TOOL} ${hook.args.join(' ')}`;
}

/** A settings file read: its text, the plain value, and the parsed tree with places (what the edits need). */
export interface Settings extends SettingsFile {
  readonly root: JsonNode;
}

/**
 * Read a settings file's text; undefined for none (absent or empty). Refused (2) naming the file and
 * line when it is not a JSON object, writes a key twice (Claude Code keeps the last, and a merge would
 * drop the first), or its `hooks` is not an object of lists.
 */
export function parseSettings(text: string | undefined, file: string = SETTINGS_FILE): Settings | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const refuse = (what: string): never => {
    throw new UsageError(`capture: ${file} ${what}; nothing was written (fix the file, then run the command again)`);
  };
  let root: JsonNode;
  try {
    root = parseJsonText(text);
  } catch (error) {
    if (error instanceof JsonTextError) return refuse(`is not JSON: line ${error.line}: ${error.message}`);
    throw error;
  }
  if (root.kind !== 'object') return refuse('is not a JSON object');
  const twice = duplicateKey(root);
  if (twice)
    return refuse(
      `line ${lineOf(text, twice.offset)}: the key \`${twice.path}\` is written twice (Claude Code keeps only the last one, so a merge would lose what the first holds; join the two)`,
    );
  const hooks = memberOf(root, 'hooks')?.value;
  if (hooks !== undefined && hooks.kind !== 'object') return refuse('has a `hooks` that is not an object');
  for (const member of hooks?.kind === 'object' ? hooks.members : []) {
    if (member.value.kind !== 'array') refuse(`has hooks.${member.key}, which is not a list of matcher groups`);
  }
  return { file, text, root, value: plainValue(root) as Record<string, unknown> };
}

/** The words of a command line, quotes removed, with `;` for every place one command ends and another begins. */
function words(command: string): string[] {
  const out: string[] = [];
  let word = '';
  let inWord = false;
  let quote: string | undefined;
  const end = (): void => {
    if (inWord) out.push(word);
    word = '';
    inWord = false;
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < command.length) word += command[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < command.length) {
      word += command[++i];
      inWord = true;
    } else if (/\s/.test(c) && c !== '\n') end();
    else if (';&|(){}\n'.includes(c)) {
      end();
      out.push(';');
    } else {
      word += c;
      inWord = true;
    }
  }
  end();
  return out;
}

/** Whether `word` names this program: its name, a path to it or its script, or an npx package spec. */
function isProgram(word: string): boolean {
  const name = word.slice(word.lastIndexOf('/') + 1);
  return /^majordomus(?:\.c?js|@[A-Za-z0-9.^~*<>=-]+)?$/.test(name);
}

/**
 * Whether `command` runs this program with `args` (`capture session --event end`): its name or any path
 * to it, through npx or node, with global options before the command (`--repo <path>`) and other
 * options after it, are all the same hook. A second install spelled differently adds nothing.
 */
export function invokes(command: string, args: readonly string[]): boolean {
  const all = words(command);
  for (let i = 0; i < all.length; i++) {
    if (!isProgram(all[i]!)) continue;
    const rest: string[] = [];
    for (let j = i + 1; j < all.length && all[j] !== ';'; j++) rest.push(all[j]!);
    let at = 0;
    while (rest[at] === '--repo' || rest[at]?.startsWith('--repo=')) at += rest[at] === '--repo' ? 2 : 1;
    if (rest[at] !== args[0] || rest[at + 1] !== args[1]) continue;
    const tail = rest.slice(at + 2);
    const event = args.indexOf('--event');
    if (event === -1) return true;
    const wanted = args[event + 1];
    if (tail.some((word, k) => (word === '--event' && tail[k + 1] === wanted) || word === `--event=${wanted}`)) return true;
  }
  return false;
}

/** Whether a matcher of `event` lets `value` through (absent, empty and `*` let everything through). */
export function matcherCovers(matcher: unknown, value: string): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  if (typeof matcher !== 'string') return false;
  try {
    return new RegExp(`^(?:${matcher})$`).test(value);
  } catch {
    return matcher.split('|').includes(value);
  }
}

/** What a hook must let through to be wired: every start source, the shell tool. */
function mustCover(hook: WantedHook): string[] {
  if (hook.event === 'SessionStart') return ['startup', 'resume', 'clear', 'compact', 'fork'];
  return hook.matcher !== undefined ? [hook.matcher] : [];
}

/** The hooks of `settings` that run `wanted`, in file order. */
export function findHooks(settings: SettingsFile | undefined, wanted: WantedHook): FoundHook[] {
  const groups = ((settings?.value.hooks ?? {}) as Record<string, unknown[]>)[wanted.event] ?? [];
  const found: FoundHook[] = [];
  groups.forEach((group, g) => {
    if (group === null || typeof group !== 'object') return;
    const { matcher, hooks } = group as { matcher?: unknown; hooks?: unknown };
    if (!Array.isArray(hooks)) return;
    hooks.forEach((entry, e) => {
      const { type, command, timeout } = (entry ?? {}) as { type?: unknown; command?: unknown; timeout?: unknown };
      if (type !== 'command' || typeof command !== 'string' || !invokes(command, wanted.args)) return;
      const skips = mustCover(wanted).filter((value) => !matcherCovers(matcher, value));
      const outdated =
        hooks.length === 1 &&
        ((command === legacyCommand(wanted) && timeout === undefined) || (command === wanted.command && skips.length > 0));
      found.push({
        file: settings!.file,
        group: g,
        entry: e,
        command,
        ...(typeof matcher === 'string' ? { matcher } : {}),
        ...(typeof timeout === 'number' ? { timeout } : {}),
        outdated,
        skips,
      });
    });
  });
  return found;
}

/** A hook wired as it should be: not one of ours to replace, and its matcher lets every source through. */
export function isWired(hook: FoundHook): boolean {
  return !hook.outdated && hook.skips.length === 0;
}

/** The matcher group `capture install` writes for `hook`. */
function groupOf(hook: WantedHook): Record<string, unknown> {
  return {
    ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
    hooks: [{ type: 'command', command: hook.command, timeout: hook.timeout }],
  };
}

/** The text a new settings file holds: the wanted hooks, two spaces a level. */
function freshText(wanted: readonly WantedHook[]): string {
  const hooks: Record<string, unknown[]> = {};
  for (const hook of wanted) (hooks[hook.event] ??= []).push(groupOf(hook));
  return `${JSON.stringify({ hooks }, null, 2)}\n`;
}

/** The groups of `event` in the text's `hooks`, as nodes. */
function eventList(root: JsonNode, event: string): JsonNode | undefined {
  return memberOf(memberOf(root, 'hooks')?.value, event)?.value;
}

/**
 * The settings text with every wanted hook not yet wired added as a matcher group of its own, appended
 * after the groups already there; a group an earlier install wrote (the bare command, the matcher that
 * skips `fork`) is replaced. Every other byte stays as it was.
 */
export function installText(settings: SettingsFile | undefined, wanted: readonly WantedHook[]): { text: string; added: WantedHook[] } {
  const added = wanted.filter((hook) => !findHooks(settings, hook).some(isWired));
  if (added.length === 0) return { text: settings?.text ?? '', added };
  if (settings === undefined) return { text: freshText(added), added };
  let text = settings.text;
  const reparse = (): JsonNode => parseJsonText(text);
  for (const hook of added) {
    // ours, written by an earlier install: out first, so the hook runs once
    for (;;) {
      const current = parseSettings(text, settings.file)!;
      const stale = findHooks(current, hook).find((found) => found.outdated);
      if (!stale) break;
      text = cutGroup(text, current.root, hook.event, stale.group);
    }
    const root = reparse();
    const hooks = memberOf(root, 'hooks')?.value;
    const list = eventList(root, hook.event);
    if (hooks === undefined)
      text = applyEdit(text, insertion(text, root, root, { key: 'hooks', value: { [hook.event]: [groupOf(hook)] } }));
    else if (list === undefined) text = applyEdit(text, insertion(text, root, hooks, { key: hook.event, value: [groupOf(hook)] }));
    else text = applyEdit(text, insertion(text, root, list, { value: groupOf(hook) }));
  }
  return { text, added };
}

/** `text` without group `index` of `event`, and without the event (and `hooks`) when that leaves it empty. */
function cutGroup(text: string, root: JsonNode, event: string, index: number): string {
  const list = eventList(root, event)!;
  let out = applyEdit(text, removal(list, index));
  if (list.kind === 'array' && list.items.length === 1) out = cutEmpty(out, event);
  return out;
}

/** Remove the member `event` of `hooks` (now empty), and `hooks` itself when nothing is left in it. */
function cutEmpty(text: string, event: string): string {
  const root = parseJsonText(text);
  const hooks = memberOf(root, 'hooks')!.value;
  if (hooks.kind !== 'object') return text;
  const index = hooks.members.findIndex((member) => member.key === event);
  if (hooks.members.length > 1) return applyEdit(text, removal(hooks, index));
  if (root.kind !== 'object') return text;
  return applyEdit(
    text,
    removal(
      root,
      root.members.findIndex((member) => member.key === 'hooks'),
    ),
  );
}

/**
 * The settings text without what `capture install` added: each group holding exactly one of the hooks it
 * writes (this version's command or an earlier one's), and an event or `hooks` left empty by that. A
 * hook of ours a person put into a group of their own is cut from the group alone. Undefined when the
 * file would hold nothing else (`{}`): install created it, and uninstall removes it.
 */
export function uninstallText(settings: SettingsFile, wanted: readonly WantedHook[]): { text: string | undefined; removed: WantedHook[] } {
  let text = settings.text;
  const removed: WantedHook[] = [];
  for (const hook of wanted) {
    const ours = new Set([hook.command, legacyCommand(hook)]);
    for (;;) {
      const root = parseJsonText(text);
      const list = eventList(root, hook.event);
      if (list?.kind !== 'array') break;
      let cut: string | undefined;
      for (const [g, group] of list.items.entries()) {
        const inner = memberOf(group, 'hooks')?.value;
        if (inner?.kind !== 'array') continue;
        const e = inner.items.findIndex((entry) => {
          const command = memberOf(entry, 'command')?.value;
          return memberOf(entry, 'type')?.value.kind === 'scalar' && command?.kind === 'scalar' && ours.has(command.value as string);
        });
        if (e === -1) continue;
        cut = inner.items.length === 1 ? cutGroup(text, root, hook.event, g) : applyEdit(text, removal(inner, e));
        break;
      }
      if (cut === undefined) break;
      text = cut;
      if (!removed.includes(hook)) removed.push(hook);
    }
  }
  const root = parseJsonText(text);
  return { text: root.kind === 'object' && root.members.length === 0 ? undefined : text, removed };
}

/** Each wanted hook as the files (project, local, user, managed; absent ones undefined) wire it. */
export function wiringOf(files: readonly (SettingsFile | undefined)[], wanted: readonly WantedHook[]): WiredHook[] {
  return wanted.map((hook) => {
    const all = files.flatMap((settings) => findHooks(settings, hook));
    const wired = all.filter(isWired);
    return { hook, ...(wired[0] ? { found: wired[0] } : {}), also: wired.slice(1), stale: all.filter((found) => !isWired(found)) };
  });
}

/**
 * Why Claude Code runs none of this repository's hooks, or undefined when it runs them: the
 * administrator's settings turn hooks off or allow only their own, or a settings file sets
 * `disableAllHooks` (which leaves only the administrator's hooks running).
 */
export function hooksOff(files: {
  readonly managed?: SettingsFile;
  readonly others: readonly (SettingsFile | undefined)[];
}): string | undefined {
  if (files.managed?.value.disableAllHooks === true) return `disableAllHooks is true in ${files.managed.file}: Claude Code runs no hook`;
  if (files.managed?.value.allowManagedHooksOnly === true)
    return `allowManagedHooksOnly is true in ${files.managed.file}: Claude Code runs only the administrator's hooks`;
  const off = files.others.find((settings) => settings?.value.disableAllHooks === true);
  return off ? `disableAllHooks is true in ${off.file}: Claude Code runs none of this repository's hooks` : undefined;
}

/**
 * The probes of every wired hook: its command as the file has it, the payload of its event, and the
 * time Claude Code gives it — the session-end budget for the end hook, its own timeout (at most
 * PROBE_CAP_MS) for the others.
 */
export function probeRequests(
  wired: readonly WiredHook[],
  root: string,
  env: Readonly<Record<string, string | undefined>>,
): ProbeRequest[] {
  return wired.flatMap(({ hook, found, also }) => {
    if (found === undefined) return [];
    const limit =
      hook.probe === 'end'
        ? sessionEndBudget(
            env,
            [found, ...also].map((one) => one.timeout ?? 0),
          )
        : found.timeout !== undefined && found.timeout * 1000 < PROBE_CAP_MS
          ? { ms: found.timeout * 1000, from: `its timeout (${found.timeout} s)` }
          : { ms: PROBE_CAP_MS, from: `the probe's own limit (${PROBE_CAP_MS / 1000} s)` };
    return [
      {
        event: hook.probe,
        hookEvent: hook.event,
        command: found.command,
        limitMs: limit.ms,
        limitFrom: limit.from,
        // Claude Code names the project to its hooks
        env: { [PROJECT_DIR_VARIABLE]: root },
        payload: (nonce: string) => probePayload(hook.probe, root, nonce),
      },
    ];
  });
}

/** Claude Code's session-end budget when nothing raises it. */
export const DEFAULT_SESSION_END_MS = 1_500;

/**
 * How long Claude Code gives its session-end hooks, all of them together, in milliseconds: 1.5 s, unless a
 * SessionEnd hook's own `timeout` asks for more (at most 60 s), and `CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS`
 * in its environment overrides both. A close that cannot finish inside it is as good as not wired.
 */
export function sessionEndBudget(
  env: Readonly<Record<string, string | undefined>>,
  timeouts: readonly number[],
): { ms: number; from: string } {
  const override = env.CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS;
  if (override !== undefined && /^[1-9][0-9]{0,8}$/.test(override))
    return { ms: Number(override), from: 'CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS' };
  const asked = Math.min(60, Math.max(0, ...timeouts.filter((value) => Number.isFinite(value))));
  return asked * 1000 > DEFAULT_SESSION_END_MS
    ? { ms: asked * 1000, from: `the SessionEnd hooks' timeout (${asked} s)` }
    : { ms: DEFAULT_SESSION_END_MS, from: 'the default 1.5 s' };
}
