/**
 * context_affected (rule majordomus.context-impact, advisory, at check): the context documents whose
 * `tracks` the active task's changes touch, each reported so the worker rereads it — a document that
 * describes code may be left behind by a change to it. Only a reader can tell, so it is a warning,
 * never the exit code.
 */
import { defineValidator } from '../engine/api/validator';
import { affectedDocuments } from '../engine/context/affected';
import { validatorSource } from '../engine/context/source';
import { readContextTree } from '../engine/context/validate';
import { taskModel } from '../engine/state/tasks/current';

export default defineValidator({
  name: 'context_affected',
  description: "The context documents whose tracks the active task's changes touch are named, to be reread.",
  gates: ['check'],
  async run(context) {
    const tree = readContextTree(validatorSource(context));
    const subject = context.layer.manifestFile;
    if (tree.allProblems.length > 0) {
      context.skip({ subject, message: 'the context documents do not validate (majordomus.context-integrity names why)' });
      return;
    }
    const { task, changes } = context.model(taskModel);
    const changeSet = task ? changes() : undefined;
    if (!task || !changeSet || changeSet.error !== undefined) {
      context.skip({
        subject,
        message: task ? `the task's changes cannot be listed (${changeSet?.error ?? 'no change set'})` : 'no task: no change set to judge',
      });
      return;
    }
    const changed = changeSet.files;
    const affected = await affectedDocuments(tree.docs, changed);
    for (const { doc, files } of affected) {
      context.violation({
        subject: doc.file,
        file: doc.file,
        line: doc.lines.get('tracks'),
        message: `${doc.id} tracks ${files.length === 1 ? files[0] : `${files.length} changed files (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''})`}: reread it and bring it up to date if the change moved what it says`,
        reproduce: 'majordomus context affected',
      });
    }
    if (affected.length === 0) context.ok({ subject, message: `${changed.length} changed file(s) touch no context document's tracks` });
  },
});
