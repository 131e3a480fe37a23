/**
 * Links in a comment (`formType: "comment"`), a part of text.SPAM_WORDS: comment spam
 * is a link to the spammer's site under someone else's post, most of all with a plea to go and
 * look ("watch this", "follow him", "please read my book"). In a comment the first link to
 * another site than a YouTube video is a match of its own, of weight 1, and 1.5 when the
 * comment also has an imperative plea of its languages (`PLEAS`: please, watch, visit, follow,
 * read, …; every language's when the language is unknown, but then no word of another language
 * than English shorter than the word lists' `MIN_FOREIGN_WORD`). Links to a video page of
 * YouTube (`youtu.be/…`, `youtube.com/watch?v=…`) are how fans share a video and do not count;
 * a channel (`youtube.com/user/…`) does.
 *
 * A comment with no such link may still hand one off written apart so that link filters miss it
 * (`mysite . com/offer`, `mysite. com`, `mysite dot com`, `mysite (dot) net`): nobody writes a
 * site's name so but to get it past a filter, so that counts as a link with a plea (1.5) whatever
 * the words around it (2026-11-25: 7 spam and 0 ham comments of the four training videos, each
 * video has some).
 *
 * A link that carries a referral or affiliate code (`?ref=4477063`, `?ref_id=…`, `?aff=…`,
 * Amazon's `tag=name-20`) pays whoever shares it for the clicks or the sales: it counts 2 (with or
 * without a plea). A code is an id — it has a digit or a capital letter — not a site's own
 * navigation word (Facebook's `?ref=hl`, `?ref=stream`). 2026-11-25: 10 spam comments of
 * videos 1 and 2 of the training data have one, no ham comment has a link to another site.
 */
import { FULLY_SUPPORTED_LANGUAGES, type SupportedLanguage } from '../language/choice.js';
import { MIN_FOREIGN_WORD } from './index.js';
import { normalizePhrase, type Words } from './normalize.js';
import type { Match } from '../core/rule.js';
import type { TextInput } from '../text/input.js';
import { findUrls, uncitedLinks } from '../text/urls.js';

/** Weight of the first link to another site in a comment. */
export const COMMENT_LINK_WEIGHT = 1;
/** Its weight when the comment also has an imperative plea. */
export const COMMENT_LINK_PLEA_WEIGHT = 1.5;

/**
 * Weight of a referral or affiliate link (`?ref=4477063`, `?aff_id=…`, Amazon's `tag=…-20`):
 * whoever shares it is paid for the clicks or the sales.
 */
export const COMMENT_REFERRAL_LINK_WEIGHT = 2;
/** Weight of a link written apart (`mysite . com`): a link with a plea. */
export const COMMENT_SPACED_LINK_WEIGHT = 1.5;

/**
 * Imperative pleas to the readers, per language (singular and plural, written as typed; matched
 * as whole words after the word lists' normalisation). Written by hand; only read in a comment
 * that has a link to another site.
 */
export const PLEAS: Readonly<Record<SupportedLanguage, string>> = {
  en: 'please pls plz watch check visit follow read click look listen join vote buy search download subscribe share support help',
  de: 'bitte schaut guckt schau guck besucht besuche klickt klick folgt folge lest lies hört hör abonniert abonniere teilt teile unterstützt helft hilf kauft kauf stimmt sucht geht kommt registriert bestellt ladet',
  fr: 'svp stp regardez regarde allez venez viens visitez visite cliquez clique suivez lisez écoutez écoute abonnez abonne partagez partage soutenez aidez achetez votez cherchez rejoignez téléchargez inscrivez',
  es: 'porfa porfavor mira miren mirad vean visita visiten entra entren sigue siganme síganme lee lean escucha escuchen suscríbete suscribanse comparte compartan apoya apoyen ayuda ayuden compra compren vota voten busca busquen descarga descarguen únete',
  pt: 'pfv veja vejam assista assistam visite visitem clique cliquem siga sigam leia leiam ouça ouçam escute inscreva inscrevam compartilhe compartilhem apoie apoiem ajude ajudem compre comprem vote votem procure baixe acesse acessem entrem',
  it: 'perfavore guarda guardate visita visitate clicca cliccate segui seguite leggi leggete ascolta ascoltate iscriviti iscrivetevi condividi condividete sostenete aiutate aiutami compra comprate vota votate cerca cercate scarica scaricate entrate passate',
  nl: 'alsjeblieft alstublieft aub kijk bekijk bezoek klik volg lees luister abonneer deel steun help koop stem zoek download meld',
  da: 'venligst kig tjek besøg klik følg læs lyt abonner del støt hjælp køb stem søg tilmeld',
  no: 'vennligst sjekk besøk klikk følg les lytt hør abonner del støtt hjelp kjøp stem søk',
  sv: 'snälla titta kolla besök klicka följ läs lyssna prenumerera dela stötta hjälp köp rösta sök ladda',
  fi: 'pliis katso katsokaa käy käykää klikkaa klikatkaa seuraa seuratkaa lue lukekaa kuuntele kuunnelkaa tilaa tilatkaa jaa jakakaa tue tukekaa auta auttakaa osta ostakaa äänestä äänestäkää etsi lataa',
  hu: 'kérlek kérem légyszi nézd nézzétek nézzék látogass kattints kattintsatok kövess kövessetek olvasd hallgasd hallgassátok iratkozz iratkozzatok oszd osszátok támogass támogassatok segíts segítsetek vedd vegyétek szavazz szavazzatok keress töltsd',
  pl: 'proszę plis zobacz zobaczcie obejrzyj obejrzyjcie odwiedź odwiedźcie kliknij kliknijcie obserwuj obserwujcie przeczytaj posłuchaj posłuchajcie subskrybuj subskrybujcie udostępnij udostępnijcie wesprzyjcie pomóżcie pomóż kup kupcie głosujcie zagłosuj wejdź wejdźcie wbijajcie zapraszam',
  cs: 'prosím mrkněte mrkni koukněte kukni podívejte podívej navštivte navštiv klikněte klikni sledujte sleduj přečtěte poslechněte poslechni odebírejte sdílejte sdílej podpořte pomozte kupte hlasujte hledejte stáhněte',
  sk: 'prosím pozrite pozri mrknite navštívte navštív kliknite sledujte prečítajte počúvajte vypočujte odoberajte zdieľajte zdieľaj podporte pomôžte kúpte hlasujte hľadajte stiahnite',
  ru: 'пожалуйста плиз смотрите смотри посмотрите посмотри заходите заходи зайдите переходите перейдите кликайте нажмите подписывайтесь подпишись подпишитесь читайте прочитайте слушайте послушайте делитесь поделитесь поддержите помогите покупайте купите голосуйте ищите скачивайте скачайте загляните',
  bg: 'моля вижте виж погледнете посетете посети кликнете натиснете последвайте следвайте прочетете чуйте слушайте абонирайте споделете подкрепете помогнете купете гласувайте потърсете изтеглете',
  el: 'παρακαλώ δείτε δες κοιτάξτε επισκεφθείτε πατήστε πάτα ακολουθήστε διαβάστε ακούστε εγγραφείτε μοιραστείτε στηρίξτε βοηθήστε αγοράστε ψηφίστε ψάξτε κατεβάστε μπείτε',
  ro: 'vedeți vezi uitați vizitați vizitează intrați apăsați urmăriți urmărește citiți citește ascultați abonați distribuiți susțineți ajutați cumpărați votați căutați descărcați',
};

const PLEA_SETS = new Map<string, ReadonlySet<string>>();

/** The normalised pleas of `languages` (every language's when the language is unknown). */
function pleasOf(languages: readonly SupportedLanguage[] | 'all'): ReadonlySet<string> {
  const key = languages === 'all' ? 'all' : languages.join('+');
  let set = PLEA_SETS.get(key);
  if (set === undefined) {
    const langs = languages === 'all' ? FULLY_SUPPORTED_LANGUAGES : languages;
    // Language unknown: as for the word lists, no short word of another language than English
    // (Norwegian "les" is French "les", Finnish "tue" French "tue").
    const keep = (l: SupportedLanguage, w: string) => languages !== 'all' || l === 'en' || w.length >= (/^[a-z]/.test(w) ? MIN_FOREIGN_WORD : MIN_FOREIGN_WORD - 1);
    set = new Set(langs.flatMap((l) => PLEAS[l].split(' ').map(normalizePhrase).filter((w) => keep(l, w))));
    PLEA_SETS.set(key, set);
  }
  return set;
}

function hasPlea(words: Words, languages: readonly SupportedLanguage[] | 'all'): boolean {
  const pleas = pleasOf(languages);
  for (let i = 0; i < words.count; i++) {
    const length = words.end[i]! - words.start[i]!;
    if (length < 2 || length > 16) continue;
    if (pleas.has(String.fromCharCode.apply(null, words.codes.subarray(words.start[i]!, words.end[i]!) as unknown as number[]))) return true;
  }
  return false;
}

const VIDEO_PATH = /^\/(?:watch|shorts\/|embed\/|v\/)/i;

/** True when `url` is a video page of YouTube: a shared video, not a link away. */
export function isVideoLink(url: string): boolean {
  const rest = url.replace(/^[a-z]{2,5}:\/\//i, '');
  const cut = rest.search(/[/?#]/);
  const host = (cut === -1 ? rest : rest.slice(0, cut)).toLowerCase().replace(/^(?:www|m|music)\./, '');
  const path = cut === -1 ? '' : rest.slice(cut);
  if (host === 'youtu.be') return path.length > 1;
  return host === 'youtube.com' && VIDEO_PATH.test(path);
}

/** Top-level domains that are no common word of a comment's languages (not `me`, `us`, `co`, `de`). */
const TLDS = ['com', 'net', 'org', 'info', 'biz', 'tk'];
const TLD = `(?:${[...TLDS, ...TLDS.map((t) => t.toUpperCase())].join('|')})`;
const NAME = '(?<![\\p{L}\\p{N}.@-])[a-zA-Z0-9][a-zA-Z0-9.-]{1,62}';
const END = '(?![\\p{L}\\p{N}-])(?:/[^\\s]{0,200})?';
/**
 * A site's name and its top-level domain held apart: a space before the dot (`site . com`,
 * `site .com`), a spelt-out dot (`site dot com`, `site (dot) com`), or a space after the dot
 * when a path or the end of the comment follows (`site. com/offer`; not "… adorei. com certeza",
 * a Portuguese sentence after a full stop). The domain is in lower case or in capitals (not
 * `Com`). Linear: the name and the spaces are bounded, and a match starts once per word.
 */
const SPACED_LINK = new RegExp(
  `${NAME}(?:[ \\t]{1,4}\\.[ \\t]{0,4}${TLD}${END}|(?:[ \\t]{0,4}[([][ \\t]{0,4}(?:dot|DOT)[ \\t]{0,4}[)\\]][ \\t]{0,4}|[ \\t]{1,4}(?:dot|DOT)[ \\t]{1,4})${TLD}${END}|\\.[ \\t]{1,4}${TLD}(?:/[^\\s]{0,200}|[ \\t]*$))`,
  'gu',
);
/** `site . com/path` as the link it stands for (`site.com/path`), to tell a shared video. */
const joinLink = (value: string) => value.replace(/[ \t]*(?:[([][ \t]*(?:dot|DOT)[ \t]*[)\]]|\b(?:dot|DOT)\b|\.)[ \t]*/g, '.');

/** The first link written apart in a comment (`site . com/path`), with its field and index. */
export function spacedLink(text: TextInput): { field: string; value: string; index: number } | undefined {
  for (const segment of text.segments) {
    SPACED_LINK.lastIndex = 0;
    for (let m = SPACED_LINK.exec(segment.text); m !== null; m = SPACED_LINK.exec(segment.text)) {
      // A shared video written apart is still a shared video.
      if (!isVideoLink(joinLink(m[0]))) return { field: segment.field, value: m[0], index: m.index };
    }
  }
  return undefined;
}

const REFERRAL_PARAM = /[?&;](?:ref|ref_?id|referr?al(?:_?code)?|referrer|aff|aff_?id|affiliate(?:_?id)?|invite(?:_?code)?)=([^&#\s]{1,64})/i;
const AMAZON_TAG = /^(?:[a-z0-9-]+\.)*amazon\.[a-z.]{2,6}\/[^\s]*[?&;]tag=[a-z0-9_.-]{1,40}-2\d(?:[&#]|$)/i;

/** True when `url` carries a referral or affiliate code. */
export function isReferralLink(url: string): boolean {
  const rest = url.replace(/^[a-z]{2,5}:\/\//i, '').replace(/^www\./i, '');
  if (AMAZON_TAG.test(rest)) return true;
  const m = REFERRAL_PARAM.exec(rest);
  return m !== null && /[0-9A-Z]/.test(m[1]!);
}

/** The first link of a comment that is not a shared video, as a SPAM_WORDS match. */
export function commentLink(text: TextInput, words: Words, languages: readonly SupportedLanguage[] | 'all'): Match | undefined {
  // Links the writer cites (a source in brackets, a list of sources) are no hand-off.
  const links = uncitedLinks(text, findUrls(text)).filter((u) => !isVideoLink(u.value));
  const referral = links.find((u) => isReferralLink(u.value));
  if (referral) return { field: referral.field, value: referral.value, index: referral.index, weight: COMMENT_REFERRAL_LINK_WEIGHT, reason: 'comment: referral link' };
  const link = links[0];
  if (!link) {
    const spaced = spacedLink(text);
    return spaced && { ...spaced, weight: COMMENT_SPACED_LINK_WEIGHT, reason: 'comment: link written apart' };
  }
  const plea = hasPlea(words, languages);
  return {
    field: link.field,
    value: link.value,
    index: link.index,
    weight: plea ? COMMENT_LINK_PLEA_WEIGHT : COMMENT_LINK_WEIGHT,
    reason: plea ? 'comment: link with a plea' : 'comment: link',
  };
}
