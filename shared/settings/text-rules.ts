/**
 * Text patterns that settings of several domains share (a serial and an asset symbol, a shop
 * name and a manager's name, a shop address and a receipt footer): one spelling each, so the
 * same kind of text is held to the same rule wherever it is typed.
 */

/** Printable ASCII without leading or trailing spaces (a serial is typed from a sticker). */
export const PRINTABLE_TRIMMED = /^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/;

/** Any text without control characters (the shop name may be in any script). */
export const NO_CONTROL_CHARACTERS = /^[^\p{Cc}\p{Cf}\u2028\u2029]*$/u;

/** At most 4 lines of at most 60 characters, no control characters but the line breaks. */
export const RECEIPT_LINES =
  /^(?:[^\p{Cc}\p{Cf}\u2028\u2029]{0,60})(?:\n[^\p{Cc}\p{Cf}\u2028\u2029]{0,60}){0,3}$/u;
