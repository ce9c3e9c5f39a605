import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ADD_TO_CART_BUTTON,
  CAPTCHA_CONTAINER_CLASS,
  CART_INDICATOR,
  COMMENTS,
  LIKE_BUTTON,
  PRODUCT_MARK,
  PRODUCT_PRICE,
  PRODUCT_SCARCITY,
  PRODUCT_VARIANTS,
  QUANTITY_INPUT_MARKUP,
  QUICK_VIEW,
  RESTOCK_NOTIFICATION,
  TIMESINCE,
  attributeSelector,
  datasetKey,
} from '../src/markup/index.js';
import { jsontCasesDir, readCase } from './helpers/cases.js';

describe('helpers', () => {
  it('turn data attributes into dataset keys', () => {
    expect(datasetKey('data-item-id')).toBe('itemId');
    expect(datasetKey('data-use-custom-label')).toBe('useCustomLabel');
    expect(datasetKey('data-form')).toBe('form');
    expect(() => datasetKey('class')).toThrow('Not a data attribute: class');
  });

  it('build selectors', () => {
    expect(attributeSelector('data-item-id')).toBe('[data-item-id]');
    expect(attributeSelector('data-item-id', 'a"b')).toBe('[data-item-id="a\\"b"]');
  });
});

describe('names of the format', () => {
  const formatNames = [
    ADD_TO_CART_BUTTON.wrapperClass,
    ADD_TO_CART_BUTTON.buttonClass,
    ADD_TO_CART_BUTTON.innerClass,
    ADD_TO_CART_BUTTON.useFormClass,
    ...ADD_TO_CART_BUTTON.buttonExtraClasses,
    ...Object.values(ADD_TO_CART_BUTTON.attributes),
    PRODUCT_VARIANTS.class,
    PRODUCT_VARIANTS.optionClass,
    PRODUCT_VARIANTS.optionTitleClass,
    PRODUCT_VARIANTS.selectWrapperClass,
    PRODUCT_VARIANTS.radioWrapperClass,
    PRODUCT_VARIANTS.radioClass,
    PRODUCT_VARIANTS.radioLabelClass,
    PRODUCT_VARIANTS.radioNamePrefix,
    ...Object.values(PRODUCT_VARIANTS.attributes),
    QUANTITY_INPUT_MARKUP.class,
    QUANTITY_INPUT_MARKUP.labelClass,
    PRODUCT_PRICE.class,
    PRODUCT_PRICE.subscriptionPriceClass,
    PRODUCT_PRICE.moneyClass,
    PRODUCT_PRICE.originalPriceClass,
    PRODUCT_PRICE.visuallyHiddenClass,
    `${PRODUCT_MARK.class} ${PRODUCT_MARK.soldOutClass}`,
    `${PRODUCT_MARK.class} ${PRODUCT_MARK.saleClass}`,
    RESTOCK_NOTIFICATION.class,
    RESTOCK_NOTIFICATION.ctaClass,
    RESTOCK_NOTIFICATION.formClass,
    RESTOCK_NOTIFICATION.mailingListClass,
    `name="${RESTOCK_NOTIFICATION.emailInputName}"`,
    `name="${RESTOCK_NOTIFICATION.mailingListInputName}"`,
    ...Object.values(RESTOCK_NOTIFICATION.attributes),
    CAPTCHA_CONTAINER_CLASS,
    PRODUCT_SCARCITY.class,
    ...Object.values(PRODUCT_SCARCITY.attributes),
    QUICK_VIEW.class,
    ...Object.values(QUICK_VIEW.attributes),
    CART_INDICATOR.quantityClass,
    LIKE_BUTTON.class,
    LIKE_BUTTON.iconClass,
    LIKE_BUTTON.countClass,
    ...Object.values(LIKE_BUTTON.attributes),
    COMMENTS.class,
    COMMENTS.linkClass,
    ...Object.values(COMMENTS.attributes),
    TIMESINCE.class,
    ...Object.values(TIMESINCE.attributes),
  ];

  const dir = jsontCasesDir();
  it.skipIf(!dir)('each appear in an expected output of the case files', () => {
    const folder = join(dir!, 'plugins', 'resources');
    const outputs = readdirSync(folder)
      .filter((f) => f.endsWith('.html'))
      .map((f) => readCase(join(folder, f)).output)
      .join('\n');
    const missing = formatNames.filter((name) => !outputs.includes(name));
    expect(missing).toEqual([]);
  });

  it('are unique within a group', () => {
    expect(new Set(Object.values(ADD_TO_CART_BUTTON.attributes)).size).toBe(Object.values(ADD_TO_CART_BUTTON.attributes).length);
    expect(new Set(Object.values(PRODUCT_VARIANTS.attributes)).size).toBe(Object.values(PRODUCT_VARIANTS.attributes).length);
  });
});
