/**
 * `finish --check --pre-push`: what git's pre-push hook hands the finish gate. Git writes one line per
 * ref it is about to update on standard input — `<local ref> <local sha> <remote ref> <remote sha>` — and
 * the push is judged by the commits those lines carry, never by the working tree: an uncommitted edit
 * is nobody's push. A deletion, a tag and any ref outside `refs/heads/` carry no work of a task; a
 * branch carries the task's work only where its new commits are the task's own (./own.ts), so pushing
 * another branch (a hotfix, from this checkout or from a worktree) is not the task's business.
 *
 * What only acceptance needs — the completion note, an open question, the obligations — is judged by
 * `finish --outcome completed`, not by sharing a branch, and the validators that judge it stand aside
 * while this model is given.
 */
import { defineModel } from '../../api/validator';
import { UsageError } from '../../errors';
import { readStdin, stdinText } from '../../io/stdin';

/** One line git wrote: a ref about to be updated. */
export interface PushedRef {
  readonly localRef: string;
  readonly localSha: string;
  readonly remoteRef: string;
  readonly remoteSha: string;
}

/** What the hook was handed. */
export interface PushAttempt {
  /** Every line git wrote, in order. */
  readonly refs: readonly PushedRef[];
  /** False when standard input held no line at all (a hook that did not hand git's lines on): judged as a push of HEAD. */
  readonly given: boolean;
}

/** The push of `finish --check --pre-push`; `undefined` (no push) everywhere else. */
export const pushModel = defineModel({
  name: 'push',
  target: 'repository',
  build: (): PushAttempt | undefined => undefined,
});

/** The most git's lines are read into memory; the rest is still read to the end, and the push refused. */
export const MAX_PUSH_BYTES = 16 * 1024 * 1024;

const LINE = /^(\S+) ([0-9a-f]{40}(?:[0-9a-f]{24})?) (\S+) ([0-9a-f]{40}(?:[0-9a-f]{24})?)$/;

/** Parse git's pre-push lines; a line of another shape is a usage error naming it. */
export function parsePushLines(text: string): PushedRef[] {
  const refs: PushedRef[] = [];
  text.split('\n').forEach((line, at) => {
    if (line.trim() === '') return;
    const match = LINE.exec(line.replace(/\r$/, ''));
    if (!match)
      throw new UsageError(
        `finish --pre-push: line ${at + 1} of standard input is not \`<local ref> <local sha> <remote ref> <remote sha>\` as git's pre-push hook writes it`,
      );
    refs.push({ localRef: match[1]!, localSha: match[2]!, remoteRef: match[3]!, remoteSha: match[4]! });
  });
  return refs;
}

/**
 * Read git's lines from standard input, always to the end (git must never die of a closed pipe), and
 * parse them. A terminal is no lines.
 */
export function readPushAttempt(fd = 0): PushAttempt {
  const read = readStdin(MAX_PUSH_BYTES, fd);
  if (read.kind === 'terminal') return { refs: [], given: false };
  if (read.kind === 'over') {
    drain(fd);
    throw new UsageError(`finish --pre-push: more than ${MAX_PUSH_BYTES} bytes of refs on standard input; push fewer refs at once`);
  }
  if (read.kind === 'unreadable') throw new UsageError(`finish --pre-push: cannot read git's refs from standard input (${read.code})`);
  const text = stdinText(read.bytes);
  if (text === undefined) throw new UsageError("finish --pre-push: standard input is not git's pre-push lines (not UTF-8 text)");
  const refs = parsePushLines(text);
  return { refs, given: refs.length > 0 };
}

/** Read and drop whatever is left on `fd`. */
function drain(fd: number): void {
  for (;;) {
    const read = readStdin(MAX_PUSH_BYTES, fd);
    if (read.kind !== 'over') return;
  }
}

/** True for a sha of all zeros: a ref created (remote) or deleted (local). */
export function isZero(sha: string): boolean {
  return /^0+$/.test(sha);
}

/** Why a pushed ref carries no task work, or undefined when its commits must be judged. */
export function notTheTasks(ref: PushedRef): string | undefined {
  if (isZero(ref.localSha)) return `deletes ${ref.remoteRef}`;
  if (ref.remoteRef.startsWith('refs/tags/') || ref.localRef.startsWith('refs/tags/')) return `is the tag ${ref.remoteRef}`;
  if (!ref.remoteRef.startsWith('refs/heads/')) return `is ${ref.remoteRef}, not a branch`;
  return undefined;
}
