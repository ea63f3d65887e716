import { BRAND as CONTRACT_BRAND } from '@starloop/contract';
import { describe, expect, it } from 'vitest';
import { BRAND } from './lib/brand.ts';
import { brand, theme } from './theme.ts';

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('theme', () => {
  it('has a primary colour that passes WCAG AA (4.5:1) for white text on it and for it on white', () => {
    const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light : theme.primaryShade;
    expect(theme.primaryColor).toBe('brand');
    const primary = brand[shade ?? 6];
    expect(contrast(primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Hover uses the next shade: still AA.
    expect(contrast(brand[Math.min((shade ?? 6) + 1, 9)]!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the system font stack and md radius', () => {
    expect(theme.fontFamily).toMatch(/^system-ui/);
    expect(theme.defaultRadius).toBe('md');
  });

  it('names the product as the contract does', () => {
    expect(BRAND).toBe(CONTRACT_BRAND);
  });
});
