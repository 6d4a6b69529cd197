/**
 * The providers a projection can be rendered for, one adapter entry each: the file it is usually
 * written to, whether its files open with front matter (the stamp then follows it), the modes it takes,
 * how the provider finds its instruction files for a path (what `context explain --provider` shows and
 * the truncation check measures) and which entry of share/providers/limits.yaml bounds what it reads.
 * Adding a provider is one entry here and one template, share/providers/<name>.tmpl.
 */

/** How a provider finds its instruction files for a path. */
export type Loader =
  /** In each folder from the repository's root down to the path's, the first of `names` that exists; read one after another. */
  | { readonly kind: 'chain'; readonly names: readonly string[] }
  /** The files matching these folders and extensions, each read on its own. */
  | { readonly kind: 'files'; readonly folder: string; readonly extension: string }
  /** One file at a fixed path. */
  | { readonly kind: 'fixed'; readonly path: string };

/** One provider. */
export interface ProviderAdapter {
  readonly name: string;
  /** Where its instruction file usually goes (the example a policy entry copies). */
  readonly target: string;
  /** Its files open with YAML front matter, which the template writes; the stamp goes right after it. */
  readonly frontMatter: boolean;
  /** The modes a policy entry may ask for. */
  readonly modes: readonly ('file' | 'region')[];
  /** How it finds its files; absent when nothing loads the target by itself (the generic document). */
  readonly loader?: Loader;
  /** Its entry in share/providers/limits.yaml, when one bounds what it reads. */
  readonly limit?: string;
}

const BOTH = ['file', 'region'] as const;

/** Every adapter, by provider name. */
export const ADAPTERS: ReadonlyMap<string, ProviderAdapter> = new Map(
  (
    [
      // the agents.md convention: Codex reads it, and so do most agents that read AGENTS.md
      {
        name: 'agents',
        target: 'AGENTS.md',
        frontMatter: false,
        modes: BOTH,
        loader: { kind: 'chain', names: ['AGENTS.override.md', 'AGENTS.md'] },
        limit: 'codex',
      },
      {
        name: 'codex',
        target: 'AGENTS.md',
        frontMatter: false,
        modes: BOTH,
        loader: { kind: 'chain', names: ['AGENTS.override.md', 'AGENTS.md'] },
        limit: 'codex',
      },
      {
        name: 'claude-code',
        target: 'CLAUDE.md',
        frontMatter: false,
        modes: BOTH,
        loader: { kind: 'chain', names: ['CLAUDE.md'] },
        limit: 'claude-code',
      },
      { name: 'gemini', target: 'GEMINI.md', frontMatter: false, modes: BOTH, loader: { kind: 'chain', names: ['GEMINI.md'] } },
      { name: 'generic', target: 'docs/AI_INSTRUCTIONS.md', frontMatter: false, modes: BOTH },
      {
        name: 'copilot',
        target: '.github/copilot-instructions.md',
        frontMatter: false,
        modes: BOTH,
        loader: { kind: 'fixed', path: '.github/copilot-instructions.md' },
        limit: 'copilot-code-review',
      },
      {
        name: 'cursor',
        target: '.cursor/rules/majordomus.mdc',
        frontMatter: true,
        modes: ['file'],
        loader: { kind: 'files', folder: '.cursor/rules', extension: '.mdc' },
        limit: 'cursor',
      },
      {
        name: 'windsurf',
        target: '.windsurf/rules/majordomus.md',
        frontMatter: true,
        modes: ['file'],
        loader: { kind: 'files', folder: '.windsurf/rules', extension: '.md' },
        limit: 'windsurf',
      },
    ] satisfies ProviderAdapter[]
  ).map((adapter) => [adapter.name, adapter]),
);

/**
 * The adapter of `provider`: its own, or for a provider this version does not know but the repository
 * ships a template for, a plain Markdown file that nothing is known to load.
 */
export function adapterOf(provider: string): ProviderAdapter {
  return ADAPTERS.get(provider) ?? { name: provider, target: '', frontMatter: false, modes: BOTH };
}
