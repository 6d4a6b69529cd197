/**
 * The tool-call guard: which shell commands would skip this repository's git gates. Provider-neutral;
 * an adapter reads its provider's payload into a command line and prints the provider's refusal.
 *
 * The check is lexical, on words split the way a shell splits them well enough for this purpose
 * (quotes respected, no expansion). It answers "does this line ask git to skip a hook", not "is this
 * line safe": a determined caller can always hide a flag, but an agent reaching for `--no-verify` is
 * stopped and told which gate it would have skipped.
 */

/** One way a command line skips a gate, and the gate it skips. */
export interface Bypass {
  /** What was found, as the user wrote it. */
  readonly found: string;
  /** The git hooks (gates) it would skip. */
  readonly gates: readonly string[];
}

/** Split a command line into simple commands (on ; & | and newlines), each a list of words. */
export function simpleCommands(line: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += c;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (c === ' ' || c === '\t') endWord();
    else if (c === ';' || c === '&' || c === '|' || c === '\n' || c === '(' || c === ')') {
      endWord();
      if (words.length > 0) commands.push(words);
      words = [];
    } else {
      word += c;
      inWord = true;
    }
  }
  endWord();
  if (words.length > 0) commands.push(words);
  return commands;
}

/** The bypasses in one command line; empty when it skips no gate. */
export function bypassesIn(line: string): Bypass[] {
  const found: Bypass[] = [];
  for (const words of simpleCommands(line)) {
    let at = 0;
    // leading assignments (HUSKY=0 git commit …), and `export`/`env` forms of them
    while (at < words.length && (words[at] === 'export' || words[at] === 'env' || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[at]!))) {
      if (/^HUSKY=0$/.test(words[at]!)) found.push({ found: 'HUSKY=0', gates: ['every hook husky runs'] });
      at++;
    }
    if (words[at] !== 'git' && !/\/git$/.test(words[at] ?? '')) continue;
    at++;
    // git's own options before the subcommand
    while (at < words.length && words[at]!.startsWith('-')) {
      const option = words[at]!;
      const value = option === '-c' ? words[at + 1] : option.startsWith('-c') && option.length > 2 ? option.slice(2) : undefined;
      if (value !== undefined && /^core\.hookspath=/i.test(value))
        found.push({ found: `git -c ${value}`, gates: ['every git hook of this repository'] });
      at += option === '-c' || option === '-C' || option === '--git-dir' || option === '--work-tree' ? 2 : 1;
    }
    const sub = words[at];
    const rest = words.slice(at + 1);
    const stop = rest.indexOf('--');
    const options = stop === -1 ? rest : rest.slice(0, stop);
    if (sub === 'commit') {
      // -n may ride in a cluster of short flags (-nm); -m's and -F's own argument is skipped
      for (let i = 0; i < options.length; i++) {
        const word = options[i]!;
        if (word === '--no-verify') found.push({ found: 'git commit --no-verify', gates: ['pre-commit', 'commit-msg'] });
        else if (/^-[A-Za-z]+$/.test(word)) {
          const flags = word.slice(1);
          for (const flag of flags) {
            if (flag === 'n') found.push({ found: `git commit ${word}`, gates: ['pre-commit', 'commit-msg'] });
            if ('mFCcS'.includes(flag)) break; // the rest of the cluster is the option's value
          }
          if (/[mFCc]$/.test(flags)) i++;
        }
      }
    } else if (sub === 'push' && options.includes('--no-verify')) {
      found.push({ found: 'git push --no-verify', gates: ['pre-push'] });
    }
  }
  return found;
}
