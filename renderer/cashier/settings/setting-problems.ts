/**
 * Main's refusal of a settings write, split per setting so each problem shows beside its
 * field. Main writes one "key: sentence." per refused key, joined by spaces, in the order of
 * the patch ("feePercent: The fee percentage must be ... reportTimeZone: The report ...").
 * Only the keys the page sent are looked for; text that names none of them stays unsplit.
 */
export function problemsByKey<Key extends string>(
  message: string,
  keys: readonly Key[],
): Partial<Record<Key, string>> {
  const starts = keys
    .map((key) => ({ key, at: startOf(message, `${key}: `) }))
    .filter((start) => start.at >= 0)
    .sort((a, b) => a.at - b.at);
  const problems: Partial<Record<Key, string>> = {};
  starts.forEach((start, index) => {
    const end = starts[index + 1]?.at ?? message.length;
    problems[start.key] = message.slice(start.at + start.key.length + 2, end).trim();
  });
  return problems;
}

/** Where `prefix` starts a problem: at the start of the text or after a space. */
function startOf(message: string, prefix: string): number {
  if (message.startsWith(prefix)) return 0;
  const at = message.indexOf(` ${prefix}`);
  return at < 0 ? -1 : at + 1;
}
