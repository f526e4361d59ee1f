/** How a cashier knows a late payment arrived: the usual answers, and their own words. */
export const lateReasons = [
  { value: 'wallet', label: 'The customer’s wallet shows this order paid' },
  { value: 'explorer', label: 'The payment shows on the network (block explorer)' },
  { value: 'other', label: 'Another way (say which)' },
] as const;

export type LateReasonChoice = (typeof lateReasons)[number]['value'];
