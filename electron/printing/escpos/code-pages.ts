/**
 * Which code pages the ESC/POS renderer may switch to, and what it prints for a character none
 * of them has. ESC/POS printers print single bytes through a selected code page (ESC t n);
 * the number of each code page differs between makers above the first few, and a wrong guess
 * prints garbage. So the till uses only the pages nearly every ESC/POS printer has at the same
 * numbers (Epson's first table, which clones copy), lets the encoder pick among them per run of
 * text, and replaces any other character by something readable before it reaches the encoder.
 */
import CodepageEncoder, { type Codepage } from '@point-of-sale/codepage-encoder';

/**
 * Code page -> its ESC t number, on Epson's printers and the many that copy their table; in the
 * order the renderer prefers them (the most common first, cp858 for the euro sign).
 */
export const everydayCodePages: Partial<Record<Codepage, number>> = {
  cp437: 0,
  cp858: 19,
  cp850: 2,
  windows1252: 16,
  cp852: 18,
  cp866: 17,
  cp860: 3,
  cp863: 4,
  cp865: 5,
  'epson/katakana': 1,
};

const preferredCodePages = Object.keys(everydayCodePages) as Codepage[];

/**
 * What a character no everyday code page has is printed as. Currency signs become their codes
 * ("EUR" reads better than "?"), typographic marks their plain forms.
 */
const readableFallbacks: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  円: 'JPY',
  元: 'CNY',
  Ξ: 'ETH',
  '₿': 'BTC',
  '₮': 'USDT',
  '₹': 'INR',
  '₽': 'RUB',
  '₩': 'KRW',
  '₺': 'TRY',
  '₴': 'UAH',
  '₦': 'NGN',
  '₱': 'PHP',
  '₫': 'VND',
  '฿': 'THB',
  '₪': 'ILS',
  '‘': "'",
  '’': "'",
  '‚': ',',
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '−': '-',
  '…': '...',
  '•': '*',
  '×': 'x',
  '\u00a0': ' ',
  '\u202f': ' ',
};

/** What stands for a run of characters with no readable form at all (a CJK shop name). */
const unprintableMark = '?';

/** The characters each code page prints (bytes below 0x20 and 0x7f are commands, not text). */
const charactersOf = new Map<Codepage, ReadonlySet<number>>(
  preferredCodePages.map((codePage) => {
    const table = CodepageEncoder.getCodepoints(codePage, true);
    const codePoints = new Set<number>();
    table.forEach((codePoint, byte) => {
      if (byte >= 0x20 && byte !== 0x7f && codePoint !== 0xfffd) codePoints.add(codePoint);
    });
    return [codePage, codePoints];
  }),
);

const printable: ReadonlySet<number> = new Set(
  [...charactersOf.values()].flatMap((codePoints) => [...codePoints]),
);

/**
 * The first preferred code page that prints all of `text` (already printable), or 'auto' to
 * let the encoder switch pages inside it. Chosen here because the encoder's own automatic
 * choice is slow (milliseconds a line: seconds for a long report).
 */
export function codePageFor(text: string): Codepage | 'auto' {
  const codePoints = [...text].map((character) => character.codePointAt(0) ?? 0);
  for (const [codePage, characters] of charactersOf) {
    if (codePoints.every((codePoint) => characters.has(codePoint))) return codePage;
  }
  return 'auto';
}

function isPrintable(character: string): boolean {
  return printable.has(character.codePointAt(0) ?? -1);
}

/** One character in a form the everyday code pages can print, or undefined when it has none. */
function printableForm(character: string): string | undefined {
  if (isPrintable(character)) return character;
  const fallback = readableFallbacks[character];
  if (fallback !== undefined && [...fallback].every(isPrintable)) return fallback;
  // An accented letter none of the pages has prints as its base letter ("ő" -> "o").
  const base = character.normalize('NFD').replace(/\p{M}/gu, '');
  if (base !== '' && base !== character && [...base].every(isPrintable)) return base;
  return undefined;
}

/**
 * Text the renderer can hand to the encoder: control and format characters removed (a shop
 * name holding ESC must not become a printer command), tabs and line breaks as spaces, every
 * other character printable, readable or, for a run with no readable form, one "?".
 */
export function printableText(text: string): string {
  let result = '';
  let inUnprintableRun = false;
  const characters = [...text.replace(/[\t\r\n\v\f]/g, ' ')].filter(
    (character) => !/[\p{Cc}\p{Cf}]/u.test(character),
  );
  characters.forEach((character, index) => {
    const form = printableForm(character);
    if (form === undefined) {
      if (!inUnprintableRun) result += unprintableMark;
      inUnprintableRun = true;
      return;
    }
    inUnprintableRun = false;
    result += form === character ? form : spacedCode(form, result.at(-1), characters[index + 1]);
  });
  return result;
}

/** A currency code in place of its sign stands apart from the amount: "ETH 0.5", "5 EUR". */
function spacedCode(form: string, before: string | undefined, after: string | undefined): string {
  if (!/^[A-Z]{3,4}$/.test(form)) return form;
  const touches = (neighbour: string | undefined) =>
    neighbour !== undefined && /[\p{L}\p{N}]/u.test(neighbour);
  return `${touches(before) ? ' ' : ''}${form}${touches(after) ? ' ' : ''}`;
}
