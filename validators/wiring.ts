import { readPolicyOrSkip } from '../engine/checked-document';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, relative } from 'node:path';
import { DocumentError } from '../engine/layer/document-error';
import { readTextFile } from '../engine/layer/yaml';
import type { Policy } from '../engine/generated/types';
import { commandLine, findInvocation, LOCAL_BIN, TOOL, TOOL_PLACES } from '../engine/layer/hooks';
import type { Invocation } from '../engine/layer/hooks';
import { unsafePathReason } from '../engine/layer/paths';
import { defineValidator } from '../engine/validator';
import type { ValidatorContext } from '../engine/validator';

type Entry = NonNullable<Policy['enforcement']>[number];

export default defineValidator({
  name: 'wiring',
  description: "Every enforcement the policy declares is invoked by the artifact it names, without a swallowed exit code.",
  gates: ['doctor'],
  run(context) {
    const read = readPolicyOrSkip(context);
    if (!read) return;
    const { file: policyFile, policy, lines } = read;
    const entries = Array.isArray(policy.enforcement) ? policy.enforcement : [];
    let wired = 0;
    entries.forEach((entry, index) => {
      if (!entry || typeof entry.wired_by !== 'string' || typeof entry.path !== 'string') return; // schema problems are the policy rule's
      const at = { file: policyFile, line: lines.get(`enforcement.${index}.wired_by`) ?? lines.get(`enforcement.${index}`) };
      if (checkEntry(context, entry, at)) wired++;
    });
    context.ok({ subject: policyFile, message: `${wired} of ${entries.length} enforcement(s) wired` });
  },
});

/** Check one entry; true when it is verifiably wired. */
function checkEntry(context: ValidatorContext, entry: Entry, at: { file: string; line: number | undefined }): boolean {
  const invocation: Invocation = { path: entry.path, args: Array.isArray(entry.args) ? entry.args.map(String) : [] };
  const command = commandLine(invocation);
  const wiredBy = entry.wired_by;
  const fail = (message: string): false => {
    context.violation({ subject: entry.name ?? wiredBy, ...at, message });
    return false;
  };
  const info = (message: string): false => {
    context.info({ subject: entry.name ?? wiredBy, ...at, message });
    return false;
  };
  if (wiredBy === 'manual') return info(`\`${command}\` is declared manual: documented, not verified, never counted as wired`);
  const colon = wiredBy.indexOf(':');
  const kind = colon === -1 ? wiredBy : wiredBy.slice(0, colon);
  const target = colon === -1 ? '' : wiredBy.slice(colon + 1);
  switch (kind) {
    case 'git-hook': {
      const wired = checkHook(context, target, invocation, fail);
      // the hook is there; whether this machine can run what it calls is this checkout's business, not a failure
      const missing = wired ? unreachable(context.git.root, invocation.path) : undefined;
      if (missing) info(`the ${target} hook cannot find ${invocation.path} from this checkout: ${missing}`);
      return wired;
    }
    case 'toolchain':
    case 'provider-hook':
      // the schema allows these; what they promise lives outside git, so this version says so and moves on
      return info(`\`${command}\` is wired by ${wiredBy}, which is not verified by this version (never counted as wired)`);
    case 'ci': {
      const unsafe = unsafePathReason(target);
      if (unsafe) return fail(`wired_by names the CI file ${JSON.stringify(target)}, which ${unsafe}`);
      const path = context.layout.abs(target);
      if (!existsSync(path)) return fail(`wired by ${target}, which does not exist (create it so it runs \`${command}\`)`);
      const text = readWired(path, target, fail);
      return text !== undefined && checkText(text, target, invocation, fail);
    }
    case 'git-config': {
      const value = context.git.config(target);
      if (value === undefined) return fail(`the git configuration does not set \`${target}\` (run: git config ${target} '<command naming ${entry.path}>')`);
      if (!value.includes(entry.path)) return fail(`the git configuration sets \`${target}\` to ${JSON.stringify(value)}, which does not name ${entry.path}`);
      return true;
    }
    default:
      return fail(`wired_by \`${wiredBy}\` is not a wiring this version verifies (use git-hook:<name>, ci:<path>, git-config:<key> or manual)`);
  }
}

function checkHook(context: ValidatorContext, hook: string, invocation: Invocation, fail: (message: string) => false): boolean {
  const { git } = context;
  if (!/^[a-z-]+$/.test(hook)) return fail(`wired_by names the hook ${JSON.stringify(hook)}, which is not a git hook name`);
  if (git.hooksPathEmpty) {
    return fail(`core.hooksPath is set to the empty string, so git runs no hook at all, ${hook} included (run: git config --unset core.hooksPath)`);
  }
  const path = join(git.hooksDir, hook);
  const shown = relative(git.root, path) || path;
  const command = commandLine(invocation);
  if (!existsSync(path)) {
    // hooks live in the common git directory: a linked worktree's own git directory has none
    const defaultPath = join(git.commonDir, 'hooks', hook);
    if (defaultPath !== path && existsSync(defaultPath)) {
      return fail(`installed but bypassed: ${relative(git.root, defaultPath)} exists, but core.hooksPath makes git run ${shown}, which does not (run: majordomus init --extend)`);
    }
    return fail(`the ${hook} hook ${shown} does not exist (run: majordomus init --extend)`);
  }
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return fail(`the ${hook} hook ${shown} is not executable, so git skips it (run: chmod +x ${shown})`);
  }
  const text = readWired(path, shown, fail);
  return text !== undefined && checkText(text, shown, invocation, fail, command);
}

function checkText(text: string, shown: string, invocation: Invocation, fail: (message: string) => false, command = commandLine(invocation)): boolean {
  const found = findInvocation(text, invocation);
  if (found.exposed) {
    const { line, word } = found.exposed;
    return fail(
      `${shown}:${line} writes ${JSON.stringify(word)} unquoted, so the shell expands or splits it and runs something the policy does not say (delete that line; the invocation is \`${command}\`, which majordomus init --extend writes when it is missing)`,
    );
  }
  if (found.line === undefined) return fail(`${shown} does not run \`${command}\` (add it on a line of its own)`);
  if (found.swallowed) return fail(`${shown}:${found.line} runs \`${command}\` but swallows its exit code with \`${found.swallowed}\` (remove it, so a failure stops the action)`);
  return true;
}

/**
 * Why a hook on this machine cannot find the command it runs, or undefined when it can. The bare tool
 * is looked up where a generated hook looks (the checkout's node_modules/.bin, then PATH); npx is not
 * asked, since it may go to the network, and it finds nothing the first two miss but npm's own cache.
 */
function unreachable(root: string, path: string): string | undefined {
  if (path === TOOL) {
    if (isExecutableFile(join(root, LOCAL_BIN)) || onPath(TOOL)) return undefined;
    return `not in ${TOOL_PLACES[0]} and not on ${TOOL_PLACES[1]}, so the hook refuses unless ${TOOL_PLACES[2]} finds it in npm's cache (install it in this project: npm install --save-dev ${TOOL})`;
  }
  if (!path.includes('/')) return onPath(path) ? undefined : `${path} is not on PATH, so the hook refuses`;
  // git runs these hooks at the top level of the working tree, so a relative path is relative to it
  return isExecutableFile(isAbsolute(path) ? path : join(root, path)) ? undefined : `${path} is not an executable file here, so the hook refuses`;
}

function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && isExecutableFile(join(dir, name)));
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The text of a wiring file; undefined, after a violation naming it, when it is not a regular file it can read. */
function readWired(path: string, shown: string, fail: (message: string) => false): string | undefined {
  try {
    return readTextFile(path, shown);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    fail(`${shown} ${error.reason} (${error.fix})`);
    return undefined;
  }
}
