/**
 * The provider adapter: everything `capture` and the `wiring` rule need to know about one provider whose
 * own hooks call `majordomus capture …`. An adapter is a module `providers/<name>.ts` exporting
 * `adapter`, listed on one line of the registry (providers/index.ts); the capture commands and the rule
 * ask the registry, never a provider's module. The shapes it reads payloads into are in types.ts.
 */
import type { ProbeRequest } from '../probe';
import type { CaptureEvent, HookCall, McpMerge, PromptCall, SettingsFile, ToolCall, WantedHook, WiredHook } from './types';

export interface ProviderAdapter {
  /** Its name as written in `--provider`, records and the policy's `wired_by: provider-hook:<name>[:session]`. */
  readonly name: string;
  /** Its name in messages for the person (`Claude Code`). */
  readonly displayName: string;
  /** The variable its hooks run with naming the folder the session started in (it stays put when the session enters a worktree). */
  readonly projectDirVariable: string;
  /** The most a start hook may inject into the session's context, in characters. */
  readonly contextCap: number;
  /**
   * One lifecycle payload read. An empty stdin is no payload (the key then comes from
   * MAJORDOMUS_PROVIDER_SESSION); what cannot be read is refused (UsageError) naming the field.
   */
  readHookCall(event: CaptureEvent, text: string, env: NodeJS.ProcessEnv): HookCall;
  /** One prompt hook's payload read; refused (UsageError) naming what is missing or wrong. */
  readPromptCall(text: string, env: NodeJS.ProcessEnv): PromptCall;
  /** One tool call read; refused (UsageError) when it is not the hook's payload (the guard then refuses the call). */
  readToolCall(text: string): ToolCall;
  /** What a start hook prints: the context for the agent, and a notice the provider shows the person and not the model. */
  sessionStartOutput(context: string | undefined, notice: string | undefined): string;
  /** What a compaction hook prints to say something to the person. */
  noticeOutput(notice: string): string;
  /** The provider's way of refusing one tool call, printed by the guard's hook. */
  denyToolCall(reason: string): string;
  /** Its hook settings: where it reads them, the hooks this repository wants there, the edits and the probes. */
  readonly settings: ProviderSettings;
  /** This repository's MCP server merged into the provider's project MCP configuration (`capture install --mcp`), if it has one. */
  readonly mcp?: (root: string) => McpMerge;
}

/** The settings files a provider reads hooks from, as `capture install | uninstall | status` and `wiring` use them. */
export interface ProviderSettings {
  /** The repository's shared settings file, repository-relative: the file install writes. */
  readonly file: string;
  /** The clone's own settings beside it (not committed), whose hooks the provider runs too. */
  readonly localFile: string;
  /** The user's settings, relative to the home folder. */
  readonly userFile: string;
  /** The administrator's settings on `platform`, if it has any there. */
  managedFile(platform: string): string | undefined;
  /** A settings file's text read; undefined for none (absent or empty); refused (UsageError) naming the file and line. */
  parse(text: string | undefined, file?: string): SettingsFile | undefined;
  /** The hooks `capture install` wires. */
  wantedHooks(): WantedHook[];
  /** The settings text with every wanted hook not yet wired added; every other byte kept. */
  installText(settings: SettingsFile | undefined, wanted: readonly WantedHook[]): { text: string; added: WantedHook[] };
  /** The settings text without what install added; undefined when nothing else is left (the file goes). */
  uninstallText(settings: SettingsFile, wanted: readonly WantedHook[]): { text: string | undefined; removed: WantedHook[] };
  /** Each wanted hook as the files (in the order the provider reads them; absent ones undefined) wire it. */
  wiringOf(files: readonly (SettingsFile | undefined)[], wanted: readonly WantedHook[]): WiredHook[];
  /** Why the provider runs none of this repository's hooks, or undefined when it runs them. */
  hooksOff(files: { readonly managed?: SettingsFile; readonly others: readonly (SettingsFile | undefined)[] }): string | undefined;
  /** The probe of every wired hook: its command as written, its event's payload, the time the provider gives it. */
  probeRequests(wired: readonly WiredHook[], root: string, env: Readonly<Record<string, string | undefined>>): ProbeRequest[];
}
