import { type CSSVariablesResolver, createTheme, InputWrapper, type MantineColorsTuple } from '@mantine/core';

const FONT_STACK = "'IBM Plex Sans Arabic', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** Mantine's teal, ending in a darker shade so that the hover of a filled control keeps white text readable. */
const brand: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#087f5b',
  '#06604a',
];

/** The shortest a stepper's connecting line gets. */
export const STEPPER_LINE_MIN = 'calc(1rem * var(--mantine-scale))';

/**
 * Tasreeh's look: the self-hosted IBM Plex Sans Arabic (Latin too), a teal dark enough for
 * white text, and field descriptions dark enough to read (WCAG AA contrast).
 */
export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: 8,
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK },
  defaultRadius: 'md',
  components: {
    InputWrapper: InputWrapper.extend({
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    }),
    // Steps stay on one row and their labels wrap, so that the line between two steps always
    // keeps some length: otherwise labels (longer in Arabic) squeeze the lines to nothing, or a
    // wrapped row leaves a line hanging at the end of the row above. A plain object rather than
    // `Stepper.extend`, which would bring the stepper's code into every first screen.
    Stepper: {
      defaultProps: { wrap: false },
      styles: {
        separator: { minWidth: STEPPER_LINE_MIN, marginInline: 'calc(var(--mantine-spacing-xs) / 2)' },
      },
    },
  },
});

/**
 * Mantine's error red (red.6) and dimmed grey (gray.6) are too faint on white for WCAG AA:
 * errors use red.8 and dimmed text (captions, hints) gray.7 everywhere.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
