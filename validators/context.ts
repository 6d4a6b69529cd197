/**
 * context (rule majordomus.context-integrity): the context documents the manifest's `context.documents`
 * names carry the `context/v1` contract and compose into one tree — unique ids, `supersedes` naming
 * ancestors that are not final, no supersession cycle, a document in every folder that owes one. Each
 * problem is a violation naming its class (`duplicate-id:`, `cycle:`, …), the same problems
 * `majordomus context validate` prints.
 */
import { defineValidator } from '../engine/api/validator';
import { validatorSource } from '../engine/context/source';
import { readContextTree } from '../engine/context/validate';

export default defineValidator({
  name: 'context',
  description: 'The context documents carry the context/v1 contract and compose into one tree that resolves every path.',
  gates: ['doctor', 'watch'],
  run(context) {
    const tree = readContextTree(validatorSource(context));
    for (const problem of tree.allProblems) {
      context.violation({
        subject: problem.subject,
        file: problem.file,
        line: problem.line,
        message: `${problem.class}: ${problem.message}`,
        reproduce: 'majordomus context validate',
      });
    }
    const subject = context.layer.manifestFile;
    if (tree.names.length === 0) context.ok({ subject, message: 'the manifest names no context documents (context.documents)' });
    else if (tree.allProblems.length === 0)
      context.ok({ subject, message: `${tree.docs.length} context document(s) (${tree.names.join(', ')}); the tree validates` });
  },
});
