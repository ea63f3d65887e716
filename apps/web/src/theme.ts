import {
  Anchor,
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * StarLoop indigo. Shade 6 (#4f46e5) is the light-scheme primary: white text on it is 6.3:1 and it
 * is 6.3:1 as text on white, both above WCAG AA's 4.5:1 (checked in theme.test.ts).
 */
export const brand: MantineColorsTuple = [
  '#eef2ff',
  '#e0e7ff',
  '#c7d2fe',
  '#a5b4fc',
  '#818cf8',
  '#6366f1',
  '#4f46e5',
  '#4338ca',
  '#3730a3',
  '#312e81',
];

/** Same stack as @starloop/review-page/base.css (used by the pages that load no Mantine). */
export const SYSTEM_FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const MONO_FONT_STACK = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 4 },
  colors: { brand },
  fontFamily: SYSTEM_FONT_STACK,
  fontFamilyMonospace: MONO_FONT_STACK,
  headings: { fontFamily: SYSTEM_FONT_STACK, fontWeight: '700' },
  defaultRadius: 'md',
  // Picks black or white text on filled colours (e.g. yellow badges) so labels stay readable.
  autoContrast: true,
  respectReducedMotion: true,
  cursorType: 'pointer',
  // Light badges and alerts keep their tinted background but take near-black text: Mantine's
  // coloured text on a tint (yellow, green, grey) falls below WCAG AA.
  variantColorResolver: ((input) => {
    const resolved = defaultVariantColorsResolver(input);
    return input.variant === 'light' ? { ...resolved, color: 'var(--mantine-color-gray-9)' } : resolved;
  }) satisfies VariantColorsResolver,
  components: {
    // Links inside text are told apart by more than colour (WCAG link-in-text-block).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});

/** Dimmed text is grey 7 (8.6:1 on white) instead of Mantine's grey 6 (3.3:1, below AA). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

/** The colour scheme the spec's screens (and toasts) are designed in. */
export const DEFAULT_COLOR_SCHEME = 'light' as const;
