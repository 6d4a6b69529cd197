/**
 * `capture prompt`: what the provider's prompt hook (UserPromptSubmit) runs. The person's prompt, as the
 * provider delivered it before the model saw it, is kept in the checkout's prompt archive as a JSON record
 * and its Markdown rendering under one stem (engine/capture/prompt-record.ts), written together or not at
 * all, the folder 0700 and both files 0600. Credential shapes the writer knows are replaced before the
 * bytes are anywhere but memory.
 *
 * The record names its episode only by observation: the episode open under the payload's provider
 * session, looked for as the session hooks look for it (engine/capture/session.ts), is `open`; no
 * session named, or none open for it, is `orphan` — never the episode whatever opened one last here.
 *
 * The archive is never tracked: a checkout whose archive folder git would not ignore gets nothing
 * written, and says why. `capture.prompts: false` in the policy keeps nothing (`off`). A probe walks the
 * same path and writes nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { RefusedError } from '../errors';
import { containedFolder } from '../io/write/contained';
import { WritePlan } from '../io/write/plan';
import { policyValue } from '../layer/policy';
import type { Repository } from '../layer/repository';
import { utcSeconds } from '../state/kernel/clock';
import { checkKey, providerKey } from '../state/kernel/episode';
import { repositoryId, worktreeId } from '../state/sessions/checkout';
import type { PromptRecord } from './prompt-record';
import { PROMPT_SCHEMA, promptArchive, promptFiles, promptStem, recordText, redact, renderPrompt } from './prompt-record';
import type { PromptCall } from './providers/types';
import type { CaptureSite } from './session';
import { locate, openSite } from './session';

/** What one prompt hook run did. */
export interface PromptOutcome {
  readonly action: 'captured' | 'probe' | 'off';
  readonly record: string;
  readonly rendering: string;
  readonly episode_link: PromptRecord['episode_link'];
  readonly episode?: string;
  readonly redactions?: PromptRecord['redactions'];
}

/** Lone surrogates cannot be written as UTF-8: each becomes U+FFFD, in the record and its rendering alike. */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** Keep one prompt; errors are thrown as values for the caller, which never lets them block the prompt. */
export function capturePrompt(
  site: CaptureSite,
  provider: string,
  call: PromptCall,
  options: { probe?: boolean } = {},
  now = new Date(),
): PromptOutcome {
  const key =
    call.id !== undefined
      ? providerKey(call.id, 'capture prompt')
      : call.key !== undefined
        ? checkKey(call.key, 'capture prompt')
        : undefined;
  const repositories = openSite(site);
  const located = key === undefined ? undefined : locate(repositories, key);
  const repository: Repository = located?.repository ?? repositories[0]!;
  const archive = promptArchive(repository.layout.localDir);
  if (policyValue(repository, 'capture.prompts') === false)
    return { action: options.probe === true ? 'probe' : 'off', record: '', rendering: '', episode_link: located ? 'open' : 'orphan' };
  // the archive is the most private thing written here: where git would not ignore it, nothing is
  if (!repository.git.isIgnored(`${archive}/probe.json`))
    throw new RefusedError(
      `capture prompt: ${archive}/ is not ignored by git in ${repository.root}, and the prompt archive is never committed; nothing was written (ignore it: add ${repository.layout.localDir}/ to .gitignore)`,
    );
  const captured = utcSeconds(now);
  const stem = promptStem(captured, randomBytes(8).toString('hex'));
  const { text, redactions } = redact(wellFormed(call.prompt));
  const head = repository.git.head();
  const branch = repository.git.branch();
  const record: PromptRecord = {
    schema: PROMPT_SCHEMA,
    id: stem,
    captured_at: captured,
    provider,
    ...(call.id !== undefined ? { provider_session: call.id } : call.key !== undefined ? { provider_session: call.key } : {}),
    episode_link: located ? 'open' : 'orphan',
    ...(located ? { episode: located.session.session_id } : {}),
    repository_id: repositoryId(repository),
    worktree_id: worktreeId(repository),
    ...(branch !== undefined ? { branch } : {}),
    ...(head !== undefined ? { head } : {}),
    ...(call.mode !== undefined ? { permission_mode: call.mode } : {}),
    ...(redactions.length > 0 ? { redactions } : {}),
    prompt_bytes: Buffer.byteLength(text, 'utf8'),
    prompt_sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
    prompt: text,
  };
  const files = promptFiles(archive, stem);
  const outcome = {
    record: files.record,
    rendering: files.rendering,
    episode_link: record.episode_link,
    ...(record.episode !== undefined ? { episode: record.episode } : {}),
    ...(record.redactions !== undefined ? { redactions: record.redactions } : {}),
  };
  if (options.probe === true) return { action: 'probe', ...outcome };
  // made 0700 when missing, each folder on the way checked to stay inside the repository
  containedFolder({ root: repository.root }, archive, 'capture prompt', true);
  const plan = new WritePlan({ command: 'capture prompt', base: repository.root });
  plan.create(files.record, recordText(record), { mode: 0o600 });
  plan.create(files.rendering, renderPrompt(record), { mode: 0o600 });
  plan.commit();
  return { action: 'captured', ...outcome };
}
