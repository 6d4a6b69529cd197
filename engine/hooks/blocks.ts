/**
 * Git hooks as majordomus writes and reads them. The block it writes is marked, so a second run finds
 * it; an invocation is found as the exact words the block writes, and a line that swallows its exit
 * code, or hands a policy argument to the shell unquoted, is named.
 *
 * Every word of an invocation is written as one POSIX shell word (`shellWord`): a plain word as it
 * is, anything else in single quotes. The hook then runs exactly the policy's arguments; `$(…)`,
 * backticks, `;` or a space in an argument reach the command as text and are never run or split.
 */

import { shellWord } from '../io/shell';

export const BLOCK_BEGIN = '# majordomus: begin';
export const BLOCK_END = '# majordomus: end';

/**
 * The enforcement `path` a generated hook looks up the way a Node project installs it: the
 * checkout's `node_modules/.bin`, then `PATH`, then npx. Any other path is run as written.
 */
export const TOOL = 'majordomus';

/** Where a local install puts the tool, relative to the repository's top level. */
export const LOCAL_BIN = `node_modules/.bin/${TOOL}`;

/** How a block is written for the runner that runs it. */
export interface BlockOptions {
  /** The runner puts the checkout's `node_modules/.bin` first on PATH (husky's runner does). */
  readonly binOnPath?: boolean;
}

/** The three places a generated hook looks for the tool, in order, as its refusal names them. */
export const TOOL_PLACES = [LOCAL_BIN, 'PATH', `npx --no-install ${TOOL}`] as const;

/** One enforcement entry of the policy, as far as wiring is concerned. */
export interface Invocation {
  /** The command as the policy names it (`majordomus`, `bin/majordomus`, ...). */
  readonly path: string;
  readonly args: readonly string[];
}

/** The command line an artifact must contain: each word quoted for the shell where it needs to be. */
export function commandLine(invocation: Invocation): string {
  return words(invocation).map(shellWord).join(' ');
}

/** What a hook or CI file says about an invocation. */
export interface InvocationSearch {
  /** 1-based line of the first uncommented line carrying the invocation, if any. */
  readonly line?: number;
  /** The swallowing construct on that line (`|| true`, `|| exit 0`, `|| :`), if any. */
  readonly swallowed?: string;
  /**
   * An uncommented line carrying the invocation with its words written bare where the shell would
   * expand or split them (`majordomus doctor $(touch x)`), and the first such word. The line runs
   * something other than what the policy says, whether or not the quoted form is also present.
   */
  readonly exposed?: { readonly line: number; readonly word: string };
}

/** What makes a line's exit status not the command's: an `||` that succeeds anyway, or a pipe (sh reports the last command's status). */
const SWALLOWERS = [/\|\|\s*true\b/, /\|\|\s*exit\s+0\b/, /\|\|\s*:(\s|$|;)/, /(?<!\|)\|(?!\|)(?=\s*\S)/];

/** Find `invocation` in `text` as whole words on an uncommented line. */
export function findInvocation(text: string, invocation: Invocation): InvocationSearch {
  const skipped = resolverLines(text, invocation.path);
  const quoted = commandLine(invocation);
  const found = occurrences(text, quoted, skipped)[0];
  const bare = words(invocation).join(' ');
  const exposedAt = bare === quoted ? undefined : occurrences(text, bare, skipped)[0];
  const exposed = exposedAt && { line: exposedAt.line, word: words(invocation).find((word) => shellWord(word) !== word)! };
  if (!found) return exposed ? { exposed } : {};
  const swallower = SWALLOWERS.map((re) => re.exec(found.after)).find((match) => match !== null);
  return { line: found.line, swallowed: swallower ? swallower[0].trim() : undefined, exposed };
}

/** Each place `wanted` stands as whole words outside a comment and outside `skipped` lines. */
function occurrences(text: string, wanted: string, skipped: ReadonlySet<number>): { line: number; after: string }[] {
  // a quoted argument may span lines, so the text is searched whole and each hit mapped to its line
  const pattern = new RegExp(`(^|[\\s/"'])${escapeRegExp(wanted)}(?=$|[\\s;"'&|)])`, 'gm');
  const hits: { line: number; after: string }[] = [];
  for (const match of text.matchAll(pattern)) {
    const start = match.index + match[1]!.length;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const line = countNewlines(text, lineStart) + 1;
    if (skipped.has(line) || /^\s*#/.test(text.slice(lineStart, start))) continue;
    const end = start + wanted.length;
    const lineEnd = text.indexOf('\n', end);
    hits.push({ line, after: text.slice(end, lineEnd === -1 ? undefined : lineEnd) });
  }
  return hits;
}

/**
 * The lines of the lookup function a generated block defines for `path` (from `path() {` to the `}`
 * closing it): they name the tool without running an invocation.
 */
function resolverLines(text: string, path: string): Set<number> {
  const lines = new Set<number>();
  if (path !== TOOL) return lines;
  let inside = false;
  text.split('\n').forEach((line, index) => {
    if (!inside && line.startsWith(`${TOOL}() {`)) inside = true;
    if (inside) lines.add(index + 1);
    if (inside && line === '}') inside = false;
  });
  return lines;
}

/**
 * The block majordomus adds to a hook. It fails closed when the command cannot be found, runs it
 * without pipes or `|| true`, and a pre-push block first reads git's standard input to the end, so git
 * never dies of SIGPIPE after the check passed.
 *
 * For the bare `majordomus`, the block defines a shell function of that name which finds the tool in
 * the checkout's `node_modules/.bin` (git runs these hooks at the top level of the working tree), then
 * on `PATH`, then through `npx --no-install` kept offline so a commit never waits on the network; the
 * invocation line then reads exactly as the policy's command line. Any other path is run as written.
 * Where the runner already puts `node_modules/.bin` first on PATH (husky's does), the bare tool needs
 * no lookup: the invocation line alone, which fails closed (127) when the tool is not installed.
 */
export function hookBlock(hook: string, invocation: Invocation, options: BlockOptions = {}): string {
  const lines = [BLOCK_BEGIN];
  // `finish --check` judges the commits being pushed: it reads git's lines itself, all of them
  const forwarded = hook === 'pre-push' ? readingPushedRefs(invocation) : undefined;
  if (forwarded) lines.push('# git writes the refs being pushed on standard input; majordomus reads them all and judges those commits');
  else if (hook === 'pre-push') {
    lines.push('# git writes the refs being pushed on standard input; read it all before checking');
    lines.push('cat >/dev/null');
  }
  if (invocation.path === TOOL) {
    if (!options.binOnPath) lines.push(...toolLookup(hook));
  } else {
    const where = invocation.path.includes('/') ? 'is not an executable file' : 'was not found on PATH';
    lines.push(
      `if ! command -v ${shellWord(invocation.path)} >/dev/null 2>&1; then`,
      `  printf '%s\\n' ${shellWord(`${hook}: ${invocation.path} ${where}; refusing (install it or fix the policy's enforcement path)`)} >&2`,
      '  exit 1',
      'fi',
    );
  }
  lines.push(`${commandLine(forwarded ?? invocation)} || exit $?`, BLOCK_END);
  return `${lines.join('\n')}\n`;
}

/**
 * The pre-push invocation that reads git's lines itself: `finish --check` with `--pre-push` (added when
 * the policy's words lack it; the policy's words stay a prefix of the line, so doctor finds them).
 * Undefined for any other command, whose block reads the lines away first.
 */
export function readingPushedRefs(invocation: Invocation): Invocation | undefined {
  const [command, ...rest] = invocation.args;
  if (command !== 'finish' || !rest.includes('--check')) return undefined;
  return rest.includes('--pre-push') ? invocation : { ...invocation, args: [...invocation.args, '--pre-push'] };
}

/** The lookup function for the bare tool name; it returns 127 (not found) after naming every place it looked. */
function toolLookup(hook: string): string[] {
  const [local, path, npx] = TOOL_PLACES;
  const refusal = `${hook}: ${TOOL} not found: not in ${local}, not on ${path}, not through ${npx}; refusing (install it in this project: npm install --save-dev ${TOOL})`;
  const offline = `npm_config_offline=true ${npx}`;
  return [
    `# ${TOOL} is found as a Node project installs it: ${LOCAL_BIN} of this checkout,`,
    '# then PATH, then npx (offline, never installing); when none has it, the hook refuses.',
    `${TOOL}() {`,
    `  ${TOOL}_local="$(git rev-parse --show-toplevel 2>/dev/null || pwd)/${LOCAL_BIN}"`,
    `  if [ -x "$${TOOL}_local" ]; then`,
    `    "$${TOOL}_local" "$@"`,
    `  elif (unset -f ${TOOL}; command -v ${TOOL}) >/dev/null 2>&1; then`,
    `    command ${TOOL} "$@"`,
    `  elif command -v npx >/dev/null 2>&1 && ${offline} --version >/dev/null 2>&1; then`,
    `    ${offline} "$@"`,
    '  else',
    `    printf '%s\\n' ${shellWord(refusal)} >&2`,
    '    return 127',
    '  fi',
    '}',
  ];
}

/**
 * `text` with every block majordomus wrote for the pre-push `invocation` the way an earlier version
 * wrote it — `finish --check` without `--pre-push`, which judges the working tree, not the commits being
 * pushed — written again by `block` as this version writes it; undefined when there is none.
 */
export function upgradedBlocks(
  text: string,
  hook: string,
  invocation: Invocation,
  block: (hook: string, invocation: Invocation) => string,
): string | undefined {
  const stale = staleBlockLines(text, hook, invocation);
  if (stale.length === 0) return undefined;
  const lines = text.split('\n');
  // from the last, so the earlier ranges keep their places
  for (const [from, to] of [...stale].reverse())
    lines.splice(from, to - from + 1, ...block(hook, invocation).replace(/\n$/, '').split('\n'));
  return lines.join('\n');
}

/**
 * The 1-based line at which an earlier version's block runs the pre-push `invocation` without
 * `--pre-push` (see upgradedBlocks), or undefined when no block of ours does.
 */
export function staleBlockLine(text: string, hook: string, invocation: Invocation): number | undefined {
  const first = staleBlockLines(text, hook, invocation)[0];
  return first === undefined ? undefined : first[0] + 1 + (findInvocation(blockText(text, first), invocation).line ?? 1) - 1;
}

/** The 0-based line ranges (begin and end markers included) of our blocks that run `invocation` the earlier way. */
function staleBlockLines(text: string, hook: string, invocation: Invocation): [number, number][] {
  if (hook !== 'pre-push') return [];
  const reading = readingPushedRefs(invocation);
  if (reading === undefined || reading === invocation) return [];
  const lines = text.split('\n');
  const ranges: [number, number][] = [];
  let begin: number | undefined;
  lines.forEach((line, index) => {
    if (line.trim() === BLOCK_BEGIN) begin = index;
    else if (line.trim() === BLOCK_END && begin !== undefined) {
      const range: [number, number] = [begin, index];
      const body = blockText(text, range);
      if (findInvocation(body, invocation).line !== undefined && findInvocation(body, reading).line === undefined) ranges.push(range);
      begin = undefined;
    }
  });
  return ranges;
}

function blockText(text: string, [from, to]: [number, number]): string {
  return text
    .split('\n')
    .slice(from, to + 1)
    .join('\n');
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

/** The words of an invocation as the policy gives them, unquoted. */
function words(invocation: Invocation): string[] {
  return [invocation.path, ...invocation.args];
}

function countNewlines(text: string, end: number): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
