import { readPolicyOrSkip } from '../engine/checked-document';
import { accessSync, constants, existsSync } from 'node:fs';
import { DocumentError } from '../engine/layer/document-error';
import { readTextFile } from '../engine/layer/yaml';
import { join, relative } from 'node:path';
import type { Policy } from '../engine/generated/types';
import { commandLine, findInvocation } from '../engine/layer/hooks';
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
  if (wiredBy === 'manual') {
    context.info({ subject: entry.name ?? wiredBy, ...at, message: `\`${command}\` is declared manual: documented, not verified, never counted as wired` });
    return false;
  }
  const colon = wiredBy.indexOf(':');
  const kind = colon === -1 ? wiredBy : wiredBy.slice(0, colon);
  const target = colon === -1 ? '' : wiredBy.slice(colon + 1);
  switch (kind) {
    case 'git-hook':
      return checkHook(context, target, invocation, fail);
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
  const path = join(git.hooksDir, hook);
  const shown = relative(git.root, path) || path;
  const command = commandLine(invocation);
  if (!existsSync(path)) {
    const defaultPath = join(git.gitDir, 'hooks', hook);
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
  if (found.line === undefined) return fail(`${shown} does not run \`${command}\` (add it on a line of its own)`);
  if (found.swallowed) return fail(`${shown}:${found.line} runs \`${command}\` but swallows its exit code with \`${found.swallowed}\` (remove it, so a failure stops the action)`);
  return true;
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
