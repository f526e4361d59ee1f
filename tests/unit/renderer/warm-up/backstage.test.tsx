// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Backstage } from '../../../../renderer/warm-up/backstage';
import { captureShadowRoots } from '../common/shadow-roots';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.head.querySelectorAll('[data-test-sheet]').forEach((sheet) => sheet.remove());
});

describe('Backstage', () => {
  it('draws its children in a closed shadow root off screen, where no query of the page finds them', () => {
    const roots = captureShadowRoots();
    render(
      <Backstage testId="stage">
        <p data-testid="sample">Scan to pay</p>
      </Backstage>,
    );
    const host = screen.getByTestId('stage');
    expect(host.getAttribute('aria-hidden')).toBe('true');
    expect(host.hasAttribute('inert')).toBe(true);
    expect(host.style.left).toBe('-10000px');
    expect(Element.prototype.attachShadow).toHaveBeenCalledWith({ mode: 'closed' });
    expect(host.shadowRoot).toBeNull();
    expect(screen.queryByTestId('sample')).toBeNull();
    expect(screen.queryByText('Scan to pay')).toBeNull();
    expect(roots).toHaveLength(1);
    expect(roots[0]?.querySelector('[data-testid="sample"]')?.textContent).toBe('Scan to pay');
  });

  it("styles what it draws with the page's own stylesheets", () => {
    const style = document.createElement('style');
    style.dataset.testSheet = '';
    style.textContent = '.cd-scan { display: grid; }';
    document.head.append(style);
    const roots = captureShadowRoots();
    render(
      <Backstage>
        <p className="cd-scan">sample</p>
      </Backstage>,
    );
    const stage = roots[0] as ShadowRoot;
    expect(stage.querySelector('style')?.textContent).toBe('.cd-scan { display: grid; }');
  });

  it('keeps its one shadow root while what it draws changes', () => {
    const roots = captureShadowRoots();
    const { rerender } = render(
      <Backstage>
        <p data-testid="sample">1</p>
      </Backstage>,
    );
    rerender(
      <Backstage>
        <p data-testid="sample">2</p>
      </Backstage>,
    );
    expect(roots).toHaveLength(1);
    expect(roots[0]?.querySelector('[data-testid="sample"]')?.textContent).toBe('2');
  });
});
