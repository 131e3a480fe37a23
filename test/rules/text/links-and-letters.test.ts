// Issue 16 (precision on real prose): texts with no words of their own. A link the writer cites
// (set off in brackets or quotes), a list of several links and a row of emoji are not a short
// message in an unknown language; a link posted alone, a link repeated and a short message with
// links still are. Classified with the default rules and offline providers, as a contact form and
// as a comment.
import { describe, expect, it } from 'vitest';
import { classify, createDefaultProviders } from '../../../src/index.js';

const providers = createDefaultProviders({ offline: true });

const notBad: [string, string][] = [
  ['a cited news link (en blog)', '[http://www.example-news.com/tech/science/space/2005-03-09-nasa-search_x.htm?csp=34]'],
  ['a cited article with a query', '[http://www.example-space.com/article.ns?id=dn8293&feedId=human-spaceflight_atom03]'],
  ['a source in round brackets (cs)', '(https://www.example.cz/zpravy/domaci/clanek-na-webu-12345)'],
  ['a link in angle brackets (e-mail)', '<https://www.example.org/en/reports/2024/annual-report.pdf>'],
  ['two gallery links (ja blog)', 'http://www.example.net/news/image/2005.09/20050917034321_2big.html http://www.example.net/news/image/2005.09/20050909152208_14big.html'],
  ['two sources, one per line (de)', 'https://www.example.de/politik/artikel-1.html\nhttps://www.example.org/bericht/2024'],
  ['a row of hearts', '❤️ ❤️ ❤️ ❤️ ❤️❤️❤️❤️'],
  ['a row of laughing faces', '😂😂😂😂😂😂😂😂😂😂😂😂😂😂😂😂😂😂😂😂😂'],
  ['a number and dots', '645.............................................................................'],
];

const bad: [string, string][] = [
  ['a file-sharing link alone', 'http://binbox.io/1FIRo#123'],
  ['a referral link alone', 'http://hackaccount.example.com/?ref=4604617'],
  ['a landing page alone', 'http://ad-accounts2024.xyz'],
  ['a channel link alone', 'http://www.twitch.tv/zxlightsoutxz'],
  ['one link posted twice', 'http://www.example.pl/dolacz/V3VeYGIN http://www.example.pl/dolacz/V3VeYGIN'],
  ['a short message and a link', 'please like :D https://premium.easypromosapp.com/voteme/19924/616375350'],
  ['a short message and links to pictures', 'Look at the pictures http://image.example.ru/48051/1340524/ http://image.example.ru/48051/1340523/ http://image.example.ru/48051/1340522/'],
  ['a framed link', '----->>>>  https://www.facebook.com/video.php?v=10200253113705769&set=vb.201470069872822  <--------'],
];

describe.each([undefined, 'comment'] as const)('formType %s', (formType) => {
  it.each(notBad)('%s is not BAD', async (_name, text) => {
    const r = await classify(formType ? { text, formType } : { text }, providers);
    expect(r.classification, `score ${r.score}: ${r.reasons.join(', ')}`).not.toBe('BAD');
  });
  it.each(bad)('%s is BAD', async (_name, text) => {
    const r = await classify(formType ? { text, formType } : { text }, providers);
    expect(r.classification, `score ${r.score}: ${r.reasons.join(', ')}`).toBe('BAD');
  });
});
