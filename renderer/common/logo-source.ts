/**
 * Which logo sources a page may show: data:image URLs that main fetched for it (pages never
 * reach the network, and the CSP allows only 'self' and data: images) or a file of our own
 * bundle (a relative or root path). Anything else falls back to the initials badge.
 */
export function isShowableLogo(src: string | null | undefined): src is string {
  if (typeof src !== 'string' || src.length === 0 || src.length > 2_000_000) return false;
  if (/^data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,]/i.test(src)) return true;
  return /^\/(?!\/)|^\.{1,2}\//.test(src);
}

/** Up to two letters standing in for a missing logo: "ETHEREUM" -> "ET", "usd coin" -> "UC". */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const letters =
    words.length === 1
      ? (words[0] ?? '').slice(0, 2)
      : words
          .slice(0, 2)
          .map((word) => word[0])
          .join('');
  return letters.toUpperCase();
}
