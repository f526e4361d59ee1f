import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingKey } from '../../shared/settings';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox/sandbox-server';
import { ManualClock } from '../support/manual-clock';
import { byTestId, openTill, type Till } from './cashier-kit';

type PosCall = (
  args: unknown,
) => Promise<{ ok: boolean; error?: { kind: string; message: string } }>;

// IT's managed policy: the locked settings show read-only with "Managed by IT" and a write is
// refused; with demo mode locked off and no service, the till opens on first-run setup, which
// tests the token with the address before saving anything, then saves both together.
describe('cashier: managed settings', () => {
  describe('locked values', () => {
    let till: Till;
    const locked: SettingKey[] = ['serialNumber', 'feeValue', 'shopName'];

    beforeAll(async () => {
      till = await openTill('cashier-managed-settings', {
        clock: new ManualClock(),
        policy: {
          status: {
            kind: 'applied',
            path: '/etc/counter-app/policy.json',
            presetKeys: ['currency'],
            lockedKeys: locked,
          },
          policy: {
            settings: {
              serialNumber: 'IT-POS-0007',
              feeValue: '0.5',
              shopName: 'Managed Market',
              currency: 'EUR',
            },
            locked,
          },
        },
      });
    });
    afterAll(async () => {
      await till?.close();
    });

    it('shows the managed settings locked and refuses to change them', async () => {
      const { cashier, shots } = till;
      await cashier.click(byTestId('nav-settings'));
      await cashier.waitForSelector(byTestId('settings'));
      // Each locked value is text with IT's badge in its own section, never an input…
      const own: Record<string, string> = { shopName: 'shop', feeValue: 'sale' };
      for (const [key, section] of Object.entries(own)) {
        await cashier.click(byTestId(`settings-section-${section}-tab`));
        const panel = `${byTestId(`settings-section-${section}`)}:visible`;
        await expect(cashier.textContent(`${panel} ${byTestId(`managed-${key}`)}`)).resolves.toBe(
          'Managed by IT',
        );
        expect(await cashier.locator(`${panel} input${byTestId(`setting-${key}`)}`).count()).toBe(
          0,
        );
      }
      await expect(
        cashier.textContent(`${byTestId('settings-section-sale')} ${byTestId('setting-feeValue')}`),
      ).resolves.toContain('0.5');
      // …and IT's section lists every one of them.
      await cashier.click(byTestId('settings-section-it-tab'));
      const it = `${byTestId('settings-section-it')}:visible`;
      await expect(cashier.textContent(`${it} ${byTestId('policy-status')}`)).resolves.toContain(
        '3 settings are locked',
      );
      for (const key of locked) {
        await expect(
          cashier.textContent(
            `${it} ${byTestId(`it-setting-${key}`)} ${byTestId(`managed-${key}`)}`,
          ),
        ).resolves.toBe('Managed by IT');
        expect(await cashier.locator(`input${byTestId(`setting-${key}`)}`).count()).toBe(0);
      }
      await expect(cashier.textContent(byTestId('it-setting-serialNumber'))).resolves.toContain(
        'IT-POS-0007',
      );
      await shots.take('settings-locked');
      // A preset is IT's default, not locked: the cashier may change it.
      await cashier.click(byTestId('settings-section-sale-tab'));
      await expect(cashier.textContent(byTestId('source-currency'))).resolves.toBe('Preset by IT');
      expect(await cashier.isDisabled(byTestId('setting-currency'))).toBe(false);

      const refused = await cashier.evaluate(async () => {
        const pos = (window as unknown as { pos: Record<string, PosCall> }).pos;
        return pos.updateSettings!({ patch: { feeValue: '1' } });
      });
      expect(refused).toMatchObject({ ok: false, error: { kind: 'settings-managed' } });

      // An unlocked key saves through the form: the currency is picked from its list.
      await cashier.fill(byTestId('setting-currency'), 'GBP');
      await cashier.getByRole('option', { name: /^GBP — / }).click();
      await cashier.click(byTestId('save-settings'));
      await cashier.waitForSelector(byTestId('settings-saved'));
      expect(till.harness.services.sale.current()).toBeNull();
      await shots.take('currency-saved');

      // The sale screen uses the managed fee.
      await cashier.click(byTestId('nav-sale'));
      await cashier.click(byTestId('chain-picker-option-1'));
      await cashier.click(byTestId('asset-picker-option-USDT'));
      await expect(cashier.textContent(byTestId('fee-line'))).resolves.toContain('0.50 USDT');
      await expect(cashier.textContent(byTestId('currency-line'))).resolves.toContain('GBP');
    });
  });

  describe('first run when IT turned demo mode off', () => {
    let till: Till;
    let service: RunningSandbox;

    beforeAll(async () => {
      // The "real" service: a sandbox of its own, outside the till, with its own token.
      service = await startSandbox({ token: '0123456789abcdef0123456789abcdef' });
      till = await openTill('cashier-first-run', {
        policy: {
          status: {
            kind: 'applied',
            path: '/etc/counter-app/policy.json',
            presetKeys: [],
            lockedKeys: ['demoModeAllowed', 'serialNumber'],
          },
          policy: {
            settings: { demoModeAllowed: false, serialNumber: 'IT-POS-0009' },
            locked: ['demoModeAllowed', 'serialNumber'],
          },
        },
      });
    });
    afterAll(async () => {
      await till?.close();
      await service?.close();
    });

    it('tests the token with the address before saving, then takes sales from that service', async () => {
      const { cashier, shots, harness } = till;
      await cashier.waitForSelector(byTestId('first-run'));
      expect(await cashier.isDisabled(byTestId('nav-sale'))).toBe(true);
      await expect(cashier.textContent(byTestId('managed-serialNumber'))).resolves.toBe(
        'Managed by IT',
      );
      expect(await cashier.isDisabled(byTestId('setup-serialNumber'))).toBe(true);
      await cashier.fill(byTestId('setup-serviceBaseUrl'), service.baseUrl);
      await cashier.fill(byTestId('setup-token'), 'ffffffffffffffffffffffffffffffff');
      expect(await cashier.isDisabled(byTestId('setup-save'))).toBe(true);
      await cashier.click(byTestId('setup-test'));
      await expect(cashier.locator(byTestId('setup-test-result')).textContent()).resolves.toMatch(
        /token/i,
      );
      expect(await cashier.isDisabled(byTestId('setup-save'))).toBe(true);
      // The refused token was sent to the service, and nothing was saved: no token, no address,
      // the till still needs its setup.
      expect(service.requests().length).toBeGreaterThan(0);
      await expect(harness.services.handlers.appInfo({})).resolves.toMatchObject({
        needsSetup: true,
        serviceOrigin: null,
        token: { set: false },
      });
      await shots.take('token-refused');

      await cashier.fill(byTestId('setup-token'), service.token);
      await cashier.click(byTestId('setup-test'));
      await expect(cashier.locator(byTestId('setup-test-result')).textContent()).resolves.toContain(
        'Connected',
      );
      await shots.take('token-tested');
      await cashier.click(byTestId('setup-save'));
      await cashier.waitForSelector(byTestId('chain-picker-option-1'));
      expect(await cashier.locator(byTestId('demo-badge')).count()).toBe(0);
      await shots.take('service-ready');

      await cashier.click(byTestId('nav-settings'));
      await cashier.click(byTestId('settings-section-it-tab'));
      // The status loads after the screen opens ("API token…" until main answers).
      await cashier.waitForSelector(`${byTestId('token-status')}:has-text("••••cdef")`);
      // The token is bound to the address it was tested with, and the settings form has no
      // field that could move the address without it.
      await expect(cashier.textContent(byTestId('token-status'))).resolves.toContain(
        `for ${service.origin} only`,
      );
      await expect(cashier.inputValue(byTestId('connection-address'))).resolves.toBe(
        service.baseUrl,
      );
      expect(await cashier.locator(byTestId('setting-serviceBaseUrl')).count()).toBe(0);
      const moved = await cashier.evaluate(async () => {
        const pos = (window as unknown as { pos: Record<string, PosCall> }).pos;
        return pos.updateSettings!({
          patch: { serviceBaseUrl: 'https://elsewhere.example.com/v1/cf-payment' },
        });
      });
      expect(moved).toMatchObject({ ok: false, error: { kind: 'settings-connection' } });
      await shots.take('settings-after-setup');
    });
  });
});
