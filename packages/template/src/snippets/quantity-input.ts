// The quantity input of a product (shown per @tessera/core's showQuantityInput).

import { COMMON_ATTRIBUTES, QUANTITY_INPUT, QUANTITY_INPUT_MARKUP as Q } from '@tessera/core';

export const QUANTITY_INPUT_SNIPPET =
  `<div class="${Q.class}" ${Q.attributes.itemId}="{itemId|htmlattr}" ${COMMON_ATTRIBUTES.animationRole}="content">\n` +
  `  <div class="${Q.labelClass}">{label|html}:</div>\n` +
  `  <input aria-label="{label|htmlattr}" size="4" max="${QUANTITY_INPUT.max}" min="${QUANTITY_INPUT.min}"` +
  ` value="${QUANTITY_INPUT.defaultValue}" type="number" step="${QUANTITY_INPUT.step}"></input>\n` +
  `</div>`;
