// The Stripe forms dressed as the site: Stripe's Appearance API variables read from the page's
// computed styles (the theme's font, text, background, accent and error colours, corner radius).

const TRANSPARENT = /^(transparent|rgba\(0, 0, 0, 0\))$/;

/** The computed style of the first match inside `near` (the form), else in the page. */
function styleOf(selector: string, doc: Document, near: Element | null = null): CSSStyleDeclaration | null {
  const el = near?.querySelector(selector) ?? doc.querySelector(selector);
  return el ? (doc.defaultView ?? window).getComputedStyle(el) : null;
}

/** The first opaque background from the element up (the page's, when nothing in between sets one). */
function backgroundOf(el: Element | null, doc: Document): string {
  for (let e = el; e; e = e.parentElement) {
    const color = (doc.defaultView ?? window).getComputedStyle(e).backgroundColor;
    if (color && !TRANSPARENT.test(color)) return color;
  }
  return '#ffffff';
}

/** Appearance for Elements, from the styles around `near` (the form the element sits in). */
export function siteAppearance(near: Element | null, doc: Document = document): Record<string, unknown> {
  const body = (near ? (doc.defaultView ?? window).getComputedStyle(near) : null) ?? styleOf('body', doc);
  const button = styleOf('.button', doc, near);
  const error = styleOf('.field-error, .notice--error', doc, near);
  const input = styleOf('.form-input', doc, near);
  const variables: Record<string, string> = {};
  const put = (name: string, value: string | undefined | null) => {
    if (value && !TRANSPARENT.test(value)) variables[name] = value;
  };
  put('fontFamily', body?.fontFamily);
  put('fontSizeBase', body?.fontSize);
  put('colorText', body?.color);
  put('colorBackground', backgroundOf(near, doc));
  put('colorPrimary', button?.backgroundColor);
  put('colorDanger', error?.color);
  put('borderRadius', input?.borderTopLeftRadius);
  return { theme: 'stripe', variables };
}
