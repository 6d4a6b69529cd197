/**
 * The brainstorm session's life outside the detector: bootstrapping a folder that passes the session
 * gate, the contract's one datetime shape, and the harvest — the move gate, then the move itself.
 */
import { lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { RefusedError, UsageError } from '../errors';
import { revParsePaths } from '../io/git';
import { lockFile, withWriteLock } from '../io/write/lock';
import { WritePlan } from '../io/write/plan';
import type { DetectorReport } from './check';
import { checkSession } from './check';
import { loadSession } from './session';

const TOPIC = /^[a-z0-9][a-z0-9-]*$/;

/** The current UTC datetime in the contract's one shape, `YYYY-MM-DDTHH:MMZ`. */
export function stamp(now: Date = new Date()): string {
  return `${now.toISOString().slice(0, 16)}Z`;
}

/** The files of a fresh session folder, by path relative to it. */
export function bootstrapFiles(topic: string, now: Date = new Date()): Record<string, string> {
  const date = now.toISOString().slice(0, 10);
  return {
    'state.md': `# State\n\n- Status: open\n- Posture: just bootstrapped; the first turn maps the aspects of ${topic}\n- Started: ${date}\n- Sitting: single\n- Last compose: never\n\n## Aspect map\n\n- ${topic} — the question this session explores → none yet\n`,
    'thesis.md': `# ${topic}\n\nCurrent as of: never\n\n## Claim\n\nNone yet.\n\n## Argument\n\nNone yet.\n\n## What changed\n\nNothing yet.\n`,
    'forks.md': '# Forks\n',
    'ledger.md': '# Ledger\n',
    'ops/.gitignore': '*\n',
    'ops/capture.md': '# Capture\n',
    'ops/sync-log.md': '',
  };
}

/**
 * Write a new session folder `<parent>/<topic>-brainstorm/`, whole or not at all; the paths written,
 * relative to `base`. Inside a git repository the folder must stay inside it (a `docs/research` that is
 * a link out of the repository is refused) and the repository's write lock is held.
 */
export async function bootstrap(topic: string, parent: string, base: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  if (!TOPIC.test(topic)) throw new UsageError(`the topic ${JSON.stringify(topic)} is not a slug (lower-case letters, digits and -)`);
  const folder = resolve(parent, `${topic}-brainstorm`);
  if (present(folder)) throw new RefusedError(`${relative(base, folder) || folder} exists; a session folder is never overwritten`);
  // the repository of the working directory: asked where the folder goes, git would follow a link out of it
  const repository = repositoryOf(base, env);
  const inside = repository !== undefined && isWithin(resolve(parent), repository.root);
  const scope = inside ? { dir: repository.root, name: 'the repository' } : { dir: resolve(parent), name: `the folder ${parent}` };
  const plan = new WritePlan({ command: 'brainstorm new', base, scopes: [scope] });
  const paths: string[] = [];
  for (const [file, text] of Object.entries(bootstrapFiles(topic))) {
    const path = join(folder, file);
    plan.create(path, text);
    paths.push(relative(base, path));
  }
  if (inside) await withWriteLock(lockFile(repository.commonDir), 'brainstorm new', () => plan.commit());
  else plan.commit();
  return paths;
}

/** What a harvest did: the report of the move gate, and the new folder when it moved. */
export interface HarvestResult {
  readonly report: DetectorReport;
  readonly moved?: string;
}

/**
 * Run the move gate; only when it is clean, move the folder to `docs/history/brainstorms/{topic}/` under
 * the repository root, without `ops/`, and set `Status: harvested`. Otherwise nothing changes. The move
 * is one write plan: every file copied, then the folder removed, or — on any refusal or failure — the
 * folder left where it was and nothing written.
 */
export async function harvest(folder: string, cwd: string, env: NodeJS.ProcessEnv): Promise<HarvestResult> {
  const source = resolve(folder);
  const name = basename(source);
  if (!name.endsWith('-brainstorm')) throw new UsageError(`${folder} is not a session folder: its name ends in -brainstorm`);
  const report = await checkSession(folder, 'move', 'text', cwd, env);
  if (report.exitCode !== 0) return { report };
  const root = loadSession(source, env).repositoryRoot();
  const target = join(root, 'docs/history/brainstorms', name.slice(0, -'-brainstorm'.length));
  if (present(target)) throw new RefusedError(`${relative(root, target)} exists; a harvested session is never overwritten`);
  const plan = new WritePlan({
    command: 'brainstorm harvest',
    base: root,
    scopes: [
      { dir: root, name: 'the repository' },
      { dir: realOrSelf(source), name: 'the session folder' },
    ],
  });
  const entries = walkFolder(source);
  for (const entry of entries) {
    if (entry.relative === 'ops' || entry.relative.startsWith('ops/')) continue;
    if (entry.kind === 'other') {
      throw new RefusedError(
        `${relative(root, join(source, entry.relative))} is not a regular file or a folder (a link, a FIFO, …); harvest moves only files and folders, and nothing was moved (replace it with a file, or remove it)`,
      );
    }
    if (entry.kind === 'dir') plan.mkdir(join(target, entry.relative));
    else {
      const from = join(source, entry.relative);
      const text = readFileSync(from);
      const mode = lstatSync(from).mode & 0o777;
      plan.create(join(target, entry.relative), entry.relative === 'state.md' ? harvested(text.toString('utf8')) : text, { mode });
    }
  }
  // then the folder goes: its files, then its folders, deepest first
  for (const entry of entries.filter((item) => item.kind !== 'dir')) plan.remove(join(source, entry.relative));
  for (const entry of entries.filter((item) => item.kind === 'dir').reverse()) plan.remove(join(source, entry.relative));
  plan.remove(source);
  const repository = repositoryOf(root, env);
  if (repository) await withWriteLock(lockFile(repository.commonDir), 'brainstorm harvest', () => plan.commit());
  else plan.commit();
  return { report, moved: target };
}

function harvested(state: string): string {
  return state.replace(/^- Status: \S+$/m, '- Status: harvested');
}

/** Every entry under `dir`, parents before children, relative to it; links and devices are `other`. */
function walkFolder(dir: string, prefix = ''): { relative: string; kind: 'file' | 'dir' | 'other' }[] {
  const out: { relative: string; kind: 'file' | 'dir' | 'other' }[] = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) {
      out.push({ relative: rel, kind: 'dir' }, ...walkFolder(dir, rel));
    } else out.push({ relative: rel, kind: entry.isFile() ? 'file' : 'other' });
  }
  return out;
}

/** The git repository holding `dir` (or its nearest existing ancestor): its top level and common directory. */
function repositoryOf(dir: string, env: NodeJS.ProcessEnv): { root: string; commonDir: string } | undefined {
  let at = resolve(dir);
  while (!present(at) && dirname(at) !== at) at = dirname(at);
  const [root, common] = revParsePaths(['--show-toplevel', '--git-common-dir'], at, env) ?? [];
  if (!root || !common) return undefined;
  return { root, commonDir: resolve(at, common) };
}

function isWithin(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

function present(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
