import { escapeHtml } from '@tessera/core/html';
import { htmlLayout, type MailSite } from '../../mail/layout.js';
import type { MailContent } from '../../mail/message.js';
import { registerMailTemplate } from '../../mail/index.js';

/**
 * The mail of the owner's staff (mail/README.md): an invitation to the site's staff, and the owner's
 * password reset link. Both are transactional (no unsubscribe foot) and their links absolute, on the
 * site's configured origin.
 */
interface StaffInvitationInput {
  readonly email: string;
  /** Who invited: the admin's email. */
  readonly invitedBy: string;
  /** The website role's name ("store manager"). */
  readonly roleName: string;
  readonly acceptUrl: string;
  readonly lifetimeDays: number;
}

interface OwnerPasswordResetInput {
  readonly email: string;
  readonly resetUrl: string;
  readonly lifetimeMinutes: number;
}

declare module '../../mail/templates/index.js' {
  interface MailKinds {
    'staff-invitation': StaffInvitationInput;
    'owner-password-reset': OwnerPasswordResetInput;
  }
}

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#222;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none">${escapeHtml(label)}</a></p>`;

function invitationMail(input: StaffInvitationInput, site: MailSite): MailContent {
  const text =
    `${input.invitedBy} invited you (${input.email}) to help run ${site.siteTitle}, as ${input.roleName}.\n\n` +
    `Choose your password to accept: ${input.acceptUrl}\n\nThe link works once, for ${input.lifetimeDays} days. ` +
    'If you did not expect this, ignore this email: no account is made without you.\n';
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">Join ${escapeHtml(site.siteTitle)}</h1>` +
    `<p>${escapeHtml(input.invitedBy)} invited you (<strong>${escapeHtml(input.email)}</strong>) to help run ${escapeHtml(site.siteTitle)}, as <strong>${escapeHtml(input.roleName)}</strong>.</p>` +
    button(input.acceptUrl, 'Choose your password') +
    `<p style="color:#666;font-size:14px">The link works once, for ${input.lifetimeDays} days. If you did not expect this, ignore this email: no account is made without you.</p>`;
  return { subject: `You are invited to ${site.siteTitle}`, text, html: htmlLayout({ site, bodyHtml }) };
}

function passwordResetMail(input: OwnerPasswordResetInput, site: MailSite): MailContent {
  const text =
    `Someone asked to reset the password of ${input.email}, which signs in to run ${site.siteTitle}.\n\n` +
    `Choose a new password: ${input.resetUrl}\n\nThe link works once, for ${input.lifetimeMinutes} minutes; every device signed in ` +
    'with the old password is signed out. If you did not ask for this, ignore this email: your password stays as it is.\n';
  const bodyHtml =
    '<h1 style="font-size:20px;margin:0 0 16px">Reset your password</h1>' +
    `<p>Someone asked to reset the password of <strong>${escapeHtml(input.email)}</strong>, which signs in to run ${escapeHtml(site.siteTitle)}.</p>` +
    button(input.resetUrl, 'Choose a new password') +
    `<p style="color:#666;font-size:14px">The link works once, for ${input.lifetimeMinutes} minutes; every device signed in with the old password is signed out. ` +
    'If you did not ask for this, ignore this email: your password stays as it is.</p>';
  return { subject: `Reset your password for ${site.siteTitle}`, text, html: htmlLayout({ site, bodyHtml }) };
}

registerMailTemplate('staff-invitation', invitationMail);
registerMailTemplate('owner-password-reset', passwordResetMail);
