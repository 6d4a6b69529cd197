/**
 * A policy's text with one value set, as a person edits it: the key's line under its section replaced
 * when the policy has it (the skeleton declares most keys), else added as the section's first line. A
 * test appending a second `section:` block instead would write a duplicate key, which the reader refuses.
 */
export function withPolicyValue(text: string, dotted: string, value: string): string {
  const [section, key, ...rest] = dotted.split('.');
  if (!section || !key || rest.length > 0) throw new Error(`withPolicyValue takes section.key, not ${dotted}`);
  const lines = text.split('\n');
  const start = lines.indexOf(`${section}:`);
  if (start === -1) return `${text}${text.endsWith('\n') ? '' : '\n'}${section}:\n  ${key}: ${value}\n`;
  let end = start + 1;
  while (end < lines.length && (lines[end] === '' || /^\s/.test(lines[end]!) || lines[end]!.startsWith('#'))) end++;
  for (let i = start + 1; i < end; i++) {
    if (new RegExp(`^  ${key}:( |$)`).test(lines[i]!)) {
      // the key's own value, and any list or mapping indented under it, give way to the new value
      let last = i + 1;
      while (last < end && /^ {4,}\S|^ {2}- /.test(lines[last]!)) last++;
      lines.splice(i, last - i, `  ${key}: ${value}`);
      return lines.join('\n');
    }
  }
  lines.splice(start + 1, 0, `  ${key}: ${value}`);
  return lines.join('\n');
}
