// Languages beyond the 19 classifier languages: the detector must name them when a person could
// tell (issue 16 item 7). Every sentence was written for formspam (docs/data.md: "Language
// detection sentences beyond the 19"); expectations are ISO 639-1 codes. Speed lives in
// bench/classify.mjs and bench/language.mjs, not here.
import { describe, expect, it } from 'vitest';
import { classify, createDefaultProviders } from '../../src/index.js';
import { detectLanguage } from '../../src/language/index.js';

// Contact-form sentences: an enquiry about the price of a service, in each language.
const SENTENCES: [string, string][] = [
  ['hi', 'नमस्ते, मैं अपनी छोटी कंपनी के लिए आपकी सेवाओं की कीमत जानना चाहता हूँ। कृपया मुझे जल्दी जवाब दें।'],
  ['mr', 'नमस्कार, मला तुमच्या सेवांची किंमत जाणून घ्यायची आहे. कृपया लवकर उत्तर द्या, धन्यवाद.'],
  ['ne', 'नमस्ते, म तपाईंको सेवाको मूल्य जान्न चाहन्छु। कृपया छिटो जवाफ दिनुहोस्, धन्यवाद।'],
  ['bn', 'নমস্কার, আমি আমাদের ছোট কোম্পানির জন্য আপনাদের পরিষেবার দাম জানতে চাই। দয়া করে তাড়াতাড়ি উত্তর দিন।'],
  ['id', 'Selamat siang, saya ingin menanyakan harga jasa Anda untuk perusahaan kecil kami. Apakah bisa dikirim lewat surel?'],
  ['ms', 'Selamat petang, saya ingin bertanya tentang harga perkhidmatan anda untuk syarikat kecil kami. Boleh hantar melalui emel?'],
  ['ar', 'مرحبا، أود أن أسأل عن سعر خدماتكم لشركتنا الصغيرة. هل يمكنكم إرسال عرض سعر؟'],
  ['fa', 'سلام، می‌خواستم قیمت خدمات شما را برای شرکت کوچکمان بپرسم. لطفاً پیش‌فاکتور را برایم بفرستید.'],
  ['ur', 'السلام علیکم، میں اپنی چھوٹی کمپنی کے لیے آپ کی خدمات کی قیمت جاننا چاہتا ہوں۔ براہ کرم جلد جواب دیں۔'],
  ['he', 'שלום, אני רוצה לשאול על המחיר של השירותים שלכם עבור החברה הקטנה שלנו. תודה רבה.'],
  ['th', 'สวัสดีครับ ผมอยากสอบถามราคาบริการของคุณสำหรับบริษัทเล็ก ๆ ของเรา ขอบคุณครับ'],
  ['ko', '안녕하세요, 저희 작은 회사를 위한 서비스 가격을 알고 싶습니다. 빠른 답변 부탁드립니다.'],
  ['ja', 'こんにちは、弊社のような小さな会社向けのサービス料金を教えていただけますか。よろしくお願いします。'],
  ['zh', '您好，我想了解一下贵公司为小企业提供服务的价格，请尽快回复，谢谢。'],
  ['tr', 'Merhaba, küçük şirketimiz için hizmetlerinizin fiyatını öğrenmek istiyorum. Lütfen en kısa sürede dönüş yapın.'],
  ['vi', 'Xin chào, tôi muốn hỏi giá dịch vụ của quý công ty cho doanh nghiệp nhỏ của chúng tôi. Xin cảm ơn.'],
  ['uk', 'Добрий день, я хотів би дізнатися ціну ваших послуг для нашої невеликої компанії. Дякую.'],
  ['be', 'Добры дзень, я хацеў бы даведацца кошт вашых паслуг для нашай невялікай кампаніі. Дзякуй.'],
  ['sr', 'Добар дан, желео бих да сазнам цену ваших услуга за нашу малу фирму. Хвала унапред.'],
  ['hr', 'Dobar dan, htio bih saznati cijenu vaših usluga za našu malu tvrtku. Unaprijed hvala.'],
  ['lt', 'Laba diena, norėčiau sužinoti jūsų paslaugų kainą mūsų mažai įmonei. Iš anksto dėkoju.'],
  ['lv', 'Labdien, es vēlētos uzzināt jūsu pakalpojumu cenu mūsu mazajam uzņēmumam. Paldies jau iepriekš.'],
  ['et', 'Tere päevast, sooviksin teada teie teenuste hinda meie väikesele ettevõttele. Tänan ette.'],
  ['sl', 'Dober dan, rad bi izvedel ceno vaših storitev za naše majhno podjetje. Hvala vnaprej.'],
  ['ca', 'Bon dia, voldria saber el preu dels vostres serveis per a la nostra petita empresa. Moltes gràcies.'],
  ['eu', 'Kaixo, zuen zerbitzuen prezioa jakin nahiko nuke gure enpresa txikiarentzat. Eskerrik asko aldez aurretik.'],
  ['ga', 'Dia duit, ba mhaith liom praghas bhur seirbhísí a fháil don chomhlacht beag atá againn. Go raibh maith agat.'],
  ['sw', 'Habari, ningependa kujua bei ya huduma zenu kwa kampuni yetu ndogo. Asante sana kwa msaada wenu.'],
  ['tl', 'Magandang araw po, gusto ko pong malaman ang presyo ng inyong serbisyo para sa aming maliit na kumpanya. Salamat po.'],
  ['af', 'Goeie dag, ek wil graag die prys van julle dienste vir ons klein maatskappy weet. Baie dankie.'],
  ['sq', 'Përshëndetje, do të doja të dija çmimin e shërbimeve tuaja për kompaninë tonë të vogël. Faleminderit.'],
  ['is', 'Góðan dag, mig langar að vita verðið á þjónustu ykkar fyrir litla fyrirtækið okkar. Takk fyrir.'],
  ['az', 'Salam, kiçik şirkətimiz üçün xidmətlərinizin qiymətini öyrənmək istərdim. Əvvəlcədən təşəkkür edirəm.'],
  ['ka', 'გამარჯობა, მინდა გავიგო თქვენი მომსახურების ფასი ჩვენი პატარა კომპანიისთვის. დიდი მადლობა.'],
  ['hy', 'Բարև Ձեզ, կցանկանայի իմանալ ձեր ծառայությունների գինը մեր փոքր ընկերության համար։ Շնորհակալություն։'],
  ['ta', 'வணக்கம், எங்கள் சிறிய நிறுவனத்திற்கான உங்கள் சேவைகளின் விலையை அறிய விரும்புகிறேன். நன்றி.'],
  ['te', 'నమస్కారం, మీ సేవల ధర తెలుసుకోవాలనుకుంటున్నాను. ధన్యవాదాలు.'],
  ['kn', 'ನಮಸ್ಕಾರ, ನಿಮ್ಮ ಸೇವೆಗಳ ಬೆಲೆಯನ್ನು ತಿಳಿಯಲು ಬಯಸುತ್ತೇನೆ. ಧನ್ಯವಾದಗಳು.'],
  ['ml', 'നമസ്കാരം, നിങ്ങളുടെ സേവനങ്ങളുടെ വില അറിയാൻ ആഗ്രഹിക്കുന്നു. നന്ദി.'],
  ['gu', 'નમસ્તે, હું તમારી સેવાઓની કિંમત જાણવા માંગુ છું. આભાર.'],
  ['pa', 'ਸਤ ਸ੍ਰੀ ਅਕਾਲ, ਮੈਂ ਤੁਹਾਡੀਆਂ ਸੇਵਾਵਾਂ ਦੀ ਕੀਮਤ ਜਾਣਨਾ ਚਾਹੁੰਦਾ ਹਾਂ। ਧੰਨਵਾਦ।'],
  ['si', 'ආයුබෝවන්, අපේ කුඩා සමාගම සඳහා ඔබේ සේවාවන්ගේ මිල දැන ගැනීමට කැමතියි. ස්තූතියි.'],
  ['am', 'ሰላም፣ ለትንሹ ድርጅታችን የአገልግሎታችሁን ዋጋ ማወቅ እፈልጋለሁ። እናመሰግናለን።'],
  ['km', 'សួស្តី ខ្ញុំចង់ដឹងតម្លៃសេវាកម្មរបស់អ្នកសម្រាប់ក្រុមហ៊ុនតូចរបស់យើង។ អរគុណច្រើន។'],
  ['lo', 'ສະບາຍດີ, ຂ້ອຍຢາກຮູ້ລາຄາຂອງບໍລິການຂອງທ່ານ. ຂອບໃຈຫຼາຍໆ.'],
  ['kk', 'Сәлеметсіз бе, біздің шағын компаниямыз үшін қызметтеріңіздің бағасын білгім келеді. Көмегіңіз үшін көп рахмет.'],
  ['ky', 'Саламатсызбы, биздин кичинекей компания үчүн кызматтарыңыздын баасын билгим келет. Чоң рахмат.'],
  ['tg', 'Салом, ман мехоҳам нархи хизматҳои шуморо барои ширкати хурди мо бидонам. Ҷавоби шуморо интизорем.'],
  ['tt', 'Исәнмесез, безнең кечкенә компания өчен хезмәтләрегезнең бәясен беләсем килә. Җавабыгызны көтәбез.'],
  ['mn', 'Сайн байна уу, манай жижиг компанид зориулсан таны үйлчилгээний үнийг мэдмээр байна. Баярлалаа.'],
  ['mk', 'Добар ден, ќе ми требаат цените на вашите услуги. Дали може да ми ги испратите? Ќе ви бидам благодарен.'],
  ['ha', 'Sannu, ina so in san farashin ayyukanku don ƙaramin kamfaninmu. Ɗan uwana ya ce kuna da kyau. Na gode ƙwarai.'],
  ['mt', 'Bonġu, nixtieq inkun naf il-prezz tas-servizzi tagħkom għall-kumpanija żgħira tagħna. Grazzi ħafna.'],
  ['my', 'မင်္ဂလာပါ၊ ကျွန်တော်တို့ ကုမ္ပဏီအတွက် ဝန်ဆောင်မှုဈေးနှုန်းကို သိချင်ပါတယ်။ ကျေးဇူးတင်ပါတယ်။'],
];

// Short texts (a greeting or a thanks, two to six words) in which a person could still tell.
const SHORT: [string, string][] = [
  ['hi', 'क्या हाल है?'],
  ['mr', 'मी ठीक आहे'],
  ['ne', 'धेरै धन्यवाद'],
  ['bn', 'অনেক ধন্যবাদ'],
  ['id', 'Saya tidak bisa datang karena sakit'],
  ['ms', 'Saya tidak boleh datang kerana sakit'],
  ['ar', 'شكرا جزيلا'],
  ['fa', 'خیلی ممنون'],
  ['ur', 'بہت شکریہ'],
  ['he', 'תודה רבה לכם'],
  ['th', 'ขอบคุณครับ'],
  ['ko', '감사합니다'],
  ['ja', 'ありがとうございます'],
  ['zh', '谢谢你们'],
  ['ka', 'დიდი მადლობა'],
  ['hy', 'Շնորհակալություն'],
  ['ta', 'மிக்க நன்றி'],
  ['am', 'በጣም አመሰግናለሁ'],
  ['km', 'អរគុណច្រើន'],
  ['vi', 'Cảm ơn bạn rất nhiều'],
  ['tr', 'Çok teşekkür ederim, görüşmek üzere'],
  ['uk', 'Дякую за відповідь'],
  ['sw', 'Asante sana rafiki yangu'],
  ['tl', 'Salamat po sa inyong tulong'],
  ['ca', 'Moltes gràcies per tot'],
  ['eu', 'Eskerrik asko zuri'],
  ['ga', 'Go raibh maith agat'],
  ['lt', 'Labai ačiū už pagalbą'],
  ['lv', 'Liels paldies par palīdzību'],
  ['et', 'Suur tänu abi eest'],
];

describe('sentences in languages beyond the 19', () => {
  it('covers at least 25 languages, each with a reliable sentence', () => {
    expect(new Set(SENTENCES.map(([l]) => l)).size).toBeGreaterThanOrEqual(25);
  });
  it.each(SENTENCES)('%s: %s', async (lang, text) => {
    const [best] = await detectLanguage(text);
    expect(best?.language).toBe(lang);
    expect(best?.reliable).not.toBe(false);
  });
});

describe('short texts beyond the 19', () => {
  it.each(SHORT)('%s: %s', async (lang, text) => {
    const [best] = await detectLanguage(text);
    expect(best?.language).toBe(lang);
  });
});

describe('classify(): a language beyond the 19 is reported and classified with en', () => {
  const providers = createDefaultProviders({ offline: true });
  it.each([
    ['hi', 'नमस्ते, मैं अपनी छोटी कंपनी के लिए आपकी सेवाओं की कीमत जानना चाहता हूँ। कृपया मुझे जल्दी जवाब दें।'],
    ['id', 'Selamat siang, saya ingin menanyakan harga jasa Anda untuk perusahaan kecil kami. Apakah bisa dikirim lewat surel?'],
    ['th', 'สวัสดีครับ ผมอยากสอบถามราคาบริการของคุณสำหรับบริษัทเล็ก ๆ ของเรา ขอบคุณครับ'],
    ['ar', 'مرحبا، أود أن أسأل عن سعر خدماتكم لشركتنا الصغيرة. هل يمكنكم إرسال عرض سعر؟'],
  ])('%s', async (lang, message) => {
    const response = await classify({ fields: { message } }, providers);
    expect(response.text?.detectedLanguage).toBe(lang);
    expect(response.text?.classifier).toBe('en');
    expect(response.text?.rules['UNKNOWN_LANGUAGE']?.score).toBe(0);
  });
});
