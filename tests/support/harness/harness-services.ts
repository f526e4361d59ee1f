// The harness's heavy half: the app's services with Node adapters, and what the transport
// needs of the contract. harness.ts imports it only once its page server listens, as the app
// builds its services after opening its windows, so the pages load while this loads.
import { join } from 'node:path';
import type { Clock } from '../../../shared/clock';
import { displayEventNames, eventNames, type Events } from '../../../shared/ipc/contract';
import type { EventSink } from '../../../shared/ipc/contract-kit';
import { defaultSettings } from '../../../shared/settings';
import { createAppServices, type AppPlatform } from '../../../electron/app/app-services';
import type { Logger } from '../../../electron/logging/logger';
import { createNetworkPrinter } from '../../../electron/printing/escpos/network-printer';
import { createMemorySettingsStore } from '../../../electron/settings/local-settings-store';
import { createMemorySecretStore } from '../../../electron/settings/secret-store';
import { createSettingsService } from '../../../electron/settings/settings-service';
import type { HarnessPage } from './bridge-script';
import type { HarnessOptions } from './harness';
import { harnessPrinting } from './harness-printing';

export { dispatchCall } from '../../../electron/app/dispatch-call';

/** The events each page may hear, as the preloads allow them. */
export const pageEvents: Record<HarnessPage, ReadonlySet<string>> = {
  cashier: new Set(eventNames),
  display: new Set(displayEventNames),
};

export async function createHarnessServices(
  options: HarnessOptions,
  context: {
    clock: Clock;
    logger: Logger;
    dataDir: string;
    exportsDir: string;
    emit: EventSink<Events>;
  },
) {
  const { clock, logger, dataDir, exportsDir } = context;
  const printing = harnessPrinting(join(exportsDir, 'prints'), {
    ...(options.cupsServer ? { cupsServer: options.cupsServer } : {}),
    clock,
    logger,
  });
  const settings = createSettingsService({
    store: createMemorySettingsStore(options.settings ?? {}),
    defaults: defaultSettings({ reportTimeZone: 'UTC' }),
    policy: options.policy ?? { status: { kind: 'none', path: '(no policy file in the harness)' } },
    logger,
  });
  const platform: AppPlatform = {
    dataDir,
    clock,
    logger,
    settings,
    secrets: options.secrets ?? createMemorySecretStore(),
    version: 'harness',
    saveCsv: async (suggestedName, write) => {
      const { mkdirSync, createWriteStream } = await import('node:fs');
      const { finished } = await import('node:stream/promises');
      mkdirSync(exportsDir, { recursive: true });
      const out = createWriteStream(join(exportsDir, suggestedName));
      const rows = await write(out);
      out.end();
      await finished(out);
      return { saved: true, fileName: suggestedName, rows };
    },
    printing,
    ...(options.spawnReader ? { spawnReader: options.spawnReader } : {}),
    ...(options.displays ? { displays: options.displays } : {}),
  };
  // The real ESC/POS network printer (plain Node), on the harness's clock and logger.
  const services = await createAppServices(platform, context.emit, (target) =>
    createNetworkPrinter({ ...target, clock, logger }),
  );
  return { services, settings, printing };
}
