import type { Page, Route } from 'playwright';

export interface HeldScript {
  /** Lets the held script through: the page's code loads. */
  release(): Promise<void>;
  /** Fails the held script, and every later ask for it: the page's code cannot load. */
  abort(): Promise<void>;
}

/**
 * Opens `url` in `page` with the script matching `pattern` held back, and answers once the
 * page has asked for it: the page's start screen shows while its code is held, whatever this
 * machine's speed.
 */
export async function openWithScriptHeld(
  page: Page,
  url: string,
  pattern: string,
): Promise<HeldScript> {
  let held: Route | undefined;
  let failing = false;
  const asked = new Promise<void>((resolve) => {
    void page.route(pattern, async (route) => {
      // The page asks again for a script whose preload failed: each ask fails alike.
      if (failing) return route.abort();
      held = route;
      resolve();
    });
  });
  await page.goto(url);
  await asked;
  return {
    release: async () => held!.continue(),
    abort: async () => {
      failing = true;
      await held!.abort();
    },
  };
}
