/**
 * init: adopt a repository. Writes the skeleton layer, vendors the baseline rule package, ignores the
 * local half and installs the git hooks the policy's enforcement declares. It never overwrites a file:
 * every write is planned first, a hook it cannot safely extend refuses the whole run (15) before
 * anything is written, and every path written is printed.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { RefusedError } from '../errors';
import type { Policy } from '../generated/types';
import { distributionRoot } from '../layer/distribution';
import { GitRepository } from '../layer/git';
import { appendRefusal, BLOCK_BEGIN, commandLine, findInvocation, hookBlock, newHook } from '../layer/hooks';
import type { Invocation } from '../layer/hooks';
import { AI_DIR, MANIFEST_PATH } from '../layer/layout';
import { parseYaml } from '../layer/yaml';
import { VENDORED_PACKS } from '../vendor';

export interface InitOptions {
  readonly extend?: boolean;
}


/** Kept in each section directory that would otherwise be empty, since git does not track directories. */
const KEEP = '.gitkeep';
const LOCAL_IGNORE = `${AI_DIR}/local/`;

/** One planned write: `path` as printed (repository-relative when inside it), `abs` where it goes. */
type Write =
  | { readonly kind: 'file'; readonly path: string; readonly abs: string; readonly content: Buffer | string; readonly mode?: number }
  | { readonly kind: 'append'; readonly path: string; readonly abs: string; readonly content: string };

export async function runInit(options: InitOptions, cwd = process.cwd()): Promise<void> {
  const git = GitRepository.discover(cwd);
  const root = git.root;
  if (existsSync(join(root, MANIFEST_PATH)) && !options.extend) {
    throw new RefusedError(`this repository is already adopted: ${MANIFEST_PATH} exists (run: majordomus init --extend to add only what is missing)`);
  }
  const plan: Write[] = [];
  const planned = new Set<string>();
  const addFile = (path: string, content: Buffer | string, mode?: number): void => {
    if (planned.has(path) || existsSync(join(root, path))) return;
    planned.add(path);
    plan.push({ kind: 'file', path, abs: join(root, path), content, mode });
  };

  const dist = distributionRoot();
  const skeleton = join(dist, 'share/skeleton/ai');
  for (const file of walk(skeleton)) addFile(`${AI_DIR}/${file}`, readFileSync(join(skeleton, file)));
  for (const pack of VENDORED_PACKS) {
    // the package as it ships: its manifest and rule files (a pack's own tests stay with the distribution)
    const from = join(dist, 'rules', pack);
    for (const file of walk(from).filter((f) => f === 'manifest.yaml' || f.startsWith('rules/'))) {
      addFile(`${AI_DIR}/repo/rules/vendor/${pack}/${file}`, readFileSync(join(from, file)));
    }
  }

  const manifestText = readOr(join(root, MANIFEST_PATH)) ?? readFileSync(join(skeleton, 'manifest.yaml'), 'utf8');
  const manifest = parseYaml(manifestText, MANIFEST_PATH).value as { sections?: Record<string, unknown> };
  for (const [name, value] of Object.entries(manifest.sections ?? {})) {
    if (typeof value !== 'string' || value.endsWith('.yaml') || name === 'project') continue;
    const dir = `${AI_DIR}/${value.replace(/\/+$/, '')}`;
    const hasContent = [...planned].some((path) => path.startsWith(`${dir}/`)) || nonEmptyDir(join(root, dir));
    if (!hasContent) addFile(`${dir}/${KEEP}`, '');
  }

  if (!git.isIgnored(LOCAL_IGNORE)) {
    const existing = readOr(join(root, '.gitignore'));
    const prefix = existing === undefined || existing === '' || existing.endsWith('\n') ? '' : '\n';
    plan.push({ kind: 'append', path: '.gitignore', abs: join(root, '.gitignore'), content: `${prefix}# the checkout's own half of the AI layer, never tracked\n${LOCAL_IGNORE}\n` });
  }

  const policyText = readOr(join(root, `${AI_DIR}/repo/policy.yaml`)) ?? readFileSync(join(skeleton, 'repo/policy.yaml'), 'utf8');
  planHooks(git, parseYaml(policyText, `${AI_DIR}/repo/policy.yaml`).value as Policy, plan);

  const written: string[] = [];
  for (const write of plan) {
    const abs = write.abs;
    mkdirSync(dirname(abs), { recursive: true });
    if (write.kind === 'file') {
      writeFileSync(abs, write.content, { flag: 'wx', mode: write.mode ?? 0o644 });
      if (write.mode !== undefined) chmodSync(abs, write.mode);
    } else {
      writeFileSync(abs, write.content, { flag: 'a' });
    }
    written.push(write.path);
  }
  const lines = written.map((path) => `wrote ${path}`);
  lines.push(written.length > 0 ? `init: ${written.length} path(s) written; next: majordomus doctor` : 'init: nothing was missing');
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Plan the hook writes, or refuse (15) when a hook majordomus did not write cannot take its line. */
function planHooks(git: GitRepository, policy: Policy, plan: Write[]): void {
  const byHook = new Map<string, Invocation[]>();
  for (const entry of Array.isArray(policy.enforcement) ? policy.enforcement : []) {
    if (typeof entry?.wired_by !== 'string' || !entry.wired_by.startsWith('git-hook:') || typeof entry.path !== 'string') continue;
    const hook = entry.wired_by.slice('git-hook:'.length);
    if (!/^[a-z-]+$/.test(hook)) continue;
    const invocation: Invocation = { path: entry.path, args: Array.isArray(entry.args) ? entry.args.map(String) : [] };
    const list = byHook.get(hook);
    if (list) list.push(invocation);
    else byHook.set(hook, [invocation]);
  }
  for (const [hook, invocations] of byHook) {
    const abs = join(git.hooksDir, hook);
    const shown = displayPath(git.root, abs);
    const existing = readOr(abs);
    if (existing === undefined) {
      plan.push({ kind: 'file', path: shown, abs, content: newHook(hook, invocations), mode: 0o755 });
      continue;
    }
    const missing = invocations.filter((invocation) => findInvocation(existing, invocation).line === undefined);
    if (missing.length === 0) continue;
    const refusal = existing.includes(BLOCK_BEGIN) ? undefined : appendRefusal(existing);
    if (refusal) {
      throw new RefusedError(
        `the ${hook} hook ${shown} was not written by majordomus and ${refusal}; nothing was written. Add this line to it where it always runs, then run init --extend again: ${missing.map(commandLine).join('; ')}`,
      );
    }
    if ((statSync(abs).mode & 0o111) === 0) {
      throw new RefusedError(`the ${hook} hook ${shown} exists but is not executable; make it executable (chmod +x ${shown}) or remove it, then run init --extend again`);
    }
    const prefix = existing.endsWith('\n') ? '' : '\n';
    plan.push({ kind: 'append', path: shown, abs, content: `${prefix}${missing.map((invocation) => hookBlock(hook, invocation)).join('')}` });
  }
}

/** A path as printed: repository-relative when inside the repository, absolute otherwise. */
function displayPath(root: string, abs: string): string {
  const rel = relative(root, abs);
  return rel.startsWith('..') ? abs : rel;
}

function walk(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) out.push(...walk(join(dir, entry.name), rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

function nonEmptyDir(path: string): boolean {
  try {
    return readdirSync(path).length > 0;
  } catch {
    return false;
  }
}

function readOr(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
