/** Lists longer than this get a search box (a cashier finds six tiles at a glance). */
const SEARCH_THRESHOLD = 6;

export interface PickerOption {
  id: string;
  label: string;
  /** Extra words the search matches (a chain name beside an asset symbol, decimals…). */
  keywords?: readonly string[];
}

/** Each list's labels and keywords lower-cased once, not on every keystroke (10 000 options). */
const lowered = new WeakMap<readonly PickerOption[], { label: string; keywords: string[] }[]>();

/** Builds a list's search index ahead of the first keystroke (idle time after the list came). */
export function prepareSearch(options: readonly PickerOption[]): void {
  loweredOf(options);
}

function loweredOf(options: readonly PickerOption[]) {
  let index = lowered.get(options);
  if (!index) {
    index = options.map((option) => ({
      label: option.label.toLowerCase(),
      keywords: (option.keywords ?? []).map((word) => word.toLowerCase()),
    }));
    lowered.set(options, index);
  }
  return index;
}

/**
 * Options matching the query: case-insensitive, on the label (prefix matches first, then
 * anywhere) and keywords. An empty query keeps the list as it is (the same array).
 */
export function filterOptions<T extends PickerOption>(
  options: readonly T[],
  query: string,
): readonly T[] {
  const q = query.trim().toLowerCase();
  if (q === '') return options;
  const index = loweredOf(options);
  const prefix: T[] = [];
  const inside: T[] = [];
  for (let i = 0; i < options.length; i += 1) {
    const { label, keywords } = index[i]!;
    if (label.startsWith(q)) prefix.push(options[i]!);
    else if (label.includes(q) || keywords.some((word) => word.includes(q)))
      inside.push(options[i]!);
  }
  return prefix.length === 0 ? inside : inside.length === 0 ? prefix : [...prefix, ...inside];
}

export function needsSearch(count: number): boolean {
  return count > SEARCH_THRESHOLD;
}
