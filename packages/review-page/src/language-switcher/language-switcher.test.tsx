import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LanguageSwitcher, languageHref, rememberLanguage } from './language-switcher.tsx';

describe('language switcher', () => {
  it('links every language to ?lang= with the placement kept', () => {
    expect(languageHref('chai-point', 'ta', null)).toBe('/review/chai-point?lang=ta');
    expect(languageHref('chai-point', 'hi', 'Tbl4Key00001')).toBe(
      '/review/chai-point?lang=hi&p=Tbl4Key00001',
    );
    expect(languageHref(undefined, 'gu', null)).toBe('/review?lang=gu');
  });

  it('is folded, names the current language on its summary and marks it among the links', () => {
    const html = renderToString(
      <LanguageSwitcher current="kn" code="chai-point" placement={null} label="ಭಾಷೆ" />,
    );
    expect(html).toContain('<nav class="rv-langs" aria-label="ಭಾಷೆ"><details><summary>');
    expect(html).toContain('ಭಾಷೆ: ಕನ್ನಡ</summary>');
    expect(html.match(/<a /g)).toHaveLength(8);
    expect(html).toContain('aria-current="true">ಕನ್ನಡ</a>');
  });

  it('remembering a choice never throws where there is no storage (server, blocked storage)', () => {
    expect(() => rememberLanguage('bn')).not.toThrow();
  });
});
