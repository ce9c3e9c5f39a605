// Social formatters: comments (count, link, thread), the like button, share buttons and the follow button.

import { escapeHtmlAttr, escapeHtmlText } from '@tessera/core/html';
import { COMMENTS, LIKE_BUTTON, commentCountLabel, flag } from '@tessera/core';
import { asNumber } from './convert.js';
import { dig, field, text } from './html.js';
import { isTruthy } from '../runtime/values.js';
import type { Formatter, FormatterTable, PluginContext } from './types.js';

const setting = (ctx: PluginContext, key: string) => ctx.resolve(`websiteSettings.${key}`);
const disqus = (ctx: PluginContext) => {
  const name = setting(ctx, 'disqusShortname');
  return typeof name === 'string' && name !== '';
};

const commentCount: Formatter = (item) => commentCountLabel(asNumber(field(item, 'publicCommentCount')));

const commentLink: Formatter = (item, _args, ctx) => {
  const id = escapeHtmlAttr(text(field(item, 'id')));
  const url = escapeHtmlAttr(text(field(item, 'fullUrl')));
  if (disqus(ctx)) return `<a href="${url}" class="${COMMENTS.linkClass} sqs-disqus-comment-link" ${COMMENTS.attributes.id}="${id}"></a>`;
  const label = commentCountLabel(asNumber(field(item, 'publicCommentCount')));
  const space = label.indexOf(' ');
  return (
    `<a href="${url}#comments-${id}" class="${COMMENTS.linkClass}" ${COMMENTS.attributes.id}="${id}">\n` +
    `  ${escapeHtmlText(label.slice(0, space))}\n  ${escapeHtmlText(label.slice(space + 1))}\n  </a>`
  );
};

// The comment thread placeholder: Disqus's when the site names a Disqus shortname, else Squarespace's,
// carrying the comment data of the page's item (or else of its collection), both looked up through the
// sections. The markup, with its line breaks, is the reference engines'.
const comments: Formatter = (item, _args, ctx) => {
  if (disqus(ctx)) return `\n  <div class="${COMMENTS.class}" id="disqus_thread"></div>\n`;
  const a = COMMENTS.attributes;
  let data = '';
  const pageItem = ctx.resolve('item');
  const collection = ctx.resolve('collection');
  if (isTruthy(pageItem)) {
    data =
      ` ${a.itemId}="${escapeHtmlAttr(text(field(pageItem, 'id')))}"` +
      ` ${a.publicCommentCount}="${escapeHtmlAttr(text(field(pageItem, 'publicCommentCount')))}" ${a.commentState}="${escapeHtmlAttr(text(field(pageItem, 'commentState')))}"`;
  } else if (isTruthy(collection)) {
    data =
      ` data-collection-id="${escapeHtmlAttr(text(field(collection, 'id')))}"` +
      ` ${a.publicCommentCount}="${escapeHtmlAttr(text(field(collection, 'publicCommentCount')))}" ${a.commentState}="${escapeHtmlAttr(text(field(collection, 'commentState')))}"`;
  }
  return `\n  <div class="${COMMENTS.class}" id="comments-${escapeHtmlAttr(text(field(item, 'id')))}"${data}></div>\n`;
};

const likeButton: Formatter = (item, _args, ctx) => {
  if (!flag(setting(ctx, 'simpleLikingEnabled'))) return '';
  const a = LIKE_BUTTON.attributes;
  return (
    `<span class="${LIKE_BUTTON.class}" ${a.itemId}="${escapeHtmlAttr(text(field(item, 'id')))}" ${a.likeCount}="${escapeHtmlAttr(text(field(item, 'likeCount')))}">\n` +
    `    <span class="${LIKE_BUTTON.iconClass}"></span>\n    <span class="${LIKE_BUTTON.countClass}"></span>\n  </span>`
  );
};

// Share buttons: a placeholder the storefront fills with the site's share buttons, written only when the
// website (looked up through the sections) has share button options. The image is the item's own (an
// image item) or its main image; the inline form is a span.
function socialButton(inline: boolean): Formatter {
  return (item, _args, ctx) => {
    const options = field(ctx.resolve('website'), 'shareButtonOptions');
    if (options === undefined || options === null || typeof options !== 'object' || Object.keys(options).length === 0) return '';
    const imageId = field(item, 'systemDataId') ?? field(item, 'mainImageId');
    const assetUrl = field(item, 'assetUrl') ?? dig(item, 'mainImage', 'assetUrl');
    const tag = inline ? 'span' : 'div';
    return (
      `<${tag} class="squarespace-social-buttons ${inline ? 'inline-style' : 'button-style'}"` +
      ` data-system-data-id="${escapeHtmlAttr(text(imageId))}" data-asset-url="${escapeHtmlAttr(text(assetUrl))}"` +
      ` data-record-type="${escapeHtmlAttr(text(field(item, 'recordType')))}" data-full-url="${escapeHtmlAttr(text(field(item, 'fullUrl')))}"` +
      ` data-title="${escapeHtmlAttr(text(field(item, 'title')))}"></${tag}>`
    );
  };
}

const FOLLOW_SCRIPT =
  "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>";

// The account's user name, else the last segment of its profile URL.
const twitterFollowButton: Formatter = (account) => {
  let user = text(field(account, 'userName'));
  if (user === '') {
    const url = text(field(account, 'profileUrl'));
    user = url.slice(url.lastIndexOf('/') + 1);
  }
  return `${FOLLOW_SCRIPT}<div class="squarespace-follow-button" data-username="${escapeHtmlAttr(user)}"></div>`;
};

export const socialFormatters: FormatterTable = {
  'comment-count': commentCount,
  'comment-link': commentLink,
  comments,
  'like-button': likeButton,
  'social-button': socialButton(false),
  'social-button-inline': socialButton(true),
  'twitter-follow-button': twitterFollowButton,
};
