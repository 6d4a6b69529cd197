/**
 * V8's code cache for the CLI. Git hooks run the tool before every commit, so start-up is the product,
 * and a cold start spent a good part of its time parsing and compiling the bundle. Node 20 has no
 * compile cache for ES modules (`module.enableCompileCache` arrives in Node 22.1), so the build also
 * writes the CLI as one CommonJS script (dist/cli.cjs), and this module compiles it with `vm.Script`
 * and the cached data an earlier run left, then runs it.
 *
 * The cache is an optimisation and never a correctness risk. It lives in the user's cache directory
 * (never beside the installed tool, which may be read-only), one file per build of the script, Node
 * version and command. A file is used only when its header names the exact bytes of the script (V8
 * itself checks only their length) and its payload matches the checksum beside it; anything else — a
 * missing, stale, truncated or corrupt file, or data V8 rejects — is ignored, and the run compiles the
 * script from its source and writes a fresh cache as it exits. Failing to read or write the cache is
 * never reported. `MAJORDOMUS_CODE_CACHE=0` (false, no, off) runs the script without reading or writing
 * any cache: the cache is the one file the tool writes outside the repository, and someone may want none.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { Script } from 'node:vm';
import { pruneCacheFiles, replaceCacheFile } from '../io/write/scratch';

/** The first bytes of a cache file: the format, so another format is never mistaken for this one. */
const MAGIC = Buffer.from('majordomus code cache 1\n', 'latin1');
const HASH_BYTES = 32;
const HEADER_BYTES = MAGIC.length + 2 * HASH_BYTES;
/** At most this many cache files are kept (commands, a group command by its two words, builds and Node versions used side by side). */
const KEEP_FILES = 32;

/** The variable that turns the cache off. */
export const CODE_CACHE_VARIABLE = 'MAJORDOMUS_CODE_CACHE';

/** The wrapper CommonJS gives a module, so the script sees `require`, `module` and its own path. */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_TAIL = '\n})';

/**
 * Compile the CommonJS script at `path` with the code cache, and run it. Each command has a cache of
 * its own: the cache holds what the run that wrote it compiled, and `doctor` compiles little of what
 * `--version` does.
 */
export function runWithCodeCache(
  path: string,
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): void {
  const bytes = readFileSync(path);
  const sourceHash = sha256(bytes);
  const file = codeCacheEnabled(env) ? cacheFile(env, sourceHash, commandOf(argv)) : undefined;
  const cachedData = file === undefined ? undefined : readCache(file, sourceHash);
  // the build writes the script in ASCII alone (tools/build.mjs), so Latin-1 reads it exactly, as a copy
  // of its bytes into a one-byte string, where decoding UTF-8 costs a pass and twice the memory
  const script = new Script(`${WRAPPER_HEAD}${bytes.toString('latin1')}${WRAPPER_TAIL}`, {
    filename: path,
    columnOffset: -WRAPPER_HEAD.length,
    ...(cachedData ? { cachedData } : {}),
  });
  if (file !== undefined && (cachedData === undefined || script.cachedDataRejected === true) && !asksForHelp(argv)) {
    // at exit, so the cache holds every function this run compiled, not just the top level; and only
    // after a run that did its command's work: a cache is kept for good once written, and one written
    // by a run that stopped early (a usage error, no active task) would hold little of what the
    // command's next runs compile
    process.once('exit', (code) => {
      if (WORKED.has(code)) writeCache(file, sourceHash, script);
    });
  }
  const module = { exports: {} };
  const wrapper = script.runInThisContext() as (
    exports: object,
    require: NodeJS.Require,
    module: object,
    filename: string,
    dirname: string,
  ) => void;
  wrapper(module.exports, createRequire(path), module, path, dirname(path));
}

/**
 * Whether the cache is used: yes unless MAJORDOMUS_CODE_CACHE says otherwise. `0`, `false`, `no` and
 * `off` turn it off; so does any value that is not `1`, `true`, `yes`, `on` or empty, because whoever
 * set the variable asked for something other than the default, and a cache left unused costs only
 * time. A bad value is not a usage error, as it is for MAJORDOMUS_REPOSITORY_VALIDATORS: the launcher
 * reads it before any command, and a setting of the cache must never stop a commit's hook.
 */
export function codeCacheEnabled(env: NodeJS.ProcessEnv): boolean {
  const value = env[CODE_CACHE_VARIABLE]?.trim().toLowerCase();
  return value === undefined || ['', '1', 'true', 'yes', 'on'].includes(value);
}

/**
 * The cache file of a script, under the user's cache directory: `$XDG_CACHE_HOME`, else the platform's
 * (`~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows, `~/.cache` elsewhere). Undefined when there
 * is no home to put it in.
 */
export function cacheFile(env: NodeJS.ProcessEnv, sourceHash: Buffer, command: string): string | undefined {
  const root = cacheRoot(env);
  if (root === undefined) return undefined;
  return join(root, 'majordomus', `code-${sourceHash.toString('hex').slice(0, 16)}-${process.version}-${process.arch}-${command}.bin`);
}

/** The exit codes of a run that did its command's work: passed, failed a rule, found drift. */
const WORKED: ReadonlySet<number> = new Set([0, 10, 11]);

/**
 * The commands that are groups of commands (`capture session`, `session close`): a run of one of them
 * names its cache after the first two words, since `capture guard` compiles little of what `capture
 * session` does. test/cli/startup.test.ts holds this list to the declared commands.
 */
export const COMMAND_GROUPS: ReadonlySet<string> = new Set([
  'brainstorm',
  'capture',
  'context',
  'decision',
  'hooks',
  'knowledge',
  'objects',
  'question',
  'rules',
  'session',
  'usecase',
]);

const WORD = /^[a-z][a-z-]{0,31}$/;

/**
 * The command a run names, for the name of its cache: its first word (after the program's `--repo
 * <path>`), with the second when the first is a group; `other` when the run names no command.
 */
export function commandOf(argv: readonly string[]): string {
  const at = commandAt(argv);
  const first = argv[at] ?? '';
  if (!WORD.test(first)) return 'other';
  const second = argv[at + 1] ?? '';
  return COMMAND_GROUPS.has(first) && WORD.test(second) ? `${first}-${second}` : first;
}

/** Where the command's words start in `argv`: after the program's own `--repo <path>` and `--repo=<path>`. */
export function commandAt(argv: readonly string[]): number {
  let at = 0;
  while (argv[at] === '--repo' || argv[at]?.startsWith('--repo=')) at += argv[at] === '--repo' ? 2 : 1;
  return at;
}

/** True when the run asks for help, which compiles nothing of the command's work. */
function asksForHelp(argv: readonly string[]): boolean {
  return argv.some((arg) => arg === '--help' || arg === '-h') || argv[0] === 'help';
}

function cacheRoot(env: NodeJS.ProcessEnv): string | undefined {
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)) return env.XDG_CACHE_HOME;
  let home: string;
  try {
    home = homedir();
  } catch {
    return undefined;
  }
  if (!isAbsolute(home)) return undefined;
  if (process.platform === 'win32')
    return env.LOCALAPPDATA && isAbsolute(env.LOCALAPPDATA) ? env.LOCALAPPDATA : join(home, 'AppData', 'Local');
  if (process.platform === 'darwin') return join(home, 'Library', 'Caches');
  return join(home, '.cache');
}

/** A cache file's bytes: the format, the hash of the script's bytes, the hash of the payload, the payload. */
export function encodeCache(sourceHash: Buffer, payload: Buffer): Buffer {
  return Buffer.concat([MAGIC, sourceHash, sha256(payload), payload]);
}

/** The payload of a cache file made for the script whose bytes hash to `sourceHash`; undefined for anything else. */
export function decodeCache(bytes: Buffer, sourceHash: Buffer): Buffer | undefined {
  if (bytes.length <= HEADER_BYTES) return undefined;
  if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  if (!bytes.subarray(MAGIC.length, MAGIC.length + HASH_BYTES).equals(sourceHash)) return undefined;
  const payload = bytes.subarray(HEADER_BYTES);
  return bytes.subarray(MAGIC.length + HASH_BYTES, HEADER_BYTES).equals(sha256(payload)) ? payload : undefined;
}

function readCache(file: string, sourceHash: Buffer): Buffer | undefined {
  try {
    return decodeCache(readFileSync(file), sourceHash);
  } catch {
    return undefined;
  }
}

/** Write the cache beside a temporary name and rename it into place, so no reader sees half a file. */
function writeCache(file: string, sourceHash: Buffer, script: Script): void {
  if (replaceCacheFile(file, encodeCache(sourceHash, script.createCachedData()))) {
    try {
      pruneCacheFiles(dirname(file), (name) => name.startsWith('code-') && name.endsWith('.bin'), KEEP_FILES);
    } catch {
      // an old cache left behind is only disk space
    }
  }
}

function sha256(bytes: Buffer): Buffer {
  return createHash('sha256').update(bytes).digest();
}
