import { useState } from 'react';
import { initialsOf, isShowableLogo } from './logo-source';

export interface LogoProps {
  src: string | null | undefined;
  /** What the logo stands for ("ETHEREUM", "USDT"): the alt text and the fallback's initials. */
  name: string;
  /** Square size: px, or any CSS length ("6vh") so it scales with the screen. */
  size?: number | string;
}

/**
 * A chain or asset logo. When there is no logo, it is not a data:image URL or our own file,
 * or it fails to load, a round badge with the name's initials takes its place, so a missing
 * logo never leaves a hole or a broken-image icon (data-testid="logo-fallback").
 */
export function Logo({ src, name, size = 48 }: LogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const edge = typeof size === 'number' ? `${size}px` : size;
  if (isShowableLogo(src) && failedSrc !== src) {
    return (
      <img
        data-testid="logo"
        src={src}
        alt={name}
        style={{ width: edge, height: edge, objectFit: 'contain', flex: 'none' }}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span
      data-testid="logo-fallback"
      role="img"
      aria-label={name}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: edge,
        height: edge,
        borderRadius: '50%',
        background: '#1a1a1a',
        color: '#ffffff',
        fontWeight: 800,
        fontSize: `calc(${edge} * 0.4)`,
        lineHeight: 1,
      }}
    >
      {initialsOf(name)}
    </span>
  );
}
