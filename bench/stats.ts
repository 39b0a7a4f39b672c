/** The median the benches report: the middle value (of an even count, the upper of the two); NaN for none. */
export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
