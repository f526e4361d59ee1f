import { Badge, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Suspense, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import type { AppInfo } from '../../../shared/ipc/views';
import type { CallFailure } from '../../../shared/ipc/contract-kit';
import { AfterFirstPaint } from '../../common/after-first-paint';
import { IdleWarmUp } from '../../warm-up/idle-warm-up';
import { PaymentQr } from '../../common/payment-qr';
import { FailureAlert } from '../errors/failure-alert';
import { SaleFeedback } from '../feedback/sale-feedback';
import { tillVolume } from '../feedback/use-sale-feedback';
import { ActiveSale } from '../sale/active/active-sale';
import { sampleSale } from '../../warm-up/sample-sale';
import { SaleScreen } from '../sale/sale-screen';
import { CatalogueMemory, CatalogueMemoryContext } from '../sale/start/catalogue-memory';
import { FirstManagerScreen } from '../staff/first-manager-screen';
import { ManagerApprovalHost } from '../staff/manager-approval-host';
import { SignInScreen } from '../staff/sign-in-screen';
import { SignedInPerson } from '../staff/signed-in-person';
import { staffGate } from '../staff/staff-gate';
import { useStaffSession } from '../staff/use-staff-session';
import { removeStartScreen } from '../../common/start-screen';
import { AuditChainBanner } from '../audit/audit-chain-banner';
import { maySeeAudit } from '../audit/may-see-audit';
import {
  firstAnswer,
  isSettingsAtStart,
  settingsSoFar,
  takeFirstCall,
  type FirstCall,
} from './first-calls';
import {
  AuditScreen,
  FirstRunScreen,
  HistoryScreen,
  preloadScreens,
  preloadScreensWhenIdle,
  SettingsScreen,
  ShiftScreen,
} from './lazy-screens';
import { callPos } from './pos';
import { StatusBar } from './status-bar';
import { UpdateReadyBadge } from './update-ready-badge';
import { usePosEvent, usePosListener } from './use-pos';

type Screen = 'sale' | 'history' | 'shift' | 'settings' | 'setup' | 'audit';

/** The header's buttons; the audit trail opens from the History screen. */
const screens: { id: Exclude<Screen, 'setup' | 'audit'>; label: string }[] = [
  { id: 'sale', label: 'Sale' },
  { id: 'history', label: 'History' },
  { id: 'shift', label: 'Shift' },
  { id: 'settings', label: 'Settings' },
];

/**
 * The cashier window: a header (screens, demo mode, who is signed in) over one screen, over the
 * status bar. With staff PINs on, the first-manager step or the sign-in takes the screen's place
 * until someone is signed in.
 */
export function CashierApp() {
  // Drawn at once when cashier-page.tsx's first appInfo call is already answered.
  const [info, setInfo] = useState<AppInfo | null>(() => {
    const answer = firstAnswer('appInfo');
    return answer?.ok ? answer.value : null;
  });
  const [infoFailure, setInfoFailure] = useState<CallFailure | null>(null);
  const [screen, setScreen] = useState<Screen>('sale');
  const settings = usePosEvent('settings-changed', settingsSoFar);
  const sale = usePosEvent('sale-changed') ?? null;
  // The last chain and asset lists, kept while the start form comes and goes between sales.
  const [catalogueMemory] = useState(() => new CatalogueMemory());
  const { session, setSession, failure: sessionFailure, retry: askSession } = useStaffSession();
  // Who is at the till still unknown after a failed ask: no screen opens (it is asked again).
  const sessionUnknown = session === undefined ? sessionFailure : null;
  // The first screen, or what keeps it from being drawn, replaces the start screen (index.html)
  // in the same frame; until then the start screen stays, not this component's spinner.
  const drawn =
    (info !== null && session !== undefined) || infoFailure !== null || sessionUnknown !== null;
  useLayoutEffect(() => {
    if (drawn) removeStartScreen();
  }, [drawn]);

  // `asked`: the appInfo call cashier-page.tsx started at load, taken by the first attempt.
  const loadInfo = useCallback(async (asked: FirstCall<'appInfo'> | null = null) => {
    const result = await (asked ?? callPos('appInfo', {}));
    if (result.ok) {
      setInfo(result.value);
      setInfoFailure(null);
    } else {
      setInfoFailure(result.error);
    }
    return result;
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = async (asked: FirstCall<'appInfo'> | null = null) => {
      const result = await loadInfo(asked);
      // Main answers 'starting' until its services are up: ask again shortly.
      if (!result.ok && result.error.kind === 'starting')
        timer = setTimeout(() => void attempt(), 500);
    };
    void attempt(takeFirstCall('appInfo'));
    return () => clearTimeout(timer);
  }, [loadInfo]);

  // The service mode follows the settings (a URL saved, demo mode allowed or not). The
  // settings the page started with are not a change: the first answer already has them.
  usePosListener('settings-changed', (changed) => {
    if (!isSettingsAtStart(changed)) void loadInfo();
  });

  if (!info || session === undefined) {
    return (
      <Stack align="center" justify="center" h="100%" p="xl">
        {infoFailure ? (
          <FailureAlert failure={infoFailure} onRetry={() => void loadInfo()} />
        ) : sessionUnknown ? (
          <FailureAlert failure={sessionUnknown} onRetry={askSession} />
        ) : (
          <Loader size="lg" />
        )}
      </Stack>
    );
  }

  const gate = staffGate(session);
  const signedIn = session?.pinsRequired ? session.signedIn : null;
  // Whoever signs in starts at the sale, not at the screen the last person left open.
  const onSignedIn = (next: NonNullable<typeof session>) => {
    setSession(next);
    setScreen('sale');
  };
  const forcedSetup = info.needsSetup;
  // The audit trail, for whoever may see it (main checks again).
  const mayAudit = maySeeAudit(session);
  const openAudit = () => setScreen('audit');
  const current: Screen = forcedSetup ? 'setup' : screen === 'audit' && !mayAudit ? 'sale' : screen;
  // The audit trail opens from History: its button stays lit there.
  const shownIn = (id: Screen) => current === id || (id === 'history' && current === 'audit');
  const shopName = settings?.values.shopName ?? '';

  return (
    <Stack gap={0} mih="100%">
      <Box
        component="header"
        px="md"
        py="xs"
        style={{
          background: 'var(--mantine-color-body)',
          borderBottom: '1px solid var(--mantine-color-default-border)',
          position: 'sticky',
          top: 0,
          zIndex: 10,
        }}
      >
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text component="span" size="xl" fw={800}>
              Counter
            </Text>
            {shopName ? (
              <Text size="lg" truncate maw={260}>
                {shopName}
              </Text>
            ) : null}
            {info.demoMode ? (
              <Badge
                color="yellow.4"
                variant="filled"
                size="lg"
                data-testid="demo-badge"
                style={{ flex: 'none' }}
              >
                Demo mode
              </Badge>
            ) : null}
            <AfterFirstPaint>
              <UpdateReadyBadge />
            </AfterFirstPaint>
          </Group>
          <Group gap="md" wrap="nowrap">
            {signedIn && gate === null ? (
              <SignedInPerson person={signedIn} onSession={setSession} />
            ) : null}
            {gate === null ? (
              <Group gap="xs" wrap="nowrap" component="nav" aria-label="Screens">
                {screens.map((item) => (
                  <Button
                    key={item.id}
                    size="md"
                    h={48}
                    px={14}
                    variant={shownIn(item.id) ? 'filled' : 'subtle'}
                    aria-current={shownIn(item.id) ? 'page' : undefined}
                    disabled={forcedSetup}
                    data-testid={`nav-${item.id}`}
                    onPointerEnter={preloadScreens}
                    onFocus={preloadScreens}
                    onClick={() => setScreen(item.id)}
                  >
                    {item.label}
                  </Button>
                ))}
              </Group>
            ) : null}
          </Group>
        </Group>
      </Box>
      <Box component="main" p="md" style={{ flex: 1 }}>
        {gate === null && mayAudit && current !== 'audit' ? (
          // Whether the audit trail was changed outside the till: asked once the screen is up.
          <AfterFirstPaint>
            <AuditChainBanner personKey={signedIn?.staffId ?? ''} onOpen={openAudit} />
          </AfterFirstPaint>
        ) : null}
        {/* History, Shift, Settings, the first run and the audit trail load on first use
            (lazy-screens.ts). */}
        <Suspense fallback={<Loader size="lg" />}>
          {gate === 'first-manager' && session ? (
            <FirstManagerScreen onSession={onSignedIn} />
          ) : gate === 'sign-in' && session ? (
            <SignInScreen session={session} onSession={onSignedIn} />
          ) : current === 'setup' ? (
            <FirstRunScreen
              info={info}
              settings={settings ?? null}
              forced={forcedSetup}
              onDone={() => {
                void loadInfo();
                setScreen('sale');
              }}
            />
          ) : current === 'sale' ? (
            <CatalogueMemoryContext.Provider value={catalogueMemory}>
              <SaleScreen sale={sale} settings={settings ?? null} />
            </CatalogueMemoryContext.Provider>
          ) : current === 'audit' ? (
            <AuditScreen />
          ) : current === 'history' ? (
            <HistoryScreen {...(mayAudit ? { onOpenAudit: openAudit } : {})} />
          ) : current === 'shift' ? (
            <ShiftScreen timeZone={settings?.values.reportTimeZone ?? 'UTC'} />
          ) : (
            <SettingsScreen
              info={info}
              settings={settings ?? null}
              session={session}
              onSession={setSession}
              onSetup={() => setScreen('setup')}
              onChanged={() => void loadInfo()}
            />
          )}
        </Suspense>
      </Box>
      {/* The sale's screen and the cashier's copy of its QR (drawn there only once the page
          is idle after the link came), drawn by compiled code from the first sale on. It is
          mounted with the first screen, and begins once that screen is painted. Then, still
          in idle moments, the other screens' code is loaded. */}
      <IdleWarmUp
        onDone={preloadScreensWhenIdle}
        render={(round) => {
          const sample = sampleSale(round, settings?.values.currency ?? 'USD');
          return (
            <>
              <ActiveSale sale={sample} />
              <PaymentQr link={sample.link?.qrUrl ?? ''} size={168} />
            </>
          );
        }}
      />
      {/* Not needed to type an amount: drawn a frame after the first screen (the status bar
          formats times, whose first use loads the time zone data). */}
      <AfterFirstPaint>
        <SaleFeedback sale={sale} settings={settings ?? null} />
        <ManagerApprovalHost session={session} />
        <StatusBar
          demoMode={info.demoMode}
          currency={settings?.values.currency ?? 'USD'}
          timeZone={settings?.values.reportTimeZone}
          soundVolume={tillVolume(settings ?? null)}
        />
      </AfterFirstPaint>
    </Stack>
  );
}
