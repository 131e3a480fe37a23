/** The names of HTML elements (HTML Living Standard plus common obsolete ones used in spam). */
export const HTML_ELEMENTS: ReadonlySet<string> = new Set(
  (
    'a abbr address area article aside audio b base bdi bdo big blink blockquote body br button canvas caption center ' +
    'cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure font ' +
    'footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li ' +
    'link main map mark marquee math menu meta meter nav noscript object ol optgroup option output p param picture pre ' +
    'progress q rp rt ruby s samp script search section select slot small source span strike strong style sub summary ' +
    'sup svg table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr applet'
  ).split(' '),
);

/**
 * Start tags: `<name` followed by whitespace, `/` or `>`, then anything but angle brackets up
 * to `>`. `[^<>]` stops at the next `<`, so a scan is linear. Group 1 is the name.
 */
export const START_TAG = /<([a-zA-Z][a-zA-Z0-9]{0,15})(?=[\s/>])[^<>]{0,4000}>/g;

/**
 * Whether a {@link START_TAG} match reads as markup rather than prose in angle brackets: nothing
 * but white space and `/` after the name (`<b>`, `<br />`), or at least one `attr=value`
 * (`<a href=…>`). "<time is money>", "<link to the page>" and "if a<b and c>d" are prose:
 * their words would be valueless attributes, which real markup, and spam, rarely uses.
 */
export function isMarkupTag(tag: string, name: string): boolean {
  const rest = tag.slice(1 + name.length, -1);
  return rest.includes('=') || /^[\s/]*$/.test(rest);
}

/**
 * BBCode link and image tags, which form spam uses where HTML is escaped. The value stops at
 * the next "[" as well as at "]": otherwise every "[url=" of a long "[url=[url=…" would scan
 * 2000 characters ahead and a scan would be quadratic.
 */
export const BBCODE_TAG = /\[(url|link|img)(?:=[^[\]\s]{1,2000})?\]/gi;

const NAMED: Readonly<Record<string, string>> = {
  lt: '<', gt: '>', quot: '"', apos: "'", amp: '&', colon: ':', tab: '\t', newline: '\n', lpar: '(', rpar: ')',
  sol: '/', equals: '=', nbsp: ' ',
};

/**
 * Decodes HTML character references and percent-escapes of ASCII characters, once, the way a
 * browser or a naive server would before the text reaches a page. Leading zeros are skipped, as
 * browsers do ("&#0000106;" is "j"). Unknown references stay as they are.
 */
export function decodeEntities(s: string): string {
  // Each step only where its sign is: most text with a "%" (a percentage) has no "&".
  const e = s.includes('&')
    ? s.replace(/&(?:#0{0,64}(\d{1,7})|#[xX]0{0,64}([0-9a-fA-F]{1,6})|([a-zA-Z]{2,8}));?/g, (whole, dec?: string, hex?: string, name?: string) => {
        if (dec !== undefined || hex !== undefined) {
          const cp = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
          return cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : whole;
        }
        return NAMED[name!.toLowerCase()] ?? whole;
      })
    : s;
  return decodePercent(e);
}

/** The value of hex digit `c` (a code unit), -1 when it is none. */
function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
}

/**
 * Percent-escapes of ASCII characters decoded (`%` + [0-7] + a hex digit, left to right, as
 * `s.replace(/%([0-7][0-9a-fA-F])/g, …)` decodes them), each "%" found by indexOf: `s` itself
 * when it has none.
 */
export function decodePercent(s: string): string {
  let p = s.indexOf('%');
  if (p === -1) return s;
  let out = '';
  let from = 0;
  for (; p !== -1; p = s.indexOf('%', p + 1)) {
    const hi = s.charCodeAt(p + 1) - 0x30;
    if (!(hi >= 0 && hi <= 7)) continue;
    const lo = hexValue(s.charCodeAt(p + 2));
    if (lo === -1) continue;
    out += s.slice(from, p) + String.fromCharCode(hi * 16 + lo);
    from = p + 3;
    p += 2;
  }
  return from === 0 ? s : out + s.slice(from);
}
