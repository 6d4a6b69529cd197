export function main(): number {
  // TODO handle errors
  return 1;
}
