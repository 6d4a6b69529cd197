import { defineValidator } from '../engine/api/validator';
import { changedFilesClassifier } from '../engine/state/records/identity';
import { recordsModel } from '../engine/state/records/model';
import type { RecordKind } from '../engine/state/records/record';

const KINDS: readonly RecordKind[] = ['checkpoint', 'handover'];

export default defineValidator({
  name: 'record_changed_files',
  description:
    "A record's changed_files names the work, never a path the layer's declarations classify as derived, local or the record stores'.",
  gates: ['doctor'],
  async run(context) {
    const model = context.model(recordsModel);
    // the declarations' patterns are compiled on the first path there is to classify: most runs have none
    let classifier: ((path: string) => string | undefined) | undefined;
    const classify = async (path: string): Promise<string | undefined> => {
      classifier ??= await changedFilesClassifier({
        exists: (file) => context.exists(file),
        yaml: (file) => context.yaml(file),
        section: (name) => context.layer.section(name),
        localDir: context.layer.localDir,
        policyFile: context.layer.policyFile,
      });
      return classifier(path);
    };
    let classified = 0;
    let named = 0;
    const legacy: string[] = [];
    for (const kind of KINDS) {
      const read = model.records(kind);
      // a folder or a file that does not read is the resolver rule's finding, not this one's
      if (read.status !== 'present') continue;
      for (const record of read.records) {
        // the count is written by every classifying writer, 0 included: without it the record predates them
        if (record.changed_files_excluded === undefined) {
          legacy.push(record.path);
          continue;
        }
        classified++;
        for (const path of record.changed_files) {
          const by = await classify(path);
          if (by === undefined) continue;
          named++;
          context.violation({
            subject: record.path,
            file: record.path,
            line: record.changedFilesLine,
            message: `changed_files names ${path}, which the declaration ${by} classifies out of a record's work; a classified record naming it means the writer ignored that declaration (write a new ${kind}, and remove this one once it is no longer needed)`,
          });
        }
      }
    }
    const stateDir = `${context.layer.localDir}/state`;
    if (legacy.length > 0) {
      context.info({
        subject: stateDir,
        message: `${legacy.length} record(s) predate the classification (no changed_files_excluded), the newest ${legacy.sort().at(-1)}; records are never rewritten, so they are reported, not judged`,
      });
    }
    if (named === 0)
      context.ok({ subject: stateDir, message: `${classified} classified record(s) judged against the layer's declarations` });
  },
});
