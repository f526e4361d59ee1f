/** Lists longer than this get a search box (a cashier finds six tiles at a glance). */
const SEARCH_THRESHOLD = 6;

export interface PickerOption {
  id: string;
  label: string;
  /** Extra words the search matches (a chain name beside an asset symbol, decimals…). */
  keywords?: readonly string[];
}

/**
 * Options matching the query: case-insensitive, on the label (prefix matches first, then
 * anywhere) and keywords. An empty query keeps the list as it is.
 */
export function filterOptions<T extends PickerOption>(options: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...options];
  const prefix: T[] = [];
  const inside: T[] = [];
  for (const option of options) {
    const label = option.label.toLowerCase();
    if (label.startsWith(q)) prefix.push(option);
    else if (
      label.includes(q) ||
      (option.keywords ?? []).some((word) => word.toLowerCase().includes(q))
    ) {
      inside.push(option);
    }
  }
  return [...prefix, ...inside];
}

export function needsSearch(count: number): boolean {
  return count > SEARCH_THRESHOLD;
}
