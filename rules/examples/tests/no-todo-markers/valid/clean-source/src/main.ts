export function main(): number {
  return 1;
}
