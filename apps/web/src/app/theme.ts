import {
  createTheme,
  DEFAULT_THEME,
  mergeThemeOverrides,
  Notification,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

// UI.md: dense and calm; one accent colour (indigo); compact sizes for forms and tables.
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  components: {
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
    InputWrapper: { styles: { error: { whiteSpace: 'pre-line' } } },
    Table: { defaultProps: { fz: 'sm', verticalSpacing: 6 } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 200 } },
    // Mantine draws a titled notification's text in gray.6 (3.3:1 on white); the dimmed colour below reads at 5.6:1.
    Notification: Notification.extend({
      styles: (_theme, props) => (props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {}),
    }),
  },
});

/** The theme with the translated name of the close button (an icon only) of every drawer, modal and notification. */
export const themeWithText = (closeLabel: string) => {
  const closeButtonProps = { 'aria-label': closeLabel };
  return mergeThemeOverrides(theme, {
    components: {
      Drawer: { defaultProps: { closeButtonProps } },
      Modal: { defaultProps: { closeButtonProps } },
      Notification: { defaultProps: { closeButtonProps } },
    },
  });
};

// UI.md "Accessible": text at WCAG AA contrast (4.5:1). Mantine's light scheme draws dimmed text in gray.6 (3.3:1 on
// white) and coloured text (`c="red"`, light and outline badges, the active nav link) in shade 7 of its palette, which for red,
// green, orange, yellow and even indigo on its own light tint falls below 4.5:1. The resolver keeps each hue and only
// darkens it until it reads at 4.6:1 on the palette's light background over the grey of a hovered row.
type Rgb = readonly [number, number, number];
const rgbOf = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
const hexOf = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const luminanceOf = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrastOf = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const over = (fg: Rgb, bg: Rgb, alpha: number): Rgb => [0, 1, 2].map((i) => fg[i]! * alpha + bg[i]! * (1 - alpha)) as unknown as Rgb;

const HOVERED_ROW = rgbOf('#f8f9fa'); // gray.0
/** The palette's shade 7, darkened in small steps until it reads at 4.6:1 on the palette's light tint (12%). */
export const readableShade = (palette: MantineColorsTuple): string => {
  const tint = over(rgbOf(palette[7]), HOVERED_ROW, 0.12);
  let color = rgbOf(palette[7]);
  while (contrastOf(color, tint) < 4.6) color = color.map((c) => c * 0.95) as unknown as Rgb;
  return hexOf(color);
};

export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#626970', // between gray.6 and gray.7: 5.6:1 on white, 4.6:1 on a light tint
    '--mantine-color-error': readableShade(t.colors.red ?? DEFAULT_THEME.colors.red),
    // Links sit on white and in tinted alerts (a red or orange import result).
    '--mantine-color-anchor': readableShade(t.colors[t.primaryColor] ?? DEFAULT_THEME.colors.indigo),
  };
  for (const [name, palette] of Object.entries(t.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const readable = readableShade(palette);
    light[`--mantine-color-${name}-text`] = readable;
    light[`--mantine-color-${name}-light-color`] = readable;
    light[`--mantine-color-${name}-outline`] = readable;
    // White text on a filled button or badge: shade 7 of red, green, orange, ... is below 4.5:1 (yellow and lime are
    // left light: nothing draws white text on them).
    if (name !== 'yellow' && name !== 'lime' && contrastOf(rgbOf(palette[7]), [255, 255, 255]) < 4.5) {
      light[`--mantine-color-${name}-filled`] = readable;
      light[`--mantine-color-${name}-filled-hover`] = hexOf(rgbOf(readable).map((c) => c * 0.9) as unknown as Rgb);
    }
  }
  return { variables: {}, light, dark: {} };
};
