import { vi } from 'vitest';

/**
 * Every shadow root attached from now on, closed ones too: a closed root is reachable only
 * from its attachShadow call. Undone by vi.restoreAllMocks().
 */
export function captureShadowRoots(): ShadowRoot[] {
  const roots: ShadowRoot[] = [];
  const attach = Element.prototype.attachShadow;
  vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (
    this: Element,
    init: ShadowRootInit,
  ) {
    const root = attach.call(this, init);
    roots.push(root);
    return root;
  });
  return roots;
}
