import { defineValidator } from '../engine/api/validator';
import { JsonTextError, jsonDocument } from '../engine/capture/json-text';
import { LINKED, promptArchive, redact, STEM } from '../engine/capture/prompt-record';

/**
 * What keeps a prompt record meaningful and private after the episode it belongs to has closed: it says
 * how it names its episode (`episode_link`), names one exactly when that link is evidence of one, carries
 * the repository and checkout it was captured in, holds no credential the writer knows the shape of, and
 * is readable by its owner alone (the folder 0700, every file 0600).
 */
export default defineValidator({
  name: 'prompt_continuity',
  description:
    'Each prompt record says how it names its episode (episode_link), names one exactly when linked, carries its repository and worktree ids and no credential shape; the archive is 0700 and its files 0600.',
  gates: ['doctor', 'watch'],
  run(context) {
    const archive = promptArchive(context.layer.localDir);
    if (context.disk.kind(archive) !== 'dir') {
      context.skip({ subject: archive, message: 'no prompt archive here: nothing has been captured' });
      return;
    }
    let bad = 0;
    const fail = (file: string, message: string, line?: number): void => {
      bad++;
      context.violation({ subject: file, file, ...(line === undefined ? {} : { line }), message });
    };
    const folderMode = context.disk.mode(archive);
    if (folderMode !== undefined && (folderMode & 0o077) !== 0)
      fail(archive, `the archive folder is mode ${folderMode.toString(8)}, readable by others than its owner (run: chmod 700 ${archive})`);
    let records = 0;
    for (const entry of context.disk.list(archive)) {
      if (entry.directory || entry.name.startsWith('.')) continue;
      const path = `${archive}/${entry.name}`;
      const mode = context.disk.mode(path);
      if (mode !== undefined && (mode & 0o077) !== 0)
        fail(path, `mode ${mode.toString(8)}: a prompt is readable by its owner alone (run: chmod 600 ${path})`);
      // the shape of the archive is prompt_capture's; this rule reads the records it can
      if (!entry.name.endsWith('.json') || !STEM.test(entry.name.slice(0, -5))) continue;
      let doc: ReturnType<typeof jsonDocument>;
      try {
        doc = jsonDocument(context.disk.read(path));
      } catch (error) {
        if (error instanceof JsonTextError) continue;
        throw error;
      }
      const record = doc.value as Record<string, unknown> | null;
      if (record === null || typeof record !== 'object' || Array.isArray(record)) continue;
      records++;
      const link = record.episode_link;
      if (link === undefined)
        fail(
          path,
          'the record carries no episode_link: it can no longer be told from one whose episode was lost (capture writes one on every record)',
        );
      else if ((LINKED as readonly unknown[]).includes(link) && typeof record.episode !== 'string')
        fail(
          path,
          `episode_link is ${JSON.stringify(link)}, which is evidence of an episode, but the record names none`,
          doc.lines.get('episode_link'),
        );
      else if (!(LINKED as readonly unknown[]).includes(link) && record.episode !== undefined)
        fail(
          path,
          `episode_link is ${JSON.stringify(link)}, which names no episode, yet the record names ${JSON.stringify(record.episode)}`,
          doc.lines.get('episode'),
        );
      for (const key of ['repository_id', 'worktree_id'] as const)
        if (typeof record[key] !== 'string' || record[key] === '')
          fail(path, `the record carries no ${key}: it cannot say where it was captured`);
      if (typeof record.prompt === 'string') {
        const found = redact(record.prompt).redactions;
        if (found.length > 0)
          fail(
            path,
            `the prompt holds what has the shape of ${found.map((one) => `a ${one.kind}`).join(', ')}: capture replaces these before writing (remove the record and its rendering, and treat the credential as exposed)`,
            doc.lines.get('prompt'),
          );
      }
    }
    if (bad === 0)
      context.ok({
        subject: archive,
        message: `${records} prompt record(s), each linked to its episode or saying why not; the archive private to its owner`,
      });
  },
});
