/**
 * The policy, read one way: the file the manifest names for the `policy` section, from the tree the
 * command judges, parsed once per repository. A value is found by its dotted key.
 */
import type { Repository } from './repository';

/** A value of the policy at a dotted key, or undefined when the policy or the key is not there. */
export function policyValue(repository: Repository, key: string): unknown {
  const file = repository.layout.policyFile;
  if (!repository.tree.exists(file)) return undefined;
  let node: unknown;
  try {
    node = repository.yaml(file).value;
  } catch {
    return undefined;
  }
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
