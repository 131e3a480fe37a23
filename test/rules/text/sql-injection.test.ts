import { describe, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import rule from '../../../src/rules/text/sql-injection.js';
import { expectHit, expectMiss, testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { request: '1; drop table users', count: 1, values: ['; drop table users'], score: 5 },
    { request: "' OR 1=1 --", count: 1, values: ["' OR 1=1 --"] },
    { request: "' or 'a'='a", count: 1, values: ["' or 'a'='a"] },
    { request: "admin' or '1'='1", count: 1, values: ["' or '1'='1"] },
    { name: 'no space after OR', request: "'or'1'='1", count: 1 },
    { name: 'brackets', request: "') or ('a'='a", count: 1, values: ["') or ('a'='a"] },
    { name: 'column compared with itself, comment', request: "1' or x=x--", count: 1, values: ["' or x=x--"] },
    { name: 'OR TRUE', request: "' OR TRUE--", count: 1 },
    { name: 'numeric tautology without quotes', request: 'id=1 or 1=1', count: 1, values: ['or 1=1'] },
    { name: 'tautology followed by a URL parameter', request: "id=1' or '1'='1&page=2", count: 1 },
    { request: '1 UNION SELECT username, password FROM users', count: 1, values: ['UNION SELECT'] },
    { request: '1 UNION ALL SELECT null, null', count: 1, values: ['UNION ALL SELECT null,'] },
    { name: 'UNION with comments for spaces', request: '1 UNION/**/SELECT 1', count: 1 },
    { request: "admin'--", count: 1, values: ["'--"] },
    { name: "comment after a quote and a bracket", request: "admin') --", count: 1 },
    { name: 'hash comment', request: "admin' #", count: 1 },
    { name: 'overlapping stacked statement and xp_cmdshell merge into one', request: "'; exec xp_cmdshell 'dir'", count: 1, values: ["; exec xp_cmdshell"] },
    { request: '1 AND SLEEP(5)', count: 1, values: ['SLEEP(5)'] },
    { request: "1; WAITFOR DELAY '0:0:5'", count: 1, values: ["WAITFOR DELAY '0:0:5'"] },
    { request: 'select table_name from information_schema.tables', count: 1, values: ['information_schema'] },
    { request: 'SELECT @@version', count: 1 },
    { request: "Robert'); DROP TABLE Students;--", count: 1, values: ["; DROP TABLE Students"] },
    { name: 'a whole DROP TABLE statement after a word', request: 'users; DROP TABLE users;--', count: 1 },
    { name: 'tautology and UNION apart are two attempts', request: "1' AND 1=1 UNION SELECT 1,2,3--", count: 2, values: ["' AND 1=1", 'UNION SELECT'], score: 10 },
    { name: 'BENCHMARK', request: '1 AND BENCHMARK(5000000,MD5(1))', count: 1 },
    { name: 'LIKE', request: "' or username like '%", count: 1 },
    {
      name: 'several fields',
      request: { fields: { name: "admin'--", email: 'x@example.com', message: 'Hello; 1; drop table users' } },
      count: 2,
      values: ["'--", '; drop table users'],
      fields: ['name', 'message'],
      score: 10,
    },
    { name: 'in a text array', request: { text: ['hello', '1 UNION SELECT password FROM users'] }, count: 1, fields: ['text[1]'] },
    // Issue 16: SELECT * FROM a table still counts when SQL syntax follows the table name.
    { name: 'issue 16: SELECT * FROM a table at the end', request: 'SELECT * FROM users', count: 1, values: ['SELECT * FROM users'] },
    { name: 'issue 16: stacked SELECT * FROM with WHERE', request: "x'; SELECT * FROM users WHERE 1=1", count: 1 },
    { name: 'issue 16: SELECT * FROM with a semicolon', request: 'select * from users;', count: 1, values: ['select * from users'] },
    { name: 'issue 16: SELECT * FROM with ORDER BY', request: 'SELECT * FROM accounts ORDER BY 1', count: 1, values: ['SELECT * FROM accounts'] },
    { name: 'issue 16: SELECT * FROM with a comment', request: 'SELECT * FROM members -- dump', count: 1 },
  ],
  misses: [
    'Please select the plan from the list',
    "I'd like to drop by on Tuesday; update me please",
    'We sell tables and chairs',
    "Rock 'n' roll or jazz = fun?",
    'How do I drop table rows in Excel?',
    "It's 'great' and 2 of us agree",
    '"Wait" --- she said --- "stop!"',
    'He shouted "stop"---',
    'He said \'no\' --',
    "It's \"on\" or \"off\" = both fine?",
    '"Hi" and "bye" = 2 words',
    "We want 'fast' and prices < 10",
    'Please unsubscribe me; delete from your mailing list.',
    'Open the box; insert into the slot the red cable.',
    'The server crashed; shutdown happened at 3 am.',
    'Sorry for the wait; select one from the list below.',
    'Thanks; grant all of us access to the shared drive.',
    'Please select * required fields and press send.',
    'Our benchmark (10 tests) shows a 20% gain. I need more sleep (5 hours is not enough).',
    'Trade union: select your representative by Friday.',
    'Best regards (Sales team)\n--\nAnna',
    {
      name: 'business enquiry',
      request:
        'Hello, we are a furniture wholesaler (tables, chairs, desks). Could you send your price list? ' +
        'Order volume: 1 or 2 containers per month; delivery to Rotterdam. Kind regards, Jan de Vries',
    },
    { name: 'fr, l\'or with =', request: "Le prix de l'or noir = le prix du pétrole ; sélectionnez une option." },
    { name: 'de', request: 'Bitte die Tabelle aktualisieren; danach Auswahl (select) löschen. Drop-Down-Menü geht nicht.' },
    { name: 'es', request: 'Seleccione la tabla; actualice los datos y elimine la unión de filas, por favor.' },
    { name: 'it', request: "Unione Europea: selezionare 'sì' o 'no' = obbligatorio." },
    { name: 'nl, sv', request: 'Selecteer het plan; update volgt. Välj tabell och uppdatera, tack.' },
    { name: 'pl, cs', request: 'Proszę wybrać (select) plan; usunąć tabelę. Vyberte tabulku; smažte řádek.' },
    { name: 'ru (Cyrillic)', request: 'Выберите тариф; обновите данные и удалите таблицу. «Да» или «нет» = ответ.' },
    { name: 'bg (Cyrillic)', request: 'Изберете план; изтрийте таблицата. Съюз или обединение?' },
    { name: 'el (Greek)', request: "Επιλέξτε 'ναι' ή 'όχι' = εύκολο. Διαγράψτε τον πίνακα; Ευχαριστώ." },
    // Issue 16: SQL words and quotes with a double dash in prose.
    { name: 'issue 16: en, "Select * from the menu"', request: 'Select * from the menu and pick a dessert, or select * from the left column.' },
    { name: 'issue 16: en, a quote then a double dash', request: "'Hello' -- he said, and left. She called it “freedom”-- and meant it." },
    { name: 'issue 16: en, SQL words in a sentence', request: 'The union will drop the select committee; update follows after the order by mail.' },
    { name: 'issue 16: en, a support question quoting a query', request: 'My query SELECT * FROM orders fails after the update, can you help?' },
    { name: 'issue 16: de', request: 'Wählen Sie * aus dem Menü: select * from the list of options. „Ja“ -- sagte er.' },
    { name: 'issue 16: fr', request: "Il a dit 'non' -- puis il est parti. Sélectionnez * dans le menu." },
    { name: 'issue 16: es, ru', request: "Dijo 'sí' -- y se fue. Он сказал 'нет' -- и ушёл; select * from the menu, пожалуйста." },
  ],
});

describe('adversarial 100 KB inputs', () => {
  it('finds nothing in 100 KB of quotes', () => expectMiss(rule, fill("'")));
  it("finds nothing in 100 KB of \"' or \"", () => expectMiss(rule, fill("' or ")));
  it('finds nothing in 100 KB of "; drop "', () => expectMiss(rule, fill('; drop ')));
  it('finds nothing in 100 KB of "union "', () => expectMiss(rule, fill('union ')));
  it("finds nothing in 100 KB of \"'-- x\"", () => expectMiss(rule, fill("'-- x")));
  it('finds nothing in 100 KB of quoted words followed by "--" (prose)', () => expectMiss(rule, fill("'no' --\n")));
  it('finds nothing in 100 KB of "select * from the big menu now. "', () => expectMiss(rule, fill('select * from the big menu now. ')));
  it('counts every "select * from t;" in 100 KB', () => expectHit(rule, { request: fill('select * from t; '), count: Math.floor(SIZE / 17) }));
  it('finds nothing in 100 KB of "select * "', () => expectMiss(rule, fill('select * ')));
  it('counts every "union select" in 100 KB (the last unit lacks only its space)', () =>
    expectHit(rule, { request: fill('union select '), count: Math.ceil(SIZE / 13) }));
  it('counts every stacked DROP TABLE in 100 KB', () => expectHit(rule, { request: fill('1; drop table x '), count: SIZE / 16 }));
  it("counts every \"admin'--\" line in 100 KB (the cut last line is not one)", () =>
    expectHit(rule, { request: fill("admin'--\n"), count: Math.floor(SIZE / 9) }));
  it("counts every \"' or 'a'='a\" line in 100 KB", () => expectHit(rule, { request: fill("' or 'a'='a\n"), count: Math.floor(SIZE / 12) }));
  it('counts every SLEEP(5) in 100 KB', () => expectHit(rule, { request: fill('sleep(5) '), count: Math.floor(SIZE / 9) }));
  it('counts every information_schema in 100 KB', () =>
    expectHit(rule, { request: fill('information_schema '), count: Math.floor(SIZE / 19) }));
  it('merges 100 KB of touching "\'/*" into one attempt', () => expectHit(rule, { request: fill("'/*"), count: 1 }));
});
