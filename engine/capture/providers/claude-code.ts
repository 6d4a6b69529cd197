/**
 * The Claude Code adapter: what its hooks hand a command on stdin, read into the provider-neutral
 * shape engine/capture/session.ts acts on, and what a command prints back in the form Claude Code reads.
 * Another provider with session hooks gets a file like this one (see docs/CAPTURE.md); nothing else in
 * engine/capture/ names a provider. Its settings files are claude-code-settings.ts.
 *
 * Claude Code sends one JSON object per hook run, with `session_id`, `transcript_path`, `cwd` and
 * `hook_event_name` on every event; `SessionStart` adds `source` (startup, resume, clear, compact, fork),
 * `PreCompact` adds `trigger` (manual, auto), `SessionEnd` adds `reason`, and `UserPromptSubmit` the
 * person's `prompt`. Fields this adapter does not use are ignored, and a start source it does not know is
 * a start: a provider release that adds some does not break the hook.
 */
import { UsageError } from '../../errors';

/** The provider's name as it appears in `--provider`, records and the policy's `wired_by`. */
export const PROVIDER = 'claude-code';

/** The lifecycle events `capture session` handles. */
export type CaptureEvent = 'start' | 'compact' | 'end';

/** Everything a probe can drive: the lifecycle events, the prompt archive and the tool-call guard. */
export type ProbeEvent = CaptureEvent | 'prompt' | 'guard';

/** The hook event each of ours arrives as. */
export const HOOK_EVENTS: Readonly<Record<ProbeEvent, string>> = {
  start: 'SessionStart',
  compact: 'PreCompact',
  end: 'SessionEnd',
  prompt: 'UserPromptSubmit',
  guard: 'PreToolUse',
};

/** How a session came to start: the documented sources; any other string is a start of a kind not yet known. */
export type StartSource = 'startup' | 'resume' | 'clear' | 'compact' | 'fork';

const SOURCES: readonly StartSource[] = ['startup', 'resume', 'clear', 'compact', 'fork'];

/** One hook run, provider-neutral. */
export interface HookCall {
  /** The provider's own session id; undefined when the payload names none. */
  readonly id?: string;
  /** The key from MAJORDOMUS_PROVIDER_SESSION, used as written, when the payload names no session. */
  readonly key?: string;
  /** SessionStart's `source`; an unknown one is `startup` with `unknownSource` set. */
  readonly source: StartSource;
  /** A source this adapter does not know, as sent (one word). */
  readonly unknownSource?: string;
  /** The provider session a fork came from, when the payload names it. */
  readonly parent?: string;
  /** The folder the session is working in when the hook runs (`cwd`), absolute. */
  readonly cwd?: string;
  /** Free detail for the record (PreCompact's trigger, SessionEnd's reason), one word. */
  readonly detail?: string;
}

/** The payload as an object; refused (2) when it is not one, or names another hook event. */
function payloadOf(command: string, event: ProbeEvent, text: string): Record<string, unknown> {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new UsageError(`${command}: stdin is not the hook's JSON object (${PROVIDER} sends one per hook run); nothing was done`);
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new UsageError(`${command}: stdin is JSON but not an object; nothing was done`);
  }
  const fields = payload as Record<string, unknown>;
  const name = fields.hook_event_name;
  if (name !== undefined && name !== HOOK_EVENTS[event]) {
    throw new UsageError(
      `${command}: this hook expects hook_event_name ${HOOK_EVENTS[event]}, the payload says ${JSON.stringify(name)}; nothing was done (the hook is wired to the wrong event: majordomus capture status)`,
    );
  }
  if (fields.session_id !== undefined && typeof fields.session_id !== 'string')
    throw new UsageError(`${command}: session_id in the payload is not a string; nothing was done`);
  return fields;
}

/** A one-word value of the payload, or undefined. */
function word(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(value) ? value : undefined;
}

/** The payload's `cwd`, when it is an absolute path on one line. */
function cwdOf(fields: Record<string, unknown>): string | undefined {
  const cwd = fields.cwd;
  return typeof cwd === 'string' && cwd.startsWith('/') && !/[\u0000-\u001f]/.test(cwd) ? cwd : undefined;
}

/**
 * Read one hook payload for `event`. An empty stdin (a person trying the command) is no payload: the
 * key then comes from MAJORDOMUS_PROVIDER_SESSION. A payload that is not a JSON object or names another
 * hook event is refused (2) naming the field; a start source not known here is a start.
 */
export function readHookCall(event: CaptureEvent, text: string, env: NodeJS.ProcessEnv): HookCall {
  const fromEnv = env.MAJORDOMUS_PROVIDER_SESSION || undefined;
  if (text.trim() === '') return { ...(fromEnv ? { key: fromEnv } : {}), source: 'startup' };
  const fields = payloadOf('capture session', event, text);
  const id = (fields.session_id as string | undefined) || undefined;
  const raw = fields.source;
  const known = (SOURCES as readonly unknown[]).includes(raw) ? (raw as StartSource) : undefined;
  const unknownSource = event === 'start' && raw !== undefined && known === undefined ? (word(raw) ?? 'unreadable') : undefined;
  const parent = event === 'start' && known === 'fork' ? word(fields.parent_session_id) : undefined;
  const detail = word(event === 'compact' ? fields.trigger : event === 'end' ? fields.reason : undefined);
  const cwd = cwdOf(fields);
  return {
    ...(id ? { id } : fromEnv ? { key: fromEnv } : {}),
    source: known ?? 'startup',
    ...(unknownSource ? { unknownSource } : {}),
    ...(parent ? { parent } : {}),
    ...(cwd ? { cwd } : {}),
    ...(detail ? { detail } : {}),
  };
}

/** One UserPromptSubmit payload: the person's prompt and where it was typed. */
export interface PromptCall {
  readonly id?: string;
  readonly key?: string;
  readonly prompt: string;
  readonly cwd?: string;
  /** The permission mode the session was in (`default`, `plan`, …), one word. */
  readonly mode?: string;
}

/** Read a UserPromptSubmit payload; refused (2) naming what is missing or wrong. */
export function readPromptCall(text: string, env: NodeJS.ProcessEnv): PromptCall {
  if (text.trim() === '')
    throw new UsageError('capture prompt: no payload on stdin (the UserPromptSubmit hook sends one JSON object); nothing was written');
  const fields = payloadOf('capture prompt', 'prompt', text);
  if (typeof fields.prompt !== 'string') throw new UsageError('capture prompt: the payload has no `prompt` string; nothing was written');
  const id = (fields.session_id as string | undefined) || undefined;
  const fromEnv = env.MAJORDOMUS_PROVIDER_SESSION || undefined;
  const cwd = cwdOf(fields);
  const mode = word(fields.permission_mode);
  return {
    ...(id ? { id } : fromEnv ? { key: fromEnv } : {}),
    prompt: fields.prompt,
    ...(cwd ? { cwd } : {}),
    ...(mode ? { mode } : {}),
  };
}

/** The most a hook may inject into the session's context; Claude Code moves anything longer to a file. */
export const CONTEXT_CAP = 10_000;

/**
 * What a SessionStart hook prints: the context for the agent as plain text, and a notice for the person
 * (a refusal, or what was not done) as the JSON `systemMessage`, which Claude Code shows to the person and
 * not to the model. With a notice the context goes in `hookSpecificOutput.additionalContext`.
 */
export function sessionStartOutput(context: string | undefined, notice: string | undefined): string {
  if (notice === undefined) return context ?? '';
  return JSON.stringify({
    systemMessage: notice,
    ...(context ? { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } } : {}),
  });
}

/** A notice for the person, shown by Claude Code (a PreCompact hook's JSON `systemMessage`). */
export function noticeOutput(notice: string): string {
  return JSON.stringify({ systemMessage: notice });
}

/**
 * A payload as Claude Code sends it to the hook of `event`, for a probe (engine/capture/probe.ts): a
 * provider session of its own (so no real episode is ever named), the transcript path the provider
 * would give, the project folder, and what the event carries (a start source, an end reason, a prompt,
 * a shell command that skips a gate).
 */
export function probePayload(event: ProbeEvent, root: string, nonce: string): string {
  const session_id = `probe-${nonce}`;
  const common = { session_id, transcript_path: `${root}/.claude/probe-${nonce}.jsonl`, cwd: root, hook_event_name: HOOK_EVENTS[event] };
  if (event === 'start') return JSON.stringify({ ...common, source: 'startup' });
  if (event === 'compact') return JSON.stringify({ ...common, trigger: 'manual', custom_instructions: '' });
  if (event === 'prompt') return JSON.stringify({ ...common, permission_mode: 'default', prompt: `probe ${nonce}` });
  if (event === 'guard')
    return JSON.stringify({
      ...common,
      permission_mode: 'default',
      tool_name: 'Bash',
      tool_input: { command: 'git commit --no-verify -m probe', description: 'probe' },
      tool_use_id: `toolu_probe_${nonce}`,
    });
  return JSON.stringify({ ...common, reason: 'other' });
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

/** The provider's way of refusing one tool call: a PreToolUse decision on stdout, read by Claude Code. */
export function denyToolCall(reason: string): string {
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
  });
}
