import { describe, expect, it } from 'vitest';
import { languageOfText, reviewLanguage, writtenIn } from './review-language.ts';

describe('the language a review is answered in', () => {
  it.each([
    ['Tea was cold and the staff were rude', 'en'],
    ['chai thandi thi, service slow', 'en'],
    ['चाय ठंडी थी और स्टाफ बदतमीज़ था', 'hi'],
    ['சாப்பாடு ஆறிப் போயிருந்தது', 'ta'],
    ['భోజనం చల్లగా ఉంది', 'te'],
    ['খাবার ঠান্ডা ছিল', 'bn'],
    ['જમવાનું ઠંડું હતું', 'gu'],
    ['ಊಟ ತಣ್ಣಗಿತ್ತು', 'kn'],
    // No page language for Malayalam: English.
    ['ഭക്ഷണം തണുത്തിരുന്നു', 'en'],
  ])('%s reads as %s', (text, language) => {
    expect(languageOfText(text)).toBe(language);
  });

  it('reads Devanagari as Marathi only where the page speaks Marathi', () => {
    expect(languageOfText('जेवण थंड होतं', 'mr')).toBe('mr');
    expect(languageOfText('जेवण थंड होतं', 'ta')).toBe('hi');
    expect(languageOfText('जेवण थंड होतं')).toBe('hi');
  });

  it("gives a text with no letters the page's language, else English", () => {
    expect(languageOfText('👎👎', 'ta')).toBe('ta');
    expect(languageOfText('')).toBe('en');
  });

  it('prefers the page language the review was left in over its script', () => {
    expect(reviewLanguage({ language: 'hi', message: 'service slow tha' })).toBe('hi');
    expect(reviewLanguage({ language: 'mr', message: '' })).toBe('mr');
    // Unknown or missing: read from the text.
    expect(reviewLanguage({ language: 'xx', message: 'சேவை மோசம்' })).toBe('ta');
    expect(reviewLanguage({ language: null, message: 'चाय ठंडी थी' }, 'mr')).toBe('mr');
  });

  it('tells whether a text is written in a language', () => {
    expect(writtenIn('हमें खेद है', 'hi')).toBe(true);
    expect(writtenIn('We are sorry', 'hi')).toBe(false);
    expect(writtenIn('We are sorry', 'en')).toBe(true);
  });
});
