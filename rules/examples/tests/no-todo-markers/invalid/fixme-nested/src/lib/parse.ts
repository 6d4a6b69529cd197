export const parse = (s: string) => s; // FIXME: trims nothing
