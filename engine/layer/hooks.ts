/**
 * Git hooks as majordomus writes and reads them. The block it writes is marked, so a second run finds
 * it; an invocation is found on a line of its own, and a line that swallows its exit code is named.
 */

export const BLOCK_BEGIN = '# majordomus: begin';
export const BLOCK_END = '# majordomus: end';

/** One enforcement entry of the policy, as far as wiring is concerned. */
export interface Invocation {
  /** The command as the policy names it (`majordomus`, `bin/majordomus`, ...). */
  readonly path: string;
  readonly args: readonly string[];
}

/** The command line an artifact must contain. */
export function commandLine(invocation: Invocation): string {
  return [invocation.path, ...invocation.args].join(' ');
}

/** What a hook or CI file says about an invocation. */
export interface InvocationSearch {
  /** 1-based line of the first uncommented line carrying the invocation, if any. */
  readonly line?: number;
  /** The swallowing construct on that line (`|| true`, `|| exit 0`, `|| :`), if any. */
  readonly swallowed?: string;
}

/** What makes a line's exit status not the command's: an `||` that succeeds anyway, or a pipe (sh reports the last command's status). */
const SWALLOWERS = [/\|\|\s*true\b/, /\|\|\s*exit\s+0\b/, /\|\|\s*:(\s|$|;)/, /(?<!\|)\|(?!\|)\s*\S/];

/** Find `invocation` in `text` as whole words on an uncommented line. */
export function findInvocation(text: string, invocation: Invocation): InvocationSearch {
  const wanted = commandLine(invocation);
  const pattern = new RegExp(`(^|[\\s/"'])${escapeRegExp(wanted)}($|[\\s;"'&|)])`);
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const found = /^\s*#/.test(line) ? null : pattern.exec(line);
    if (!found) continue;
    // what follows the command decides whether its status survives
    const after = line.slice(found.index + found[0].length - found[2]!.length);
    const swallower = SWALLOWERS.map((re) => re.exec(after)).find((match) => match !== null);
    return { line: i + 1, swallowed: swallower ? swallower[0].trim() : undefined };
  }
  return {};
}

/**
 * The block majordomus adds to a hook. It fails closed when the command cannot be found, runs it
 * without pipes or `|| true`, and a pre-push block first reads git's standard input to the end, so git
 * never dies of SIGPIPE after the check passed.
 */
export function hookBlock(hook: string, invocation: Invocation): string {
  const command = commandLine(invocation);
  const lines = [BLOCK_BEGIN];
  if (hook === 'pre-push') {
    lines.push('# git writes the refs being pushed on standard input; read it all before checking');
    lines.push('cat >/dev/null');
  }
  lines.push(
    `if ! command -v ${shellWord(invocation.path)} >/dev/null 2>&1; then`,
    `  echo "${hook}: ${invocation.path} not found on PATH; refusing (install majordomus or fix PATH)" >&2`,
    '  exit 1',
    'fi',
    `${command} || exit $?`,
    BLOCK_END,
  );
  return `${lines.join('\n')}\n`;
}

/** A new hook file holding only our block. */
export function newHook(hook: string, invocations: readonly Invocation[]): string {
  return `#!/bin/sh\n# Installed by majordomus init; the policy's enforcement list says what runs here.\n${invocations.map((inv) => hookBlock(hook, inv)).join('')}`;
}

/**
 * Why our block cannot simply be appended to an existing hook, or undefined when it can: the hook must
 * be a POSIX shell script, and must not leave before the end (an `exit` or `exec` would skip our block).
 */
export function appendRefusal(existing: string): string | undefined {
  const first = existing.split('\n', 1)[0] ?? '';
  if (!/^#!\s*(\/usr)?\/bin\/(env\s+)?(sh|bash|dash|zsh)\b/.test(first)) {
    return `it is not a shell script (its first line is ${JSON.stringify(first.slice(0, 60))})`;
  }
  const body = withoutOurBlocks(existing).filter((line) => !/^\s*#/.test(line));
  if (body.some((line) => /(^|[\s;&|])exec\s/.test(line))) return 'it replaces itself with `exec`, so nothing after that line runs';
  if (body.some((line) => /(^|[\s;&|])exit(\s|;|$)/.test(line))) return 'it calls `exit`, so a line added at its end may never run';
  return undefined;
}

/** The lines of a hook outside the blocks majordomus wrote (its own exits are conditional). */
function withoutOurBlocks(text: string): string[] {
  const kept: string[] = [];
  let inside = false;
  for (const line of text.split('\n')) {
    if (line.trim() === BLOCK_BEGIN) inside = true;
    else if (line.trim() === BLOCK_END) inside = false;
    else if (!inside) kept.push(line);
  }
  return kept;
}

/** A word as one POSIX shell word, quoted when it needs to be. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
