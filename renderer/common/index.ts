// The pieces both pages use (see renderer/README.md). Import from here or the file itself.
export { cashierApi, displayApi } from './bridge';
export { useEvent } from './use-event';
export { countdownText, formatSeconds, secondsLeft, URGENT_SECONDS } from './countdown-format';
export { Countdown, type CountdownProps } from './countdown';
export { amountWithAsset, displayAmount } from './amount-format';
export { Amount, type AmountProps } from './amount';
export { PaymentQr, QUIET_ZONE_MODULES, type PaymentQrProps } from './payment-qr';
export { Logo, type LogoProps } from './logo';
export { initialsOf, isShowableLogo } from './logo-source';
export { statusColors, statusColorVar, theme, type StatusTone } from './theme';
export { mountPage } from './mount-page';
export { StatusIcon, type StatusIconKind } from './status-icon';
