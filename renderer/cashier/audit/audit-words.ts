/** A value as one short line: text as it is, a record as "key: value; key: value". */
export function valueText(value: unknown): string {
  if (value == null) return '—';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value)
    .map(
      ([key, item]) =>
        `${key}: ${typeof item === 'string' ? item || '(empty)' : JSON.stringify(item)}`,
    )
    .join('; ');
}
