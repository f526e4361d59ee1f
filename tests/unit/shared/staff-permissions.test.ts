import { describe, expect, it } from 'vitest';
import { settingDomains, type SettingDomain } from '../../../shared/settings';
import {
  builtInRoles,
  permissions,
  permissionsOfRole,
  selfOnlyPermissions,
  settingsPermission,
  type RoleDefinition,
} from '../../../shared/staff';

// The permission table: what each role may do, the defaults of today's two roles, and the
// roles IT defines by policy (staffRoles).
describe('permissions', () => {
  it('names each act a role may hold, with one settings permission per settings group', () => {
    expect(permissions).toEqual([
      'sell',
      'void-paid',
      'paid-after-all',
      'reopen-shift',
      'prices-and-fees',
      'settings:service',
      'settings:shop',
      'settings:pricing',
      'settings:staff',
      'settings:printing',
      'settings:display',
      'settings:updates',
      'manage-staff',
      'export-reports',
      'export-diagnostics',
    ]);
    for (const domain of Object.keys(settingDomains) as SettingDomain[]) {
      expect(permissions).toContain(settingsPermission(domain));
    }
  });

  it('lends everything by approval but who may do what', () => {
    expect([...selfOnlyPermissions]).toEqual(['settings:service', 'manage-staff']);
  });
});

describe('permissionsOfRole', () => {
  const none: RoleDefinition[] = [];

  it('by default: a cashier sells, a manager may do everything', () => {
    expect(builtInRoles).toEqual(['cashier', 'manager']);
    expect([...permissionsOfRole('cashier', none)]).toEqual(['sell']);
    expect([...permissionsOfRole('manager', none)]).toEqual([...permissions]);
  });

  it("gives a role IT defines exactly IT's list, and may redefine the cashier", () => {
    const it_: RoleDefinition[] = [
      { name: 'bookkeeper', permissions: ['export-reports'] },
      { name: 'cashier', permissions: ['sell', 'reopen-shift'] },
    ];
    expect([...permissionsOfRole('bookkeeper', it_)]).toEqual(['export-reports']);
    expect([...permissionsOfRole('cashier', it_)]).toEqual(['sell', 'reopen-shift']);
  });

  it('keeps the manager whole whatever a list says', () => {
    const narrowed: RoleDefinition[] = [{ name: 'manager', permissions: ['sell'] }];
    expect([...permissionsOfRole('manager', narrowed)]).toEqual([...permissions]);
  });

  it('gives nothing to a role nobody defines (IT dropped it), nor by another case of a name', () => {
    const it_: RoleDefinition[] = [{ name: 'lead', permissions: ['sell'] }];
    expect([...permissionsOfRole('janitor', it_)]).toEqual([]);
    expect([...permissionsOfRole('Lead', it_)]).toEqual([]);
    expect([...permissionsOfRole('Manager', none)]).toEqual([]);
  });
});
