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

/** The policy schema, distribution-relative. */
export const POLICY_SCHEMA = 'share/schemas/policy.v1.schema.json';

interface SchemaNode {
  readonly default?: unknown;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
}

/**
 * The policy values that are optional: each key the policy schema gives a `default`, with that default.
 * A policy written for the upstream tool cannot set the keys only this tool reads (upstream's schema
 * refuses them), so those carry their default in the schema and a policy may leave them out; every
 * other value the skeleton declares is still one the policy must set.
 */
export function optionalPolicyValues(distribution: { read(path: string): string }): ReadonlyMap<string, unknown> {
  const found = new Map<string, unknown>();
  const walk = (node: SchemaNode, prefix: string): void => {
    if (prefix !== '' && Object.hasOwn(node, 'default')) found.set(prefix, node.default);
    for (const [key, inner] of Object.entries(node.properties ?? {})) walk(inner, prefix ? `${prefix}.${key}` : key);
  };
  walk(JSON.parse(distribution.read(POLICY_SCHEMA)) as SchemaNode, '');
  return found;
}
