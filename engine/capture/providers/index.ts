/**
 * The providers' registry: one line per provider, its adapter module loaded only when a command or the
 * `wiring` rule asks for it (nothing of capture is on the start-up path). The capture commands and the
 * rule reach a provider only through here; a second provider is its module and its line below.
 */
import { UsageError } from '../../errors';
import type { ProviderAdapter } from './adapter';

/** A provider's entry: the lazy load of its module, which exports `adapter`. */
export type ProviderEntry = () => Promise<{ readonly adapter: ProviderAdapter }>;

/** Every provider, by the name `--provider` and `wired_by: provider-hook:<name>` give it. */
const PROVIDERS: Readonly<Record<string, ProviderEntry>> = {
  'claude-code': () => import('./claude-code'),
};

/** A registry over `entries`: the names it knows, and the adapter of one of them. */
export interface ProviderRegistry {
  names(): string[];
  has(name: string | undefined): boolean;
  /** The adapter of `name`; 2 naming the known providers for any other, in a message that starts with `command`. */
  load(name: string | undefined, command: string): Promise<ProviderAdapter>;
}

export function providerRegistry(entries: Readonly<Record<string, ProviderEntry>>): ProviderRegistry {
  const names = (): string[] => Object.keys(entries);
  const has = (name: string | undefined): name is string => name !== undefined && Object.hasOwn(entries, name);
  return {
    names,
    has,
    async load(name, command) {
      if (!has(name))
        throw new UsageError(`${command}: --provider ${JSON.stringify(name ?? '')} has no adapter here (known: ${names().join(', ')})`);
      return (await entries[name]!()).adapter;
    },
  };
}

const registry = providerRegistry(PROVIDERS);

/** The provider the capture commands serve when none is named (their declared `--provider` default). */
export const DEFAULT_PROVIDER = 'claude-code';

/** The providers this version has an adapter for. */
export function providerNames(): string[] {
  return registry.names();
}

/** Whether `name` is a provider with an adapter. */
export function isProvider(name: string | undefined): boolean {
  return registry.has(name);
}

/** The adapter of the provider `name`: a UsageError (2) naming the known ones when there is none. */
export function loadProvider(name: string | undefined, command: string): Promise<ProviderAdapter> {
  return registry.load(name, command);
}
