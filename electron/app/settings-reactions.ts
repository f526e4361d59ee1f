import type { Events } from '../../shared/ipc/contract';
import type { EventSink } from '../../shared/ipc/contract-kit';
import type { SettingKey } from '../../shared/settings';
import type { Logger } from '../logging/logger';
import type { NfcHost } from '../nfc-host/nfc-host';
import type { SettingsService } from '../settings/settings-service';
import { pageSettings } from '../diagnostics/settings-allow-list';
import type { StaffService } from '../staff/staff-service';
import type { CustomerViewPublisher } from '../customer-display/customer-view-publisher';
import type { ServiceConnection } from '../connection/service-connection';

/**
 * The settings that decide which service the till talks to and as whom. A change to any of
 * them refreshes the connection: a new client, and a catalogue loaded again from it.
 * `demoModeAllowed` is among them because it starts or stops the built-in sandbox.
 */
const connectionSettingKeys: readonly SettingKey[] = [
  'serviceBaseUrl',
  'serialNumber',
  'serviceTimeZone',
  'demoModeAllowed',
];

/** Who may sign in and how: PINs on or off, IT's managers, the auto-lock time. */
const staffSettingKeys: readonly SettingKey[] = [
  'staffPinsRequired',
  'provisionedManagers',
  'autoLockMinutes',
];

/** What the customer display shows from the settings (the rest of its view is the sale's). */
const customerViewSettingKeys: readonly SettingKey[] = [
  'shopName',
  'shopLogo',
  'soundOn',
  'soundVolume',
  'customerDisplaySound',
];

/**
 * Redoes, after a settings change, only the work the changed keys call for. The cashier page
 * is always told (a source or a lock may have moved even when no value did), in the settings'
 * page-safe view (settings-allow-list.ts: no PIN hash, no key of an address); a picker tap
 * (lastChainId, lastAsset) does nothing more, so the next sale finds the catalogue and the
 * client as they were and sends no extra request.
 */
export function reactToSettings(parts: {
  settings: SettingsService;
  send: EventSink<Events>;
  logger: Logger;
  connection: ServiceConnection;
  customer: CustomerViewPublisher;
  nfc: NfcHost | null;
  staff: Pick<StaffService, 'settingsChanged'>;
}): () => void {
  const { settings, send, logger, connection, customer, nfc, staff } = parts;
  const touches = (changed: ReadonlySet<SettingKey>, keys: readonly SettingKey[]) =>
    keys.some((key) => changed.has(key));
  return settings.onChange((effective, changed) => {
    send('settings-changed', pageSettings(effective));
    if (touches(changed, customerViewSettingKeys)) customer.refresh();
    if (touches(changed, ['nfcAid', 'nfcReadDeadlineMs']))
      nfc?.reader.configure({
        aid: effective.values.nfcAid,
        readDeadlineMs: effective.values.nfcReadDeadlineMs,
      });
    if (touches(changed, staffSettingKeys)) staff.settingsChanged();
    if (touches(changed, connectionSettingKeys)) {
      connection
        .refresh()
        // Demo mode may have started or stopped: the display's banner follows.
        .then(() => customer.refresh())
        .catch((error: unknown) =>
          logger.error('the service connection could not follow the settings', {
            error: error instanceof Error ? error.message : String(error),
          }),
        );
    }
  });
}
