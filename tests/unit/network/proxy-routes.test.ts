import { describe, expect, it } from 'vitest';
import { PROXY_ROUTE_TTL_MS, ProxyRoutes } from '../../../electron/network/proxy-routes';
import { ManualClock } from '../../support/manual-clock';

function countingResolver(answer: (url: string) => Promise<string> | string) {
  const asked: string[] = [];
  return {
    asked,
    resolve: (url: string) => {
      asked.push(url);
      return Promise.resolve(answer(url));
    },
  };
}

describe('proxy routes per origin', () => {
  it('asks once per origin for a minute, by origin only, and again after', async () => {
    const clock = new ManualClock();
    const resolver = countingResolver(() => 'PROXY p.lan:8080');
    const routes = new ProxyRoutes(resolver.resolve, clock);
    const route = { kind: 'proxy', scheme: 'http', host: 'p.lan', port: 8080 };
    expect(await routes.routeFor('https://pay.example.com/v1/cf-payment/chain?x=1')).toEqual(route);
    expect(await routes.routeFor('https://pay.example.com/v1/cf-payment/generate_qr')).toEqual(
      route,
    );
    expect(resolver.asked).toEqual(['https://pay.example.com/']);
    clock.advance(PROXY_ROUTE_TTL_MS - 1);
    await routes.routeFor('https://pay.example.com/v1/cf-payment/chain');
    expect(resolver.asked).toHaveLength(1);
    clock.advance(1);
    await routes.routeFor('https://pay.example.com/v1/cf-payment/chain');
    expect(resolver.asked).toHaveLength(2);
  });

  it('keeps origins apart and shares an answer still pending', async () => {
    const clock = new ManualClock();
    const resolver = countingResolver((url) => (url.includes('logos') ? 'DIRECT' : 'HTTPS p:1'));
    const routes = new ProxyRoutes(resolver.resolve, clock);
    const [a, b, c] = await Promise.all([
      routes.routeFor('https://pay.example.com/a'),
      routes.routeFor('https://pay.example.com/b'),
      routes.routeFor('https://logos.example.com/eth.png'),
    ]);
    expect(a).toEqual({ kind: 'proxy', scheme: 'https', host: 'p', port: 1 });
    expect(b).toBe(a);
    expect(c).toEqual({ kind: 'direct' });
    expect(resolver.asked).toEqual(['https://pay.example.com/', 'https://logos.example.com/']);
  });

  it('goes direct when the resolver fails, throws, or the URL is not one', async () => {
    const clock = new ManualClock();
    const failing = new ProxyRoutes(() => Promise.reject(new Error('PAC script broken')), clock);
    expect(await failing.routeFor('https://pay.example.com/')).toEqual({ kind: 'direct' });
    const throwing = new ProxyRoutes(() => {
      throw new Error('no session');
    }, clock);
    expect(await throwing.routeFor('https://pay.example.com/')).toEqual({ kind: 'direct' });
    const resolver = countingResolver(() => 'PROXY p:1');
    const routes = new ProxyRoutes(resolver.resolve, clock);
    expect(await routes.routeFor('not a url')).toEqual({ kind: 'direct' });
    expect(await routes.routeFor('data:text/plain,x')).toEqual({ kind: 'direct' });
    expect(resolver.asked).toEqual([]);
  });
});
