import { z } from 'zod';
import { isValidTimeZone } from '../time-zone';

/**
 * The check of a time-zone setting, for the two that hold one: the zone the payment service
 * writes expiry times in (service.ts) and the zone day reports are cut in (shop.ts).
 */

/** IANA zone names: letters, digits and _ + - /, no more than 64 characters ("America/Argentina/Buenos_Aires"). */
const TIME_ZONE_TEXT = /^[A-Za-z0-9_+\-/]{1,64}$/;

/** True when Intl knows the zone (IANA name or "UTC"). Never throws. */
export function isKnownTimeZone(zone: string): boolean {
  return typeof zone === 'string' && TIME_ZONE_TEXT.test(zone) && isValidTimeZone(zone);
}

export const timeZoneSchema = (what: string) =>
  z.string().refine(isKnownTimeZone, {
    message: `${what} must be an IANA time zone such as "Europe/Berlin" or "UTC".`,
  });
