import type { OutputAsset, OutputBundle } from 'rolldown';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { EARLY_SCRIPT } from './early-script.ts';

/** The build's server-side entry: renders the screens of `src/app/prerendered.ts`. */
const ENTRY = '/src/prerender.tsx';
const LANGUAGES = ['en', 'ar'] as const;

interface PrerenderEntry {
  PRERENDERED_PATHS: string[];
  renderScreen(path: string, language: (typeof LANGUAGES)[number]): Promise<string>;
}

/** Only the copy in the page's language shows. */
const COPY_STYLE =
  '<style>html[lang="ar"] [data-first-screen="en"],html:not([lang="ar"]) [data-first-screen="ar"]{display:none}</style>';

function isHtmlAsset(file: OutputBundle[string] | undefined): file is OutputAsset {
  return file?.type === 'asset' && typeof file.source === 'string';
}

/**
 * Writes `<path>.html` for each prerendered screen (decision 0010): `index.html` with the screen
 * rendered in English and in Arabic inside `#root`, so the browser paints it before any script
 * has run; the API sends it for that path. The app renders the same screen over it once loaded.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'tasreeh:prerender',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!isHtmlAsset(index)) return;
      const template = String(index.source);
      const script = this.getFileName(
        this.emitFile({ type: 'asset', name: 'language.js', source: EARLY_SCRIPT }),
      );
      const server = await createServer({
        root: config.root,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        // safe: the entry's exports, typed above
        const entry = (await server.ssrLoadModule(ENTRY)) as unknown as PrerenderEntry;
        for (const path of entry.PRERENDERED_PATHS) {
          const copies = await Promise.all(
            LANGUAGES.map(async (language) => {
              const html = await entry.renderScreen(path, language);
              const dir = language === 'ar' ? 'rtl' : 'ltr';
              return `<div data-first-screen="${language}" lang="${language}" dir="${dir}">${html}</div>`;
            }),
          );
          const page = template
            .replace(
              '<html lang="en" dir="ltr">',
              '<html lang="en" dir="ltr" data-mantine-color-scheme="light">',
            )
            .replace('<head>', `<head>\n    <script src="/${script}"></script>`)
            .replace('</head>', `  ${COPY_STYLE}\n  </head>`)
            .replace('<div id="root"></div>', `<div id="root">${copies.join('')}</div>`);
          if (!page.includes('data-first-screen')) throw new Error('index.html has no empty #root to fill');
          this.emitFile({ type: 'asset', fileName: `${path.slice(1)}.html`, source: page });
        }
      } finally {
        await server.close();
      }
    },
  };
}
