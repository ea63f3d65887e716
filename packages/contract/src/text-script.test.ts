import { describe, expect, it } from 'vitest';
import { dominantScript, sentimentReadsText } from './text-script.ts';

describe('dominantScript', () => {
  it.each([
    ['Food was great', 'latin'],
    ['khana bahut accha tha', 'latin'],
    ['खाना बहुत अच्छा था', 'devanagari'],
    ['जेवण छान होतं', 'devanagari'],
    ['சாப்பாடு நன்றாக இருந்தது', 'tamil'],
    ['భోజనం చాలా బాగుంది', 'telugu'],
    ['খাবার খুব ভালো ছিল', 'bengali'],
    ['જમવાનું સરસ હતું', 'gujarati'],
    ['ಊಟ ಚೆನ್ನಾಗಿತ್ತು', 'kannada'],
    ['ഭക്ഷണം നന്നായിരുന്നു', 'malayalam'],
    ['Good food, ஆனால் சேவை மிகவும் மோசமாக இருந்தது', 'tamil'],
    ['Tea ok, service போதும்', 'latin'],
  ])('%s is %s', (text, script) => {
    expect(dominantScript(text)).toBe(script);
  });

  it('is null without letters', () => {
    expect(dominantScript('')).toBeNull();
    expect(dominantScript('👍👍 10/10 !!')).toBeNull();
  });
});

describe('sentimentReadsText', () => {
  it('reads English, Hinglish, Hindi and Marathi in Devanagari, and text without letters', () => {
    for (const text of ['Great tea', 'bahut badhiya', 'बहुत बढ़िया', 'खूप छान', '😍😍', ''])
      expect(sentimentReadsText(text), text).toBe(true);
  });

  it('does not read Tamil, Telugu, Bengali, Gujarati or Kannada', () => {
    for (const text of ['அருமை', 'అద్భుతం', 'অসাধারণ', 'ઉત્તમ', 'ಅತ್ಯುತ್ತಮ'])
      expect(sentimentReadsText(text), text).toBe(false);
  });
});
