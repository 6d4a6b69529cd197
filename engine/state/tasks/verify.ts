/**
 * The verify command of `finish --verify-command`: refused when it cannot fail (it would prove nothing),
 * otherwise run with `sh -c` at the repository's top level, its output sent to stderr (stdout is the
 * command's own report), and measured: exit status, seconds, and whether the working tree changed
 * while it ran — a verification that rewrites what it verifies has verified something else.
 */
import { spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { runGit } from '../../io/git';
import type { VerifyRun } from './attempt';

/** Commands that succeed whatever the work is. */
const VACUOUS = /^(?:true|:|\/(?:usr\/)?bin\/true|exit(?:\s+0)?|(?:echo|printf)(?:\s[\s\S]*)?)$/;

/**
 * Why `command` proves nothing, or undefined when it can fail. It is split on `;`, `&&`, `||` and
 * newlines; it is vacuous when every part is, when a part that cannot fail follows `||` (a failure is
 * swallowed), or when the last part cannot fail and follows `;` or a newline (its status is the run's).
 */
export function vacuousReason(command: string): string | undefined {
  const parts: { text: string; after: string }[] = [];
  const pattern = /(\|\||&&|;|\n)/;
  let after = '';
  for (const piece of command.split(pattern)) {
    if (pattern.test(piece) && /^(\|\||&&|;|\n)$/.test(piece)) {
      after = piece;
      continue;
    }
    parts.push({ text: piece.trim(), after });
  }
  const vacuous = (text: string) => text === '' || VACUOUS.test(text);
  if (parts.every((part) => vacuous(part.text))) return 'it cannot fail, so it proves nothing';
  const swallowed = parts.find((part) => part.after === '||' && vacuous(part.text));
  if (swallowed) return `\`|| ${swallowed.text}\` swallows its failure, so it proves nothing`;
  const last = parts.at(-1);
  if (last && (last.after === ';' || last.after === '\n') && vacuous(last.text))
    return `it ends with \`${last.text || 'nothing'}\`, whose status is the run's, so it proves nothing`;
  return undefined;
}

/** Run the verify command in `root`, unless it is vacuous. */
export function runVerify(command: string, root: string, env: NodeJS.ProcessEnv): VerifyRun {
  const vacuous = vacuousReason(command);
  if (vacuous) return { command, vacuous };
  const before = treeFingerprint(root, env);
  const started = performance.now();
  const result = spawnSync('sh', ['-c', command], { cwd: root, env, stdio: ['ignore', 2, 2] });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const signal = result.signal ? (constants.signals as Record<string, number>)[result.signal] : undefined;
  const exit = result.status ?? (signal !== undefined ? 128 + signal : 127);
  return { command, exit, seconds, treeChanged: treeFingerprint(root, env) !== before };
}

/**
 * The state of the working tree in one string: HEAD, the status of every tracked and untracked path
 * (ignored ones aside: build output is not the work), and the content hash of each path git lists.
 */
export function treeFingerprint(root: string, env: NodeJS.ProcessEnv): string {
  const head = runGit(['rev-parse', '--verify', '--quiet', 'HEAD'], root, env).stdout.trim();
  const status = runGit(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'], root, env).stdout;
  // a deleted path has no content to hash; its status line already says it is gone
  const present = status
    .split('\0')
    .filter((entry) => entry.length > 3 && !entry.slice(0, 2).includes('D'))
    .map((entry) => entry.slice(3));
  const hashes =
    present.length > 0
      ? spawnSync('git', ['hash-object', '--stdin-paths', '--no-filters'], { cwd: root, env, input: present.join('\n'), encoding: 'utf8' })
          .stdout
      : '';
  return `${head}\n${status}\n${hashes}`;
}
