import { readPolicy } from '../engine/api/toolkit/index';
import { defineValidator } from '../engine/api/validator';
import { optionalPolicyValues, SKELETON_POLICY, skeletonPolicyValues } from '../engine/layer/policy-skeleton';

export default defineValidator({
  name: 'policy_defaults',
  description:
    'The policy sets every value the skeleton policy declares, so no reader has to carry a default of its own; a value the policy schema gives a default is optional.',
  gates: ['doctor', 'watch'],
  run(context) {
    const policy = readPolicy(context);
    if (!policy) return;
    // a key the schema gives a default (one the upstream tool's schema refuses) may be left out
    const optional = optionalPolicyValues(context.distribution);
    const declared = skeletonPolicyValues(context.distribution).filter(({ key }) => !optional.has(key));
    let missing = 0;
    for (const { key, value } of declared) {
      const { found, deepest } = lookup(policy.policy, key);
      if (found) continue;
      missing++;
      const line = deepest ? policy.lines.get(deepest) : undefined;
      context.violation({
        subject: key,
        file: policy.file,
        line,
        message: `the policy does not set \`${key}\`, which the engine reads and will not guess (copy it from ${SKELETON_POLICY}: ${JSON.stringify(value)})`,
      });
    }
    if (missing === 0) context.ok({ subject: policy.file, message: `sets all ${declared.length} value(s) the skeleton policy declares` });
  },
});

/** Whether the dotted `key` is set in `value`, and the longest prefix of it that is. */
function lookup(value: unknown, key: string): { found: boolean; deepest?: string } {
  let at = value;
  let deepest: string | undefined;
  const parts = key.split('.');
  for (const [index, part] of parts.entries()) {
    if (at === null || typeof at !== 'object' || Array.isArray(at) || !Object.hasOwn(at, part)) return { found: false, deepest };
    at = (at as Record<string, unknown>)[part];
    deepest = parts.slice(0, index + 1).join('.');
  }
  return { found: true, deepest };
}
