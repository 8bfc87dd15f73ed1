import type { Plugin } from 'vite';

/**
 * The web fonts (`@fontsource/*`) with `font-display: optional` instead of `swap`: a font not
 * there by the first paint is not swapped in later, so text never reflows and moves the page
 * (Lighthouse measured a layout shift of 0.18 on /products); it is cached for the next page
 * (decision 0010).
 */
export function fontDisplayOptional(): Plugin {
  return {
    name: 'tasreeh:font-display-optional',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]@fontsource[\\/].*\.css$/.test(id)) return undefined;
      return { code: code.replaceAll('font-display: swap', 'font-display: optional'), map: null };
    },
  };
}
