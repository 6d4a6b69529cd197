/**
 * The Claude Code adapter: what its hooks hand a command on stdin, read into the provider-neutral
 * shape engine/capture/session.ts acts on. Another provider with session hooks gets a file like this
 * one (see docs/CAPTURE.md); nothing else in engine/capture/ names a provider.
 *
 * Claude Code sends one JSON object per hook run, with `session_id` and `hook_event_name` on every
 * event; `SessionStart` adds `source` (startup, resume, clear, compact), `PreCompact` adds `trigger`
 * (manual, auto) and `SessionEnd` adds `reason`. Fields this adapter does not use are ignored, so a
 * provider release that adds some does not break the hook.
 */
import { UsageError } from '../../errors';

/** The provider's name as it appears in `--provider`, records and the policy's `wired_by`. */
export const PROVIDER = 'claude-code';

/** The lifecycle events `capture session` handles. */
export type CaptureEvent = 'start' | 'compact' | 'end';

/** The hook event each of ours arrives as. */
export const HOOK_EVENTS: Readonly<Record<CaptureEvent, string>> = { start: 'SessionStart', compact: 'PreCompact', end: 'SessionEnd' };

/** One hook run, provider-neutral. */
export interface HookCall {
  /** The provider session the episode is keyed by; undefined when neither payload nor environment names one. */
  readonly key?: string;
  /** SessionStart's `source`; `startup` when the payload gives none. */
  readonly source: 'startup' | 'resume' | 'clear' | 'compact';
  /** Free detail for the record (PreCompact's trigger, SessionEnd's reason), one word. */
  readonly detail?: string;
}

const SOURCES = ['startup', 'resume', 'clear', 'compact'] as const;

/**
 * Read one hook payload for `event`. An empty stdin (a person trying the command) is no payload: the
 * key then comes from MAJORDOMUS_PROVIDER_SESSION. A payload that is not a JSON object, names another
 * hook event, or carries an unknown `source` is refused (2) naming the field.
 */
export function readHookCall(event: CaptureEvent, text: string, env: NodeJS.ProcessEnv): HookCall {
  const fromEnv = env.MAJORDOMUS_PROVIDER_SESSION || undefined;
  if (text.trim() === '') return { key: fromEnv, source: 'startup' };
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new UsageError(`capture session: stdin is not the hook's JSON object (${PROVIDER} sends one per hook run); nothing was done`);
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new UsageError(`capture session: stdin is JSON but not an object; nothing was done`);
  }
  const fields = payload as Record<string, unknown>;
  const name = fields.hook_event_name;
  if (name !== undefined && name !== HOOK_EVENTS[event]) {
    throw new UsageError(
      `capture session: --event ${event} expects hook_event_name ${HOOK_EVENTS[event]}, the payload says ${JSON.stringify(name)}; nothing was done (check the hook wiring: majordomus capture status)`,
    );
  }
  const id = fields.session_id;
  if (id !== undefined && typeof id !== 'string')
    throw new UsageError('capture session: session_id in the payload is not a string; nothing was done');
  const source = fields.source ?? 'startup';
  if (!(SOURCES as readonly unknown[]).includes(source)) {
    throw new UsageError(`capture session: source ${JSON.stringify(source)} is not one of ${SOURCES.join(', ')}; nothing was done`);
  }
  const raw = event === 'compact' ? fields.trigger : event === 'end' ? fields.reason : undefined;
  const detail = typeof raw === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(raw) ? raw : undefined;
  return { key: (id as string | undefined) || fromEnv, source: source as HookCall['source'], ...(detail ? { detail } : {}) };
}

/** Where Claude Code reads a repository's shared hook settings, repository-relative. */
export const SETTINGS_FILE = '.claude/settings.json';

/** One hook this repository wants wired: the provider event, its matcher, the command it runs. */
export interface WantedHook {
  readonly event: string;
  readonly matcher?: string;
  readonly command: string;
}

/** The hooks `capture install` wires: the three lifecycle events (`capture session`) and the guard on the shell tool. */
export function wantedHooks(cli = 'majordomus'): WantedHook[] {
  return [
    { event: 'SessionStart', matcher: 'startup|resume|clear|compact', command: `${cli} capture session --event start` },
    { event: 'PreCompact', command: `${cli} capture session --event compact` },
    { event: 'SessionEnd', command: `${cli} capture session --event end` },
    { event: 'PreToolUse', matcher: 'Bash', command: `${cli} capture guard` },
  ];
}

/** What a settings file says about one wanted hook. */
export interface HookState {
  readonly hook: WantedHook;
  readonly installed: boolean;
}

/**
 * Parse a settings file's text: `{}` when there is none. Refused (2) naming the file when it is not a JSON
 * object or its `hooks` is not one, since merging into it would drop what the user wrote.
 */
export function parseSettings(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `capture: ${SETTINGS_FILE} is not JSON (${(error as Error).message}); nothing was written (fix it, then run capture install again)`,
    );
  }
  if (settings === null || typeof settings !== 'object' || Array.isArray(settings))
    throw new UsageError(`capture: ${SETTINGS_FILE} is not a JSON object; nothing was written`);
  const hooks = (settings as Record<string, unknown>).hooks;
  if (hooks !== undefined && (hooks === null || typeof hooks !== 'object' || Array.isArray(hooks)))
    throw new UsageError(`capture: \`hooks\` in ${SETTINGS_FILE} is not an object; nothing was written`);
  for (const [event, groups] of Object.entries((hooks ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(groups))
      throw new UsageError(`capture: hooks.${event} in ${SETTINGS_FILE} is not a list of matcher groups; nothing was written`);
  }
  return settings as Record<string, unknown>;
}

/** Whether each wanted hook is wired in `settings`: a command hook of that event running exactly its command. */
export function hookStates(settings: Record<string, unknown>, wanted: readonly WantedHook[]): HookState[] {
  const hooks = (settings.hooks ?? {}) as Record<string, unknown[]>;
  return wanted.map((hook) => ({
    hook,
    installed: (hooks[hook.event] ?? []).some((group) => {
      const inner = (group as { hooks?: unknown } | null)?.hooks;
      return (
        Array.isArray(inner) &&
        inner.some(
          (entry) =>
            (entry as { type?: unknown; command?: unknown } | null)?.type === 'command' &&
            (entry as { command?: unknown }).command === hook.command,
        )
      );
    }),
  }));
}

/**
 * `settings` with every missing wanted hook appended as a matcher group of its own. What the user wrote
 * is kept as it is, in its order; the hooks already there are not added twice.
 */
export function mergeHooks(
  settings: Record<string, unknown>,
  wanted: readonly WantedHook[],
): { merged: Record<string, unknown>; added: WantedHook[] } {
  const added = hookStates(settings, wanted)
    .filter((state) => !state.installed)
    .map((state) => state.hook);
  const hooks: Record<string, unknown[]> = { ...((settings.hooks ?? {}) as Record<string, unknown[]>) };
  for (const hook of added) {
    hooks[hook.event] = [
      ...(hooks[hook.event] ?? []),
      { ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}), hooks: [{ type: 'command', command: hook.command }] },
    ];
  }
  return { merged: { ...settings, hooks }, added };
}

/**
 * A PreToolUse payload read: the tool it calls, and the command line when that tool is the shell.
 * Refused (2) naming what is wrong when it is not the hook's JSON object.
 */
export function readToolCall(text: string): {
  readonly tool: string;
  readonly command?: string;
  readonly file?: string;
  readonly cwd?: string;
} {
  if (text.trim() === '') throw new UsageError('capture guard: no payload on stdin (the PreToolUse hook sends one JSON object)');
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new UsageError(`capture guard: stdin is not the hook's JSON object (${PROVIDER} sends one per tool call)`);
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    throw new UsageError('capture guard: stdin is JSON but not an object');
  const fields = payload as {
    tool_name?: unknown;
    tool_input?: { command?: unknown; file_path?: unknown; notebook_path?: unknown } | null;
    cwd?: unknown;
  };
  if (typeof fields.tool_name !== 'string') throw new UsageError('capture guard: the payload has no tool_name string');
  const command = fields.tool_name === 'Bash' ? fields.tool_input?.command : undefined;
  // the file a file tool writes (Write, Edit, MultiEdit, NotebookEdit)
  const file = FILE_TOOLS.includes(fields.tool_name) ? (fields.tool_input?.file_path ?? fields.tool_input?.notebook_path) : undefined;
  // the directory the command runs in: the session's, which need not be where the hook was started
  return {
    tool: fields.tool_name,
    ...(typeof command === 'string' ? { command } : {}),
    ...(typeof file === 'string' ? { file } : {}),
    ...(typeof fields.cwd === 'string' && fields.cwd.startsWith('/') ? { cwd: fields.cwd } : {}),
  };
}

/** Claude Code's tools that write a file named in their input. */
export const FILE_TOOLS: readonly string[] = ['Write', 'Edit', 'MultiEdit', 'NotebookEdit'];

/**
 * The shell command of a PreToolUse payload, or undefined when the payload is not one for the shell
 * tool (the guard then lets the call through: it never blocks on what it cannot read).
 */
export function shellCommandOf(text: string): string | undefined {
  try {
    return readToolCall(text).command;
  } catch {
    return undefined;
  }
}

/**
 * A payload as Claude Code sends it to the hook of `event`, for a probe (engine/capture/probe.ts): a
 * provider session of its own (so no real episode is ever named), the transcript path the provider
 * would give, the project folder, and the start source or end reason a real session would carry.
 */
export function probePayload(event: CaptureEvent, root: string, nonce: string): string {
  const session_id = `probe-${nonce}`;
  const common = { session_id, transcript_path: `${root}/.claude/probe-${nonce}.jsonl`, cwd: root, hook_event_name: HOOK_EVENTS[event] };
  if (event === 'start') return JSON.stringify({ ...common, source: 'startup' });
  if (event === 'compact') return JSON.stringify({ ...common, trigger: 'manual', custom_instructions: '' });
  return JSON.stringify({ ...common, reason: 'other' });
}

/**
 * The session hooks `settings` wires, ready to probe: for each lifecycle event whose hook runs exactly
 * the command `capture install` writes, that command and a payload for it.
 */
export function sessionProbes(
  settings: Record<string, unknown>,
  root: string,
): Array<{ event: CaptureEvent; hookEvent: string; command: string; payload: (nonce: string) => string }> {
  const wanted = wantedHooks();
  const states = hookStates(settings, wanted);
  return (Object.keys(HOOK_EVENTS) as CaptureEvent[]).flatMap((event) => {
    const state = states.find(
      (candidate) => candidate.hook.event === HOOK_EVENTS[event] && candidate.hook.command.includes('capture session'),
    );
    if (!state?.installed) return [];
    return [
      { event, hookEvent: HOOK_EVENTS[event], command: state.hook.command, payload: (nonce: string) => probePayload(event, root, nonce) },
    ];
  });
}

/** The provider's way of refusing one tool call: a PreToolUse decision on stdout, read by Claude Code. */
export function denyToolCall(reason: string): string {
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
  });
}
