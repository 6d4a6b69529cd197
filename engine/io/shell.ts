/** Text for a POSIX shell: every word the tool writes into a hook or prints as a command to run again. */

/** A word as one POSIX shell word, quoted when it needs to be. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
