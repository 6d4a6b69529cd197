/**
 * The provider-neutral shapes of capture: what an adapter reads a hook's payload into, the hooks it wants
 * wired and how a settings file wires them, and the MCP configuration merged at install. Sessions, the
 * prompt archive, the guard, the probe and the capture commands speak these; only an adapter
 * (providers/<name>.ts, behind the interface in adapter.ts) knows a provider's own field names.
 */
import type { WritePlan } from '../../io/write/plan';

/** The lifecycle events `capture session` handles. */
export type CaptureEvent = 'start' | 'compact' | 'end';

/** Everything a probe can drive: the lifecycle events, the prompt archive and the tool-call guard. */
export type ProbeEvent = CaptureEvent | 'prompt' | 'guard';

/** How a session came to start: the documented sources; any other string is a start of a kind not yet known. */
export type StartSource = 'startup' | 'resume' | 'clear' | 'compact' | 'fork';

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

/** One prompt hook's payload: the person's prompt and where it was typed. */
export interface PromptCall {
  readonly id?: string;
  readonly key?: string;
  readonly prompt: string;
  readonly cwd?: string;
  /** The permission mode the session was in (`default`, `plan`, …), one word. */
  readonly mode?: string;
}

/** One tool call read: the tool, the command line of a shell tool call, the file a file tool writes, where it runs. */
export interface ToolCall {
  readonly tool: string;
  readonly command?: string;
  readonly file?: string;
  readonly cwd?: string;
}

/** What a hook is for: the episode's lifecycle, the tool-call guard, or the prompt archive. */
export type HookPurpose = 'session' | 'guard' | 'prompt';

/** One hook this repository wants wired. */
export interface WantedHook {
  /** The provider's name of the event (`SessionStart`). */
  readonly event: string;
  /** Absent: every source or tool of the event (a start hook then also runs on sources to come). */
  readonly matcher?: string;
  /** The command line written into the settings file. */
  readonly command: string;
  /** The arguments it hands majordomus (what recognises a hook as this one, whatever the spelling). */
  readonly args: readonly string[];
  /** Seconds the provider gives the hook. */
  readonly timeout: number;
  readonly purpose: HookPurpose;
  /** What a probe drives through it. */
  readonly probe: ProbeEvent;
}

/** A settings file read: its name as shown, its text and its plain value (an adapter may keep more). */
export interface SettingsFile {
  readonly file: string;
  readonly text: string;
  readonly value: Record<string, unknown>;
}

/** One hook found in a settings file that runs this program as a wanted hook does. */
export interface FoundHook {
  readonly file: string;
  readonly group: number;
  readonly entry: number;
  readonly command: string;
  readonly matcher?: string;
  readonly timeout?: number;
  /** The group holds this hook only, exactly as an earlier `capture install` wrote it: ours to replace. */
  readonly outdated: boolean;
  /** Sources or tools its group's matcher does not let through (`fork`). */
  readonly skips: readonly string[];
}

/** How one wanted hook stands across the settings files the provider reads. */
export interface WiredHook {
  readonly hook: WantedHook;
  /** The first hook wired as it should be, in the order the files are given. */
  readonly found?: FoundHook;
  /** Further hooks running it (another file, or a second group): it runs once for each. */
  readonly also: readonly FoundHook[];
  /** Hooks running it that are not wired as they should be (an earlier install's, a matcher that skips a source). */
  readonly stale: readonly FoundHook[];
}

/** This repository's MCP server merged into the provider's MCP configuration, judged before anything is written. */
export interface McpMerge {
  readonly file: string;
  /** False when the file already named a `majordomus` server (nothing to write). */
  readonly added: boolean;
  /** The merged file's text (the file as it is, when nothing is added). */
  readonly text: string;
  /** Add the write, if there is one, to the caller's plan. */
  readonly plan: (plan: WritePlan) => void;
}
