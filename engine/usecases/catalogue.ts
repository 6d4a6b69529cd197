/**
 * The use cases of a repository: every `<id>.md` directly under `.ai/repo/use-cases/`, in byte order of
 * the names. Other files there (a taxonomy, a scenario's stdin) are not use cases and are left alone.
 */
import { readdirSync } from 'node:fs';
import { DocumentError } from '../io/document-error';
import { readTextFile } from '../io/text';
import type { Repository } from '../layer/repository';
import type { UseCase, UseCaseProblem } from './format';
import { parseUseCase } from './format';

/** The directory, under the tracked half of the layer. */
export function useCasesDir(repository: Repository): string {
  return `${repository.layout.repoDir}/use-cases`;
}

/** One file of the directory as read: its use case when sound, its problems otherwise. */
export interface CatalogueEntry {
  readonly id: string;
  readonly file: string;
  readonly useCase?: UseCase;
  readonly problems: readonly UseCaseProblem[];
}

/** Every use case file of the repository, read and judged; an absent directory holds none. */
export function readCatalogue(repository: Repository): CatalogueEntry[] {
  const dir = useCasesDir(repository);
  let names: string[];
  try {
    names = readdirSync(repository.layout.abs(dir))
      .filter((name) => name.endsWith('.md'))
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return [];
    if (code === 'ENOTDIR')
      return [
        {
          id: '',
          file: dir,
          problems: [{ file: dir, message: 'is not a directory (the use cases live in a directory of <id>.md files)' }],
        },
      ];
    throw error;
  }
  return names.map((name) => {
    const file = `${dir}/${name}`;
    const id = name.slice(0, -'.md'.length);
    let text: string;
    try {
      text = readTextFile(repository.layout.abs(file), file);
    } catch (error) {
      if (error instanceof DocumentError)
        return { id, file, problems: [{ file, line: error.line, message: `${error.reason} (${error.fix})` }] };
      throw error;
    }
    const { useCase, problems } = parseUseCase(text, file);
    return { id, file, useCase, problems };
  });
}
