// The add-to-cart button. The formatter computes the view (label, flags, ids) with @tessera/core's rules;
// this snippet is the markup only. Class and attribute names come from the markup contract so that the
// storefront's add-to-cart island finds the button.

import { ADD_TO_CART_BUTTON as B } from '@tessera/core';

const A = B.attributes;

export const ADD_TO_CART_SNIPPET =
  `<div class="${B.wrapperClass}" ${A.animationRole}="button">\n` +
  `  <div class="${B.buttonClass} ${B.buttonExtraClasses.join(' ')} {.if useForm}${B.useFormClass}{.end}" role="button" tabindex="0" ${A.dynamicStrings}` +
  ` ${A.collectionId}="{collectionId|htmlattr}" ${A.itemId}="{itemId|htmlattr}" ${A.productType}="{productType|htmlattr}"` +
  ` ${A.useCustomLabel}="{useCustomLabel|htmlattr}"{.if isSubscription} ${A.isSubscription}="true"{.end}` +
  ` ${A.originalLabel}="{label|htmlattr}" {.if form}${A.form}="{form|htmlattr}"{.end}` +
  `{.if subscriptionOptionId}${A.subscriptionOptionId}="{subscriptionOptionId|htmlattr}"{.end}>\n` +
  `    <div class="${B.innerClass}">{label|html}</div>\n` +
  `  </div>\n` +
  `</div>`;
