/**
 * Claude Code's hooks: what they hand a command on stdin, read into the provider-neutral shapes
 * (types.ts) engine/capture/ acts on, and what a command prints back in the form Claude Code reads.
 * claude-code.ts assembles the adapter from this file, claude-code-settings.ts (its settings files) and
 * claude-code-mcp.ts (its MCP configuration).
 *
 * Claude Code sends one JSON object per hook run, with `session_id`, `transcript_path`, `cwd` and
 * `hook_event_name` on every event; `SessionStart` adds `source` (startup, resume, clear, compact, fork),
 * `PreCompact` adds `trigger` (manual, auto), `SessionEnd` adds `reason`, and `UserPromptSubmit` the
 * person's `prompt`. Fields this adapter does not use are ignored, and a start source it does not know is
 * a start: a provider release that adds some does not break the hook.
 */
import { UsageError } from '../../errors';
import type { CaptureEvent, HookCall, ProbeEvent, PromptCall, StartSource, ToolCall } from './types';

/** The provider's name as it appears in `--provider`, records and the policy's `wired_by`. */
export const PROVIDER = 'claude-code';

/** Its name for the person. */
export const DISPLAY_NAME = 'Claude Code';

/** The folder the session started in, set on every hook run; it stays put when the session moves into a worktree. */
export const PROJECT_DIR_VARIABLE = 'CLAUDE_PROJECT_DIR';

/** The hook event each of ours arrives as. */
export const HOOK_EVENTS: Readonly<Record<ProbeEvent, string>> = {
  start: 'SessionStart',
  compact: 'PreCompact',
  end: 'SessionEnd',
  prompt: 'UserPromptSubmit',
  guard: 'PreToolUse',
};

const SOURCES: readonly StartSource[] = ['startup', 'resume', 'clear', 'compact', 'fork'];

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
export function readToolCall(text: string): ToolCall {
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
