import { checkSchema } from '../engine/api/toolkit/index';
import { defineValidator } from '../engine/api/validator';
import { JsonTextError, jsonDocument } from '../engine/capture/json-text';
import type { PromptRecord } from '../engine/capture/prompt-record';
import { MODEL_HALF_KEY, PROMPT_SCHEMA, PROMPT_SCHEMA_FILE, promptArchive, renderPrompt, STEM } from '../engine/capture/prompt-record';

/**
 * The prompt archive as `capture prompt` keeps it (engine/capture/prompt.ts): never tracked and inside
 * git's ignore boundary, every prompt a JSON record and its Markdown rendering under one stem, each
 * record of the closed field set of the schema it names, nothing naming the model's half, `meta.parent`
 * a name in the same archive, and each rendering what its record renders to.
 */
export default defineValidator({
  name: 'prompt_capture',
  description:
    "The prompt archive is ignored and untracked, and holds pairs: each JSON record of majordomus.prompt/v1 (share/schemas/prompt.v1.schema.json, nothing naming the model's half, meta.parent a name) beside the rendering it renders to.",
  gates: ['doctor', 'watch'],
  run(context) {
    const archive = promptArchive(context.layer.localDir);
    let bad = 0;
    const fail = (file: string, message: string, line?: number): void => {
      bad++;
      context.violation({ subject: file, file, ...(line === undefined ? {} : { line }), message });
    };
    for (const file of context.git.tracked(archive))
      fail(
        file,
        `git tracks ${file}: the prompt archive is never committed, since a prompt carries what a person typed (run: git rm --cached -- ${file})`,
      );
    const present = context.disk.kind(archive) === 'dir';
    if (!present && bad === 0) {
      context.skip({ subject: archive, message: 'no prompt archive here: nothing has been captured' });
      return;
    }
    if (!context.git.isIgnored(`${archive}/x.json`))
      fail(
        archive,
        `git does not ignore ${archive}/: one \`git add\` would commit every prompt (add ${context.layer.localDir}/ to .gitignore)`,
      );
    const entries = present ? context.disk.list(archive).filter((entry) => !entry.directory && !entry.name.startsWith('.')) : [];
    const names = new Set(entries.map((entry) => entry.name));
    const schemaShipped = context.distribution.kind(PROMPT_SCHEMA_FILE) === 'file';
    let pairs = 0;
    for (const name of [...names].sort()) {
      const path = `${archive}/${name}`;
      const stem = name.replace(/\.(json|md)$/, '');
      if (!STEM.test(stem) || stem === name) {
        fail(path, `${name} is not a file of the archive (<utc>--<16 hex>.json or .md): move it out of ${archive}/`);
        continue;
      }
      if (name.endsWith('.md')) {
        if (!names.has(`${stem}.json`))
          fail(
            path,
            `a rendering without its record: nothing can rebuild what the provider sent from it, so it cannot be repaired (remove it)`,
          );
        continue;
      }
      const text = context.disk.read(path);
      let doc: ReturnType<typeof jsonDocument>;
      try {
        doc = jsonDocument(text);
      } catch (error) {
        if (!(error instanceof JsonTextError)) throw error;
        fail(path, `the record is not JSON: line ${error.line}: ${error.message} (it is left as it is; move it out of the archive)`);
        continue;
      }
      const value = doc.value as Record<string, unknown>;
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        fail(path, 'the record is not a JSON object (move it out of the archive)');
        continue;
      }
      if (!text.startsWith(`{\n  "schema": "`))
        fail(
          path,
          'the record does not open with its schema on the second line, as capture writes it (one member per line, schema first)',
          1,
        );
      if (value.schema !== PROMPT_SCHEMA || !schemaShipped) {
        fail(
          path,
          `the record names the schema ${JSON.stringify(value.schema)}, which resolves to no schema this version ships (${PROMPT_SCHEMA} is ${PROMPT_SCHEMA_FILE})`,
          doc.lines.get('schema'),
        );
        continue;
      }
      let sound = true;
      for (const problem of checkSchema('prompt', doc)) {
        sound = false;
        const line = problem.keyword === 'required' ? undefined : problem.line;
        const unknown = problem.keyword === 'additionalProperties';
        fail(
          path,
          unknown && MODEL_HALF_KEY.test(problem.key.split('.').at(-1) ?? '')
            ? `the field \`${problem.key}\` names the model's half of the exchange: the archive keeps the person's half and nothing more (remove it)`
            : unknown
              ? `unknown field \`${problem.key}\`: ${PROMPT_SCHEMA} has a closed field set (remove it)`
              : `${problem.message} (${PROMPT_SCHEMA}; an optional field the capture could not know is absent, never null)`,
          line,
        );
      }
      if (!sound) continue;
      const record = value as unknown as PromptRecord;
      if (record.id !== stem)
        fail(path, `the record's id is ${JSON.stringify(record.id)}, not its file's stem ${stem}`, doc.lines.get('id'));
      const parent = record.meta?.parent;
      if (parent !== undefined && !names.has(parent))
        fail(
          path,
          `meta.parent names ${parent}, which is not a record of this archive (a parent is a name in the same archive)`,
          doc.lines.get('meta.parent'),
        );
      const rendering = `${archive}/${stem}.md`;
      if (!names.has(`${stem}.md`)) {
        fail(
          path,
          `the record has no rendering ${stem}.md beside it (capture writes the two together; restore it, or move the record out of the archive)`,
        );
        continue;
      }
      if (context.disk.read(rendering) !== renderPrompt(record)) {
        fail(
          rendering,
          `the rendering is not what its record renders to: a rendering is written from its record and never edited (restore it, or remove both)`,
        );
        continue;
      }
      pairs++;
    }
    if (bad === 0)
      context.ok({ subject: archive, message: `${pairs} prompt(s), each a record and its rendering; the archive ignored and untracked` });
  },
});
