// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Logo } from '../../../../renderer/common/logo';
import { initialsOf, isShowableLogo } from '../../../../renderer/common/logo-source';

const svgLogo = 'data:image/svg+xml;base64,PHN2Zy8+';
afterEach(cleanup);

describe('isShowableLogo', () => {
  it.each([
    [svgLogo, true],
    ['data:image/png;base64,iVBORw0KGgo=', true],
    ['/logos/eth.svg', true],
    ['./eth.png', true],
    [null, false],
    [undefined, false],
    ['', false],
    ['https://cdn.example/eth.svg', false],
    ['//cdn.example/eth.svg', false],
    ['data:text/html;base64,PHNjcmlwdD4=', false],
    ['javascript:alert(1)', false],
  ])('%s -> %s', (src, expected) => {
    expect(isShowableLogo(src)).toBe(expected);
  });
});

describe('initialsOf', () => {
  it('takes two letters of one word or the first letters of two words', () => {
    expect(initialsOf('ETHEREUM')).toBe('ET');
    expect(initialsOf('usd coin')).toBe('UC');
    expect(initialsOf('BNB_SMART_CHAIN')).toBe('BS');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });
});

describe('<Logo>', () => {
  it('shows a data: logo as an image named for what it stands for', () => {
    render(<Logo src={svgLogo} name="ETHEREUM" size={40} />);
    const image = screen.getByRole('img', { name: 'ETHEREUM' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe(svgLogo);
    expect((image as HTMLImageElement).style.width).toBe('40px');
  });

  it('shows initials when there is no logo', () => {
    render(<Logo src={null} name="TRON" />);
    const badge = screen.getByTestId('logo-fallback');
    expect(badge.textContent).toBe('TR');
    expect(badge.getAttribute('aria-label')).toBe('TRON');
  });

  it('refuses a network URL (the CSP would block it anyway) and shows initials', () => {
    render(<Logo src="https://cdn.example/usdt.svg" name="USDT" />);
    expect(screen.queryByTestId('logo')).toBeNull();
    expect(screen.getByTestId('logo-fallback').textContent).toBe('US');
  });

  it('falls back to initials when the image fails to load, and tries again for a new logo', () => {
    const view = render(<Logo src="data:image/png;base64,broken" name="USDC" />);
    fireEvent.error(screen.getByTestId('logo'));
    expect(screen.getByTestId('logo-fallback').textContent).toBe('US');
    view.rerender(<Logo src={svgLogo} name="USDC" />);
    expect(screen.getByTestId('logo').getAttribute('src')).toBe(svgLogo);
  });
});
