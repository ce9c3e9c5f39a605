// Social formatters: comments (count, link, thread), the like button, share buttons and the follow button.

import { COMMENTS, LIKE_BUTTON, commentCountLabel, flag } from '@tessera/core';
import { asNumber } from './convert.js';
import { escapeAttr, escapeHtml, field, text } from './html.js';
import type { Formatter, FormatterTable, PluginContext } from './types.js';

const setting = (ctx: PluginContext, key: string) => ctx.resolve(`websiteSettings.${key}`);
const disqus = (ctx: PluginContext) => {
  const name = setting(ctx, 'disqusShortname');
  return typeof name === 'string' && name !== '';
};

const commentCount: Formatter = (item) => commentCountLabel(asNumber(field(item, 'publicCommentCount')));

const commentLink: Formatter = (item, _args, ctx) => {
  const id = escapeAttr(text(field(item, 'id')));
  const url = escapeAttr(text(field(item, 'fullUrl')));
  if (disqus(ctx)) return `<a href="${url}" class="${COMMENTS.linkClass} sqs-disqus-comment-link" ${COMMENTS.attributes.id}="${id}"></a>`;
  const label = commentCountLabel(asNumber(field(item, 'publicCommentCount')));
  const space = label.indexOf(' ');
  return `<a href="${url}#comments-${id}" class="${COMMENTS.linkClass}" ${COMMENTS.attributes.id}="${id}">\n` +
    `  ${escapeHtml(label.slice(0, space))}\n  ${escapeHtml(label.slice(space + 1))}\n  </a>`;
};

const comments: Formatter = (item, _args, ctx) => {
  if (disqus(ctx)) return `<div class="${COMMENTS.class}" id="disqus_thread"></div>`;
  const id = escapeAttr(text(field(item, 'id')));
  const a = COMMENTS.attributes;
  return `<div class="${COMMENTS.class}" id="comments-${id}" ${a.itemId}="${id}"` +
    ` ${a.publicCommentCount}="${escapeAttr(text(field(item, 'publicCommentCount')))}" ${a.commentState}="${escapeAttr(text(field(item, 'commentState')))}"></div>`;
};

const likeButton: Formatter = (item, _args, ctx) => {
  if (!flag(setting(ctx, 'simpleLikingEnabled'))) return '';
  const a = LIKE_BUTTON.attributes;
  return `<span class="${LIKE_BUTTON.class}" ${a.itemId}="${escapeAttr(text(field(item, 'id')))}" ${a.likeCount}="${escapeAttr(text(field(item, 'likeCount')))}">\n` +
    `    <span class="${LIKE_BUTTON.iconClass}"></span>\n    <span class="${LIKE_BUTTON.countClass}"></span>\n  </span>`;
};

/** The share services switched on in websiteSettings.shareButtonOptions (keys whose value is true). */
function shareServices(ctx: PluginContext): string[] {
  const options = setting(ctx, 'shareButtonOptions');
  if (options === null || typeof options !== 'object') return [];
  return Object.entries(options as Record<string, unknown>).filter(([, on]) => flag(on)).map(([k]) => k);
}

// Share buttons: a placeholder the storefront fills with one button per service switched on.
function socialButton(inline: boolean): Formatter {
  return (item, _args, ctx) => {
    const services = shareServices(ctx);
    if (services.length === 0) return '';
    const attr = (k: string) => escapeAttr(text(field(item, k)));
    return `<div class="squarespace-social-buttons ${inline ? 'inline-style' : 'button-style'}"` +
      ` data-system-data-id="${attr('systemDataId')}" data-asset-url="${attr('assetUrl')}" data-record-type="${attr('recordType')}"` +
      ` data-full-url="${attr('fullUrl')}" data-title="${attr('title')}" data-services="${escapeAttr(services.join(','))}"></div>`;
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
  return `${FOLLOW_SCRIPT}<div class="squarespace-follow-button" data-username="${escapeAttr(user)}"></div>`;
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
