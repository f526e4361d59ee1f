/**
 * Kept only so electron/main/storage/open-settings.ts still builds until it imports
 * `systemTimeZone` from shared/time-zone itself. Delete once nothing imports it.
 */
export { systemTimeZone } from '../../shared/time-zone';
