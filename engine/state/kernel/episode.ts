import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../errors';
import type { OpenSession } from '../../generated/types';
import { containedFolder } from '../../io/write/contained';
import { errnoCode } from '../../io/write/errors';
import { swapPointer } from '../../io/write/pointer';
import { publishExclusive, unpublish } from '../../io/write/publish';
import type { Repository } from '../../layer/repository';
import { checkSchema, inSchemaOrder } from '../../layer/schema-check';
import type { YamlDocument } from '../../layer/yaml';
import { parseYaml } from '../../layer/yaml';
import { writeYaml } from '../../layer/yaml-write';

/** The key of an episode nobody named. */
export const HAND_KEY = 'hand';

/** The open record of one episode, as written by `session start` (share/schemas/session.v1.schema.json). */
export type { OpenSession } from '../../generated/types';

/** Where the open records of a checkout are, repository-relative. */
export function openDir(localDir: string): string {
  return `${localDir}/state/sessions-open`;
}

/** The pointer to this checkout's episode, repository-relative. */
export function pointerPath(localDir: string): string {
  return `${localDir}/state/session-current.yaml`;
}

/** The session context of an episode, repository-relative. */
export function contextPath(localDir: string, session: Pick<OpenSession, 'session_id' | 'started_at'>): string {
  return `${localDir}/session-contexts/${session.started_at.replace(/[-:]/g, '')}--${session.session_id}.md`;
}

/** A provider session key as a file name: refused (2) when it is not one. */
export function checkKey(key: string, command: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(key)) {
    throw new UsageError(
      `${command}: the provider session ${JSON.stringify(key)} is not a usable key (letters, digits, ., _ and -, at most 128)`,
    );
  }
  return key;
}

/**
 * The key a provider's own session id is filed under: the id itself, unless it spells the manual key
 * (`hand`) or a key this rule made of it (`hand-p`, `hand-p-p`, …), which gets `-p` appended. No string a
 * provider sends can then be filed under the manual episode's key, and no two ids share one key.
 * Refused (2) when the result is not a usable key.
 */
export function providerKey(id: string, command: string): string {
  return checkKey(/^hand(?:-p)*$/.test(id) ? `${id}-p` : id, command);
}

/** The text of an open record, keys in the schema's order: every value a quoted string, as a person's text is. */
export function openText(session: OpenSession): string {
  return writeYaml(inSchemaOrder('session', session), { strings: 'quoted' });
}

/** What reading an open record found. */
export type OpenRead =
  | { readonly status: 'absent' }
  | { readonly status: 'present'; readonly session: OpenSession; readonly key: string; readonly file: string }
  | { readonly status: 'unreadable'; readonly file: string; readonly reason: string };

/** Read the open record filed under `key`. */
export function readOpen(root: string, localDir: string, key: string): OpenRead {
  const file = `${openDir(localDir)}/${key}.yaml`;
  let text: string;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return { status: 'absent' };
    return { status: 'unreadable', file, reason: errnoCode(error) ?? 'unreadable' };
  }
  let doc: YamlDocument;
  try {
    doc = parseYaml(text, file);
  } catch {
    return { status: 'unreadable', file, reason: 'not YAML' };
  }
  // the id and the time name files (the context, the record): the schema holds them to their shapes, so a
  // hand-edited value cannot lead elsewhere
  const [problem] = checkSchema('session', doc);
  if (problem) return { status: 'unreadable', file, reason: problem.message };
  return { status: 'present', session: doc.value as OpenSession, key, file };
}

/** The key the pointer aims at, or undefined when there is no usable pointer. */
export function pointedKey(root: string, localDir: string): string | undefined {
  try {
    const target = readlinkSync(join(root, pointerPath(localDir)));
    const match = /^sessions-open\/([A-Za-z0-9][A-Za-z0-9._-]*)\.yaml$/.exec(target);
    return match?.[1];
  } catch {
    return undefined;
  }
}

/**
 * The episode this process belongs to: the provider session named on the command line, else the one
 * this process runs inside (MAJORDOMUS_PROVIDER_SESSION as a key, CLAUDE_CODE_SESSION_ID as the provider's
 * id, filed by `providerKey`) when an episode of that key is open here, else the pointer. An episode another checkout opened is never this one's.
 */
export function episodeHere(
  root: string,
  localDir: string,
  named: string | undefined,
  env: NodeJS.ProcessEnv,
): OpenRead & { key?: string } {
  const candidates: string[] = [];
  if (named !== undefined) candidates.push(named);
  else {
    const fromProvider = env.CLAUDE_CODE_SESSION_ID && /^[A-Za-z0-9][A-Za-z0-9._-]{0,125}$/.test(env.CLAUDE_CODE_SESSION_ID);
    for (const value of [env.MAJORDOMUS_PROVIDER_SESSION, fromProvider ? providerKey(env.CLAUDE_CODE_SESSION_ID!, 'session') : undefined]) {
      if (value && /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(value)) candidates.push(value);
    }
    const pointed = pointedKey(root, localDir);
    if (pointed !== undefined) candidates.push(pointed);
  }
  for (const key of candidates) {
    const found = readOpen(root, localDir, key);
    if (found.status === 'absent') continue;
    if (found.status === 'present' && found.session.worktree !== root) continue;
    return found;
  }
  return { status: 'absent' };
}

/** The session id the ledger stamps on a line written now in `repository`, or undefined outside an episode. */
export function stampOf(repository: Repository, env: NodeJS.ProcessEnv): string | undefined {
  try {
    const found = episodeHere(repository.root, repository.layout.localDir, undefined, env);
    return found.status === 'present' ? found.session.session_id : undefined;
  } catch {
    // a broken store never stops a command that only appends its own line
    return undefined;
  }
}

/**
 * File the open record under `key`, exclusively (engine/io/write/publish.ts: a temporary file, 0600,
 * hard-linked to the final name). Returns false when the name is taken (another start won); nothing is
 * then left behind.
 */
export function createOpen(root: string, localDir: string, key: string, session: OpenSession): boolean {
  // the state folder is made, and checked to stay inside the repository, as the ledger's is
  containedFolder({ root }, `${localDir}/state`, 'session start', true);
  return publishExclusive({
    command: 'session start',
    root,
    dir: join(root, openDir(localDir)),
    name: `${key}.yaml`,
    content: openText(session),
  });
}

/** Aim the pointer at `key` (a relative link, swapped so a reader never finds none), or remove it. */
export function aimPointer(root: string, localDir: string, key: string | undefined): void {
  swapPointer(join(root, pointerPath(localDir)), key === undefined ? undefined : `sessions-open/${key}.yaml`);
}

/** Remove the open record of `key`: its episode is closed, or never began. */
export function removeOpen(root: string, localDir: string, key: string): void {
  unpublish(join(root, openDir(localDir), `${key}.yaml`));
}

/** The keys of every episode open here. */
export function openKeys(root: string, localDir: string): string[] {
  try {
    return readdirNames(join(root, openDir(localDir)))
      .filter((name) => /^[A-Za-z0-9][A-Za-z0-9._-]*\.yaml$/.test(name))
      .map((name) => name.slice(0, -5))
      .sort();
  } catch {
    return [];
  }
}

function readdirNames(dir: string): string[] {
  return readdirSync(dir);
}
