// The submissions the benchmarks classify: written for this project.
export const SHORT =
  'Hi, could you send me a quote for 12 hoodies with our logo printed on the front? We need them by the end of March. Thanks a lot, Jana from Brno';
export const TYPICAL = [
  'Hello team,',
  'I am the office manager at a small architecture practice in Brno and we are looking for a new',
  'booking system for our meeting rooms. We have three rooms and about 25 people. I read the page',
  'about your Business plan on https://example.com/pricing but I could not find whether the price',
  'includes the calendar integration with Outlook, or whether that is an add-on. Could you also tell',
  'me if there is a discount for a yearly payment, and how long the setup usually takes? We would',
  'like to start in the second half of January if possible. A short call next week would also be',
  'fine; I am available on Tuesday and Thursday afternoons. Our current system is a shared',
  'spreadsheet, so anything is an improvement. Best regards, Petra Nováková',
].join(' ');
const LONG_PARTS = [
  TYPICAL,
  'Dobrý den, rád bych se zeptal na cenu vašich služeb pro menší firmu. Děkuji za odpověď.',
  'Guten Tag, wir interessieren uns für Ihr Angebot und hätten gerne weitere Informationen.',
  'Здравствуйте! Подскажите, пожалуйста, сроки доставки в Санкт-Петербург?',
  'Καλησπέρα σας, θα ήθελα να μάθω περισσότερα για τις υπηρεσίες σας.',
  'BUY NOW!!! Cheap followers $$$ at www.spam-example.xyz #growth 😀😀😀',
];
let long = '';
for (let i = 0; long.length < 10 * 1024; i++) long += LONG_PARTS[i % LONG_PARTS.length] + '\n';
export const LONG = long.slice(0, 10 * 1024);

