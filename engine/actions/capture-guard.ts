/**
 * `capture guard`: what a provider's PreToolUse hook runs on each shell tool call. The line is parsed
 * and walked (engine/capture/guard/): a line that would skip a gate is refused, naming the gate and
 * how to pass it; a line the guard cannot follow is refused saying so, unless the committed policy says
 * `capture.guard_unparsed: allow`. The switches are read from the committed policy (HEAD), so an
 * uncommitted edit of the policy does not turn the guard off. The payload is read blocking, however
 * late it comes; one that cannot be read is refused like a line that cannot be parsed.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { Finding } from '../capture/guard/fields';
import { EVERY_HOOK, text } from '../capture/guard/fields';
import { placeOf } from '../capture/guard/places';
import { judgeLine } from '../capture/guard/walk';
import type { ToolCall } from '../capture/providers/types';
import type { Invocation } from '../commands/define';
import { UsageError } from '../errors';
import { runGit } from '../io/git';
import { readStdin, stdinText } from '../io/stdin';
import { committedPolicy, workingPolicyNear } from '../layer/repository';
import { adapterFor } from './capture';

/** What the guard decides about one tool call. */
export interface GuardDecision {
  readonly decision: 'allow' | 'deny';
  readonly reason: string;
  /** What was found, as the line has it after expansion (`git commit --no-verify -m x`). */
  readonly found: readonly string[];
  /** The git hooks (gates) the line would skip. */
  readonly gates: readonly string[];
  /** The policy's enforcement entries wired to those gates, by name. */
  readonly enforcement: readonly string[];
  /** What the guard could not tell (a value only known when the line runs, shell it cannot parse). */
  readonly unknown: readonly string[];
}

/** `capture guard [--provider <name>] [--json] < payload`. */
export async function runCaptureGuard(options: { provider?: string; json?: boolean }, invocation: Invocation): Promise<void> {
  const { env } = invocation;
  const adapter = await adapterFor('capture guard', options.provider);
  const payload = readPayload();
  const probe = await import('../capture/probe');
  const nonce = probe.probeOf(env);
  if (nonce !== undefined) {
    // a probe (capture status): what the guard would decide, and proof that the hook reaches it
    let command: string | undefined;
    try {
      command = payload.problem === undefined ? adapter.readToolCall(payload.text).command : undefined;
    } catch {
      command = undefined;
    }
    const decision = command === undefined ? allow('not a shell tool call') : guardDecision(command, invocation.cwd, env);
    process.stdout.write(
      `${probe.probeLine(nonce, 'guard', `${decision.decision} (${decision.reason.replace(/[\u0000-\u001f\u007f]/g, '?')})`)}\n`,
    );
    return;
  }
  let call: ToolCall | undefined;
  let unreadable: string | undefined;
  try {
    if (payload.problem !== undefined) throw new UsageError(`capture guard: ${payload.problem}`);
    call = adapter.readToolCall(payload.text);
  } catch (error) {
    if (!(error instanceof UsageError) || options.json) throw error;
    unreadable = error.message.replace(/^capture guard: /, '');
  }
  const cwd = call?.cwd !== undefined && isAbsolute(call.cwd) && existsSync(call.cwd) ? call.cwd : invocation.cwd;
  const decision =
    unreadable !== undefined
      ? unparsedDecision(`the tool call cannot be read (${unreadable})`, cwd, env)
      : call?.command !== undefined
        ? guardDecision(call.command, cwd, env)
        : call?.file !== undefined
          ? fileDecision(call.file, cwd, env)
          : allow('not a shell or file tool call');
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ provider: adapter.name, tool: call?.tool, ...(call?.command !== undefined ? { command: call.command } : {}), ...decision })}\n`,
    );
    return;
  }
  if (decision.decision === 'deny') process.stdout.write(`${adapter.denyToolCall(decision.reason)}\n`);
}

/** The payload, read blocking to its end (a payload that arrives late is waited for, never read as nothing). */
function readPayload(): { text: string; problem?: undefined } | { text: ''; problem: string } {
  const read = readStdin();
  if (read.kind === 'terminal')
    return { text: '', problem: 'no payload on stdin (it is a terminal; the PreToolUse hook pipes one JSON object)' };
  if (read.kind === 'unreadable') return { text: '', problem: `stdin cannot be read (${read.code})` };
  if (read.kind === 'over') return { text: '', problem: `the payload is over the ${read.limit}-byte limit` };
  const text = stdinText(read.bytes);
  return text === undefined ? { text: '', problem: 'the payload is not UTF-8 text' } : { text };
}

function allow(reason: string, findings: readonly Finding[] = [], unknown: readonly string[] = []): GuardDecision {
  return {
    decision: 'allow',
    reason,
    found: findings.map((finding) => finding.found),
    gates: [...new Set(findings.flatMap((finding) => finding.gates))],
    enforcement: [],
    unknown,
  };
}

/**
 * The guard's switches, from the policy as committed (HEAD: the manifest and the policy fetched in one
 * git process); the defaults where nothing is committed.
 */
function switches(cwd: string, env: NodeJS.ProcessEnv): { guard: boolean; unparsed: 'refuse' | 'allow'; policy?: object } {
  try {
    const policy = committedPolicy(cwd, env).value;
    const capture = policy !== null && typeof policy === 'object' ? (policy as { capture?: unknown }).capture : undefined;
    const value = (key: string) =>
      capture !== null && typeof capture === 'object' ? (capture as Record<string, unknown>)[key] : undefined;
    return {
      guard: value('guard') !== false,
      unparsed: value('guard_unparsed') === 'allow' ? 'allow' : 'refuse',
      ...(policy !== null && typeof policy === 'object' ? { policy } : {}),
    };
  } catch {
    // no repository, no commit yet, or no committed layer or policy: the guard stays on, with its defaults
    return { guard: true, unparsed: 'refuse' };
  }
}

/** Judge one shell command line under the committed policy. */
export function guardDecision(command: string, cwd: string, env: NodeJS.ProcessEnv): GuardDecision {
  let root: string | undefined;
  const top = () => {
    if (root === undefined) {
      const result = runGit(['rev-parse', '--show-toplevel'], cwd, env);
      root = result.status === 0 ? result.stdout.replace(/\n$/, '') : cwd;
    }
    return root;
  };
  let judgement: ReturnType<typeof judgeLine>;
  try {
    judgement = judgeLine(command, {
      cwd,
      configAlias: (name) => {
        const result = runGit(['config', '--get', '--', `alias.${name}`], cwd, env);
        return result.status === 0 ? result.stdout.replace(/\n$/, '') : undefined;
      },
      exists: (path) => existsSync(join(top(), path)),
    });
  } catch (error) {
    // a guard that fails must not let the call through: the provider runs the command when a hook crashes
    return unparsedDecision(`it failed while judging it (${error instanceof Error ? error.message : String(error)})`, cwd, env);
  }
  const findings = dedupe(judgement.findings);
  const unknown = [...new Set(judgement.unknowns)];
  if (findings.length === 0 && unknown.length === 0 && judgement.unparsed === undefined) return allow('the command skips no git gate');
  const policy = switches(cwd, env);
  if (!policy.guard) return allow('capture.guard is false in the committed policy', findings, unknown);
  if (findings.length === 0) {
    const what =
      judgement.unparsed !== undefined ? `it cannot parse the command (${judgement.unparsed})` : `it cannot tell ${unknown.join('; ')}`;
    return policy.unparsed === 'allow'
      ? allow(`the guard let the command through: ${what}`, [], unknown)
      : unparsedDecision(what, cwd, env, unknown);
  }
  const gates = [...new Set(findings.flatMap((finding) => finding.gates))];
  const names = enforcementNames(policy.policy, cwd, env, gates);
  const first = findings[0]!;
  const skipped = first.gates.includes(EVERY_HOOK)
    ? 'every git hook of this repository'
    : `the ${first.gates.join(' and ')} hook${first.gates.length > 1 ? 's' : ''}`;
  const reason = `majordomus: \`${first.found}\` would skip ${skipped}${names.length > 0 ? ` (the gates ${names.join(', ')})` : ''}; ${first.pass}${
    findings.length > 1
      ? ` (and ${findings.length - 1} more: ${findings
          .slice(1)
          .map((finding) => `\`${finding.found}\``)
          .join(', ')})`
      : ''
  }`;
  return { decision: 'deny', reason, found: findings.map((finding) => finding.found), gates, enforcement: names, unknown };
}

/**
 * A file tool's write (Write, Edit): refused when it lands on a hook or a hook manager's configuration,
 * as the same write by the shell is — where the provider's hook is wired for those tools.
 */
function fileDecision(file: string, cwd: string, env: NodeJS.ProcessEnv): GuardDecision {
  const place = placeOf(text(file), [], cwd, false);
  if (!place) return allow('the file is not one of the gates');
  const policy = switches(cwd, env);
  const finding: Finding = {
    found: `a write to ${file}`,
    gates: place.gates,
    pass: `leave ${place.what} as it is and fix what the hook reports (a change to the gates is for a person to make)`,
  };
  if (!policy.guard) return allow('capture.guard is false in the committed policy', [finding]);
  const names = enforcementNames(policy.policy, cwd, env, place.gates);
  return {
    decision: 'deny',
    reason: `majordomus: ${finding.found} would change ${place.what}${names.length > 0 ? ` (the gates ${names.join(', ')})` : ''}; ${finding.pass}`,
    found: [finding.found],
    gates: [...place.gates],
    enforcement: names,
    unknown: [],
  };
}

/** The refusal of a command (or a payload) the guard cannot follow. */
function unparsedDecision(what: string, cwd: string, env: NodeJS.ProcessEnv, unknown: readonly string[] = []): GuardDecision {
  if (switches(cwd, env).unparsed === 'allow') return allow(`the guard let the call through: ${what}`, [], unknown);
  return {
    decision: 'deny',
    reason: `majordomus: the guard cannot follow this command: ${what}; write it as plain commands with the values spelled out, so the guard can see that no git gate is skipped`,
    found: [],
    gates: [],
    enforcement: [],
    unknown: unknown.length > 0 ? unknown : [what],
  };
}

function dedupe(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.found}\u0000${finding.gates.join(',')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The policy's enforcement entries wired to any of these git hooks, by name: the committed policy's,
 * or the working tree's while the layer is not committed yet (they only name the gates in the refusal).
 */
function enforcementNames(committed: object | undefined, cwd: string, env: NodeJS.ProcessEnv, hooks: readonly string[]): string[] {
  const policy = committed ?? workingPolicyNear(cwd, env)?.value;
  const entries = policy !== null && typeof policy === 'object' ? (policy as { enforcement?: unknown }).enforcement : undefined;
  if (!Array.isArray(entries)) return [];
  return entries
    .filter(
      (entry): entry is { name: string; wired_by: string } =>
        entry !== null &&
        typeof entry === 'object' &&
        typeof (entry as { name?: unknown }).name === 'string' &&
        typeof (entry as { wired_by?: unknown }).wired_by === 'string',
    )
    .filter(
      (entry) =>
        hooks.some((hook) => entry.wired_by === `git-hook:${hook}`) ||
        (hooks.includes(EVERY_HOOK) && entry.wired_by.startsWith('git-hook:')),
    )
    .map((entry) => entry.name);
}
