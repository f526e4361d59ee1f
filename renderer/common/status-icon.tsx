/**
 * Plain inline SVG icons for outcomes (no icon library: a few paths are smaller than a
 * dependency). Each is drawn in currentColor and hidden from screen readers: the words next
 * to it carry the meaning.
 */
export type StatusIconKind = 'check' | 'cross' | 'clock' | 'alert' | 'tap' | 'wait' | 'stop';

const paths: Record<StatusIconKind, string> = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  cross: 'M6 6l12 12M18 6L6 18',
  clock: 'M12 7v5l3.5 2.5M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z',
  alert:
    'M12 8v5M12 16.5v.5M10.3 3.9L2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  tap: 'M8 3h8a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM11 18h2M20.5 8.5a6 6 0 0 1 0 7M22.5 6.5a9 9 0 0 1 0 11',
  wait: 'M12 3a9 9 0 1 0 9 9',
  stop: 'M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18zM5.6 5.6l12.8 12.8',
};

/** `size`: px, or any CSS length ("18vh") so it scales with the screen. */
export function StatusIcon({
  kind,
  size = 96,
  spin = false,
}: {
  kind: StatusIconKind;
  size?: number | string;
  spin?: boolean;
}) {
  return (
    <svg
      data-icon={kind}
      aria-hidden="true"
      focusable="false"
      style={{ width: size, height: size, flex: 'none' }}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.4}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={spin ? 'counter-spin' : undefined}
    >
      <path d={paths[kind]} />
    </svg>
  );
}
