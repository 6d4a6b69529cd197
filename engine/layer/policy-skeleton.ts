/**
 * The skeleton policy this distribution ships (share/skeleton/ai/repo/policy.yaml): the one place that
 * declares every policy value the engine reads, with the value `init` writes. A repository's policy that
 * leaves one out makes a reader either guess or fail; majordomus.policy-completeness names the gap.
 */
import { parseYaml } from './yaml';

/** The skeleton policy, distribution-relative. */
export const SKELETON_POLICY = 'share/skeleton/ai/repo/policy.yaml';

/** One value the skeleton declares: its dotted key path and the value written for it. */
export interface DeclaredPolicyValue {
  readonly key: string;
  readonly value: unknown;
}

/**
 * The values a mapping declares, depth first in the file's order. A mapping is descended into; anything
 * else — a scalar, or a list such as `finish_requires` or `enforcement` — is one value, whole.
 */
export function declaredValues(value: unknown, prefix = ''): DeclaredPolicyValue[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return prefix ? [{ key: prefix, value }] : [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    declaredValues(inner, prefix ? `${prefix}.${key}` : key),
  );
}

/** The values the skeleton policy of the distribution `distribution` declares. */
export function skeletonPolicyValues(distribution: { read(path: string): string }): DeclaredPolicyValue[] {
  return declaredValues(parseYaml(distribution.read(SKELETON_POLICY), SKELETON_POLICY).value);
}
