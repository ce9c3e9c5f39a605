// The variant chooser of a product: a select and a set of radio buttons per option (the theme shows one
// or the other). The formatter computes the options and their values; this is the markup.
//
// The select's aria-label is written as given, like the format's own output (its option text is escaped).

import { PRODUCT_VARIANTS as V, COMMON_ATTRIBUTES } from '@tessera/core';

const A = V.attributes;

export const VARIANTS_SELECT_SNIPPET =
  `<div class="${V.class}" ${A.itemId}="{itemId|htmlattr}" ${A.variants}="{variantsJson|htmlattr}"` +
  `{.if isSubscribable} ${A.isSubscribable}="true" ${A.subscriptionPlan}="{planJson|htmlattr}"{.end}` +
  ` ${COMMON_ATTRIBUTES.animationRole}="content">\n` +
  `{.repeated section options}` +
  `    <div class="${V.optionClass}">\n` +
  `    <div class="${V.optionTitleClass}">{title|html}: </div>\n` +
  `    <div class="${V.selectWrapperClass}">\n` +
  `      <select aria-label="{selectText}" ${A.optionName}="{name|htmlattr}">\n` +
  `        <option value="">{selectText|html}</option>\n` +
  `        {.repeated section values}<option value="{@|htmlattr}">{@|html}</option>{.end}\n` +
  `      </select>\n` +
  `    </div>\n` +
  `    <div class="${V.radioWrapperClass}" ${A.optionName}="{name|htmlattr}">\n` +
  `{.repeated section values}` +
  `      <input type="radio" class="${V.radioClass}" value="{@|htmlattr}" name="${V.radioNamePrefix}{name|htmlattr}" id="${V.radioNamePrefix}{name|htmlattr}-{@|htmlattr}"/>\n` +
  `      <label class="${V.radioLabelClass}" role="button" tabindex="0" for="${V.radioNamePrefix}{name|htmlattr}-{@|htmlattr}">{@|html}</label>\n` +
  `{.end}` +
  `    </div>\n` +
  `    </div>\n` +
  `{.end}` +
  `  </div>`;
