import { readPolicy } from '../engine/api/toolkit/index';
import type { DiskReader } from '../engine/api/validator';
import { defineValidator } from '../engine/api/validator';

/**
 * Each cap the policy must set, and the folder under `.ai/local/state/` whose size it caps. The
 * ledger's cap is `ledger_retention`'s (an advisory rule): the ledger's size never refuses a commit.
 */
const CAPS = [
  { key: 'checkpoint.retention_max_files', what: 'checkpoints', path: 'checkpoints' },
  { key: 'handover.retention_max_files', what: 'handovers', path: 'handovers' },
] as const;

export default defineValidator({
  name: 'retention',
  description: 'The handovers and the checkpoints stay under the caps the policy sets.',
  gates: ['doctor', 'watch'],
  run(context) {
    const read = readPolicy(context);
    if (!read) return;
    const { file: policyFile, policy, lines } = read;
    // the local half is this checkout's own, never tracked: it is read from the disk
    const stateDir = `${context.layer.localDir}/state`;
    const counts: string[] = [];
    for (const cap of CAPS) {
      const limit = valueAt(policy, cap.key);
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) {
        context.violation({
          subject: policyFile,
          file: policyFile,
          line: lines.get(cap.key) ?? lines.get(cap.key.split('.')[0]!),
          message: `the retention key \`${cap.key}\` is ${limit === undefined ? 'missing' : `not a count (${JSON.stringify(limit)})`}; set it to a whole number`,
        });
        continue;
      }
      const capped = `${stateDir}/${cap.path}`;
      const count = countFiles(context.disk, capped);
      counts.push(`${count}/${limit} ${cap.what}`);
      if (count > limit) {
        context.violation({
          subject: capped,
          message: `${count} ${cap.what}, over the cap of ${limit} (\`${cap.key}\`): archive the oldest or raise the cap`,
        });
      }
    }
    if (counts.length > 0) context.ok({ subject: stateDir, message: counts.join(', ') });
  },
});

function valueAt(root: unknown, key: string): unknown {
  let node = root;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function countFiles(disk: DiskReader, dir: string): number {
  try {
    return disk.list(dir).filter((entry) => entry.name.endsWith('.md')).length;
  } catch {
    return 0;
  }
}
