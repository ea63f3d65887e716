import type { TCaseReplyTemplateKind } from '@starloop/contract';

/**
 * StarLoop's wording of the messages a case sends, in the review page's eight languages: the two
 * reply templates an account may reword (an apology, a callback request) and the one invitation to
 * share the experience publicly, which nobody rewords: it is the same for every outcome and asks
 * for an honest review, never a better one (Google's policy on review gating and incentives).
 * `{business}` and `{link}` are filled in when the message is written.
 */

export const CASE_TEXT_LANGUAGES = ['en', 'hi', 'mr', 'bn', 'ta', 'te', 'kn', 'gu'] as const;
type TLanguage = (typeof CASE_TEXT_LANGUAGES)[number];

export const DEFAULT_CASE_REPLIES: Record<TCaseReplyTemplateKind, Record<TLanguage, string>> = {
  apology: {
    en: 'We are sorry about your experience. Thank you for telling us; we are looking into it and want to put it right.',
    hi: 'आपके अनुभव के लिए हमें खेद है। बताने के लिए धन्यवाद; हम इसे देख रहे हैं और इसे ठीक करना चाहते हैं।',
    mr: 'तुमच्या अनुभवाबद्दल आम्हाला खेद वाटतो. सांगितल्याबद्दल धन्यवाद; आम्ही याकडे लक्ष देत आहोत आणि ते सुधारू इच्छितो.',
    bn: 'আপনার অভিজ্ঞতার জন্য আমরা দুঃখিত। জানানোর জন্য ধন্যবাদ; আমরা বিষয়টি দেখছি এবং ঠিক করতে চাই।',
    ta: 'உங்கள் அனுபவத்திற்கு வருந்துகிறோம். தெரிவித்தமைக்கு நன்றி; இதைக் கவனித்து சரிசெய்ய விரும்புகிறோம்.',
    te: 'మీ అనుభవానికి మేము చింతిస్తున్నాము. తెలియజేసినందుకు ధన్యవాదాలు; మేము దీనిని పరిశీలించి సరిదిద్దాలనుకుంటున్నాము.',
    kn: 'ನಿಮ್ಮ ಅನುಭವಕ್ಕಾಗಿ ನಾವು ವಿಷಾದಿಸುತ್ತೇವೆ. ತಿಳಿಸಿದ್ದಕ್ಕೆ ಧನ್ಯವಾದಗಳು; ನಾವು ಇದನ್ನು ಪರಿಶೀಲಿಸಿ ಸರಿಪಡಿಸಲು ಬಯಸುತ್ತೇವೆ.',
    gu: 'તમારા અનુભવ બદલ અમને દિલગીરી છે. જણાવવા બદલ આભાર; અમે તેની તપાસ કરી રહ્યા છીએ અને તેને સુધારવા માંગીએ છીએ.',
  },
  callback: {
    en: 'We would like to understand what went wrong. May we call you? Reply with a convenient time.',
    hi: 'हम समझना चाहते हैं कि क्या गलत हुआ। क्या हम आपको कॉल कर सकते हैं? कृपया सुविधाजनक समय बताएं।',
    mr: 'नेमकं काय चुकलं ते आम्हाला समजून घ्यायचं आहे. आम्ही तुम्हाला फोन करू शकतो का? सोयीची वेळ कळवा.',
    bn: 'কী ভুল হয়েছে আমরা বুঝতে চাই। আমরা কি আপনাকে ফোন করতে পারি? সুবিধাজনক সময় জানান।',
    ta: 'என்ன தவறு நடந்தது என்பதைப் புரிந்துகொள்ள விரும்புகிறோம். உங்களை அழைக்கலாமா? வசதியான நேரத்தைத் தெரிவிக்கவும்.',
    te: 'ఏమి తప్పు జరిగిందో అర్థం చేసుకోవాలనుకుంటున్నాము. మేము మీకు ఫోన్ చేయవచ్చా? అనుకూలమైన సమయం తెలియజేయండి.',
    kn: 'ಏನು ತಪ್ಪಾಯಿತು ಎಂದು ತಿಳಿಯಲು ಬಯಸುತ್ತೇವೆ. ನಾವು ನಿಮಗೆ ಕರೆ ಮಾಡಬಹುದೇ? ಅನುಕೂಲಕರ ಸಮಯ ತಿಳಿಸಿ.',
    gu: 'શું ખોટું થયું તે અમે સમજવા માંગીએ છીએ. શું અમે તમને ફોન કરી શકીએ? અનુકૂળ સમય જણાવો.',
  },
};

/** The one invitation after a case is resolved: the same words whatever the outcome. */
export const CASE_INVITATION: Record<TLanguage, string> = {
  en: 'Thank you for your time. If you would like to share your experience of {business} publicly, you can do it here: {link}',
  hi: 'आपके समय के लिए धन्यवाद। यदि आप {business} के साथ अपना अनुभव सार्वजनिक रूप से साझा करना चाहें, तो यहाँ कर सकते हैं: {link}',
  mr: 'तुमच्या वेळेबद्दल धन्यवाद. {business} बद्दलचा तुमचा अनुभव सार्वजनिकपणे सांगायचा असल्यास येथे सांगू शकता: {link}',
  bn: 'আপনার সময়ের জন্য ধন্যবাদ। {business} নিয়ে আপনার অভিজ্ঞতা প্রকাশ্যে জানাতে চাইলে এখানে জানাতে পারেন: {link}',
  ta: 'உங்கள் நேரத்திற்கு நன்றி. {business} பற்றிய உங்கள் அனுபவத்தைப் பொதுவில் பகிர விரும்பினால், இங்கே பகிரலாம்: {link}',
  te: 'మీ సమయానికి ధన్యవాదాలు. {business} గురించి మీ అనుభవాన్ని బహిరంగంగా పంచుకోవాలనుకుంటే, ఇక్కడ పంచుకోవచ్చు: {link}',
  kn: 'ನಿಮ್ಮ ಸಮಯಕ್ಕೆ ಧನ್ಯವಾದಗಳು. {business} ಕುರಿತ ನಿಮ್ಮ ಅನುಭವವನ್ನು ಸಾರ್ವಜನಿಕವಾಗಿ ಹಂಚಿಕೊಳ್ಳಲು ಬಯಸಿದರೆ, ಇಲ್ಲಿ ಹಂಚಿಕೊಳ್ಳಬಹುದು: {link}',
  gu: 'તમારા સમય બદલ આભાર. {business} વિશેનો તમારો અનુભવ જાહેરમાં જણાવવો હોય તો અહીં જણાવી શકો છો: {link}',
};

export const caseTextLanguage = (language: string | null | undefined): TLanguage =>
  (CASE_TEXT_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as TLanguage) : 'en';

export function invitationText(language: string, business: string, link: string): string {
  return CASE_INVITATION[caseTextLanguage(language)].replace('{business}', business).replace('{link}', link);
}

/*
 * A reply may not trade anything for a review: no asking to change, edit, update, remove or delete
 * it, and no discount, voucher, gift or free item offered in the same message as a review or a
 * rating (English, and Hindi). An apology, a refund or a callback without a word about the review
 * is what recovery looks like and goes through.
 */
const REVIEW_WORDS = /\b(reviews?|ratings?|stars?)\b|रिव्यू|समीक्षा|रेटिंग|स्टार/i;
const CHANGE_WORDS =
  /\b(change|edit|update|remove|delete|take down|withdraw|raise|increase|upgrade)\b|बदल|हटा|डिलीट|बढ़ा/i;
const INCENTIVE_WORDS =
  /\b(discount|voucher|coupon|gift|free|cashback|reward)\b|छूट|डिस्काउंट|मुफ़्त|मुफ्त|फ्री|इनाम|कूपन|कैशबैक/i;

export function asksForReviewChange(text: string): boolean {
  if (!REVIEW_WORDS.test(text)) return false;
  return CHANGE_WORDS.test(text) || INCENTIVE_WORDS.test(text);
}
