import type { StaticDnsZone } from '../../../src/testing/index.js';

const DMARC = ['v=DMARC1; p=reject; rua=mailto:dmarc@example.net'];
const MX = (host: string) => [[10, host]] as const;

/** Fixture zones under real TLDs for the email tests (served by test/helpers/dns-server.ts). */
export const EMAIL_ZONE: StaticDnsZone = {
  'gmail.com': { MX: [[5, 'gmail-smtp-in.l.google.com'], [10, 'alt1.gmail-smtp-in.l.google.com']] },
  '_dmarc.gmail.com': { TXT: ['v=DMARC1; p=none; sp=quarantine; rua=mailto:mailauth-reports@google.com'] },
  'googlemail.com': { MX: MX('gmail-smtp-in.l.google.com') },
  // The resolver health check's names (RESOLVER_HEALTH_NAMES): gmail.com above, and outlook.com.
  'outlook.com': { MX: MX('outlook-com.olc.protection.outlook.com') },
  '_dmarc.googlemail.com': { TXT: DMARC },
  'seznam.cz': { MX: MX('mx1.seznam.cz') },
  '_dmarc.seznam.cz': { TXT: ['v=DMARC1; p=none'] },
  '163.com': { MX: MX('163mx01.mxmail.netease.com') },
  'mailinator.com': { MX: MX('mail.mailinator.com') },
  'yopmail.com': { MX: MX('mx.yopmail.com') },
  '_dmarc.yopmail.com': { TXT: DMARC },
  'acme-widgets-x7q.com': { MX: [[10, 'mx1.acme-widgets-x7q.com'], [20, 'mx2.acme-widgets-x7q.com']], TXT: ['v=spf1 mx -all'] },
  '_dmarc.acme-widgets-x7q.com': { TXT: ['some-other=record', ...DMARC] },
  'nodmarc-shop-x7q.com': { MX: MX('mail.nodmarc-shop-x7q.com') },
  'nullmx-x7q.com': { MX: [[0, '.']] },
  '_dmarc.nullmx-x7q.com': { TXT: DMARC },
  'aonly-x7q.com': { A: ['192.0.2.20'], AAAA: ['2001:db8::20'] },
  '_dmarc.aonly-x7q.com': { TXT: DMARC },
  'nohost-x7q.com': { TXT: ['v=spf1 -all'] },
  'mail.orgdmarc-x7q.com': { MX: MX('mx.orgdmarc-x7q.com') },
  '_dmarc.orgdmarc-x7q.com': { TXT: ['v=DMARC1;p=quarantine'] },
  'bigdmarc-x7q.com': { MX: MX('mx.bigdmarc-x7q.com') },
  '_dmarc.bigdmarc-x7q.com': { TXT: [`v=DMARC1; p=reject; rua=${Array.from({ length: 12 }, (_, i) => `mailto:dmarc-${i}@reports-x7q.example.net`).join(',')}`, 'v=spf1 ' + 'x'.repeat(300)] },
  'xn--bcher-kva.de': { MX: MX('mx.xn--bcher-kva.de') },
  '_dmarc.xn--bcher-kva.de': { TXT: DMARC },
  'xn--e1afmkfd.xn--p1ai': { MX: MX('mx.xn--e1afmkfd.xn--p1ai') },
  '_dmarc.xn--e1afmkfd.xn--p1ai': { TXT: DMARC },
  'reported-spam-x7q.com': { MX: MX('mx.reported-spam-x7q.com') },
  '_dmarc.reported-spam-x7q.com': { TXT: DMARC },
  'servfail-x7q.com': 'SERVFAIL',
};
