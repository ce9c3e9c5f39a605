// Entry of the language island: the translation widget of the header. Choosing a language records it
// with POST /api/site-users/account/locale (storefront.md section 7: sent only when the widget is on
// the page; for a signed-in member it follows them to every device), then opens the page in it. The
// links work without the island too: `?lang=` shows the page in that language and remembers it. The
// widget is on every page, so the account API client is fetched only when a language is chosen.
import type { TesseraGlobal } from '../../bootstrap.js';
import type { AccountApi } from '../../api/account.js';

type LocaleApi = Pick<AccountApi, 'setLocale'>;

export function enhanceLanguageSwitcher(element: HTMLElement, api: () => Promise<LocaleApi>, go: (url: string) => void): void {
  element.dataset.tesseraMounted = 'language';
  for (const link of Array.from(element.querySelectorAll<HTMLAnchorElement>('a[data-language]'))) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      const language = link.dataset.language!;
      const target = link.href;
      // The page opens in the language whatever the answer: the link carries it too.
      api()
        .then((a) => a.setLocale(language))
        .then(
          () => go(target),
          () => go(target),
        );
    });
  }
}

export function mount(elements: Element[], tessera: Pick<TesseraGlobal, 'crumb'>, go: (url: string) => void = (url) => window.location.assign(url)): void {
  let api: Promise<LocaleApi> | null = null;
  const load = () => (api ??= import('../../api/account.js').then((m) => m.createAccountApi({ crumb: tessera.crumb })));
  for (const element of elements) enhanceLanguageSwitcher(element as HTMLElement, load, go);
}
