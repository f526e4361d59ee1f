/**
 * Logos the sandbox serves itself at {origin}/logos/<name>.svg, so demo mode needs no network.
 * Each is a coloured disc with a short label: recognisable, tiny, and no third-party artwork.
 */

interface LogoStyle {
  label: string;
  background: string;
  foreground: string;
}

const logoStyles: Record<string, LogoStyle> = {
  'chain-ethereum': { label: 'ETH', background: '#627EEA', foreground: '#FFFFFF' },
  'chain-bsc': { label: 'BSC', background: '#F0B90B', foreground: '#1E2026' },
  'chain-polygon': { label: 'POL', background: '#8247E5', foreground: '#FFFFFF' },
  'chain-arbitrum': { label: 'ARB', background: '#2D374B', foreground: '#28A0F0' },
  'chain-tron': { label: 'TRX', background: '#EB0029', foreground: '#FFFFFF' },
  'chain-sui': { label: 'SUI', background: '#4DA2FF', foreground: '#FFFFFF' },
  'asset-eth': { label: 'Ξ', background: '#3C3C3D', foreground: '#FFFFFF' },
  'asset-usdt': { label: '₮', background: '#26A17B', foreground: '#FFFFFF' },
  'asset-usdc': { label: '$', background: '#2775CA', foreground: '#FFFFFF' },
  'asset-bnb': { label: 'BNB', background: '#F3BA2F', foreground: '#1E2026' },
  'asset-pol': { label: 'POL', background: '#6C00F6', foreground: '#FFFFFF' },
  'asset-trx': { label: 'TRX', background: '#FF060A', foreground: '#FFFFFF' },
  'asset-sui': { label: 'SUI', background: '#6FBCF0', foreground: '#FFFFFF' },
};

function svgOf(style: LogoStyle): string {
  const fontSize = style.label.length > 2 ? 22 : 32;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    `<circle cx="32" cy="32" r="32" fill="${style.background}"/>` +
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="700" ` +
    `font-size="${fontSize}" fill="${style.foreground}">${style.label}</text></svg>`
  );
}

/** Rendered once: the sandbox serves the same bytes on every request. */
const logoFiles = new Map(
  Object.entries(logoStyles).map(([name, style]) => [name, Buffer.from(svgOf(style), 'utf8')]),
);

/** The sample logos by name, and `g<n>` for generated chain n (generated-chains.ts): a disc with its number. */
export function logoSvg(name: string): Buffer | undefined {
  const generated = /^g([1-9]\d{0,4})$/.exec(name);
  if (generated) {
    const n = Number(generated[1]);
    const hue = (n * 47) % 360;
    const label = String(n % 1000);
    return Buffer.from(
      svgOf({ label, background: `hsl(${hue} 60% 35%)`, foreground: '#FFFFFF' }),
      'utf8',
    );
  }
  return logoFiles.get(name);
}

/** The absolute URL the catalogue answers with, pointing back at this sandbox. */
export function logoUrl(origin: string, name: string): string {
  return `${origin}/logos/${name}.svg`;
}
