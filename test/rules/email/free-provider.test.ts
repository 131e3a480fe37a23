import rule from '../../../src/rules/email/free-provider.js';
import { testRule } from '../../../src/testing/rule.js';

const trusted = (email: string) => ({ name: `${email}: trusted`, request: { email }, score: 0.5, count: 1 });
const free = (email: string) => ({ name: `${email}: other free provider`, request: { email }, score: 1, count: 1 });

testRule(rule, {
  hits: [
    { ...trusted('@gmail.com'), values: ['gmail.com'], fields: ['email'] },
    trusted('John.Doe@GMAIL.COM'),
    trusted('@gmail.com.'),
    trusted('@googlemail.com'),
    trusted('@outlook.de'),
    trusted('@hotmail.fr'),
    trusted('@yahoo.co.uk'),
    trusted('@icloud.com'),
    trusted('@proton.me'),
    trusted('@web.de'),
    trusted('@seznam.cz'),
    trusted('@wp.pl'),
    trusted('@abv.bg'),
    trusted('@azet.sk'),
    trusted('@freemail.hu'),
    trusted('@libero.it'),
    trusted('@mail.ru'),
    trusted('@orange.fr'),
    { ...free('@163.com'), values: ['163.com'] },
    free('@gmx.ch'),
    free('@tutanota.com'),
    free('@mail.com'),
    free('@rediffmail.com'),
    free('@inbox.lv'),
  ],
  misses: [
    { request: { email: '@acme-widgets.com' } },
    { request: { email: 'anna@firma.de' } },
    { name: 'a subdomain of a free provider is not the provider', request: { email: '@mail.gmail.com' } },
    { name: 'a disposable domain is not a free provider', request: { email: '@mailinator.com' } },
  ],
  skips: [{ request: { email: '@gmail' }, reason: 'invalid-email' }, { request: { email: 'gmail.com' }, reason: 'invalid-email' }],
});
