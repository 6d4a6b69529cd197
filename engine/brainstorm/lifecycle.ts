/**
 * The brainstorm session's life outside the detector: bootstrapping a folder that passes the session
 * gate, the contract's one datetime shape, and the harvest — the move gate, then the move itself.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { RefusedError, UsageError } from '../errors';
import { checkSession } from './check';
import type { DetectorReport } from './check';
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

/** Write a new session folder `<parent>/<topic>-brainstorm/`; the paths written, relative to `base`. */
export function bootstrap(topic: string, parent: string, base: string): string[] {
  if (!TOPIC.test(topic)) throw new UsageError(`the topic ${JSON.stringify(topic)} is not a slug (lower-case letters, digits and -)`);
  const folder = resolve(parent, `${topic}-brainstorm`);
  if (existsSync(folder)) throw new RefusedError(`${relative(base, folder) || folder} exists; a session folder is never overwritten`);
  const written: string[] = [];
  for (const [file, text] of Object.entries(bootstrapFiles(topic))) {
    const path = join(folder, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text, { flag: 'wx' });
    written.push(relative(base, path));
  }
  return written;
}

/** What a harvest did: the report of the move gate, and the new folder when it moved. */
export interface HarvestResult {
  readonly report: DetectorReport;
  readonly moved?: string;
}

/**
 * Run the move gate; only when it is clean, move the folder to `docs/history/brainstorms/{topic}/` under
 * the repository root, without `ops/`, and set `Status: harvested`. Otherwise nothing changes.
 */
export async function harvest(folder: string): Promise<HarvestResult> {
  const source = resolve(folder);
  const name = basename(source);
  if (!name.endsWith('-brainstorm')) throw new UsageError(`${folder} is not a session folder: its name ends in -brainstorm`);
  const report = await checkSession(folder, 'move', false);
  if (report.exitCode !== 0) return { report };
  const root = loadSession(source).repositoryRoot();
  const target = join(root, 'docs/history/brainstorms', name.slice(0, -'-brainstorm'.length));
  if (existsSync(target)) throw new RefusedError(`${relative(root, target)} exists; a harvested session is never overwritten`);
  mkdirSync(dirname(target), { recursive: true });
  cpSync(source, target, { recursive: true, filter: (path) => path !== join(source, 'ops') });
  const state = join(target, 'state.md');
  writeFileSync(state, readFileSync(state, 'utf8').replace(/^- Status: \S+$/m, '- Status: harvested'));
  rmSync(source, { recursive: true, force: true });
  return { report, moved: target };
}
