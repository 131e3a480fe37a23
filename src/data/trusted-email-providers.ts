// Generator: none (curated by hand)
// Source: formspam's own curation: the global free providers and those of the countries of formspam's 19 languages
// Date: 2026-11-22
// Edit: edit this file (test/rules/email/lists.test.ts checks every entry is a free provider and in no disposable list)

// The most popular trusted free email providers, for email.FREE_PROVIDER's score 0.5. Chosen
// for the countries of formspam's 19 languages (bg cs da de el en es fi fr hu it nl no pl pt ro
// ru sk sv) plus the global providers. A domain belongs here when it is a large, long-standing
// provider with real sign-up checks (phone or payment verification, abuse desks).

/** When the list below was last reviewed (for `formspam status`). */
export const TRUSTED_EMAIL_PROVIDERS_REVIEWED = '2026-11-22';

export const TRUSTED_EMAIL_PROVIDERS: readonly string[] = [
  // Global
  'gmail.com', 'googlemail.com',
  'outlook.com', 'outlook.de', 'outlook.fr', 'outlook.es', 'outlook.it', 'outlook.cz', 'outlook.sk', 'outlook.dk',
  'hotmail.com', 'hotmail.co.uk', 'hotmail.de', 'hotmail.fr', 'hotmail.es', 'hotmail.it', 'hotmail.nl', 'hotmail.no',
  'live.com', 'live.co.uk', 'live.de', 'live.fr', 'live.it', 'live.nl', 'live.se', 'live.dk',
  'msn.com',
  'yahoo.com', 'yahoo.co.uk', 'yahoo.de', 'yahoo.fr', 'yahoo.es', 'yahoo.it', 'yahoo.gr', 'yahoo.ro', 'yahoo.dk', 'yahoo.se',
  'ymail.com', 'rocketmail.com',
  'icloud.com', 'me.com', 'mac.com',
  'aol.com',
  'proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me',
  'zoho.com', 'fastmail.com',
  // de, at, ch
  'gmx.de', 'gmx.net', 'gmx.at', 'gmx.com', 'web.de', 't-online.de', 'freenet.de', 'arcor.de', 'bluewin.ch',
  // ru
  'mail.ru', 'bk.ru', 'list.ru', 'inbox.ru', 'yandex.ru', 'yandex.com', 'ya.ru', 'rambler.ru',
  // cs, sk
  'seznam.cz', 'email.cz', 'centrum.cz', 'post.cz', 'azet.sk', 'centrum.sk', 'post.sk',
  // pl
  'wp.pl', 'o2.pl', 'onet.pl', 'interia.pl', 'op.pl',
  // bg, hu, ro, el
  'abv.bg', 'mail.bg', 'freemail.hu', 'citromail.hu', 'email.ro',
  // it, fr, es, pt, nl, be
  'libero.it', 'virgilio.it', 'alice.it', 'tiscali.it',
  'orange.fr', 'free.fr', 'laposte.net', 'wanadoo.fr', 'sfr.fr',
  'sapo.pt',
  'ziggo.nl', 'kpnmail.nl', 'home.nl', 'telenet.be', 'skynet.be',
];

/**
 * Free providers missing from freemail's free.txt (which dates from 2024 or earlier), each
 * checked by hand: a public, free sign-up for personal mailboxes. They count as free providers
 * (score 1 when not trusted) like the generated list.
 */
export const FREE_PROVIDER_ADDITIONS: readonly string[] = [
  'proton.me', 'protonmail.ch', 'pm.me', // Proton's current domains (protonmail.com is in free.txt)
  'azet.sk', // Azet, Slovakia's largest webmail
  'citromail.hu', // Citromail, Hungary
  'sfr.fr', // SFR, France
  'telenet.be', 'skynet.be', // Telenet and Proximus, Belgium
  'bluewin.ch', // Swisscom's bluewin, Switzerland
  'tutanota.com', 'tuta.io', // Tuta, Germany
  'hey.com', // HEY
  'hotmail.se', 'hotmail.dk', 'gmx.ch', 'aol.de', // Microsoft, GMX and AOL country domains
];
