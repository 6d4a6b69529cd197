import { eachMatch, readDocument } from '../engine/api/toolkit/index';
import { defineValidator } from '../engine/api/validator';
import { globOf, judgeSources, sourcesPath } from '../engine/state/knowledge/sources';

export default defineValidator({
  name: 'knowledge_integrity',
  description:
    'The knowledge sources file declares its classes well: only known keys, every pathspec with :(glob) and inside the repository, each class id once, no tracked file claimed by two classes, and every required class discovering at least one tracked file.',
  gates: ['doctor', 'watch'],
  async run(context) {
    const file = sourcesPath(context.layer);
    if (file === undefined) {
      context.info({
        subject: context.layer.manifestFile,
        message: 'the manifest names no knowledge section, so the repository declares no knowledge sources',
      });
      return;
    }
    if (!context.exists(file)) {
      context.violation({ subject: file, message: `${file} is missing, so no knowledge is discovered (run: majordomus init --extend)` });
      return;
    }
    const doc = readDocument(context, file);
    if (!doc) return;
    const { classes, problems } = judgeSources(doc);
    for (const problem of problems) context.violation({ subject: file, file, line: problem.line, message: problem.message });
    // the tracked files, as `knowledge nodes` asks git for them: the pathspec after its :(glob) magic
    const files = context.files();
    // the class that claimed each file first, by the file's position in the list (a repository may track many thousands)
    const claimedBy = new Int32Array(files.length).fill(-1);
    let nodes = 0;
    for (const [index, source] of classes.entries()) {
      const found: number[] = [];
      await eachMatch(files, globOf(source.pathspec), (at) => void found.push(at));
      nodes += found.length;
      if (found.length === 0 && source.required) {
        context.violation({
          subject: file,
          file,
          line: source.line,
          message: `the required class ${source.id} (${source.pathspec}) discovers no tracked file; commit one, correct the pathspec, or set required: false`,
        });
      }
      for (const at of found.sort((a, b) => a - b)) {
        const first = claimedBy[at]!;
        if (first === -1) claimedBy[at] = index;
        else {
          const path = files[at]!;
          context.violation({
            subject: path,
            file,
            line: source.line,
            message: `${path} is claimed by two classes, ${classes[first]!.id} and ${source.id}; narrow one pathspec so each file has one kind`,
          });
        }
      }
    }
    if (problems.length === 0) context.ok({ subject: file, message: `${classes.length} class(es), ${nodes} node(s) discovered` });
  },
});
