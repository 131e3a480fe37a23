// Each of the 19 classifier languages: real-looking legitimate contact-form submissions (GOOD)
// and spam (BAD), written for formspam, classified by the default text rules with the
// language as a detector would report it.
import { describe, expect, it } from 'vitest';
import { classify } from '../../src/index.js';
import type { LanguageDetector } from '../../src/providers/types.js';

const detector = (language: string): LanguageDetector => ({
  name: 'fixed',
  detect: async () => [{ language, confidence: 0.99 }],
});

const CASES: Record<string, { legit: string[]; spam: string[] }> = {
  en: {
    legit: [
      'Hello, could you send me a quote for 40 printed hoodies? We need them by the end of March. Thanks, Jana',
      'Hi, I ordered a chair last week (order 10233) and would like to change the colour to grey if possible.',
      'Good morning, is the workshop on 12 May still open for registration? We are a team of three.',
      'Unfortunately the parcel arrived damaged. Could you please tell me how to return it? Thank you.',
      'We are a small bakery in Leeds and are interested in your booking software. When could we talk?',
    ],
    spam: [
      'Congratulations! You have won a $1000 gift card. Click here to claim your prize now: https://win.example.top',
      'Hey guys, check out my channel and subscribe to my videos, thanks!!! https://youtube.example/xyz',
      'Boost your website traffic! Our SEO experts build high quality backlinks. Google rankings guaranteed.',
      'Make money online working from home, earn $5000 per month. No experience, 100% free, sign up now.',
      'URGENT! Your mobile number has won a cash prize. Call 09061701461 to claim. T&Cs apply, 150p/msg.',
    ],
  },
  de: {
    legit: [
      'Guten Tag, ich hätte gerne ein Angebot für zwei Fenster mit Einbau in unserem Haus in Leipzig.',
      'Hallo, meine Bestellung 4471 ist leider noch nicht angekommen. Können Sie bitte nachsehen?',
      'Sehr geehrte Damen und Herren, wir möchten einen Termin für eine Beratung im Mai vereinbaren.',
      'Ist der Kurs am Samstag noch frei? Wir wären zu dritt und würden gerne teilnehmen. Danke!',
      'Leider ist die Lampe beschädigt angekommen. Wie kann ich sie zurückschicken? Viele Grüße, Jonas',
    ],
    spam: [
      'Herzlichen Glückwunsch, Sie haben gewonnen! Bitte rufen Sie jetzt an, um Ihren Preis zu erhalten.',
      'Schneller Kredit ohne Schufa! Geld verdienen von zu Hause, 5000 Euro pro Monat garantiert.',
      'Wir bieten SEO und Backlinks für Ihre Website, mehr Besucher und mehr Kunden. Jetzt anmelden!',
      'Gewinnspiel: Sie wurden ausgewählt! Bargeld oder Urlaub, senden Sie STOP an 86688 zum Abmelden.',
      'Online Geld verdienen mit Bitcoin! Passives Einkommen, kostenlose Anmeldung, nur heute gültig.',
    ],
  },
  fr: {
    legit: [
      'Bonjour, pourriez-vous m’envoyer un devis pour la rénovation d’une salle de bain de 6 m² ?',
      'Madame, Monsieur, ma commande 5521 n’est toujours pas arrivée. Pouvez-vous vérifier ? Merci.',
      'Bonjour, l’atelier du samedi 14 juin est-il encore ouvert ? Nous serions deux personnes.',
      'Le colis est arrivé abîmé malheureusement. Comment puis-je le retourner ? Cordialement, Claire',
      'Nous sommes une petite association à Lyon et votre logiciel nous intéresse. Quand pouvons-nous parler ?',
    ],
    spam: [
      'Félicitations, vous avez gagné un prix de 1000 euros ! Appelez maintenant pour réclamer votre cadeau.',
      'Gagner de l’argent en ligne et travailler à domicile : 5000 euros par mois, inscription gratuite.',
      'Référencement naturel et backlinks pour votre site web : plus de trafic, plus de clients garantis.',
      'Prêt rapide sans justificatif, crédit accepté en 24h. Offre exclusive, contactez-nous vite.',
      'Vous avez été sélectionné pour recevoir un bon d’achat gratuit. Envoyez STOP au 86688 pour arrêter.',
    ],
  },
  es: {
    legit: [
      'Hola, ¿podrían enviarme un presupuesto para pintar un piso de tres habitaciones en Valencia?',
      'Buenos días, mi pedido 3321 todavía no ha llegado. ¿Pueden revisarlo, por favor? Gracias.',
      '¿Quedan plazas para el curso del sábado? Somos dos personas y nos gustaría apuntarnos.',
      'El paquete llegó dañado, lamentablemente. ¿Cómo puedo devolverlo? Un saludo, Marta',
      'Somos una pequeña empresa de Sevilla y nos interesa su software de reservas. ¿Cuándo hablamos?',
    ],
    spam: [
      '¡Felicidades, has ganado un premio de 1000 euros! Llame ahora para recibirlo, es gratis.',
      'Ganar dinero en línea y trabajar desde casa: 3000 euros al mes garantizado, solo hoy.',
      'Posicionamiento web y backlinks para su sitio web, más visitantes y más clientes. SEO garantizado.',
      'Préstamo rápido sin aval, crédito rápido en 24 horas. Oferta especial, llame ahora.',
      'Casino en línea: bono gratis, ganador cada día. Suscríbete a mi canal para más premios.',
    ],
  },
  it: {
    legit: [
      'Buongiorno, potreste inviarmi un preventivo per la sostituzione di due finestre a Bologna?',
      'Salve, il mio ordine 7781 non è ancora arrivato. Potete controllare per favore? Grazie mille.',
      'Il corso di sabato ha ancora posti liberi? Saremmo in due e vorremmo iscriverci.',
      'Purtroppo il pacco è arrivato danneggiato. Come posso restituirlo? Cordiali saluti, Luca',
      'Siamo un piccolo studio di Torino e ci interessa il vostro software. Quando possiamo sentirci?',
    ],
    spam: [
      'Congratulazioni, hai vinto un premio di 1000 euro! Chiama ora per ricevere il tuo regalo gratis.',
      'Guadagnare online e lavorare da casa: 4000 euro al mese garantito, solo oggi.',
      'Posizionamento su Google e backlink per il tuo sito, più visitatori garantiti. Servizio SEO.',
      'Prestito veloce senza busta paga, finanziamento in 24 ore. Offerta speciale, chiama ora.',
      'Casino online con bonus gratis, vincitore ogni giorno. Iscriviti al mio canale!',
    ],
  },
  pt: {
    legit: [
      'Olá, poderiam enviar-me um orçamento para a pintura de um apartamento de dois quartos em Lisboa?',
      'Bom dia, a minha encomenda 6612 ainda não chegou. Podem verificar, por favor? Obrigado.',
      'Ainda há vagas para o curso de sábado? Somos duas pessoas e gostaríamos de participar.',
      'Infelizmente a encomenda chegou danificada. Como posso devolvê-la? Cumprimentos, Rita',
      'Somos uma pequena empresa no Porto e temos interesse no vosso software. Quando podemos falar?',
    ],
    spam: [
      'Parabéns, você ganhou um prêmio de 1000 reais! Ligue agora para receber, é grátis.',
      'Ganhar dinheiro online e trabalhar em casa: 5000 reais por mês garantido, só hoje.',
      'Posicionamento no Google e backlinks para o seu site, mais visitantes garantidos. SEO profissional.',
      'Empréstimo rápido sem consulta, crédito rápido em 24 horas. Oferta especial, ligue agora.',
      'Casino online com bónus grátis, vencedor todos os dias. Inscreva-se no meu canal!',
    ],
  },
  nl: {
    legit: [
      'Goedendag, kunt u mij een offerte sturen voor het schilderen van een woonkamer in Utrecht?',
      'Hallo, mijn bestelling 5512 is nog niet aangekomen. Kunt u dat nakijken? Alvast bedankt.',
      'Zijn er nog plekken vrij voor de cursus op zaterdag? We zijn met z’n tweeën.',
      'Helaas is het pakket beschadigd aangekomen. Hoe kan ik het terugsturen? Groet, Sanne',
      'Wij zijn een klein bureau in Gent en hebben interesse in uw software. Wanneer kunnen we bellen?',
    ],
    spam: [
      'Gefeliciteerd, u heeft gewonnen! Bel nu om uw prijs van 1000 euro te claimen, gratis.',
      'Online geld verdienen en thuis werken: 4000 euro per maand gegarandeerd, alleen vandaag.',
      'SEO en backlinks voor uw website, meer bezoekers gegarandeerd. Vraag een gratis offerte.',
      'Snelle lening zonder gedoe, krediet binnen 24 uur. Speciale aanbieding, bel nu.',
      'Online casino met gratis bonus, elke dag een winnaar. Abonneer op mijn kanaal!',
    ],
  },
  cs: {
    legit: [
      'Dobrý den, prosím o cenovou nabídku na opravu střechy rodinného domu v Brně.',
      'Dobrý den, moje objednávka 8812 ještě nedorazila. Můžete to prosím zkontrolovat? Děkuji.',
      'Je ještě volné místo na kurzu v sobotu? Byli bychom dva a rádi bychom se přihlásili.',
      'Bohužel balík dorazil poškozený. Jak ho mohu vrátit? S pozdravem, Petra Nováková',
      'Jsme malá firma z Ostravy a zajímá nás váš rezervační systém. Kdy bychom si mohli zavolat?',
    ],
    spam: [
      'Gratulujeme, vyhráli jste výhru 10000 Kč! Zavolejte ihned a získejte ji zdarma.',
      'Vydělávat peníze online a práce z domova: 50000 Kč měsíčně garantovaně, pouze dnes.',
      'Rychlá půjčka bez registru, úvěr do 24 hodin. Speciální nabídka, nezávazně.',
      'Optimalizace pro vyhledávače a zpětné odkazy, více návštěvníků garantovaně. SEO služby.',
      'Online kasino s bonusem zdarma, výherce každý den. Odebírejte můj kanál!',
    ],
  },
  sk: {
    legit: [
      'Dobrý deň, prosím o cenovú ponuku na výmenu okien v rodinnom dome v Žiline.',
      'Dobrý deň, moja objednávka 4410 ešte neprišla. Môžete to prosím skontrolovať? Ďakujem.',
      'Je ešte voľné miesto na kurze v sobotu? Boli by sme dvaja a radi by sme sa prihlásili.',
      'Bohužiaľ balík prišiel poškodený. Ako ho môžem vrátiť? S pozdravom, Jana Kováčová',
      'Sme malá firma z Košíc a zaujíma nás váš rezervačný systém. Kedy by sme si mohli zavolať?',
    ],
    spam: [
      'Gratulujeme, vyhrali ste výhru 1000 eur! Zavolajte ihneď a získajte ju zadarmo.',
      'Zarábať peniaze online a práca z domu: 3000 eur mesačne garantovane, len dnes.',
      'Rýchla pôžička bez registra, úver do 24 hodín. Špeciálna ponuka, nezáväzne.',
      'Optimalizácia pre vyhľadávače a spätné odkazy, viac návštevníkov garantovane. SEO.',
      'Online kasíno s bonusom zadarmo, výherca každý deň. Odoberajte môj kanál!',
    ],
  },
  pl: {
    legit: [
      'Dzień dobry, proszę o wycenę remontu łazienki w mieszkaniu w Krakowie.',
      'Dzień dobry, moje zamówienie 7712 jeszcze nie dotarło. Czy mogą Państwo to sprawdzić? Dziękuję.',
      'Czy są jeszcze wolne miejsca na kurs w sobotę? Byłyby to dwie osoby.',
      'Niestety paczka dotarła uszkodzona. Jak mogę ją zwrócić? Pozdrawiam, Anna Kowalska',
      'Jesteśmy małą firmą z Gdańska i interesuje nas Państwa system rezerwacji. Kiedy możemy porozmawiać?',
    ],
    spam: [
      'Gratulacje, wygrałeś nagrodę 1000 zł! Zadzwoń teraz i odbierz ją za darmo.',
      'Zarabianie w internecie i praca w domu: 5000 zł miesięcznie gwarantowane, tylko dziś.',
      'Szybka pożyczka bez BIK, chwilówka w 24 godziny. Oferta specjalna, darmowa wycena.',
      'Pozycjonowanie i backlinki dla twojej strony, więcej odwiedzających gwarantowane. SEO.',
      'Kasyno online z darmowym bonusem, zwycięzca każdego dnia. Subskrybuj mój kanał!',
    ],
  },
  ru: {
    legit: [
      'Здравствуйте, подскажите, пожалуйста, сроки доставки в Санкт-Петербург для заказа 5512.',
      'Добрый день, хотели бы записаться на курс в субботу, нас двое. Есть ли свободные места?',
      'К сожалению, посылка пришла повреждённой. Как я могу её вернуть? С уважением, Ольга',
      'Мы небольшая компания из Казани, нас интересует ваша система бронирования. Когда можно созвониться?',
      'Добрый день, пришлите, пожалуйста, счёт на оплату двух столов и четырёх стульев.',
    ],
    spam: [
      'Поздравляем, вы выиграли приз 100000 рублей! Звоните сейчас, чтобы получить его бесплатно.',
      'Заработок в интернете и работа на дому: 200000 рублей в месяц гарантированно, только сегодня.',
      'Продвижение сайтов и обратные ссылки, больше посетителей гарантировано. SEO под ключ.',
      'Кредит без справок, займ за 24 часа. Специальное предложение, звоните сейчас.',
      'Онлайн казино с бесплатным бонусом, победитель каждый день. Подписывайтесь на мой канал!',
    ],
  },
  bg: {
    legit: [
      'Здравейте, бихте ли ми изпратили оферта за ремонт на баня в апартамент в София?',
      'Добър ден, поръчката ми 3312 още не е пристигнала. Можете ли да проверите? Благодаря.',
      'Има ли още свободни места за курса в събота? Ще бъдем двама души.',
      'За съжаление пратката пристигна повредена. Как мога да я върна? Поздрави, Мария',
      'Ние сме малка фирма от Пловдив и се интересуваме от вашата система. Кога можем да говорим?',
    ],
    spam: [
      'Поздравления, вие спечелихте награда от 1000 лева! Обадете се сега, за да я получите безплатно.',
      'Печелете пари от вкъщи: работа от вкъщи и 3000 лева на месец гарантирано, само днес.',
      'Бърз кредит без документи, заем до 24 часа. Специална оферта, обадете се сега.',
      'Оптимизация на сайта и обратни връзки, повече посетители гарантирано. SEO услуги.',
      'Онлайн казино с безплатен бонус, победител всеки ден. Абонирай се за моя канал!',
    ],
  },
  el: {
    legit: [
      'Καλησπέρα σας, θα μπορούσατε να μου στείλετε μια τιμή για την ανακαίνιση ενός μπάνιου στην Αθήνα;',
      'Καλημέρα, η παραγγελία μου 2231 δεν έχει φτάσει ακόμα. Μπορείτε να ελέγξετε; Ευχαριστώ.',
      'Υπάρχουν ακόμα θέσεις για το σεμινάριο του Σαββάτου; Θα είμαστε δύο άτομα.',
      'Δυστυχώς το δέμα έφτασε χαλασμένο. Πώς μπορώ να το επιστρέψω; Με εκτίμηση, Ελένη',
      'Είμαστε μια μικρή εταιρεία στη Θεσσαλονίκη και μας ενδιαφέρει το λογισμικό σας. Πότε μπορούμε να μιλήσουμε;',
    ],
    spam: [
      'Συγχαρητήρια, κερδίσατε ένα έπαθλο 1000 ευρώ! Καλέστε τώρα για να το λάβετε δωρεάν.',
      'Κερδίστε χρήματα online με εργασία από το σπίτι: 3000 ευρώ το μήνα εγγυημένα, μόνο σήμερα.',
      'Γρήγορο δάνειο χωρίς δικαιολογητικά σε 24 ώρες. Ειδική προσφορά, καλέστε τώρα.',
      'Βελτιστοποίηση μηχανών αναζήτησης και backlinks, περισσότερους επισκέπτες εγγυημένα. SEO.',
      'Online καζίνο με δωρεάν μπόνους, νικητής κάθε μέρα. Κάνε εγγραφή στο κανάλι μου!',
    ],
  },
  ro: {
    legit: [
      'Bună ziua, îmi puteți trimite o ofertă de preț pentru renovarea unei băi în București?',
      'Bună ziua, comanda mea 5521 nu a sosit încă. Puteți verifica, vă rog? Mulțumesc.',
      'Mai sunt locuri libere la cursul de sâmbătă? Am fi două persoane.',
      'Din păcate coletul a sosit deteriorat. Cum îl pot returna? Cu stimă, Andreea',
      'Suntem o firmă mică din Cluj și suntem interesați de sistemul dumneavoastră. Când putem vorbi?',
    ],
    spam: [
      'Felicitări, ați câștigat un premiu de 1000 lei! Sunați acum pentru a-l primi gratuit.',
      'Câștigă bani online cu muncă de acasă: 5000 lei pe lună garantat, doar azi.',
      'Credit rapid fără acte, împrumut în 24 de ore. Ofertă specială, sunați acum.',
      'Optimizare SEO și backlinks, mai mulți vizitatori garantat pentru site-ul dvs.',
      'Cazino online cu bonus gratuit, câștigător în fiecare zi. Abonează-te la canalul meu!',
    ],
  },
  hu: {
    legit: [
      'Jó napot, szeretnék árajánlatot kérni egy fürdőszoba felújítására Budapesten.',
      'Jó napot, a 4412-es rendelésem még nem érkezett meg. Meg tudnák nézni? Köszönöm.',
      'Van még szabad hely a szombati tanfolyamon? Ketten lennénk.',
      'Sajnos a csomag sérülten érkezett. Hogyan küldhetem vissza? Üdvözlettel, Kovács Anna',
      'Egy kis debreceni cég vagyunk, és érdekel minket a foglalási rendszerük. Mikor beszélhetnénk?',
    ],
    spam: [
      'Gratulálunk, Ön nyert egy 100000 forintos nyereményt! Hívjon most, ingyenes.',
      'Pénzkeresés online és otthoni munka: havonta 500000 forint garantált, csak ma.',
      'Gyorskölcsön és hitel 24 órán belül. Különleges ajánlat, hívjon most.',
      'Keresőoptimalizálás és backlinkek, több látogató garantált a weboldalára. SEO.',
      'Online kaszinó ingyenes bónusszal, nyertes minden nap. Iratkozz fel a csatornámra!',
    ],
  },
  fi: {
    legit: [
      'Hei, voisitteko lähettää tarjouksen kylpyhuoneen remontista Tampereella?',
      'Hyvää päivää, tilaukseni 3312 ei ole vielä saapunut. Voisitteko tarkistaa? Kiitos.',
      'Onko lauantain kurssilla vielä tilaa? Meitä olisi kaksi.',
      'Valitettavasti paketti saapui vaurioituneena. Miten voin palauttaa sen? Terveisin, Laura',
      'Olemme pieni yritys Oulusta ja olemme kiinnostuneita varausjärjestelmästänne. Milloin voisimme soittaa?',
    ],
    spam: [
      'Onnittelut, olet voittanut 1000 euron palkinnon! Soita nyt ja saat sen ilmaiseksi.',
      'Ansaitse rahaa netissä ja tee töitä kotoa: 5000 euroa kuukaudessa taattu, vain tänään.',
      'Pikalaina ilman vakuuksia 24 tunnissa. Erikoistarjous, soita nyt.',
      'Hakukoneoptimointi ja backlinkit, lisää kävijöitä verkkosivuillesi taattu. SEO.',
      'Nettikasino ilmaisella bonuksella, voittaja joka päivä. Tilaa kanavani!',
    ],
  },
  sv: {
    legit: [
      'Hej, kan ni skicka en offert på renovering av ett badrum i Göteborg?',
      'Hej, min beställning 4471 har inte kommit än. Kan ni kontrollera det? Tack på förhand.',
      'Finns det platser kvar på kursen på lördag? Vi är två personer.',
      'Tyvärr kom paketet skadat. Hur kan jag skicka tillbaka det? Vänliga hälsningar, Karin',
      'Vi är ett litet företag i Malmö och är intresserade av ert bokningssystem. När kan vi prata?',
    ],
    spam: [
      'Grattis, du har vunnit ett pris på 10000 kronor! Ring nu för att få det gratis.',
      'Tjäna pengar online och jobba hemifrån: 50000 kronor per månad garanterat, bara idag.',
      'Snabblån utan krångel, lån inom 24 timmar. Specialerbjudande, ring nu.',
      'Sökmotoroptimering och backlinks, fler besökare garanterat till din webbplats. SEO.',
      'Nätcasino med gratis bonus, vinnare varje dag. Prenumerera på min kanal!',
    ],
  },
  no: {
    legit: [
      'Hei, kan dere sende et pristilbud på oppussing av et bad i Bergen?',
      'Hei, bestillingen min 5512 har ikke kommet ennå. Kan dere sjekke det? Takk.',
      'Er det fortsatt ledige plasser på kurset på lørdag? Vi er to personer.',
      'Dessverre kom pakken skadet. Hvordan kan jeg returnere den? Vennlig hilsen, Ingrid',
      'Vi er et lite firma i Trondheim og er interessert i bookingsystemet deres. Når kan vi snakke?',
    ],
    spam: [
      'Gratulerer, du har vunnet en premie på 10000 kroner! Ring nå for å få den gratis.',
      'Tjen penger på nett og jobbe hjemmefra: 50000 kroner per måned garantert, kun i dag.',
      'Forbrukslån uten sikkerhet, raskt lån innen 24 timer. Spesialtilbud, ring nå.',
      'Søkemotoroptimalisering og backlinks, flere besøkende garantert til din nettside. SEO.',
      'Nettcasino med gratis bonus, vinner hver dag. Abonner på min kanal!',
    ],
  },
  da: {
    legit: [
      'Hej, kan I sende et prisoverslag på renovering af et badeværelse i Aarhus?',
      'Hej, min bestilling 6612 er ikke kommet endnu. Kan I undersøge det? Tak.',
      'Er der stadig ledige pladser på kurset på lørdag? Vi er to personer.',
      'Desværre kom pakken beskadiget. Hvordan kan jeg returnere den? Venlig hilsen, Mette',
      'Vi er en lille virksomhed i Odense og er interesserede i jeres bookingsystem. Hvornår kan vi tale?',
    ],
    spam: [
      'Tillykke, du har vundet en præmie på 10000 kroner! Ring nu for at få den gratis.',
      'Tjen penge online og arbejde hjemmefra: 50000 kroner om måneden garanteret, kun i dag.',
      'Kviklån uden sikkerhed, hurtigt lån inden for 24 timer. Særligt tilbud, ring nu.',
      'Søgemaskineoptimering og backlinks, flere besøgende garanteret til din hjemmeside. SEO.',
      'Online casino med gratis bonus, vinder hver dag. Abonner på min kanal!',
    ],
  },
};

describe.each(Object.entries(CASES))('%s', (language, { legit, spam }) => {
  it.each(legit.map((t) => [t]))('legitimate: %s', async (text) => {
    const r = await classify({ text }, { language: detector(language) });
    expect(r.classification, JSON.stringify(r.text?.rules)).toBe('GOOD');
  });
  it.each(spam.map((t) => [t]))('spam: %s', async (text) => {
    const r = await classify({ text }, { language: detector(language) });
    expect(r.classification, JSON.stringify(r.text?.rules)).toBe('BAD');
  });
});

it('covers the 19 classifier languages', () => {
  expect(Object.keys(CASES).sort()).toEqual(['bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'fi', 'fr', 'hu', 'it', 'nl', 'no', 'pl', 'pt', 'ro', 'ru', 'sk', 'sv']);
});
