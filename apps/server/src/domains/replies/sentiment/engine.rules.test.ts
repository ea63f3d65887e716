import { describe, expect, it } from 'vitest';
import { analyzeSentiment, labelForRating, normalizeText } from './engine.rules.ts';

const label = (text: string, rating?: number) => analyzeSentiment(text, rating).label;
const score = (text: string, rating?: number) => analyzeSentiment(text, rating).score;

describe('sentiment engine', () => {
  it('reads clear English, Hindi and Hinglish reviews', () => {
    expect(label('Amazing food and super quick service!')).toBe('positive');
    expect(label('Worst experience ever, the waiter was rude.')).toBe('negative');
    expect(label('khana bahut accha tha')).toBe('positive');
    expect(label('service bekar thi')).toBe('negative');
    expect(label('खाना बहुत स्वादिष्ट था')).toBe('positive');
    expect(label('सेवा बहुत खराब थी')).toBe('negative');
    expect(label('Ekdum mast biryani, maza aa gaya!')).toBe('positive');
  });

  it('handles negation before the word (English) and after it (Hindi)', () => {
    expect(label('good')).toBe('positive');
    expect(label('not good')).toBe('negative');
    expect(label("The food wasn't good")).toBe('negative');
    expect(label('acha nahi tha')).toBe('negative');
    expect(label('अच्छा नहीं था')).toBe('negative');
    expect(label('अच्छा था')).toBe('positive');
    // Negating a complaint is mildly positive, not a complaint.
    expect(score('koi problem nahi')).toBeGreaterThan(0);
    expect(score('not bad')).toBeGreaterThan(0);
  });

  it('lets intensifiers strengthen and diminishers soften', () => {
    expect(score('very good')).toBeGreaterThan(score('good'));
    expect(score('bahut accha')).toBeGreaterThan(score('accha'));
    expect(score('bahut bekar')).toBeLessThan(score('bekar'));
    expect(Math.abs(score('thoda slow'))).toBeLessThan(Math.abs(score('slow')));
  });

  it('weighs the clause after "but" / "lekin" / "par" more', () => {
    expect(label('waited an hour but the food was great')).toBe('positive');
    expect(label('food was great but we waited an hour')).toBe('negative');
    expect(label('khana accha tha lekin service bekar thi')).toBe('negative');
    expect(label('कमरा अच्छा था पर बाथरूम बहुत गंदा था')).toBe('negative');
    // "par" after a noun is the postposition "on", not "but".
    expect(label('time par delivery')).toBe('positive');
  });

  it('treats a mixed 2-star review as negative and a balanced 3-star one as neutral', () => {
    expect(label('Food was great but waited an hour', 2)).toBe('negative');
    expect(label('Theek thaak tha, kuch khaas nahi.', 3)).toBe('neutral');
    expect(label('Na accha na bura, bas theek.', 3)).toBe('neutral');
  });

  it('never labels a 1-2 star complaint neutral (issue 33)', () => {
    expect(analyzeSentiment('shop was closed at 8 pm', 2).label).toBe('negative');
    expect(analyzeSentiment('it was fine', 2).label).toBe('negative');
    expect(analyzeSentiment('theek tha', 1).label).toBe('negative');
    // The same lukewarm words on 3 stars stay neutral, and a clearly pleased message stays positive.
    expect(analyzeSentiment('it was fine', 3).label).toBe('neutral');
    expect(analyzeSentiment('Wonderful food, lovely staff!', 2).label).toBe('positive');
  });

  it('reads emoji and emoticons', () => {
    expect(label('😍👍')).toBe('positive');
    expect(label('😡👎')).toBe('negative');
    expect(label('Food 👎 service 👎', 3)).toBe('negative');
    expect(label('Nice :)')).toBe('positive');
    expect(score('😍😍😍')).toBeGreaterThan(score('😍'));
    expect(score('😍😍😍')).toBeLessThan(1);
  });

  it('lets the rating decide when the message is empty or has no opinion', () => {
    for (const rating of [1, 2, 3, 4, 5]) {
      expect(label('', rating)).toBe(labelForRating(rating));
      expect(label('Visited on Sunday with family.', rating)).toBe(labelForRating(rating));
    }
    expect(labelForRating(2)).toBe('negative');
    expect(labelForRating(3)).toBe('neutral');
    expect(labelForRating(4)).toBe('positive');
    expect(analyzeSentiment('', 3).score).toBe(0);
  });

  it('lets a clear message win over a contradicting rating', () => {
    expect(label('The food was terrible and the staff were rude', 5)).toBe('negative');
    expect(label('Amazing food, loved every bite!', 1)).toBe('positive');
  });

  it('keeps scores within -1..1 and normalises Devanagari spellings', () => {
    for (const text of ['worst worst worst horrible 😡😡😡', 'best best amazing superb 😍😍']) {
      const s = score(text, 3);
      expect(s).toBeGreaterThanOrEqual(-1);
      expect(s).toBeLessThanOrEqual(1);
    }
    expect(normalizeText('ज़्यादा')).toBe(normalizeText('ज्यादा'));
    expect(normalizeText('महँगा')).toBe(normalizeText('महंगा'));
    expect(label('बढ़िया')).toBe('positive');
  });

  it('labels reviews in scripts it does not read from the stars (neutral-from-stars), Marathi read as Hindi', () => {
    const unread = [
      'சாப்பாடு மோசம், ஆனால் 😍', // Tamil (an emoji does not decide it)
      'భోజనం చాలా బాగుంది good',
      'খাবার খুব খারাপ ছিল',
      'જમવાનું સરસ હતું',
      'ಊಟ ಚೆನ್ನಾಗಿತ್ತು',
    ];
    for (const text of unread) {
      for (const rating of [1, 3, 5]) {
        const result = analyzeSentiment(text, rating);
        expect(result.label, `${text} ${rating}`).toBe(labelForRating(rating));
        expect(result).toMatchObject({ messageScore: 0, evidence: 0, hits: [] });
      }
      expect(analyzeSentiment(text).label).toBe('neutral');
    }
    // Marathi in Devanagari goes through the Hindi lexicon like any Devanagari text: shared words count.
    expect(analyzeSentiment('जेवण बढ़िया होतं', 3)).toMatchObject({ label: 'positive', evidence: 1 });
  });
});
