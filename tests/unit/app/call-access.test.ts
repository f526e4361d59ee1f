import { describe, expect, it } from 'vitest';
import { accessFor, callAccess } from '../../../electron/app/call-access';
import { settingDomainOf, settingKeys } from '../../../shared/settings';
import { permissions } from '../../../shared/staff';

const update = (patch: Record<string, unknown>) => accessFor('updateSettings', { patch });
const reset = (keys: string[]) => accessFor('resetSettings', { keys });
const allSettingsGroups = permissions.filter((permission) => permission.startsWith('settings:'));

// What each call needs, with its arguments: the permission table of electron/app/call-access.ts.
describe('accessFor', () => {
  it('gives each guarded call the one permission the table names', () => {
    expect(accessFor('voidPaidOrder', {})).toEqual({ needs: ['void-paid'], turnsPinsOff: false });
    expect(accessFor('exportZReportCsv', {})).toEqual({
      needs: ['export-reports'],
      turnsPinsOff: false,
    });
    expect(accessFor('startQrSale', {})).toEqual({ needs: ['sell'], turnsPinsOff: false });
    expect(accessFor('listOrders', {})).toBe('signed-in');
    expect(accessFor('signIn', {})).toBe('open');
    expect(callAccess.updateSettings).toBe('settings-keys');
  });

  it('needs settings:<group> for each settings key, by the group it is declared in', () => {
    for (const key of settingKeys) {
      const access = update({ [key]: null });
      if (key === 'lastChainId' || key === 'lastAsset') continue;
      expect(access, key).toMatchObject({
        needs: expect.arrayContaining([`settings:${settingDomainOf[key]}`]),
      });
      expect(reset([key]), key).toMatchObject({
        needs: expect.arrayContaining([`settings:${settingDomainOf[key]}`]),
      });
    }
  });

  it('needs every group a patch touches, once each, in the order of the permissions', () => {
    expect(update({ soundOn: false, shopName: 'A', shopAddress: 'B', feePercent: '1' })).toEqual({
      needs: ['settings:shop', 'settings:pricing', 'settings:display'],
      turnsPinsOff: false,
    });
  });

  it('takes the chain and asset last picked as part of selling, not as a settings change', () => {
    expect(update({ lastChainId: '1', lastAsset: 'USDT' })).toEqual({
      needs: ['sell'],
      turnsPinsOff: false,
    });
    expect(update({ lastChainId: '1', shopName: 'A' })).toEqual({
      needs: ['sell', 'settings:shop'],
      turnsPinsOff: false,
    });
  });

  it('needs manage-staff for what decides who may do what', () => {
    for (const key of ['staffPinsRequired', 'provisionedManagers', 'staffRoles']) {
      expect(update({ [key]: true }), key).toMatchObject({
        needs: ['settings:staff', 'manage-staff'],
      });
    }
    expect(update({ autoLockMinutes: 5 })).toEqual({
      needs: ['settings:staff'],
      turnsPinsOff: false,
    });
  });

  it('marks turning staff PINs off: written as anything but true, or reset to its default', () => {
    expect(update({ staffPinsRequired: true })).toMatchObject({ turnsPinsOff: false });
    expect(update({ staffPinsRequired: false })).toMatchObject({ turnsPinsOff: true });
    expect(update({ staffPinsRequired: 'no' })).toMatchObject({ turnsPinsOff: true });
    expect(reset(['staffPinsRequired'])).toMatchObject({ turnsPinsOff: true });
    expect(reset(['autoLockMinutes'])).toMatchObject({ turnsPinsOff: false });
  });

  it('costs a key no group declares, and an empty change, every settings group', () => {
    expect(update({ noSuchKey: 1 })).toEqual({ needs: allSettingsGroups, turnsPinsOff: false });
    expect(update({})).toEqual({ needs: allSettingsGroups, turnsPinsOff: false });
    expect(reset([])).toEqual({ needs: allSettingsGroups, turnsPinsOff: false });
  });
});
