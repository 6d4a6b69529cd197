import type { YamlDocument } from '../engine/api/toolkit/index';
import { checkSchema } from '../engine/api/toolkit/index';
import { defineValidator } from '../engine/api/validator';
import { parseFrontMatter } from '../engine/layer/front-matter';

/**
 * A key naming what a conversation is made of — a message list, a completion, a model's reply. A session
 * context is the builder's output and the worker's account of the work, never a transcript, and this is
 * how that stays true mechanically rather than by habit.
 */
const TRANSCRIPT_KEY =
  /^(?:messages?|message_list|conversation|transcript|chat|chat_history|history_messages|completions?|choices|responses?|model_(?:reply|response|output)|repl(?:y|ies)|assistant(?:_\w+)?|prompt_response)$/i;

export default defineValidator({
  name: 'session_lifecycle',
  description:
    "Open-session state stays in the checkout's own half, untracked, and every session context's front matter is session-context/v1 (share/schemas/session-context.v1.schema.json): no key names a message list, a completion or a model's reply.",
  gates: ['doctor', 'watch'],
  run(context) {
    const local = context.layer.localDir;
    const state = [`${local}/state/sessions-open`, `${local}/state/session-current.yaml`, `${local}/session-contexts`];
    let tracked = 0;
    for (const path of state) {
      for (const file of context.git.tracked(path)) {
        tracked++;
        context.violation({
          subject: file,
          file,
          message: `git tracks ${file}, open-session state of one checkout: every clone would inherit an episode it never opened (run: git rm --cached -- ${file})`,
        });
      }
    }
    const dir = `${local}/session-contexts`;
    let judged = 0;
    let bad = 0;
    if (context.disk.kind(dir) === 'dir') {
      for (const entry of context.disk.list(dir)) {
        if (entry.directory || !entry.name.endsWith('.md')) continue;
        const path = `${dir}/${entry.name}`;
        judged++;
        let front: YamlDocument;
        try {
          front = parseFrontMatter(context.disk.read(path), path).data;
        } catch (error) {
          bad++;
          context.violation({
            subject: path,
            file: path,
            message: `the session context cannot be read: ${error instanceof Error ? error.message : String(error)}`,
          });
          continue;
        }
        // the contract is share/schemas/session-context.v1.schema.json; a key it does not declare that
        // names a conversation is said to be one, since that is the promise the rule keeps
        for (const problem of checkSchema('session-context', front)) {
          bad++;
          const line = problem.keyword === 'required' ? undefined : problem.line;
          const unknown = problem.keyword === 'additionalProperties';
          const message =
            unknown && TRANSCRIPT_KEY.test(problem.key)
              ? `the key \`${problem.key}\` names a conversation (a message list, a completion, a model's reply): a session context is never a transcript (remove it)`
              : unknown
                ? `unknown key \`${problem.key}\`: session-context/v1 does not declare it (remove it)`
                : `${problem.message} (session-context/v1)`;
          context.violation({ subject: path, file: path, ...(line === undefined ? {} : { line }), message });
        }
      }
    }
    if (tracked === 0 && bad === 0)
      context.ok({ subject: dir, message: `open-session state untracked; ${judged} session context(s), none carrying a transcript key` });
  },
});
