import { htmlLayout, type MailSite } from '../../mail/layout.js';
import { escapeHtml } from '@tessera/core/html';
import type { MailContent } from '../../mail/message.js';
import { registerMailTemplate } from '../../mail/index.js';

/**
 * The visitor account's mail (mail/README.md): a password reset link, an email verification
 * link, and the notice that someone tried to sign up with an address that has an account. All are
 * transactional (no unsubscribe foot); their links are absolute.
 */
interface PasswordResetMailInput {
  readonly email: string;
  readonly resetUrl: string;
  /** How long the link works, in minutes. */
  readonly lifetimeMinutes: number;
}

interface VerifyEmailMailInput {
  readonly email: string;
  readonly verifyUrl: string;
}

/** Sent instead of an error when a sign-up names an address that already has an account. */
export interface SignUpExistingMailInput {
  readonly email: string;
  /** The sign-in page and the password reset page (no token: the holder asks for one there). */
  readonly signInUrl: string;
  readonly resetUrl: string;
}

declare module '../../mail/templates/index.js' {
  interface MailKinds {
    'account-password-reset': PasswordResetMailInput;
    'account-verify-email': VerifyEmailMailInput;
    'account-sign-up-existing': SignUpExistingMailInput;
  }
}

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#222;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none">${escapeHtml(label)}</a></p>`;

function passwordResetMail(input: PasswordResetMailInput, site: MailSite): MailContent {
  const text =
    `Someone asked to reset the password of the account ${input.email} on ${site.siteTitle}.\n\n` +
    `Choose a new password: ${input.resetUrl}\n\nThe link works once, for ${input.lifetimeMinutes} minutes. ` +
    'If you did not ask for this, ignore this email: your password stays as it is.\n';
  const bodyHtml =
    '<h1 style="font-size:20px;margin:0 0 16px">Reset your password</h1>' +
    `<p>Someone asked to reset the password of the account <strong>${escapeHtml(input.email)}</strong> on ${escapeHtml(site.siteTitle)}.</p>` +
    button(input.resetUrl, 'Choose a new password') +
    `<p style="color:#666;font-size:14px">The link works once, for ${input.lifetimeMinutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.</p>`;
  return { subject: `Reset your password for ${site.siteTitle}`, text, html: htmlLayout({ site, bodyHtml }) };
}

function verifyEmailMail(input: VerifyEmailMailInput, site: MailSite): MailContent {
  const text =
    `Welcome to ${site.siteTitle}! Please confirm that ${input.email} is your address: ${input.verifyUrl}\n\n` +
    'Once confirmed, your account also lists the orders you placed with this address before you signed up.\n';
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">Welcome to ${escapeHtml(site.siteTitle)}</h1>` +
    `<p>Please confirm that <strong>${escapeHtml(input.email)}</strong> is your address.</p>` +
    button(input.verifyUrl, 'Confirm my email') +
    '<p style="color:#666;font-size:14px">Once confirmed, your account also lists the orders you placed with this address before you signed up.</p>';
  return { subject: `Confirm your email for ${site.siteTitle}`, text, html: htmlLayout({ site, bodyHtml }) };
}

export function signUpExistingMail(input: SignUpExistingMailInput, site: MailSite): MailContent {
  const text =
    `Someone tried to create an account on ${site.siteTitle} with your address, ${input.email}. ` +
    'You already have an account there, so nothing was changed.\n\n' +
    `If it was you, sign in: ${input.signInUrl}\nForgot your password? Reset it: ${input.resetUrl}\n\n` +
    'If it was not you, ignore this email: your account and your password stay as they are.\n';
  const bodyHtml =
    '<h1 style="font-size:20px;margin:0 0 16px">You already have an account</h1>' +
    `<p>Someone tried to create an account on ${escapeHtml(site.siteTitle)} with your address, <strong>${escapeHtml(input.email)}</strong>. ` +
    'You already have an account there, so nothing was changed.</p>' +
    button(input.signInUrl, 'Sign in') +
    `<p>Forgot your password? <a href="${escapeHtml(input.resetUrl)}">Reset it</a>.</p>` +
    '<p style="color:#666;font-size:14px">If it was not you, ignore this email: your account and your password stay as they are.</p>';
  return { subject: `Your account on ${site.siteTitle}`, text, html: htmlLayout({ site, bodyHtml }) };
}

registerMailTemplate('account-password-reset', passwordResetMail);
registerMailTemplate('account-sign-up-existing', signUpExistingMail);
registerMailTemplate('account-verify-email', verifyEmailMail);
