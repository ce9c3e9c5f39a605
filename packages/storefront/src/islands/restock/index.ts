// Entry: the restock island. The engine renders one `.product-restock-notification[data-product-id]
// [data-variant-id]` per sold-out variant (productMerchandisingContext.restockNotificationViews),
// hidden until its variant is chosen unless the whole product is sold out. This small entry follows
// the visitor's choice of variant and shows that variant's form; the first time a form is shown, the
// drawing half (draw.ts: React, the form's rules, the captcha) is fetched and draws it again in place.
import { PRODUCT_VARIANTS, RESTOCK_NOTIFICATION as R, type VariantChangeDetail } from '@tessera/core/markup';
import type { TesseraGlobal } from '../../bootstrap.js';
import type { FormsContext } from '../forms/FormPage.js';
import type { CaptchaProvider } from '../forms/captcha.js';
import type { RestockApi } from '../../api/restock.js';
import { readRestockMarkup, type RestockModel } from './model.js';
import { findChooser, readChoice } from './variants.js';

export { readRestockMarkup } from './model.js';

/** What the island reads from the site context (docs/site-format.md). */
export interface RestockContext extends FormsContext {
  readonly storeSettings?: { readonly merchandisingSettings?: Record<string, unknown> };
}

export interface RestockMountOptions {
  readonly api?: RestockApi;
  /** Replaces the site's captcha provider (tests). */
  readonly captcha?: CaptchaProvider | null;
}

interface Form {
  readonly element: HTMLElement;
  readonly model: RestockModel;
  /** Shown before any choice (the server's `hiddenByDefault` false). */
  readonly shownByDefault: boolean;
  /** Set once the drawing of this form has begun. */
  drawing: Promise<void> | null;
}

/** Draws a form the first time it is shown (draw.ts, fetched then). */
type Drawer = (form: Form, product: ProductRestock) => Promise<void>;

/**
 * The restock forms of one product: which of them is shown follows the visitor's choice of variant.
 * With a chooser, only the chosen variant's form is shown (none when that variant is in stock);
 * before a choice, the forms the server shows by default, of which one when the whole product is
 * sold out (the choice then says which variant the signup is for).
 */
class ProductRestock {
  private chosen: string | null = null;
  private unselected: readonly string[] = [];

  constructor(
    readonly productId: string,
    readonly forms: Form[],
    private readonly chooser: HTMLElement | null,
    private readonly draw: Drawer,
  ) {
    if (chooser) this.fromChooser();
    this.show();
  }

  /** Resolves once every form shown so far is drawn. */
  drawn(): Promise<void> {
    return Promise.all(this.forms.map((f) => f.drawing)).then(() => undefined);
  }

  fromChooser(): void {
    if (!this.chooser) return;
    const choice = readChoice(this.chooser);
    this.chosen = choice.variantId;
    this.unselected = choice.unselected;
    this.show();
  }

  fromEvent(detail: VariantChangeDetail): void {
    this.chosen = detail.variant?.id ?? null;
    this.unselected = this.chooser && !this.chosen ? readChoice(this.chooser).unselected : [];
    this.show();
  }

  /** The variant a form's signup is for, and the options still to select when that is not known yet. */
  variantFor(form: Form): { variantId: string; unselected: readonly string[] } {
    if (this.chooser && !this.chosen && this.forms.length > 1) return { variantId: form.model.variantId, unselected: this.unselected };
    return { variantId: this.chosen ?? form.model.variantId, unselected: [] };
  }

  private show(): void {
    let visible: Form[];
    if (this.chosen) visible = this.forms.filter((f) => f.model.variantId === this.chosen);
    else if (this.chooser && this.unselected.length === 0)
      visible = []; // a full choice that names no variant
    else visible = this.forms.filter((f) => f.shownByDefault).slice(0, this.chooser ? 1 : undefined);
    for (const form of this.forms) {
      form.element.hidden = !visible.includes(form);
      if (!form.element.hidden && !form.drawing) form.drawing = this.draw(form, this);
    }
  }
}

export function mountRestock(elements: HTMLElement[], context: RestockContext, options: RestockMountOptions = {}): ProductRestock[] {
  const merchandising = context.storeSettings?.merchandisingSettings ?? {};
  // A self-hosted captcha needs no site key; the site turns it on for restock forms with this setting.
  const captchaOn = merchandising.restockNotificationsCaptchaEnabled === true;
  // No provider at all (a test's null) means no captcha; otherwise the drawing half picks the site's.
  const captchaPossible = options.captcha !== null;
  const byProduct = new Map<string, Form[]>();
  const products: ProductRestock[] = [];
  const stable = { ...context };
  const draw: Drawer = (form, product) => {
    // Until it is drawn, the engine's form posts nowhere: a press of Enter waits for the island.
    const hold = (event: Event) => event.preventDefault();
    form.element.addEventListener('submit', hold);
    return import('./draw.js').then((m) => {
      form.element.removeEventListener('submit', hold);
      m.drawRestockForm({
        element: form.element,
        model: form.model,
        context: stable,
        api: options.api,
        captcha: options.captcha,
        variant: () => product.variantFor(form),
      });
    });
  };

  for (const element of elements) {
    if (element.dataset.tesseraMounted) continue;
    element.dataset.tesseraMounted = 'restock';
    const model = readRestockMarkup(element);
    const withCaptcha = (model.captcha || captchaOn) && captchaPossible;
    const form: Form = { element, model: { ...model, captcha: withCaptcha }, shownByDefault: !element.hidden, drawing: null };
    byProduct.set(model.productId, [...(byProduct.get(model.productId) ?? []), form]);
  }
  for (const [productId, forms] of byProduct) products.push(new ProductRestock(productId, forms, findChooser(document, productId), draw));

  const onChange = (event: Event) => {
    const chooser = (event.target as Element | null)?.closest?.(`.${PRODUCT_VARIANTS.class}`);
    const id = chooser?.getAttribute(PRODUCT_VARIANTS.attributes.itemId);
    for (const p of products) if (p.productId === id) p.fromChooser();
  };
  const onVariant = (event: Event) => {
    const detail = (event as CustomEvent<VariantChangeDetail>).detail;
    if (!detail || typeof detail.itemId !== 'string') return;
    for (const p of products) if (p.productId === detail.itemId) p.fromEvent(detail);
  };
  document.addEventListener('change', onChange);
  document.addEventListener(PRODUCT_VARIANTS.changeEvent, onVariant);
  return products;
}

/** The bootstrap's entry (ISLANDS in bootstrap.ts): every restock form of the page. */
export function mount(elements: Element[], tessera: TesseraGlobal): void {
  mountRestock(
    elements.filter((e): e is HTMLElement => e instanceof HTMLElement),
    (tessera.context ?? {}) as RestockContext,
  );
}

/** The markers this island takes over (for the bootstrap's registry). */
export const RESTOCK_SELECTOR = `.${R.class}`;
