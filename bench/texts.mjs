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


// Enquiries in languages beyond the 19, in scripts other than Latin/Cyrillic/Greek (and
// Indonesian), each about 800 characters: written for this project.
const OTHER = {
  id: [
    'Selamat siang, saya ingin menanyakan harga jasa pembuatan situs web untuk usaha kecil kami.',
    'Kami adalah toko roti keluarga di Bandung dan sudah berjalan selama sepuluh tahun.',
    'Saat ini kami belum punya situs sendiri, hanya halaman di media sosial.',
    'Kami ingin pelanggan bisa melihat menu, memesan kue untuk acara, dan membayar secara daring.',
    'Apakah Bapak atau Ibu bisa mengirimkan perkiraan biaya dan waktu pengerjaan?',
    'Kalau memungkinkan, kami juga ingin tahu apakah ada biaya bulanan untuk pemeliharaan.',
    'Selain itu, apakah situsnya nanti bisa kami ubah sendiri tanpa bantuan programmer?',
    'Terima kasih banyak atas perhatiannya, kami tunggu kabar baiknya. Salam hangat, Dewi',
  ],
  ar: [
    'مرحباً، أود الاستفسار عن أسعار خدماتكم في تصميم المواقع الإلكترونية لشركتنا الصغيرة.',
    'نحن مخبز عائلي في عمّان ونعمل منذ عشر سنوات.',
    'ليس لدينا موقع خاص بنا حتى الآن، بل صفحة على وسائل التواصل الاجتماعي فقط.',
    'نريد أن يتمكن زبائننا من رؤية قائمة المنتجات وطلب الكعك للمناسبات والدفع عبر الإنترنت.',
    'هل يمكنكم إرسال تقدير للتكلفة والمدة اللازمة للتنفيذ؟',
    'وإن أمكن، نود أن نعرف أيضاً إن كانت هناك رسوم شهرية للصيانة.',
    'وهل سنتمكن من تعديل محتوى الموقع بأنفسنا دون الحاجة إلى مبرمج؟',
    'شكراً جزيلاً على اهتمامكم، وننتظر ردكم. مع أطيب التحيات من فريقنا، ونتمنى لكم دوام النجاح. سارة',
  ],
  th: [
    'สวัสดีครับ ผมอยากสอบถามราคาบริการออกแบบเว็บไซต์สำหรับธุรกิจเล็ก ๆ ของเรา',
    'เราเป็นร้านขนมปังของครอบครัวในเชียงใหม่และเปิดมาสิบปีแล้ว',
    'ตอนนี้เรายังไม่มีเว็บไซต์ของตัวเอง มีแค่เพจบนโซเชียลมีเดีย',
    'เราอยากให้ลูกค้าดูเมนู สั่งเค้กสำหรับงานต่าง ๆ และชำระเงินออนไลน์ได้',
    'รบกวนช่วยส่งประมาณการค่าใช้จ่ายและระยะเวลาในการทำงานให้หน่อยได้ไหมครับ',
    'ถ้าเป็นไปได้ เราอยากทราบด้วยว่ามีค่าดูแลรายเดือนหรือไม่',
    'และเราจะสามารถแก้ไขเนื้อหาบนเว็บไซต์เองได้หรือเปล่า โดยไม่ต้องจ้างโปรแกรมเมอร์',
    'อีกเรื่องหนึ่งคือ เว็บไซต์จะรองรับทั้งภาษาไทยและภาษาอังกฤษได้ไหมครับ เพราะลูกค้าของเราหลายคนเป็นนักท่องเที่ยว',
    'ขอบคุณมากครับ รอฟังข่าวดีจากคุณ ขอให้ธุรกิจของคุณเจริญรุ่งเรือง สมชาย',
  ],
  zh: [
    '您好，我想咨询一下贵公司为小企业制作网站的价格。我们是一家位于杭州的家庭面包店，已经经营了十年。',
    '目前我们还没有自己的网站，只有社交媒体上的一个页面。我们希望顾客能够查看菜单、为各种活动预订蛋糕，并且可以在线付款。',
    '请问您能否发给我们一份费用估算和大概的制作时间？如果可以的话，我们也想了解一下是否有每月的维护费用。',
    '另外，网站是否可以同时支持中文和英文？我们的很多客人是外地游客，也有不少外国朋友。',
    '我们还希望以后能够自己修改网站上的内容，比如更新每周的新品和节日的优惠活动，不需要每次都请程序员帮忙。',
    '如果贵公司有类似的案例，也请发给我们参考一下。我们的预算不是很多，所以希望能先了解几种不同的方案和价格。',
    '网站上线以后，如果遇到问题，你们是否提供技术支持？支持的时间是工作日还是每天都有？',
    '另外我们也想知道，域名和服务器是由你们负责，还是需要我们自己去购买？每年大概需要多少费用？',
    '我们计划在明年春节之前上线，所以时间上比较紧，希望能尽快开始。如果需要见面详谈，我们下周二和周四下午都有时间。',
    '非常感谢您的关注，期待您的回复。祝贵公司生意兴隆，万事如意。王丽',
  ],
};
/** Joins sentences (repeating them when needed) to exactly `size` characters. */
export function fill(sentences, size) {
  let s = '';
  for (let i = 0; s.length < size; i++) s += (s ? ' ' : '') + sentences[i % sentences.length];
  return s.slice(0, size);
}
export const OTHER_SCRIPTS = Object.fromEntries(Object.entries(OTHER).map(([k, v]) => [k, fill(v, 800)]));
